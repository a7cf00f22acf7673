import { DROPOFF_TEXT, PICKUP_MESSAGES, SHIPMENT_MESSAGES, UPS_DROPOFF_LOCATOR_URL } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_CHECK_TEXT } from '../../../components/address/address-check';
import { clickRowAction, expectTexts, fillIn, labelRowOf, renderApp, signIn, watchLeavingForPayment } from '../../../testing/test-utils';
import { shipmentDetail } from '../../../testing/fixtures';
import { FEDEX_ROW, UPS_ROW, USPS_ROW, pickupApi } from '../testing/pickup-fixtures';
import { PICKUP_TEXT } from '../utils/messages';

/** Wednesday 25 November 2026, 10:00 in New York. */
const WEDNESDAY_IN_NEW_YORK = new Date('2026-11-25T15:00:00Z');

let leaveFor: ReturnType<typeof watchLeavingForPayment>;
beforeEach(() => {
  leaveFor = watchLeavingForPayment();
  // Only the clock is fixed: timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: WEDNESDAY_IN_NEW_YORK });
});
afterEach(() => vi.useRealTimers());

/** A journey through several steps, each loading and checking: up to two minutes on a busy 2-core machine. */
const JOURNEY = { timeout: 120_000 };

type User = ReturnType<typeof renderApp>['user'];

