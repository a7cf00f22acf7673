import { PICKUP_MESSAGES, carrierPickupDates, SHIPMENT_MESSAGES, stateTimeZone } from '@airbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { PICKUP_SERVER_MESSAGES } from '../src/modules/pickups/pickups.service.js';
import { USPS_PICKUP_MESSAGES } from '../src/modules/pickups/usps-pickups.service.js';
import { UspsError } from '../src/providers/usps/usps-pickups-provider.js';
import { ETAG_LIFETIME_MS, SIMULATOR_DESCRIPTIONS, type SimulatorUspsPickupsProvider } from '../src/providers/usps/usps-pickups-simulator.js';
import { mailsOf, postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { insertShipment, uspsPickupForm } from './shipment-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database);
const usps = () => t.app.uspsPickups as SimulatorUspsPickupsProvider;

type Customer = Awaited<ReturnType<typeof newCustomer>>;
type Fields = Record<string, string | number | undefined>;

/** A form as the web app sends it: empty and missing fields dropped. */
function send(url: string, fields: Fields, customer: Customer) {
  const sent = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''));
  return postForm(t.app, url, sent, customer.cookie);
}

const ADDRESS = { firmname: '', address1: '1 Main St', address2: 'Apt 2', city: 'San Francisco', state: 'CA', zip5: '94105' };
/** Another street of the customer's: a pickup there is another pickup. */
const OTHER_STREET = { address1: '9 Oak St', address2: '' };

/** The last day of the window at a California address (always ahead, and a day USPS takes). */
const lastDay = () => carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS').at(-1)!;

/** A calendar day `days` from today in California, 'YYYY-MM-DD'. */
function dayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: stateTimeZone('CA') }).format(t.config.clock());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A bought USPS label of the customer (weight 40 oz: 2.5 lb). */
const uspsLabel = (customer: Customer, overrides: Parameters<typeof insertShipment>[2] = {}) => insertShipment(t.app.db, customer.userId, { carrier: 'USPS', ...overrides });

function schedule(customer: Customer, shipmentId: number, extra: Fields = {}) {
  return send('/openapi/USPS/CarrierPickupSchedule', { ...uspsPickupForm(shipmentId, customer.userId, lastDay()), ...ADDRESS, specialinstructions: 'Ring twice', ...extra }, customer);
}

function inquiry(customer: Customer, shipmentId: number) {
  return t.app.inject({ method: 'GET', url: `/openapi/USPS/CarrierPickupInquiry?shipmentDetailsId=${shipmentId}`, headers: { cookie: customer.cookie } });
}

function change(customer: Customer, shipmentId: number, extra: Fields = {}) {
  return send('/openapi/USPS/CarrierPickupChange', { shipmentdetailsid: shipmentId, pickupdate: lastDay(), packagelocation: 'Back Door', specialinstructions: 'Gate code 12', ...extra }, customer);
}

const cancel = (customer: Customer, shipmentId: number) => postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: shipmentId }, customer.cookie);

const pickupOf = (shipmentId: number) => t.app.db.selectFrom('pickups').selectAll().where('shipment_id', '=', shipmentId).orderBy('id', 'desc').executeTakeFirstOrThrow();
const shipmentRow = (id: number) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A scheduled USPS pickup of a new label: the label's id and the confirmation number. */
async function scheduled(customer: Customer, extra: Fields = {}) {
  const label = await uspsLabel(customer);
  const response = await schedule(customer, label.id, extra);
  expect(response.json(), response.body).toMatchObject({ code: 0 });
  return { id: label.id, confirmation: response.json().data.ConfirmationNumber as string };
}

