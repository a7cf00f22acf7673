import { PICKUP_MESSAGES, SHIPMENT_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertSaying, clickRowAction, expectTexts, labelRowOf, renderApp, signIn, toastSaying } from '../../../testing/test-utils';
import { FEDEX_ROW, USPS_ROW, labelRow, ok, pickupApi, uspsDbInfo, uspsInquiry, type Handlers } from '../testing/pickup-fixtures';
import { PICKUP_TEXT } from '../utils/messages';

/** Several screens and calls each: up to two minutes on a busy 2-core machine. */
const JOURNEY = { timeout: 120_000 };

const step = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 30_000 });

async function openList(path: string, list: Parameters<typeof pickupApi>[0], overrides: Handlers = {}) {
  const view = openAt(path, list, overrides);
  // The first screen of a file loads its code first: slow on a busy machine.
  await waitFor(() => labelRowOf(list[0]?.orderNo ?? ''), { timeout: 30_000 });
  return view;
}

/** The list at an address whose query opens a pickup screen at once (over the list, which it hides). */
function openAt(path: string, list: Parameters<typeof pickupApi>[0], overrides: Handlers = {}) {
  signIn({ userId: 7 });
  const api = pickupApi(list, overrides);
  return { api, ...renderApp(path) };
}

const LOADING = { timeout: 30_000 };

/** checkPickupStatus's answer for a FedEx pickup booked at the locker in New York. */
function pickupStatus(overrides: Record<string, unknown> = {}) {
  return {
    errorcode: 0,
    message: 'ok',
    dropoffCode: '482913',
    data: {
      status: 'scheduled',
      address: { name: 'Dana Reyes', company: 'Midtown Hub', street1: '1 Penn Plz', street2: '', city: 'New York', state: 'NY', zip: '10119', phone: '2125550134' },
      pickup_rates: [{ id: 'pickuprate_2', rate: '4.00', currency: 'USD', service: 'Next-day', carrier: 'FedEx' }],
      min_datetime: '2026-11-27 09:00:00',
      max_datetime: '2026-11-27 16:00:00',
      instructions: 'Ring twice',
      reference: 'Locker',
      confirmation: 'PU-7731',
      carrier: 'FedEx',
      service: 'Next-day',
      price: '4.00',
      timeZone: 'America/New_York',
      note: '',
      canCancel: true,
      ...overrides,
    },
  };
}

const inquiryAnswer = (response: ReturnType<typeof uspsInquiry> | null, dbInfo = uspsDbInfo()) => ({
  body: { ...ok, data: { CarrierPickupInquiryResponse: response }, dbInfo },
});

