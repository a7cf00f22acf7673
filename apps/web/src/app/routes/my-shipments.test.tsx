import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { savedOrder, unpaidLabel } from '../../testing/fixtures';
import { renderApp, shipmentsApi, signIn } from '../../testing/test-utils';
import { stubDesktopViewport } from '../../testing/viewport';

describe('My Shipments', () => {
  beforeEach(stubDesktopViewport);

  it('opens on Purchased Labels from the sidebar, each tab a link to its own address (Purchased Labels, Orders In Progress with its count, Pickups)', async () => {
    signIn();
    shipmentsApi(undefined, {
      '/openapi/easyPost/getOrderForLater': { body: { code: 0, errorcode: 0, message: 'ok', data: [savedOrder({ id: 41 }), savedOrder({ id: 42 })] } },
      '/app/v1/labelPurchase/unpaid': { body: { errorcode: 0, message: 'ok', data: [unpaidLabel()] } },
      '/app/v1/getUserPickups': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } },
    });
    const { user, location } = renderApp('/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 15_000 });
    await user.click(within(menu).getByRole('link', { name: 'My Shipments' }));
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'));

    const tabs = await screen.findByRole('tablist', { name: 'My Shipments' });
    const labels = within(tabs).getByRole('tab', { name: 'Purchased Labels' });
    expect(labels).toHaveAttribute('aria-selected', 'true');
    expect(labels).toHaveAttribute('href', '/app/ShipmentParent/shipment');
    const orders = await within(tabs).findByRole('tab', { name: 'Orders In Progress 3' });
    expect(orders).toHaveAttribute('href', '/app/ShipmentParent/MyOrder');
    expect(orders).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Purchased Labels' })).toContainElement(await screen.findByRole('table', { name: 'Purchased Labels' }));
    expect(screen.getByRole('link', { name: 'Buy Shipment Labels' })).toBeInTheDocument();

    await user.click(orders);
    await waitFor(() => expect(location()).toBe('/ShipmentParent/MyOrder'));
    await waitFor(() => expect(within(tabs).getByRole('tab', { name: 'Orders In Progress 3' })).toHaveAttribute('aria-selected', 'true'));
    expect(labels).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Orders In Progress 3' });
    expect(await within(panel).findByRole('table', { name: 'Orders In Progress' })).toBeInTheDocument();
    expect(within(panel).getByRole('table', { name: 'Unpaid labels' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders In Progress' })).toBeInTheDocument();

    const pickups = within(tabs).getByRole('tab', { name: 'Pickups' });
    expect(pickups).toHaveAttribute('href', '/app/ShipmentParent/pickups');
    await user.click(pickups);
    await waitFor(() => expect(location()).toBe('/ShipmentParent/pickups'));
    await waitFor(() => expect(pickups).toHaveAttribute('aria-selected', 'true'));
    expect(await within(screen.getByRole('tabpanel', { name: 'Pickups' })).findByText('You have no pickups. Schedule one from a label in Purchased Labels.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pickups' })).toBeInTheDocument();
  });

  it('keeps /ShipmentParent leading to Purchased Labels', async () => {
    signIn();
    shipmentsApi();
    const { location } = renderApp('/ShipmentParent');
    await screen.findByRole('tablist', { name: 'My Shipments' }, { timeout: 15_000 });
    expect(location()).toBe('/ShipmentParent/shipment');
    expect(await screen.findByRole('tab', { name: 'Orders In Progress 0' })).toBeInTheDocument();
  });
});