describe('CarrierPickupAvailability', () => {
  it("answers USPS's first day at an eligible address, USPS's description at one it does not serve, and 'Service exception!' when USPS is down", async () => {
    const customer = await newCustomer(t.app);
    const eligible = await send('/openapi/USPS/CarrierPickupAvailability', ADDRESS, customer);
    expect(eligible.json()).toEqual({
      code: 0,
      errorcode: 0,
      message: 'success',
      data: { CarrierPickupAvailabilityResponse: { CarrierRoute: '', Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), DayOfWeek: expect.stringMatching(/day$/) } },
    });
    const notServed = await send('/openapi/USPS/CarrierPickupAvailability', { ...ADDRESS, zip5: '00000' }, customer);
    expect(notServed.json()).toEqual({ code: 0, errorcode: 0, message: SIMULATOR_DESCRIPTIONS.notEligible, data: { Error: { Description: SIMULATOR_DESCRIPTIONS.notEligible } } });
    const poBox = await send('/openapi/USPS/CarrierPickupAvailability', { ...ADDRESS, address1: 'PO Box 12' }, customer);
    expect(poBox.json().data.Error.Description).toBe(SIMULATOR_DESCRIPTIONS.poBox);

    usps().failNext('checkEligibility', 'UNAVAILABLE');
    const down = await send('/openapi/USPS/CarrierPickupAvailability', ADDRESS, customer);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ errorcode: -1, message: 'Service exception!' });
    expect((await postForm(t.app, '/openapi/USPS/CarrierPickupAvailability', ADDRESS)).statusCode).toBe(401);
  });
});

