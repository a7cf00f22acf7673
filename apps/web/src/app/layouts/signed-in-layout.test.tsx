import { MESSAGES, STORAGE_KEYS } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, signIn } from '../../testing/test-utils';
import { stubDesktopViewport } from '../../testing/viewport';

describe('signed-in layout', () => {
  beforeEach(stubDesktopViewport);

  it('has the seven sidebar entries and the page title', async () => {
    signIn();
    mockApi({});
    renderApp('/transaction');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const entries = within(menu).getAllByRole('listitem').map((item) => item.textContent);
    expect(entries).toEqual([
      'Dashboard',
      'Personal Information',
      'My Shipments',
      'My Messages',
      'Transaction History',
      'My Contacts',
      'Logout',
    ]);
    expect(within(menu).getByRole('link', { name: 'Personal Information' })).toHaveAttribute('href', '/app/parent/boxid');
    expect(within(menu).getByRole('link', { name: 'My Shipments' })).toHaveAttribute('href', '/app/ShipmentParent/shipment');
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} AirBox`)).toBeInTheDocument();
  });

  it('opens Settings from the top bar, and remembers Sidebar Mini across reloads', async () => {
    signIn();
    mockApi({});
    const first = renderApp('/transaction');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByText('My Contacts')).toBeInTheDocument();
    await first.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings' });
    await first.user.click(within(settings).getByRole('switch', { name: 'Sidebar Mini' }));
    await first.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument());
    // Mini: the entries keep their names but show no text.
    expect(within(menu).queryByText('My Contacts')).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'My Contacts' })).toBeInTheDocument();
    first.unmount();

    renderApp('/transaction');
    const again = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(again).queryByText('My Contacts')).not.toBeInTheDocument();
    expect(within(again).getByRole('link', { name: 'My Contacts' })).toBeInTheDocument();
  });

  it('logs out after confirmation: the session ends and login opens', async () => {
    signIn({ userId: 7 });
    sessionStorage.setItem(STORAGE_KEYS.sessionEmail, 'dana@example.com');
    Cookies.set(STORAGE_KEYS.themeCookie, 'blue', { path: '/' });
    const api = mockApi({ '/app/v1/logout': { body: { errorcode: 1, message: 'bye' } } });
    const { user, location } = renderApp('/message');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(MESSAGES.logoutConfirm)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(api.calls('/app/v1/logout')[0]?.fields.get('user_id')).toBe('7');
    expect(Cookies.get('user_id')).toBeUndefined();
    expect(Cookies.get('role_id')).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    expect(Cookies.get(STORAGE_KEYS.themeCookie)).toBe('blue');
  });

  it("stays signed in and shows the server's message when logout fails", async () => {
    signIn();
    mockApi({ '/app/v1/logout': { body: { errorcode: 0, message: 'Could not log out' } } });
    const { user, location } = renderApp('/message');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Could not log out')).toBeInTheDocument();
    expect(location()).toBe('/message');
    expect(Cookies.get('user_id')).toBe('7');
  });
});