const wizardDialog = () => screen.findByRole('dialog', { name: PICKUP_TEXT.wizardTitle }, { timeout: 30_000 });
const step = (name: string) => screen.findByRole('heading', { level: 2, name });
const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}[\\s*]*$`));

async function openWizard(orderNo: string) {
  const { user } = renderApp('/ShipmentParent/shipment');
  // The first screen of a file loads its code first: slow on a busy machine.
  await waitFor(() => labelRowOf(orderNo), { timeout: 30_000 });
  await clickRowAction(user, orderNo, 'SCHEDULE PICKUP');
  await wizardDialog();
  await step('Confirm Package');
  return user;
}

async function choose(user: User, combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${combobox}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Confirm Package, then the contact Mom of My Contacts (New York) as the pickup address. */
/** From Confirm Package on to Pickup Address. */
async function toAddressStep(user: User) {
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await step('Pickup Address');
}

async function toDateStep(user: User, { service }: { service?: string } = {}) {
  await toAddressStep(user);
  await user.click(screen.getByRole('button', { name: PICKUP_TEXT.contactsChoice }));
  await user.click(await screen.findByRole('button', { name: 'Choose Mom' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Contacts' })).not.toBeInTheDocument());
  if (service) await choose(user, 'Carrier Service', service);
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await step('Select Pickup Date and Time');
}

describe('the pickup wizard: FedEx, paid', JOURNEY, () => {
  it('goes from the label to the payment page: locker or contact, a date of the window, the rates, the agreements and PayPal', async () => {
    signIn({ userId: 7 });
    // The first payment does not start: the dialog every payment screen shows asks TRY AGAIN.
    let payments = 0;
    const api = pickupApi([FEDEX_ROW], {
      '/openapi/easyPost/paypalByPickup': () =>
        ++payments === 1
          ? { body: { code: -1, errorcode: -1, message: 'PayPal is not answering.' } }
          : { body: { code: 0, errorcode: 0, message: 'ok', paymentUrl: 'https://pay.example/approve?token=pickup' } },
    });
    const user = await openWizard('LB2001');

    // Confirm Package shows the label.
    const dialog = await wizardDialog();
    expectTexts(dialog, ['FedEx', 'FedEx Ground', '794600000001', 'Dana Reyes', '350 5th Ave', 'Rosa Reyes', 'Austin, TX 73301', '12 × 10 × 6 in, 2.5 lb']);
    await toDateStep(user);

    // Wednesday in New York: today (10:00 AM, before FedEx's 2:00 PM cutoff) to Monday, weekdays only,
    // each with its weekday; not Thanksgiving, and the list says why.
    expect(screen.getByRole('combobox', { name: /^Earliest/ })).toHaveTextContent('9:00 AM');
    expect(screen.getByRole('combobox', { name: /^Latest/ })).toHaveTextContent('4:00 PM');
    expect(screen.getByText(/FedEx does not pick up on Thanksgiving Day \(Thursday, Nov 26, 2026\)/)).toBeInTheDocument();
    expect(screen.getByText(/today only if booked by 2:00 PM at the pickup address/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Pickup Date/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Wednesday, Nov 25, 2026',
      'Friday, Nov 27, 2026',
      'Monday, Nov 30, 2026',
    ]);
    await user.click(screen.getByRole('option', { name: 'Friday, Nov 27, 2026' }));
    await choose(user, 'Package location', 'Front Door');
    await fillIn(user, field('Special instructions'), 'Ring twice');
    expect(screen.getByText('10/120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Summary: the address checked, the pickup asked for in New York's own time, the rates.
    await step('Summary and payment');
    const rates = await screen.findByRole('radiogroup', { name: 'Pickup service' });
    expect(Object.fromEntries(api.calls('/openapi/easyPost/validateAddress')[0]?.fields ?? [])).toMatchObject({
      street1: '20 W 34th St',
      street2: 'Apt 4',
      city: 'New York',
      state: 'NY',
      zip: '10001',
      name: 'Rosa Reyes',
    });
    expect(Object.fromEntries(api.calls('/openapi/easyPost/createPickup')[0]?.fields ?? [])).toEqual({
      addressId: 'adr_9',
      shipmentId: 'shp_2001',
      minDatetime: '2026-11-27 09:00:00',
      maxDatetime: '2026-11-27 16:00:00',
      reference: 'Front Door',
      instructions: 'Ring twice',
      userLocker: '0',
    });
    expect(within(rates).getByRole('radio', { name: 'FedEx Same-day · $6.50' })).toBeInTheDocument();

    // Nothing ticked: every rule says so, and nothing is paid.
    await user.click(within(rates).getByRole('radio', { name: 'FedEx Next-day · $4.00' }));
    await user.click(screen.getByRole('button', { name: 'Pay $4.00' }));
    expect(await screen.findByText(PICKUP_MESSAGES.allCheckboxes)).toBeInTheDocument();
    expect(screen.getByText(PICKUP_MESSAGES.paymentMethod)).toBeInTheDocument();
    expect(api.calls('/openapi/easyPost/paypalByPickup')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: PICKUP_TEXT.agreeTerms }));
    await user.click(screen.getByRole('checkbox', { name: PICKUP_TEXT.agreeNotRefundable }));
    await user.click(screen.getByRole('button', { name: 'Pay $4.00' }));
    expect(await screen.findByText(PICKUP_MESSAGES.allCheckboxes)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: PICKUP_TEXT.agreePackageReady }));
    await user.click(screen.getByRole('checkbox', { name: PICKUP_TEXT.paypal }));
    await user.click(screen.getByRole('button', { name: 'Pay $4.00' }));
    const failed = await screen.findByRole('alertdialog', { name: 'Oops...' });
    expect(failed).toHaveTextContent('PayPal is not answering.');
    expect(leaveFor).not.toHaveBeenCalled();
    await user.click(within(failed).getByRole('button', { name: 'TRY AGAIN' }));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/approve?token=pickup'));
    expect(Object.fromEntries(api.calls('/openapi/easyPost/paypalByPickup')[1]?.fields ?? [])).toEqual({
      shipmentId: 'shp_2001',
      pickupId: 'pickup_9',
      pickupRateId: 'pickuprate_2',
      userId: '7',
      useLocker: '0',
    });
  });
});

describe('the pickup wizard: each step\'s rules', JOURNEY, () => {
  it('says every pickup address message word for word, and the locker address fills the form', async () => {
    signIn();
    pickupApi([FEDEX_ROW]);
    const user = await openWizard('LB2001');
    await toAddressStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of [
      PICKUP_MESSAGES.firstName,
      PICKUP_MESSAGES.lastName,
      PICKUP_MESSAGES.phone,
      PICKUP_MESSAGES.address1,
      PICKUP_MESSAGES.city,
      PICKUP_MESSAGES.state,
      PICKUP_MESSAGES.zip,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    // Messages sit under their fields, which name them.
    expect(field('First Name')).toHaveAccessibleDescription(PICKUP_MESSAGES.firstName);
    expect(screen.queryByRole('combobox', { name: /^Carrier Service/ })).not.toBeInTheDocument();

    await fillIn(user, field('First Name'), 'Dana2');
    await fillIn(user, field('Cell Phone Number'), '41555');
    await fillIn(user, field('Zip Code'), '941');
    await user.tab();
    expect(await screen.findByText(PICKUP_MESSAGES.cannotEnterNumber)).toBeInTheDocument();
    expect(screen.getAllByText(PICKUP_MESSAGES.format)).toHaveLength(2);

    // The locker: the hub's street, with the customer as the person the driver asks for.
    await user.click(screen.getByRole('button', { name: new RegExp(`^${PICKUP_TEXT.lockerChoice}`) }));
    expect(field('First Name')).toHaveValue('Dana');
    expect(field('Company')).toHaveValue('Midtown Hub');
    expect(field('Address 1')).toHaveValue('1 Penn Plz');
    expect(field('Cell Phone Number')).toHaveValue('212-555-0134');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveTextContent('United States');
    expect(screen.queryByText(PICKUP_MESSAGES.cannotEnterNumber)).not.toBeInTheDocument();
  });

  it("asks for a date ('Please select a date'), keeps what was typed on Back, and the package waits in the locker there", async () => {
    signIn();
    const api = pickupApi([FEDEX_ROW]);
    const user = await openWizard('LB2001');
    await toAddressStep(user);
    await user.click(screen.getByRole('button', { name: new RegExp(`^${PICKUP_TEXT.lockerChoice}`) }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Select Pickup Date and Time');
    expect(screen.getByRole('combobox', { name: /^Package location/ })).toHaveTextContent('Locker');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(PICKUP_MESSAGES.date)).toBeInTheDocument();

    // A window that ends before it starts is refused.
    await choose(user, 'Pickup Date', 'Monday, Nov 30, 2026');
    await choose(user, 'Latest', '8:00 AM');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The latest time must be after the earliest time')).toBeInTheDocument();
    await choose(user, 'Latest', '12:00 PM');

    // Back goes one step, with the focus on its heading, and the values stay.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await step('Pickup Address')).toHaveFocus();
    expect(field('Address 1')).toHaveValue('1 Penn Plz');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Select Pickup Date and Time');
    expect(screen.getByRole('combobox', { name: /^Pickup Date/ })).toHaveTextContent('Monday, Nov 30, 2026');
    expect(screen.getByRole('combobox', { name: /^Latest/ })).toHaveTextContent('12:00 PM');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Summary and payment');
    await waitFor(() => expect(api.calls('/openapi/easyPost/createPickup')).toHaveLength(1));
    expect(Object.fromEntries(api.calls('/openapi/easyPost/createPickup')[0]?.fields ?? [])).toMatchObject({
      minDatetime: '2026-11-30 09:00:00',
      maxDatetime: '2026-11-30 12:00:00',
      reference: 'Locker',
      userLocker: '1',
    });
  });

  it("says 'Unable to verify address!' with the carrier's suggestion, and asks again with it", async () => {
    signIn();
    const suggestion = { street1: '20 W 34TH ST', street2: 'APT 4', city: 'NEW YORK', state: 'NY', zip: '10001-3021' };
    const api = pickupApi([FEDEX_ROW], {
      '/openapi/easyPost/validateAddress': (request) =>
        request.fields.get('street1') === '20 W 34TH ST'
          ? { body: { code: 0, errorcode: 0, message: 'ok', data: { result: 1, addrId: 'adr_10', suggestion: null, reasons: [] } } }
          : { body: { code: 0, errorcode: 0, message: 'ok', data: { result: 0, addrId: '', suggestion, reasons: ['Address not found'] } } },
    });
    const user = await openWizard('LB2001');
    await toDateStep(user);
    await choose(user, 'Pickup Date', 'Friday, Nov 27, 2026');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Summary and payment');
    const address = await screen.findByRole('region', { name: 'Pickup address' });
    expect(await within(address).findByRole('alert')).toHaveTextContent(SHIPMENT_MESSAGES.unableToVerify);
    expect(within(address).getByText('20 W 34TH ST, APT 4, NEW YORK, NY 10001-3021')).toBeInTheDocument();
    expect(api.calls('/openapi/easyPost/createPickup')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    await user.click(within(address).getByRole('button', { name: 'Use the suggested address' }));
    await screen.findByRole('radiogroup', { name: 'Pickup service' });
    expect(api.calls('/openapi/easyPost/createPickup')[0]?.fields.get('addressId')).toBe('adr_10');
    expect(screen.queryByText(ADDRESS_CHECK_TEXT.verifyFailed)).not.toBeInTheDocument();
  });

  it("shows the server's 'Pickup is not available for this service!' and 'Service exception!' word for word", async () => {
    signIn();
    let answer: 'none' | 'refused' | 'down' = 'none';
    pickupApi([FEDEX_ROW], {
      '/openapi/easyPost/createPickup': () =>
        answer === 'down'
          ? { status: 503, body: { errorcode: -500, message: 'Unavailable' } }
          : answer === 'refused'
            ? { body: { code: -1, errorcode: -1, message: PICKUP_MESSAGES.notAvailable } }
            : { body: { code: 0, errorcode: 0, message: 'ok', data: { pickupId: 'pickup_9', pickup_rates: [] } } },
    });
    const user = await openWizard('LB2001');
    await toDateStep(user);
    await choose(user, 'Pickup Date', 'Friday, Nov 27, 2026');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // No rates at all.
    expect(await screen.findByText(PICKUP_MESSAGES.notAvailable)).toBeInTheDocument();
    // The server's refusal.
    answer = 'refused';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PICKUP_MESSAGES.notAvailable));
    // No answer.
    answer = 'down';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(PICKUP_MESSAGES.serviceException)).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });
});

describe('the pickup wizard: USPS, free', JOURNEY, () => {
  it("starts at the label's ship-from address with the label's own service, Ground Advantage as USPS's pickup calls it", async () => {
    signIn({ userId: 7 });
    const from = { name: 'Dana Maria Reyes', company: '', street1: '350 5th Ave', street2: 'Fl 3', city: 'New York', state: 'NY', zip: '10118', phone: '2125550134', email: '' };
    const api = pickupApi([{ ...USPS_ROW, rateService: 'GroundAdvantage' }], {
      '/app/v1/getShipmentDetail': { body: { errorcode: 0, message: 'ok', data: shipmentDetail({ from_address: from }) } },
    });
    const user = await openWizard('LB2002');
    await toAddressStep(user);
    expect(field('First Name')).toHaveValue('Dana Maria');
    expect(field('Last Name')).toHaveValue('Reyes');
    expect(field('Address 1')).toHaveValue('350 5th Ave');
    expect(field('Address 2')).toHaveValue('Fl 3');
    expect(field('City')).toHaveValue('New York');
    expect(field('Zip Code')).toHaveValue('10118');
    expect(field('Cell Phone Number')).toHaveValue('212-555-0134');
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveTextContent('New York');
    expect(screen.getByRole('combobox', { name: /^Carrier Service/ })).toHaveTextContent('USPS Ground Advantage');
    // The ship-from address stays a choice beside the locker and My Contacts, and takes the form back.
    const shipFrom = screen.getByRole('button', { name: new RegExp(`^${PICKUP_TEXT.shipFromChoice}`) });
    expect(shipFrom).toHaveTextContent('350 5th Ave, Fl 3, New York, NY 10118');
    await user.click(screen.getByRole('button', { name: new RegExp(`^${PICKUP_TEXT.lockerChoice}`) }));
    expect(field('Address 1')).toHaveValue('1 Penn Plz');
    await user.click(shipFrom);
    expect(field('Address 1')).toHaveValue('350 5th Ave');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Select Pickup Date and Time');
    await choose(user, 'Pickup Date', 'Friday, Nov 27, 2026');
    await choose(user, 'Package location', 'Front Door');
    await user.click(screen.getByRole('button', { name: 'Schedule pickup' }));
    expect(await screen.findByText(PICKUP_MESSAGES.uspsScheduled)).toBeInTheDocument();
    expect(Object.fromEntries(api.calls('/openapi/USPS/CarrierPickupSchedule')[0]?.fields ?? [])).toMatchObject({
      address1: '350 5th Ave',
      address2: 'Fl 3',
      zip5: '10118',
      firstname: 'Dana Maria',
      lastname: 'Reyes',
      servicetype: 'USPS Ground Advantage',
    });
  });

  it('says when the label joined the USPS pickup the customer had at that address and day', async () => {
    signIn({ userId: 7 });
    pickupApi([USPS_ROW], {
      '/openapi/USPS/CarrierPickupSchedule': { body: { code: 0, errorcode: 0, message: 'ok', data: { ConfirmationNumber: 'WTC123456789', Date: '2026-11-27', DayOfWeek: 'Friday', PackageCount: 2, Joined: true } } },
    });
    const user = await openWizard('LB2002');
    await toDateStep(user);
    await choose(user, 'Pickup Date', 'Friday, Nov 27, 2026');
    await choose(user, 'Package location', 'Front Door');
    await user.click(screen.getByRole('button', { name: 'Schedule pickup' }));
    expect(await screen.findByText(PICKUP_MESSAGES.uspsScheduled)).toBeInTheDocument();
    expect(screen.getByText(PICKUP_TEXT.joined(2))).toBeInTheDocument();
    const summary = screen.getByRole('heading', { level: 2, name: 'Summary' }).parentElement!;
    expectTexts(summary, ['WTC123456789', 'Friday, Nov 27, 2026', 'Packages in this pickup']);
    expect(within(summary).queryByText('Package location')).not.toBeInTheDocument();
  });

  it("asks for the carrier service and the package location, says where USPS does not come, then 'Your carrier pickup has been scheduled'", async () => {
    signIn({ userId: 7 });
    let comes = false;
    // A USPS service with no pickup service of its own: the customer chooses one.
    const api = pickupApi([{ ...USPS_ROW, rateService: 'LibraryMail' }], {
      '/openapi/USPS/CarrierPickupAvailability': () =>
        comes
          ? { body: { code: 0, errorcode: 0, message: 'ok', data: { CarrierPickupAvailabilityResponse: { CarrierRoute: 'C001', Date: '2026-11-26', DayOfWeek: 'Thursday' } } } }
          : { body: { code: 0, errorcode: 0, message: 'ok', data: { Error: { Description: 'Carrier Pickup is not available for this address.' } } } },
    });
    const user = await openWizard('LB2002');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Pickup Address');
    await user.click(screen.getByRole('button', { name: PICKUP_TEXT.contactsChoice }));
    await user.click(await screen.findByRole('button', { name: 'Choose Mom' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Contacts' })).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText(PICKUP_MESSAGES.carrierService)).toBeInTheDocument();
    await choose(user, 'Carrier Service', 'Priority Mail');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // USPS comes on its round: a day, no times, and where the package waits is required.
    await step('Select Pickup Date and Time');
    expect(screen.getByText(PICKUP_TEXT.uspsNoTimes)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Earliest/ })).not.toBeInTheDocument();
    await choose(user, 'Pickup Date', 'Friday, Nov 27, 2026');
    await user.click(screen.getByRole('button', { name: 'Schedule pickup' }));
    expect(await screen.findByText(PICKUP_MESSAGES.packageLocation)).toBeInTheDocument();
    expect(api.calls('/openapi/USPS/CarrierPickupAvailability')).toHaveLength(0);
    await choose(user, 'Package location', 'Front Door');
    await user.click(screen.getByRole('button', { name: 'Schedule pickup' }));
    expect(await screen.findByText('Carrier Pickup is not available for this address.')).toBeInTheDocument();
    expect(api.calls('/openapi/USPS/CarrierPickupSchedule')).toHaveLength(0);

    comes = true;
    await user.click(screen.getByRole('button', { name: 'Schedule pickup' }));
    expect(await screen.findByText(PICKUP_MESSAGES.uspsScheduled)).toBeInTheDocument();
    expect(await step('Summary')).toHaveFocus();
    expect(screen.getAllByText('WTC123456789').length).toBeGreaterThan(0);
    const address = { firmname: '', address1: '20 W 34th St', address2: 'Apt 4', city: 'New York', state: 'NY', zip5: '10001' };
    expect(Object.fromEntries(api.calls('/openapi/USPS/CarrierPickupAvailability')[0]?.fields ?? [])).toEqual(address);
    expect(Object.fromEntries(api.calls('/openapi/USPS/CarrierPickupSchedule')[0]?.fields ?? [])).toEqual({
      ...address,
      firstname: 'Rosa',
      lastname: 'Reyes',
      servicetype: 'Priority Mail',
      uselocker: '0',
      count: '1',
      phone: '646-555-0199',
      estimatedweight: '2.5',
      packagelocation: 'Front Door',
      specialinstructions: '',
      shipmentdetailsid: '702',
      userid: '7',
      pickupdate: '2026-11-27',
    });
    // The list shows the label as it is now; Done closes the wizard.
    await waitFor(() => expect(api.calls('/app/v1/userGetShipment').length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PICKUP_TEXT.wizardTitle })).not.toBeInTheDocument());
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it("shows USPS's refusal to schedule word for word", async () => {
    signIn();
    pickupApi([USPS_ROW], {
      '/openapi/USPS/CarrierPickupSchedule': { body: { code: -1, errorcode: -1, message: PICKUP_MESSAGES.serviceException, data: { Error: { Description: 'x' } } } },
    });
    const user = await openWizard('LB2002');
    await toDateStep(user, { service: 'Priority Mail' });
    await choose(user, 'Pickup Date', 'Friday, Nov 27, 2026');
    await choose(user, 'Package location', 'Front Door');
    await user.click(screen.getByRole('button', { name: 'Schedule pickup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PICKUP_MESSAGES.serviceException);
    expect(screen.getByRole('heading', { level: 2, name: 'Select Pickup Date and Time' })).toBeInTheDocument();
  });
});

describe('the pickup wizard: leaving it', JOURNEY, () => {
  it("UPS: no SCHEDULE PICKUP but DROP-OFF OPTIONS: the spec's refusal, then the hub with its address and UPS's locator from the ship-from ZIP", async () => {
    signIn();
    pickupApi([UPS_ROW]);
    const { user } = renderApp('/ShipmentParent/shipment');
    await waitFor(() => labelRowOf('LB2003'), { timeout: 30_000 });
    expect(within(labelRowOf('LB2003')).queryByRole('button', { name: /^SCHEDULE PICKUP/ })).not.toBeInTheDocument();
    await clickRowAction(user, 'LB2003', 'DROP-OFF OPTIONS');
    const dialog = await screen.findByRole('dialog', { name: DROPOFF_TEXT.title });
    expectTexts(dialog, [PICKUP_MESSAGES.upsUnavailable, DROPOFF_TEXT.hub, 'Midtown Hub', '1 Penn Plz, New York, NY 10119', 'Hours: Open 24 hours', DROPOFF_TEXT.carrier]);
    expect(within(dialog).getByRole('link', { name: 'Find a UPS drop-off near 10118' })).toHaveAttribute('href', UPS_DROPOFF_LOCATOR_URL);
    expect(screen.queryByRole('dialog', { name: PICKUP_TEXT.wizardTitle })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DROPOFF_TEXT.title })).not.toBeInTheDocument());
  });

  it('Cancel asks first: STAY keeps the step, LEAVE returns to the list', async () => {
    signIn();
    pickupApi([FEDEX_ROW]);
    const user = await openWizard('LB2001');
    await toAddressStep(user);
    await fillIn(user, field('City'), 'New York');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    let question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(PICKUP_TEXT.cancelQuestion);
    await user.click(within(question).getByRole('button', { name: 'STAY' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(field('City')).toHaveValue('New York');

    // The wizard is within reach again once the question has gone.
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'LEAVE' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PICKUP_TEXT.wizardTitle })).not.toBeInTheDocument());
    // The list is within reach again once the wizard has gone.
    expect(await waitFor(() => labelRowOf('LB2001'))).toBeInTheDocument();
  });
});