describe('CarrierPickupSchedule', () => {
  it("schedules a free pickup: confirmation, the label's pickupId, the label's weight, and the customer's mail", async () => {
    const customer = await newCustomer(t.app);
    const label = await uspsLabel(customer);
    const response = await schedule(customer, label.id);
    const date = lastDay();
    expect(response.json()).toEqual({
      code: 0,
      errorcode: 0,
      message: PICKUP_MESSAGES.uspsScheduled,
      data: { ConfirmationNumber: expect.stringMatching(/^WTC\d{8}$/), Date: date, DayOfWeek: expect.stringMatching(/day$/), PackageCount: 1, Joined: false },
    });
    const confirmation = response.json().data.ConfirmationNumber;
    expect(await pickupOf(label.id)).toMatchObject({
      state: 'scheduled',
      carrier: 'USPS',
      confirmation,
      pickup_date: date,
      estimated_weight_lb: 2.5,
      service_type: 'Priority Mail',
      package_location: 'Front Door',
      phone: '4155550101',
      dropoff_code: null,
      price_cents: 0,
      payment_order_id: null,
    });
    expect((await pickupOf(label.id)).usps_etag).toBeTruthy();
    expect((await shipmentRow(label.id)).pickup_id).toBe(confirmation);
    const held = await usps().inquire(confirmation);
    expect(held).toMatchObject({ pickupDate: date, estimatedWeight: 2.5, packageLocation: 'FRONT_DOOR', specialInstructions: 'Ring twice' });
    const mail = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes('USPS pickup is scheduled'));
    expect(mail?.text).toContain(confirmation);
    expect(mail?.text).toContain(`on ${date}`);
    expect(mail?.text).toContain(`/app/ShipmentParent/shipment?shipmentdetailsid=${label.id}`);

    // One live pickup per label: a second schedule is refused, also when two arrive at once.
    expect((await schedule(customer, label.id)).json()).toMatchObject({ code: -1, message: PICKUP_SERVER_MESSAGES.hasPickup, data: { Error: { Description: PICKUP_SERVER_MESSAGES.hasPickup } } });
    // (At another address: at this one, on this day, the label would join the first one's pickup.)
    const other = await uspsLabel(customer);
    const racing = vi.spyOn(t.app.uspsPickups, 'schedule');
    try {
      const answers = await Promise.all([schedule(customer, other.id, OTHER_STREET), schedule(customer, other.id, OTHER_STREET)]);
      expect(answers.map((answer) => answer.json().code).sort()).toEqual([-1, 0]);
      expect(racing).toHaveBeenCalledTimes(1);
    } finally {
      racing.mockRestore();
    }
  });

  it('takes the weight given, USPS\'s first day in the window when no day is given, and the hub with a drop-off code at a locker', async () => {
    const customer = await newCustomer(t.app);
    const heavy = await scheduled(customer, { estimatedweight: 7, pickupdate: undefined });
    const row = await pickupOf(heavy.id);
    expect(row.estimated_weight_lb).toBe(7);
    expect(carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS')).toContain(row.pickup_date);

    const user = await t.app.db.selectFrom('users').select('locker_id').where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    const hub = await t.app.db.selectFrom('hubs').selectAll().where('id', '=', user.locker_id!).executeTakeFirstOrThrow();
    const date = carrierPickupDates(t.config.clock(), stateTimeZone(hub.state), 'USPS').at(-1)!;
    const locker = await scheduled(customer, { uselocker: 1, pickupdate: date });
    const atHub = await pickupOf(locker.id);
    expect(atHub).toMatchObject({ use_locker: 1, company: hub.business_name, street1: hub.address, city: hub.city, package_location: 'Locker' });
    expect(atHub.dropoff_code).toMatch(/^\d{6}$/);
    const answer = (await inquiry(customer, locker.id)).json();
    expect(answer.dbInfo).toMatchObject({ dropoffcode: atHub.dropoff_code, packagelocation: 'Locker' });
    expect(answer.data.CarrierPickupInquiryResponse).toMatchObject({ Address: hub.address.toUpperCase(), PackageLocation: 'Locker' });
  });

  it("refuses with the reason: another customer's label, labels not USPS, not bought or refunded, days outside the window, and USPS's own refusals", async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const label = await uspsLabel(customer);
    const refusal = async (response: Promise<Awaited<ReturnType<typeof schedule>>>) => {
      const answer = (await response).json();
      expect(answer.code).toBe(-1);
      expect(answer.data.Error.Description).toBe(answer.message);
      return answer.message as string;
    };
    expect(await refusal(schedule(intruder, label.id))).toBe(PICKUP_SERVER_MESSAGES.noSuchLabel);
    expect(await refusal(schedule(customer, (await uspsLabel(customer, { carrier: 'FedEx' })).id))).toBe(USPS_PICKUP_MESSAGES.notUsps);
    expect(await refusal(schedule(customer, (await uspsLabel(customer, { state: 'paying' })).id))).toBe(PICKUP_SERVER_MESSAGES.notBought);
    expect(await refusal(schedule(customer, (await uspsLabel(customer, { state: 'refunded' })).id))).toBe(PICKUP_SERVER_MESSAGES.refunded);
    const far = dayFromToday(10);
    expect(await refusal(schedule(customer, label.id, { pickupdate: far }))).toContain(`${far} is not one of them`);
    expect(await refusal(schedule(customer, label.id, { zip5: '00000' }))).toBe(SIMULATOR_DESCRIPTIONS.notEligible);
    expect((await pickupOf(label.id)).state).toBe('failed');
    // A refused schedule holds nothing: the label can be scheduled.
    expect((await schedule(customer, label.id)).json().code).toBe(0);

    const next = await uspsLabel(customer);
    usps().failNext('schedule', 'UNAVAILABLE');
    const down = await schedule(customer, next.id, OTHER_STREET);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ errorcode: -1, message: 'Service exception!' });
    expect((await shipmentRow(next.id)).pickup_id).toBeNull();
    expect(await t.app.db.selectFrom('pickups').select('id').where('user_id', '=', intruder.userId).execute()).toEqual([]);
  });
});

