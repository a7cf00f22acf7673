import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, labelRowOf, signIn } from '../../../testing/test-utils';
import { FEDEX_ROW, USPS_ROW, ok, pickupApi } from '../testing/pickup-fixtures';
import { PICKUP_TEXT } from '../utils/messages';

/** One USPS pickup for several labels chosen in Purchased Labels (issue 25 item 2). */

const WEDNESDAY_IN_NEW_YORK = new Date('2026-11-25T15:00:00Z');
beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: WEDNESDAY_IN_NEW_YORK }));
afterEach(() => vi.useRealTimers());

const SECOND_USPS = { ...USPS_ROW, shipmentID: 'shp_2004', shippingIndexID: 2004, shippingdetails_id: 704, orderNo: 'LB2004', rateService: 'GroundAdvantage', weight: 24, trackingNum: '9400111899220000000004' };

type User = ReturnType<typeof renderApp>['user'];

async function choose(user: User, combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${combobox}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SCHEDULE ONE PICKUP', { timeout: 120_000 }, () => {
  it('books one USPS pickup for the chosen labels through the wizard: both confirmed, no service asked, their ids sent once', async () => {
    signIn({ userId: 7 });
    const api = pickupApi([USPS_ROW, SECOND_USPS, FEDEX_ROW], {
      '/openapi/USPS/CarrierPickupScheduleLabels': {
        body: { ...ok, data: { ConfirmationNumber: 'WTC555000111', Date: '2026-11-27', DayOfWeek: 'Friday', PackageCount: 2, EstimatedWeight: 4, Labels: ['LB2002', 'LB2004'] } },
      },
    });
    const { user } = renderApp('/ShipmentParent/shipment');
    await waitFor(() => labelRowOf('LB2004'), { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'CHOOSE USPS LABELS' }));
    // A FedEx label cannot be chosen: it goes with its own carrier.
    expect(within(labelRowOf(FEDEX_ROW.orderNo)).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Choose order LB2002' }));
    await user.click(screen.getByRole('checkbox', { name: 'Choose order LB2004' }));
    const chosen = screen.getByRole('region', { name: 'Chosen labels' });
    expect(chosen).toHaveTextContent('2 USPS labels chosen');
    await user.click(within(chosen).getByRole('button', { name: 'SCHEDULE ONE PICKUP' }));

    const wizard = await screen.findByRole('dialog', { name: PICKUP_TEXT.wizardTitle }, { timeout: 30_000 });
    expect(wizard).toHaveTextContent(PICKUP_TEXT.labelsSubtitle(2));
    const packages = await screen.findByRole('list', { name: PICKUP_TEXT.labelsInPickup });
    expect(within(packages).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Order LB2002'),
      expect.stringContaining('Order LB2004'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Pickup Address' });
    expect(screen.queryByRole('combobox', { name: /^Carrier Service/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PICKUP_TEXT.contactsChoice }));
    await user.click(await screen.findByRole('button', { name: 'Choose Mom' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Contacts' })).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Select Pickup Date and Time' });
    await choose(user, 'Pickup Date', 'Friday, Nov 27, 2026');
    await choose(user, 'Package location', 'Front Door');
    await user.click(screen.getByRole('button', { name: 'Schedule pickup' }));

    expect(await screen.findByText('Your carrier pickup has been scheduled')).toBeInTheDocument();
    expect(screen.getByText('Order LB2002, Order LB2004')).toBeInTheDocument();
    expect(screen.getByText('4 lb')).toBeInTheDocument();
    expect(api.calls('/openapi/USPS/CarrierPickupSchedule')).toHaveLength(0);
    const [sent] = api.calls('/openapi/USPS/CarrierPickupScheduleLabels');
    expect(sent?.json).toEqual({
      firmname: '',
      address1: '20 W 34th St',
      address2: 'Apt 4',
      city: 'New York',
      state: 'NY',
      zip5: '10001',
      shipmentIds: [702, 704],
      firstname: 'Rosa',
      lastname: 'Reyes',
      uselocker: false,
      phone: '646-555-0199',
      packagelocation: 'Front Door',
      specialinstructions: '',
      pickupdate: '2026-11-27',
    });
    // Done: the labels are let go.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Chosen labels' })).not.toBeInTheDocument());
  });
});
