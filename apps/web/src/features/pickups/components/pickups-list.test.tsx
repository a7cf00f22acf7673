import { PICKUP_MESSAGES, SHIPMENT_MESSAGES, type PickupListItem } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { expectTexts, mockApi, signIn } from '../../../testing/test-utils';
import { ok, uspsDbInfo, uspsInquiry } from '../testing/pickup-fixtures';
import { PICKUP_TEXT } from '../utils/messages';
import { PickupsList } from './pickups-list';

const LOADING = { timeout: 30_000 };

/** A USPS pickup for two labels at one address, on its round. */
const USPS_PICKUP: PickupListItem = {
  id: 11,
  carrier: 'USPS',
  service: 'Priority Mail, USPS Ground Advantage',
  status: 'scheduled',
  pickupDate: '2026-11-27',
  min_datetime: '',
  max_datetime: '',
  timeZone: 'America/New_York',
  confirmation: 'WTC123456789',
  address: { name: 'Rosa Reyes', company: '', street1: '20 W 34th St', street2: 'Apt 4', city: 'New York', state: 'NY', zip: '10001', phone: '6465550199' },
  packageLocation: 'Front Door',
  labels: [
    { shippingdetails_id: 702, orderNo: 'LB2002', trackingNum: '9400111899220000000002', pickupId: 'WTC123456789' },
    { shippingdetails_id: 704, orderNo: 'LB2004', trackingNum: '9400111899220000000004', pickupId: 'WTC123456789' },
  ],
  price: '',
  note: '',
  canCancel: true,
  canChange: true,
};

/** A FedEx pickup paid for, within its window. */
const FEDEX_PICKUP: PickupListItem = {
  ...USPS_PICKUP,
  id: 12,
  carrier: 'FedEx',
  service: 'FedEx Pickup',
  pickupDate: '2026-11-30',
  min_datetime: '2026-11-30 09:00:00',
  max_datetime: '2026-11-30 16:00:00',
  confirmation: 'PRP0001',
  labels: [{ shippingdetails_id: 701, orderNo: 'LB2001', trackingNum: '794600000001', pickupId: 'pickup_9' }],
  price: '4.50',
  canChange: false,
};

const CANCELLED: PickupListItem = { ...USPS_PICKUP, id: 13, status: 'canceled', confirmation: 'WTC000000013', labels: [USPS_PICKUP.labels[0]!], canCancel: false, canChange: false };

/** The list as My Shipments' Pickups tab shows it. */
const renderList = () => renderWithProviders(<PickupsList />).user;

const rowOf = (text: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(text))!;