describe('CarrierPickupInquiry', () => {
  it("answers -1 without a USPS pickup (the wizard opens), USPS's record with the portal's while scheduled, and null once USPS has it cancelled", async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const none = await uspsLabel(customer);
    const nothing = await inquiry(customer, none.id);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toEqual({ errorcode: -1, message: USPS_PICKUP_MESSAGES.noUspsPickup });

    const { id, confirmation } = await scheduled(customer);
    const date = lastDay();
    const answer = (await inquiry(customer, id)).json();
    expect(answer).toEqual({
      code: 0,
      errorcode: 0,
      message: PICKUP_MESSAGES.uspsScheduled,
      data: {
        CarrierPickupInquiryResponse: {
          FirstName: 'Casey',
          LastName: 'Customer',
          FirmName: '',
          Address: '1 MAIN ST',
          SuiteOrApt: 'APT 2',
          City: 'SAN FRANCISCO',
          State: 'CA',
          ZIP5: '94105',
          Phone: '4155550101',
          ConfirmationNumber: confirmation,
          SpecialInstructions: 'Ring twice',
          Date: date,
          DayOfWeek: expect.stringMatching(/day$/),
          PackageCount: 1,
          ServiceType: 'Priority Mail',
          EstimatedWeight: 2.5,
          PackageLocation: 'Front Door',
        },
      },
      dbInfo: {
        estimatedweight: 2.5,
        address2: 'Apt 2',
        packagelocation: 'Front Door',
        dropoffcode: '',
        count: 1,
        servicetype: 'Priority Mail',
        specialinstructions: 'Ring twice',
        confirmation,
        pickupdate: date,
        status: 'scheduled',
        // Its own day among them, so that only the location or the instructions may change.
        reschedulableDates: carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS'),
        labels: [(await shipmentRow(id)).order_no],
      },
    });
    // Another customer learns nothing.
    expect((await inquiry(intruder, id)).json()).toEqual({ errorcode: -1, message: USPS_PICKUP_MESSAGES.noUspsPickup });

    // The customer cancels on USPS's site: the portal reads it as cancelled and marks it so.
    const held = await usps().inquire(confirmation);
    await usps().cancel(confirmation, held!.eTag!);
    const cancelled = (await inquiry(customer, id)).json();
    expect(cancelled).toMatchObject({ code: 0, message: PICKUP_MESSAGES.uspsCancelled, data: { CarrierPickupInquiryResponse: null }, dbInfo: { status: 'canceled', reschedulableDates: [] } });
    expect((await pickupOf(id)).state).toBe('canceled');
    // SCHEDULE NEW PICKUP: the label may be scheduled again, and its pickupId follows.
    const again = await schedule(customer, id);
    expect(again.json().code).toBe(0);
    expect((await shipmentRow(id)).pickup_id).toBe(again.json().data.ConfirmationNumber);
  });
});