describe('Pickup Order Details (FedEx)', JOURNEY, () => {
  it('shows the pickup once: status, window in its time zone, address, package location, confirmation, drop-off code, the price paid (not the rates again); cancelling asks and refunds nothing', async () => {
    let cancelled = false;
    const booked = { ...FEDEX_ROW, pickupId: 'pickup_9' };
    const { api, user } = await openList('/ShipmentParent/shipment', [booked], {
      '/app/v1/checkPickupStatus': () => ({ body: pickupStatus(cancelled ? { status: 'canceled', canCancel: false } : {}) }),
      '/app/v1/cancelPickup': () => {
        cancelled = true;
        return { body: { errorcode: 0, message: 'ok' } };
      },
    });
    await clickRowAction(user, 'LB2001', 'PICKUP DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Pickup Order Details' }, { timeout: 30_000 });
    await within(dialog).findByText('PU-7731');
    expectTexts(dialog, [
      'scheduled',
      'FedEx Next-day',
      'Friday, Nov 27, 2026, 9:00 AM – 4:00 PM Eastern Standard Time',
      'Locker',
      'Ring twice',
      '$4.00',
      '482913',
      PICKUP_TEXT.dropoffCodeHelp,
      'Midtown Hub',
      'New York, NY 10119',
      '(212) 555-0134',
    ]);
    // Paid: the price once, not again in the rates offered.
    expect(within(dialog).getAllByText('$4.00')).toHaveLength(1);
    expect(within(dialog).queryByRole('list', { name: 'Pickup rates' })).not.toBeInTheDocument();
    expect(Object.fromEntries(api.calls('/app/v1/checkPickupStatus')[0]?.fields ?? [])).toEqual({
      pickupId: 'pickup_9',
      carrier: 'FedEx',
      shippingdetails_id: '701',
    });

    await user.click(within(dialog).getByRole('button', { name: 'CANCEL PICKUP' }));
    let question = await screen.findByRole('alertdialog', { name: 'Cancel pickup' });
    expect(question).toHaveTextContent(PICKUP_TEXT.cancelPickupQuestionPaid);
    await user.click(within(question).getByRole('button', { name: 'KEEP IT' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('/app/v1/cancelPickup')).toHaveLength(0);

    await user.click(await within(dialog).findByRole('button', { name: 'CANCEL PICKUP' }));
    question = await screen.findByRole('alertdialog', { name: 'Cancel pickup' });
    await user.click(within(question).getByRole('button', { name: 'CANCEL PICKUP' }));
    // Said at the top of the details, not in a dialog over them.
    expect(await within(dialog).findByText(PICKUP_TEXT.cancelled)).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(Object.fromEntries(api.calls('/app/v1/cancelPickup')[0]?.fields ?? [])).toEqual({ shippingdetails_id: '701' });
    // The list and the dialog show the pickup as it is now.
    await waitFor(() => expect(api.calls('/app/v1/userGetShipment').length).toBeGreaterThan(1));
    await waitFor(() => expect(within(dialog).getByText('cancelled')).toBeInTheDocument());
    expect(within(dialog).queryByRole('button', { name: 'CANCEL PICKUP' })).not.toBeInTheDocument();

    // The label may have another pickup.
    await user.click(await within(dialog).findByRole('button', { name: PICKUP_TEXT.scheduleNew }));
    expect(await step('Confirm Package')).toBeInTheDocument();
  });

  it('says why a paid pickup failed, and that the money came back', async () => {
    const note = 'FedEx could not book this pickup; your payment of $4.00 was refunded.';
    const { user } = await openList('/ShipmentParent/shipment', [{ ...FEDEX_ROW, pickupId: 'pickup_9', pickupNote: note }], {
      '/app/v1/checkPickupStatus': { body: pickupStatus({ status: 'failed', note, canCancel: false, confirmation: '' }) },
    });
    expect(within(labelRowOf('LB2001')).getByText(note)).toBeInTheDocument();
    await clickRowAction(user, 'LB2001', 'PICKUP DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Pickup Order Details' }, { timeout: 30_000 });
    expect(await within(dialog).findByText(note)).toBeInTheDocument();
    expect(within(dialog).getByText('failed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'CANCEL PICKUP' })).not.toBeInTheDocument();
  });
});

describe('Carrier Pickup Details (USPS)', JOURNEY, () => {
  it("shows 'Your carrier pickup has been scheduled' and the pickup once; CHANGE DATE keeps its day or moves it, in place of the details", async () => {
    const scheduled = { ...USPS_ROW, pickupId: 'WTC123456789' };
    const { api, user } = await openList('/ShipmentParent/shipment', [scheduled], {
      '/openapi/USPS/CarrierPickupInquiry': inquiryAnswer(uspsInquiry()),
      '/openapi/USPS/CarrierPickupChange': { body: { ...ok } },
    });
    await clickRowAction(user, 'LB2002', 'PICKUP DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Carrier Pickup Details' }, { timeout: 30_000 });
    expect(await within(dialog).findByText(PICKUP_MESSAGES.uspsScheduled)).toBeInTheDocument();
    expectTexts(dialog, ['WTC123456789', 'Friday, Nov 27, 2026', 'Priority Mail', 'Front Door', 'Ring twice', '20 W 34th St', 'New York, NY 10001', '(646) 555-0199', '2.5 lb']);
    // Each field once, the date in one format.
    for (const text of ['Friday, Nov 27, 2026', 'Priority Mail', 'Front Door', 'Ring twice', '2.5 lb']) expect(within(dialog).getAllByText(text)).toHaveLength(1);
    expect(within(dialog).queryByText('Friday, 2026-11-27')).not.toBeInTheDocument();
    expect(api.calls('/openapi/USPS/CarrierPickupInquiry')[0]?.fields.get('shipmentDetailsId')).toBe('702');

    // Only the package location changes: the pickup's own day is listed first and stays chosen.
    await user.click(within(dialog).getByRole('button', { name: 'CHANGE DATE' }));
    const change = await within(dialog).findByRole('form', { name: PICKUP_TEXT.changeTitle });
    expect(within(change).getByRole('combobox', { name: /^Pickup Date/ })).toHaveTextContent('Friday, Nov 27, 2026 (current)');
    await user.click(within(change).getByRole('combobox', { name: /^Package location/ }));
    await user.click(await screen.findByRole('option', { name: 'Back Door' }));
    await user.click(within(change).getByRole('button', { name: 'SAVE CHANGES' }));
    // Said at the top of the details, which are back in the dialog: no dialog over it.
    expect(await within(dialog).findByText(SHIPMENT_MESSAGES.successModified)).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(dialog).queryByRole('form', { name: PICKUP_TEXT.changeTitle })).not.toBeInTheDocument();
    expect(Object.fromEntries(api.calls('/openapi/USPS/CarrierPickupChange')[0]?.fields ?? [])).toEqual({
      shipmentdetailsid: '702',
      pickupdate: '2026-11-27',
      packagelocation: 'Back Door',
      specialinstructions: 'Ring twice',
    });

    // Then another day.
    await user.click(within(dialog).getByRole('button', { name: 'CHANGE DATE' }));
    const again = await within(dialog).findByRole('form', { name: PICKUP_TEXT.changeTitle });
    await user.click(within(again).getByRole('combobox', { name: /^Pickup Date/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Friday, Nov 27, 2026 (current)', 'Monday, Nov 30, 2026']);
    await user.click(screen.getByRole('option', { name: 'Monday, Nov 30, 2026' }));
    await user.click(within(again).getByRole('button', { name: 'SAVE CHANGES' }));
    await waitFor(() => expect(api.calls('/openapi/USPS/CarrierPickupChange')).toHaveLength(2));
    expect(api.calls('/openapi/USPS/CarrierPickupChange')[1]?.fields.get('pickupdate')).toBe('2026-11-30');
    await waitFor(() => expect(api.calls('/app/v1/userGetShipment').length).toBeGreaterThan(1));
    await waitFor(() => expect(api.calls('/openapi/USPS/CarrierPickupInquiry').length).toBeGreaterThan(1));
  });

  it('cancels a scheduled USPS pickup after asking', async () => {
    let cancelled = false;
    const { api, user } = await openList('/ShipmentParent/shipment', [{ ...USPS_ROW, pickupId: 'WTC123456789' }], {
      '/openapi/USPS/CarrierPickupInquiry': () => inquiryAnswer(cancelled ? null : uspsInquiry(), uspsDbInfo({ status: cancelled ? 'canceled' : 'scheduled' })),
      '/app/v1/cancelPickup': () => {
        cancelled = true;
        return { body: { errorcode: 0, message: 'ok' } };
      },
    });
    await clickRowAction(user, 'LB2002', 'PICKUP DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Carrier Pickup Details' }, { timeout: 30_000 });
    await user.click(await within(dialog).findByRole('button', { name: 'CANCEL PICKUP' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel pickup' });
    expect(question).toHaveTextContent(PICKUP_TEXT.cancelPickupQuestion);
    await user.click(within(question).getByRole('button', { name: 'CANCEL PICKUP' }));
    expect(await within(dialog).findByText(PICKUP_TEXT.cancelled)).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(Object.fromEntries(api.calls('/app/v1/cancelPickup')[0]?.fields ?? [])).toEqual({ shippingdetails_id: '702' });
    expect(await within(dialog).findByText(PICKUP_MESSAGES.uspsCancelled)).toBeInTheDocument();
  });

  it('takes only this label off a pickup for several labels, after saying USPS still comes for the others', async () => {
    const { api, user } = await openList('/ShipmentParent/shipment', [{ ...USPS_ROW, pickupId: 'WTC123456789' }], {
      '/openapi/USPS/CarrierPickupInquiry': inquiryAnswer(uspsInquiry({ PackageCount: 2 }), uspsDbInfo({ count: 2, labels: ['LB2002', 'LB2004'] })),
      '/app/v1/cancelPickup': { body: { errorcode: 0, message: 'ok' } },
    });
    await clickRowAction(user, 'LB2002', 'PICKUP DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Carrier Pickup Details' }, { timeout: 30_000 });
    expect(await within(dialog).findByText('LB2002, LB2004')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL PICKUP' }));
    const question = await screen.findByRole('alertdialog', { name: 'Cancel pickup' });
    expect(question).toHaveTextContent(PICKUP_TEXT.cancelLabelQuestion(1));
    await user.click(within(question).getByRole('button', { name: 'TAKE IT OFF' }));
    await waitFor(() => expect(api.calls('/app/v1/cancelPickup')).toHaveLength(1));
    // The label alone: no wholePickup.
    expect(Object.fromEntries(api.calls('/app/v1/cancelPickup')[0]?.fields ?? [])).toEqual({ shippingdetails_id: '702' });
  });

  it("says 'Your pickup request was cancelled' and offers SCHEDULE NEW PICKUP, which opens the wizard", async () => {
    const { user } = await openList('/ShipmentParent/shipment', [{ ...USPS_ROW, pickupId: 'WTC123456789' }], {
      '/openapi/USPS/CarrierPickupInquiry': inquiryAnswer(null, uspsDbInfo({ status: 'canceled', reschedulableDates: [] })),
    });
    await clickRowAction(user, 'LB2002', 'PICKUP DETAILS');
    const dialog = await screen.findByRole('dialog', { name: 'Carrier Pickup Details' }, { timeout: 30_000 });
    expect(await within(dialog).findByText(PICKUP_MESSAGES.uspsCancelled)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'CHANGE DATE' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: PICKUP_TEXT.scheduleNew }));
    await screen.findByRole('dialog', { name: PICKUP_TEXT.wizardTitle });
    expect(await step('Confirm Package')).toBeInTheDocument();
  });

  it("says ' Failure' when USPS has no pickup for the label (code -1), then opens the confirm-package step", async () => {
    const { user } = await openList('/ShipmentParent/shipment', [{ ...USPS_ROW, pickupId: 'WTC123456789' }], {
      '/openapi/USPS/CarrierPickupInquiry': { status: 404, body: { code: -1, errorcode: -1, message: 'This label has no USPS pickup.' } },
    });
    await clickRowAction(user, 'LB2002', 'PICKUP DETAILS');
    expect(await alertSaying(SHIPMENT_MESSAGES.failure, LOADING)).toBeInTheDocument();
    // The notice is over the wizard (the only button not hidden behind it) until it is closed, or closes by itself 10.5 s later.
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await step('Confirm Package')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Carrier Pickup Details' })).not.toBeInTheDocument();
  });
});

describe('Purchased Labels: the pickup query parameters', JOURNEY, () => {
  it('jump opens that label’s wizard at the confirm-package step; the query goes once it closes', async () => {
    const other = labelRow({ shippingIndexID: 2009, shippingdetails_id: 709, orderNo: 'LB2009' });
    const { user, location } = openAt('/ShipmentParent/shipment?jump=701', [other, FEDEX_ROW]);
    const dialog = await screen.findByRole('dialog', { name: PICKUP_TEXT.wizardTitle }, { timeout: 30_000 });
    await step('Confirm Package');
    expect(within(dialog).getByText('Order LB2001')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'LEAVE' }));
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'));
  });

  it("jump to a label that is not the customer's says ' ShipmentID expired'", async () => {
    const { location } = openAt('/ShipmentParent/shipment?jump=999', [FEDEX_ROW]);
    expect(await alertSaying(SHIPMENT_MESSAGES.shipmentExpired, LOADING)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: PICKUP_TEXT.wizardTitle })).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'));
  });

  it("shipmentdetailsid opens the USPS pickup's details with 'Your carrier pickup was successful'", async () => {
    const { api, user, location } = openAt('/ShipmentParent/shipment?shipmentdetailsid=702', [{ ...USPS_ROW, pickupId: 'WTC123456789' }], {
      '/openapi/USPS/CarrierPickupInquiry': inquiryAnswer(uspsInquiry()),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Carrier Pickup Details' }, { timeout: 30_000 });
    expect(await within(dialog).findByText(PICKUP_MESSAGES.uspsSuccessful)).toBeInTheDocument();
    expect(api.calls('/openapi/USPS/CarrierPickupInquiry')[0]?.fields.get('shipmentDetailsId')).toBe('702');
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'));
  });

  it("shows 'Your carrier pickup was successful!' after the payment, and clears the query", async () => {
    const message = encodeURIComponent(PICKUP_MESSAGES.successful);
    const { location } = openAt(`/ShipmentParent/shipment?pickupId=pickup_9&carrier=FedEx&message=${message}`, [FEDEX_ROW]);
    // A success: the toast, no dialog.
    expect(await toastSaying(PICKUP_MESSAGES.successful, LOADING)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'));
  });

  it("shows 'SCHEDULE PICKUP FAILED' when the pickup was not booked, pointing to the label", async () => {
    const message = encodeURIComponent(PICKUP_MESSAGES.notBooked);
    const { location } = openAt(`/ShipmentParent/shipment?pickupId=pickup_9&carrier=FedEx&message=${message}`, [FEDEX_ROW]);
    const failed = await screen.findByRole('dialog', { name: PICKUP_MESSAGES.failed }, { timeout: 30_000 });
    expect(failed).toHaveTextContent(PICKUP_MESSAGES.notBooked);
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'));
  });

  it('never shows a message the portal does not send: a link cannot put its own words in the app', async () => {
    const forged = encodeURIComponent('Your account is suspended. Call 1-900-555-0100 to restore it.');
    const { location } = openAt(`/ShipmentParent/shipment?pickupId=x&carrier=FedEx&message=${forged}`, [FEDEX_ROW]);
    await waitFor(() => expect(location()).toBe('/ShipmentParent/shipment'));
    expect(await screen.findByText(FEDEX_ROW.orderNo)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/suspended/)).not.toBeInTheDocument();
  });

  it('says a paid pickup is being booked, was not paid, or was cancelled, without calling it a failure', async () => {
    for (const message of [PICKUP_MESSAGES.booking, PICKUP_MESSAGES.paymentCancelled, PICKUP_MESSAGES.cancelled]) {
      const { unmount } = openAt(`/ShipmentParent/shipment?pickupId=pickup_9&carrier=FedEx&message=${encodeURIComponent(message)}`, [FEDEX_ROW]);
      expect(await toastSaying(message, LOADING)).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      unmount();
    }
  });
});