describe('the Pickups list', { timeout: 120_000 }, () => {
  it('lists each pickup with its carrier, day or window, address, labels and status, and what can be done with it', async () => {
    signIn();
    const api = mockApi({ '/app/v1/getUserPickups': { body: { errorcode: 0, message: 'ok', data: { total: 3, list: [USPS_PICKUP, FEDEX_PICKUP, CANCELLED] } } } });
    renderList();
    const table = await screen.findByRole('table', { name: PICKUP_TEXT.listTitle }, LOADING);
    await within(table).findByText('WTC123456789', { exact: false });
    expect(api.calls('/app/v1/getUserPickups')[0]?.fields.get('num')).toBe('10');

    const usps = rowOf('Confirmation WTC123456789');
    expectTexts(usps, ['USPS', 'Priority Mail, USPS Ground Advantage', 'Friday, Nov 27, 2026', PICKUP_TEXT.onItsRound, '20 W 34th St', 'New York, NY 10001', '2 labels', 'Order LB2002', 'Order LB2004', 'scheduled']);
    expect(within(usps).getAllByRole('button').map((button) => button.textContent)).toEqual(['DETAILS', 'CHANGE', 'CANCEL']);
    const fedex = rowOf('PRP0001');
    expectTexts(fedex, ['FedEx', 'Paid $4.50', 'Monday, Nov 30, 2026, 9:00 AM – 4:00 PM Eastern Standard Time', 'Order LB2001']);
    expect(within(fedex).getAllByRole('button').map((button) => button.textContent)).toEqual(['DETAILS', 'CANCEL']);
    const over = rowOf('WTC000000013');
    expectTexts(over, ['cancelled']);
    expect(within(over).getAllByRole('button').map((button) => button.textContent)).toEqual(['DETAILS']);
  });

  it('cancels all of a pickup for several labels after asking, and says so in a toast', async () => {
    signIn();
    let cancelled = false;
    const api = mockApi({
      '/app/v1/getUserPickups': () => ({
        body: { errorcode: 0, message: 'ok', data: { total: 1, list: [cancelled ? { ...USPS_PICKUP, status: 'canceled', canCancel: false, canChange: false } : USPS_PICKUP] } },
      }),
      '/app/v1/cancelPickup': () => {
        cancelled = true;
        return { body: { errorcode: 0, message: PICKUP_TEXT.cancelled } };
      },
    });
    const user = renderList();
    await screen.findByRole('table', { name: PICKUP_TEXT.listTitle }, LOADING);
    await user.click(await screen.findByRole('button', { name: 'CANCEL, USPS pickup on Friday, Nov 27, 2026' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel pickup' });
    expect(question).toHaveTextContent(PICKUP_TEXT.cancelWholeQuestion(2));
    await user.click(within(question).getByRole('button', { name: 'CANCEL PICKUP' }));
    expect(await screen.findByText(PICKUP_TEXT.cancelled)).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('/app/v1/cancelPickup')[0]?.fields ?? [])).toEqual({ shippingdetails_id: '702', wholePickup: '1' });
    await waitFor(() => expect(within(rowOf('WTC123456789')).getByText('cancelled')).toBeInTheDocument());
  });

  it("opens a USPS pickup's details with its labels, and CHANGE at its form keeping its day", async () => {
    signIn();
    const api = mockApi({
      '/app/v1/getUserPickups': { body: { errorcode: 0, message: 'ok', data: { total: 1, list: [USPS_PICKUP] } } },
      '/openapi/USPS/CarrierPickupInquiry': {
        body: { ...ok, data: { CarrierPickupInquiryResponse: uspsInquiry({ PackageCount: 2 }) }, dbInfo: uspsDbInfo({ count: 2, labels: ['LB2002', 'LB2004'] }) },
      },
      '/openapi/USPS/CarrierPickupChange': { body: { ...ok } },
    });
    const user = renderList();
    await user.click(await screen.findByRole('button', { name: 'DETAILS, USPS pickup on Friday, Nov 27, 2026' }, LOADING));
    let dialog = await screen.findByRole('dialog', { name: 'Carrier Pickup Details' });
    expect(await within(dialog).findByText(PICKUP_MESSAGES.uspsScheduled)).toBeInTheDocument();
    expectTexts(dialog, [PICKUP_TEXT.labelsInPickup, 'LB2002, LB2004']);
    expect(api.calls('/openapi/USPS/CarrierPickupInquiry')[0]?.fields.get('shipmentDetailsId')).toBe('702');
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'CHANGE, USPS pickup on Friday, Nov 27, 2026' }));
    dialog = await screen.findByRole('dialog', { name: 'Carrier Pickup Details' });
    const change = await within(dialog).findByRole('form', { name: PICKUP_TEXT.changeTitle });
    expect(within(change).getByRole('combobox', { name: /^Pickup Date/ })).toHaveTextContent('Friday, Nov 27, 2026 (current)');
    await user.click(within(change).getByRole('button', { name: 'SAVE CHANGES' }));
    expect(await within(dialog).findByText(SHIPMENT_MESSAGES.successModified)).toBeInTheDocument();
    expect(api.calls('/openapi/USPS/CarrierPickupChange')[0]?.fields.get('pickupdate')).toBe('2026-11-27');
    // The list asks again for the pickup as it is now.
    await waitFor(() => expect(api.calls('/app/v1/getUserPickups').length).toBeGreaterThan(1));
  });

  it('says when there is no pickup yet', async () => {
    signIn();
    mockApi({ '/app/v1/getUserPickups': { body: { errorcode: 0, message: 'ok', data: { total: 0, list: [] } } } });
    renderList();
    expect(await screen.findByText(PICKUP_TEXT.listEmpty, {}, LOADING)).toBeInTheDocument();
  });
});