describe('one USPS pickup for several labels (issue 21 item 14)', () => {
  const cancelWhole = (customer: Customer, shipmentId: number) =>
    postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: shipmentId, wholePickup: 1 }, customer.cookie);

  it("joins a label scheduled at the address and on the day of the customer's pickup: USPS comes once, counting both", async () => {
    const customer = await newCustomer(t.app);
    const first = await scheduled(customer);
    const second = await uspsLabel(customer, { service: 'GroundAdvantage' });
    const booked = vi.spyOn(t.app.uspsPickups, 'schedule');
    try {
      // The same address typed otherwise is the same place.
      const joined = await schedule(customer, second.id, { servicetype: 'USPS Ground Advantage', address1: ' 1 MAIN  st', specialinstructions: 'Ignored' });
      expect(joined.json()).toMatchObject({ code: 0, data: { ConfirmationNumber: first.confirmation, Date: lastDay(), PackageCount: 2, Joined: true } });
      expect(booked).not.toHaveBeenCalled();
    } finally {
      booked.mockRestore();
    }
    const held = await usps().inquire(first.confirmation);
    expect(held?.packages).toEqual([
      { packageType: 'PRIORITY_MAIL', count: 1 },
      { packageType: 'USPS_GROUND_ADVANTAGE', count: 1 },
    ]);
    // The pickup's own location and instructions stay: the driver is told one place.
    expect(held).toMatchObject({ estimatedWeight: 5, packageLocation: 'FRONT_DOOR', specialInstructions: 'Ring twice' });
    expect(await pickupOf(second.id)).toMatchObject({ state: 'scheduled', confirmation: first.confirmation, service_type: 'USPS Ground Advantage', package_location: 'Front Door' });
    expect((await shipmentRow(second.id)).pickup_id).toBe(first.confirmation);
    const mail = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes('joins your USPS pickup'));
    expect(mail?.text).toContain('for 2 packages');

    // Each label's details name both labels, its own first; USPS counts both.
    const [firstOrder, secondOrder] = [(await shipmentRow(first.id)).order_no, (await shipmentRow(second.id)).order_no];
    const read = (await inquiry(customer, second.id)).json();
    expect(read.dbInfo).toMatchObject({ labels: [secondOrder, firstOrder], count: 2 });
    expect(read.data.CarrierPickupInquiryResponse).toMatchObject({ ConfirmationNumber: first.confirmation, PackageCount: 2 });

    // Another street is another pickup.
    const third = await uspsLabel(customer);
    const elsewhere = (await schedule(customer, third.id, OTHER_STREET)).json();
    expect(elsewhere).toMatchObject({ code: 0, data: { PackageCount: 1, Joined: false } });
    expect(elsewhere.data.ConfirmationNumber).not.toBe(first.confirmation);
  });

  it('moves all of it on a change, takes one label off when it alone is cancelled, and cancels all of it when asked', async () => {
    const customer = await newCustomer(t.app);
    const first = await scheduled(customer);
    const labels = [first.id];
    for (let added = 0; added < 2; added += 1) {
      const label = await uspsLabel(customer);
      expect((await schedule(customer, label.id)).json()).toMatchObject({ code: 0, data: { Joined: true, PackageCount: added + 2 } });
      labels.push(label.id);
    }
    const other = carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS').at(-2)!;
    expect((await change(customer, labels[1]!, { pickupdate: other, packagelocation: 'Side Door' })).json()).toMatchObject({ code: 0 });
    for (const id of labels) expect(await pickupOf(id)).toMatchObject({ state: 'scheduled', pickup_date: other, package_location: 'Side Door' });
    expect(await usps().inquire(first.confirmation)).toMatchObject({ pickupDate: other, packageLocation: 'SIDE_DOOR', packages: [{ count: 3 }], estimatedWeight: 7.5 });

    // The first label alone: taken off, USPS still comes for the two others.
    expect((await cancel(customer, first.id)).json()).toMatchObject({ errorcode: 0 });
    expect((await pickupOf(first.id)).state).toBe('canceled');
    expect(await usps().inquire(first.confirmation)).toMatchObject({ packages: [{ count: 2 }], estimatedWeight: 5 });
    const takenOff = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes('taken off your USPS pickup'));
    expect(takenOff?.text).toContain('still comes for your other 2 packages');
    expect((await inquiry(customer, labels[1]!)).json().dbInfo).toMatchObject({ count: 2, labels: expect.any(Array) });

    // All of it, from one of its labels.
    expect((await cancelWhole(customer, labels[2]!)).json()).toMatchObject({ errorcode: 0 });
    for (const id of labels.slice(1)) expect((await pickupOf(id)).state).toBe('canceled');
    expect(await usps().inquire(first.confirmation)).toBeNull();
    const all = (await mailsOf(t)).filter((m) => m.to === customer.email && m.subject.includes('USPS pickup is cancelled'));
    expect(all).toHaveLength(1);
    expect(all[0]?.text).toContain('for 2 labels');
  });

  it('counts again from its labels after a join USPS did not answer, so a second try does not count the label twice', async () => {
    const customer = await newCustomer(t.app);
    const first = await scheduled(customer);
    const second = await uspsLabel(customer);
    // USPS changed the pickup, but its answer was lost.
    usps().failNext('update', 'UNAVAILABLE', { afterEffect: true });
    const lost = await schedule(customer, second.id);
    expect(lost.statusCode).toBe(503);
    expect(await pickupOf(second.id)).toMatchObject({ state: 'failed', confirmation: null });
    expect((await shipmentRow(second.id)).pickup_id).toBeNull();
    expect((await schedule(customer, second.id)).json()).toMatchObject({ code: 0, data: { Joined: true, PackageCount: 2 } });
    expect(await usps().inquire(first.confirmation)).toMatchObject({ packages: [{ count: 2 }] });
  });
});

describe('CarrierPickupChange', () => {
  it('moves a pickup to another day of the window with USPS, refuses a day outside it, and re-reads a stale ETag once', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const { id, confirmation } = await scheduled(customer);
    const days = carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS');
    const other = days.at(-2)!;
    const moved = await change(customer, id, { pickupdate: other });
    expect(moved.json()).toEqual({ code: 0, errorcode: 0, message: USPS_PICKUP_MESSAGES.changed });
    expect(await pickupOf(id)).toMatchObject({ pickup_date: other, package_location: 'Back Door', instructions: 'Gate code 12' });
    expect(await usps().inquire(confirmation)).toMatchObject({ pickupDate: other, packageLocation: 'BACK_DOOR', specialInstructions: 'Gate code 12', estimatedWeight: 2.5 });
    expect((await mailsOf(t)).some((m) => m.to === customer.email && m.subject.includes('USPS pickup was changed') && m.text.includes(other))).toBe(true);

    const far = dayFromToday(10);
    const outside = (await change(customer, id, { pickupdate: far })).json();
    expect(outside.code).toBe(-1);
    expect(outside.message).toContain(`${far} is not one of them`);
    expect((await pickupOf(id)).pickup_date).toBe(other);

    // Someone changed it meanwhile (412): read again once, then changed.
    usps().failNext('update', 'PRECONDITION_FAILED');
    const inquired = vi.spyOn(t.app.uspsPickups, 'inquire');
    try {
      expect((await change(customer, id, { pickupdate: days.at(-1) })).json().code).toBe(0);
      expect(inquired).toHaveBeenCalledTimes(2);
    } finally {
      inquired.mockRestore();
    }
    expect((await usps().inquire(confirmation))?.pickupDate).toBe(days.at(-1));
    expect((await change(intruder, id)).json()).toEqual({ code: -1, errorcode: -1, message: PICKUP_SERVER_MESSAGES.noScheduledPickup });
  });
});

describe('cancelPickup of a USPS pickup', () => {
  it('cancels with USPS, re-reading an ETag that has gone stale, and keeps the label\'s pickupId', async () => {
    const customer = await newCustomer(t.app);
    const { id, confirmation } = await scheduled(customer);
    // The stored ETag expires an hour after it was read.
    t.advance(ETAG_LIFETIME_MS + 60_000);
    const inquired = vi.spyOn(t.app.uspsPickups, 'inquire');
    const cancelled = vi.spyOn(t.app.uspsPickups, 'cancel');
    try {
      expect((await cancel(customer, id)).json()).toEqual({ errorcode: 0, message: PICKUP_SERVER_MESSAGES.cancelled });
      expect(inquired).toHaveBeenCalledTimes(1);
      expect(cancelled).toHaveBeenCalledTimes(2);
    } finally {
      inquired.mockRestore();
      cancelled.mockRestore();
    }
    expect(await usps().inquire(confirmation)).toBeNull();
    expect((await pickupOf(id)).state).toBe('canceled');
    expect((await shipmentRow(id)).pickup_id).toBe(confirmation);
    expect((await inquiry(customer, id)).json()).toMatchObject({ message: PICKUP_MESSAGES.uspsCancelled, data: { CarrierPickupInquiryResponse: null } });
    expect((await mailsOf(t)).some((m) => m.to === customer.email && m.subject.includes('USPS pickup is cancelled'))).toBe(true);
  });

  it("answers -2 with USPS's reason when it refuses, 'Service exception!' when it is down, and -1 for another customer", async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const { id } = await scheduled(customer);
    expect((await cancel(intruder, id)).json()).toEqual({ errorcode: -1, message: PICKUP_SERVER_MESSAGES.noScheduledPickup });
    usps().failNext('cancel', new UspsError('INVALID_REQUEST', SIMULATOR_DESCRIPTIONS.datePassed));
    expect((await cancel(customer, id)).json()).toEqual({ errorcode: -2, message: `USPS did not cancel this pickup: ${SIMULATOR_DESCRIPTIONS.datePassed}` });
    usps().failNext('cancel', 'UNAVAILABLE');
    const down = await cancel(customer, id);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe('Service exception!');
    expect(await pickupOf(id)).toMatchObject({ state: 'scheduled', cancel_claimed_at: null });
    expect((await cancel(customer, id)).json().errorcode).toBe(0);
  });
});

describe('a refund of a label with a USPS pickup', () => {
  const refund = (customer: Customer, shipmentId: number) => postForm(t.app, '/openapi/easyPost/refund', { id: shipmentId }, customer.cookie);
  const livePickupOf = (shipmentId: number) =>
    t.app.db.selectFrom('pickups').select('state').where('shipment_id', '=', shipmentId).where('state', 'in', ['booking', 'scheduled']).executeTakeFirst();

  it('is refused while the pickup is scheduled, saying to cancel it first; once it is cancelled, the refund is asked', async () => {
    const customer = await newCustomer(t.app);
    const { id, confirmation } = await scheduled(customer);
    // The fixture's label is not one the carriers simulator sold: its answer to the refund request stands in.
    const asked = vi.spyOn(t.app.carriers, 'refund').mockResolvedValue('submitted');
    try {
      expect((await refund(customer, id)).json()).toEqual({
        code: -1,
        errorcode: -1,
        message: SHIPMENT_MESSAGES.refundPickupScheduled,
        data: { refund_status: '', error: { message: SHIPMENT_MESSAGES.refundPickupScheduled } },
      });
      expect(asked).not.toHaveBeenCalled();
      expect((await shipmentRow(id)).state).toBe('bought');
      expect(await usps().inquire(confirmation)).not.toBeNull();

      expect((await cancel(customer, id)).json().errorcode).toBe(0);
      expect((await refund(customer, id)).json()).toMatchObject({ code: 0, data: { refund_status: 'submitted' } });
      expect(asked).toHaveBeenCalledTimes(1);
      expect((await shipmentRow(id)).state).toBe('refund_pending');
    } finally {
      asked.mockRestore();
    }
  });

  it('schedules the pickup or asks the refund when both arrive together, never both; a label being refunded is not picked up', async () => {
    const asked = vi.spyOn(t.app.carriers, 'refund').mockResolvedValue('submitted');
    try {
      for (let round = 0; round < 3; round += 1) {
        const customer = await newCustomer(t.app);
        const label = await uspsLabel(customer);
        const [scheduleAnswer, refundAnswer] = await Promise.all([schedule(customer, label.id), refund(customer, label.id)]);
        const state = (await shipmentRow(label.id)).state;
        const live = await livePickupOf(label.id);
        if (refundAnswer.json().code === 0) {
          expect(scheduleAnswer.json()).toMatchObject({ code: -1, message: PICKUP_SERVER_MESSAGES.refunded });
          expect(state).toBe('refund_pending');
          expect(live).toBeUndefined();
          expect((await schedule(customer, label.id)).json()).toMatchObject({ code: -1, message: PICKUP_SERVER_MESSAGES.refunded });
        } else {
          expect(refundAnswer.json().message).toBe(SHIPMENT_MESSAGES.refundPickupScheduled);
          expect(scheduleAnswer.json().code).toBe(0);
          expect(state).toBe('bought');
          expect(live).toEqual({ state: 'scheduled' });
        }
      }
    } finally {
      asked.mockRestore();
    }
  });
});
