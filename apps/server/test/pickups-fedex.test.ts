import { APP_PATHS, PICKUP_MESSAGES, PICKUP_WINDOW_MESSAGE, carrierPickupDates, SHIPMENT_MESSAGES, stateTimeZone } from '@airbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { KEEP_PICKUP_DRAFTS_MS } from '../src/jobs/clean-up.job.js';
import { CARRIER_GIVE_UP_MS as BOOKING_GIVE_UP_MS } from '../src/modules/carriers/carrier-purchase.js';
import { PICKUP_SERVER_MESSAGES } from '../src/modules/pickups/pickups.service.js';
import { toShipmentRow } from '../src/modules/shipments/shipments.wire.js';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import type { SimulatorPaymentsProvider } from '../src/providers/payments/simulator-payments-provider.js';
import { mailsOf, postForm, useTestApp, useTestDatabase } from './helper.js';
import { paymentSteps } from './payment-fixtures.js';
import { locationPath, newCustomer, operationsOf } from './ledger-fixtures.js';
import { insertShipment } from './shipment-fixtures.js';

const database = useTestDatabase();
// The simulator's trackers move only when a test says so.
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const carriers = () => t.app.carriers as SimulatorCarriersProvider;
const payments = () => t.app.payments as SimulatorPaymentsProvider;

type Customer = Awaited<ReturnType<typeof newCustomer>>;
// The answers are read as a client reads JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON answers
type Json = any;

const ORDER = {
  from: { firstName: 'Casey', lastName: 'Customer', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
  to: { firstName: 'Maria', lastName: 'Lopez', address1: '55 Elm St', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199' },
  parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
  insuredValue: 0,
};

/** Where the driver comes: the sender's address, as the wizard's address step sends it to validateAddress. */
const PICKUP_ADDRESS = { name: 'Casey Customer', street1: '1 Main St', street2: 'Apt 2', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US', phone: '415-555-0101' };

interface Label {
  id: number;
  shipmentID: string;
  orderNo: string;
}

/** A label bought through the page and the payment simulator, as Purchased Labels lists it. */
async function boughtLabel(customer: Customer, carrier: 'FedEx' | 'UPSDAP' | 'USPS' = 'FedEx'): Promise<Label> {
  const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: ORDER, headers: { cookie: customer.cookie } });
  const { draftId, rates } = rated.json().data;
  const rate = rates.find((r: { carrier: string }) => r.carrier === carrier);
  const bought = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId: rate.rateId }, headers: { cookie: customer.cookie } });
  const token = new URL(bought.json().redirectURL).searchParams.get('token')!;
  await follow(await approve(token), customer.cookie);
  const row = await labelRow(customer, draftId);
  expect(row.status_flag).toBe('1');
  return { id: draftId, shipmentID: row.shipmentID, orderNo: row.orderNo };
}

/** The label's row of Purchased Labels (userGetShipment). */
async function labelRow(customer: Customer, id: number): Promise<Json> {
  const list = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${customer.userId}&start=0&num=50`, headers: { cookie: customer.cookie } });
  return list.json().data.list.find((row: { shippingIndexID: number }) => row.shippingIndexID === id);
}

/** validateAddress as the address step calls it: the carrier's id for the address. */
async function verified(customer: Customer, address: Record<string, string> = PICKUP_ADDRESS): Promise<string> {
  const response = await postForm(t.app, '/openapi/easyPost/validateAddress', address, customer.cookie);
  expect(response.json().data.result, response.body).toBe(1);
  return response.json().data.addrId;
}

/** The last day the window allows at an address in this state, 09:00 to 16:00 there: always ahead. */
function window(state = 'CA', times: [string, string] = ['09:00:00', '16:00:00']) {
  const date = carrierPickupDates(t.config.clock(), stateTimeZone(state), 'FedEx').at(-1)!;
  return { date, minDatetime: `${date} ${times[0]}`, maxDatetime: `${date} ${times[1]}` };
}

/** A calendar day `days` from today in the zone, 'YYYY-MM-DD'. */
function dayFromToday(days: number, timeZone = stateTimeZone('CA')): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(t.config.clock());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function createPickup(customer: Customer, fields: Record<string, string | number>) {
  return postForm(t.app, '/openapi/easyPost/createPickup', fields, customer.cookie);
}

/** A FedEx pickup quoted for a new label of the customer: the createPickup answer's data. */
async function quoted(customer: Customer, extra: Record<string, string | number> = {}) {
  const label = await boughtLabel(customer);
  const { minDatetime, maxDatetime } = window();
  const response = await createPickup(customer, {
    addressId: await verified(customer),
    shipmentId: label.shipmentID,
    minDatetime,
    maxDatetime,
    reference: 'Front Door',
    instructions: 'Ring twice',
    userLocker: 0,
    ...extra,
  });
  expect(response.json(), response.body).toMatchObject({ code: 0, errorcode: 0 });
  return { label, data: response.json().data as { pickupId: string; pickup_rates: { id: string; rate: string }[] } };
}

async function payFor(customer: Customer, label: Label, pickupId: string, pickupRateId: string, extra: Record<string, string | number> = {}) {
  return postForm(t.app, '/openapi/easyPost/paypalByPickup', { shipmentId: label.shipmentID, pickupId, pickupRateId, userId: customer.userId, useLocker: 0, ...extra }, customer.cookie);
}

/** Quoted and paid for its rate: the provider's approval page's token. */
async function quotedAndPaying(customer: Customer, extra: Record<string, string | number> = {}) {
  const { label, data } = await quoted(customer, extra);
  const response = await payFor(customer, label, data.pickupId, data.pickup_rates[0]!.id);
  expect(response.json(), response.body).toMatchObject({ code: 0 });
  const token = new URL(response.json().paymentUrl).searchParams.get('token')!;
  return { label, pickupId: data.pickupId, rateId: data.pickup_rates[0]!.id, token };
}

const { approve, follow } = paymentSteps(t);

/** Purchased Labels with a pickup's result, as the return sends the browser there. */
const resultPage = (pickupId: string, message: string) => `/app${APP_PATHS.shipments.getHref({ pickupId, carrier: 'FedEx', message })}`;

const pickupRow = (providerPickupId: string) => t.app.db.selectFrom('pickups').selectAll().where('provider_pickup_id', '=', providerPickupId).executeTakeFirstOrThrow();
const paymentOrder = (id: number) => t.app.db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function checkStatus(customer: Customer, label: Label, pickupId: string) {
  return postForm(t.app, '/app/v1/checkPickupStatus', { pickupId, carrier: 'FedEx', shippingdetails_id: label.id }, customer.cookie);
}

function cancel(customer: Customer, label: Label) {
  return postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: label.id }, customer.cookie);
}

/** What the carriers simulator booked for a pickup (its own record). */
async function simulatorPickup(providerPickupId: string): Promise<Json> {
  const row = await t.app.db.selectFrom('carrier_simulator_objects').select('data').where('kind', '=', 'pickup').where('id', '=', providerPickupId).executeTakeFirstOrThrow();
  return JSON.parse(row.data);
}

describe('createPickup', () => {
  it("answers the carrier's rates for a bought FedEx label at a verified address and keeps the quote", async () => {
    const customer = await newCustomer(t.app);
    const { label, data } = await quoted(customer);
    expect(data.pickupId).toMatch(/^pickup_/);
    expect(data.pickup_rates).toEqual([{ id: expect.stringMatching(/^pickuprate_/), rate: '4.50', currency: 'USD', service: 'FedEx Pickup', carrier: 'FedEx' }]);
    const { date } = window();
    expect(await pickupRow(data.pickupId)).toMatchObject({
      user_id: customer.userId,
      shipment_id: label.id,
      carrier: 'FedEx',
      state: 'quoted',
      street1: '1 Main St',
      street2: 'Apt 2',
      address_state: 'CA',
      time_zone: 'America/Los_Angeles',
      pickup_date: date,
      min_datetime: `${date} 09:00:00`,
      max_datetime: `${date} 16:00:00`,
      package_location: 'Front Door',
      instructions: 'Ring twice',
      dropoff_code: null,
    });
    // Quoting again is allowed while nothing is booked.
    const { minDatetime, maxDatetime } = window('CA', ['10:00', '12:00']);
    const again = await createPickup(customer, { addressId: await verified(customer), shipmentId: label.shipmentID, minDatetime, maxDatetime });
    expect(again.json()).toMatchObject({ code: 0, data: { pickup_rates: [{ rate: '4.50' }] } });
    expect((await pickupRow(again.json().data.pickupId)).min_datetime).toBe(`${date} 10:00:00`);
  });

  it('refuses labels that cannot be picked up, with the reason', async () => {
    const customer = await newCustomer(t.app);
    const addressId = await verified(customer);
    const { minDatetime, maxDatetime } = window();
    const tryLabel = async (shipmentId: string) => (await createPickup(customer, { addressId, shipmentId, minDatetime, maxDatetime })).json();
    const fixture = (overrides: Parameters<typeof insertShipment>[2]) => insertShipment(t.app.db, customer.userId, overrides);

    const ups = await fixture({ carrier: 'UPS', service: 'Ground' });
    expect(await tryLabel(ups.providerShipmentId)).toEqual({ code: -1, errorcode: -1, message: 'Door-to-door pickup is currently not available for this carrier!', data: { pickupId: '', pickup_rates: [] } });
    const usps = await fixture({ carrier: 'USPS' });
    expect((await tryLabel(usps.providerShipmentId)).message).toBe(PICKUP_SERVER_MESSAGES.useUsps);
    const unpaid = await fixture({ carrier: 'FedEx', state: 'paying' });
    expect((await tryLabel(unpaid.providerShipmentId)).message).toBe(PICKUP_SERVER_MESSAGES.notBought);
    const refunded = await fixture({ carrier: 'FedEx', state: 'refunded' });
    expect((await tryLabel(refunded.providerShipmentId)).message).toBe(PICKUP_SERVER_MESSAGES.refunded);
    const pending = await fixture({ carrier: 'FedEx', state: 'refund_pending' });
    expect((await tryLabel(pending.providerShipmentId)).message).toBe(PICKUP_SERVER_MESSAGES.refunded);
    const moving = await fixture({ carrier: 'FedEx', tracker_status: 'in_transit' });
    expect((await tryLabel(moving.providerShipmentId)).message).toBe(PICKUP_SERVER_MESSAGES.inCarrierHands);
    expect((await tryLabel('shp_nobody_has_this')).message).toBe(PICKUP_SERVER_MESSAGES.noSuchLabel);
    expect(await t.app.db.selectFrom('pickups').select('id').where('user_id', '=', customer.userId).execute()).toEqual([]);
  });

  it('refuses days outside the window, weekends, past days, a window reversed or ended, and addresses not verified for this customer', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const label = await boughtLabel(customer);
    const addressId = await verified(customer);
    const tryWindow = async (minDatetime: string, maxDatetime: string, id = addressId, who = customer) =>
      (await createPickup(who, { addressId: id, shipmentId: label.shipmentID, minDatetime, maxDatetime })).json();

    const tz = stateTimeZone('CA');
    const allowed = carrierPickupDates(t.config.clock(), tz, 'FedEx');
    const saturday = [1, 2, 3, 4, 5, 6, 7].map((days) => dayFromToday(days)).find((day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 6)!;
    const outside = [saturday, dayFromToday(-1), dayFromToday(10)];
    for (const day of outside) {
      const answer = await tryWindow(`${day} 09:00:00`, `${day} 16:00:00`);
      expect(answer.code).toBe(-1);
      expect(answer.message).toContain(`${day} is not one of them`);
      expect(answer.message).toContain(allowed.at(-1));
    }
    const { date } = window();
    expect((await tryWindow(`${date} 16:00:00`, `${date} 09:00:00`)).message).toBe(PICKUP_WINDOW_MESSAGE);
    expect((await tryWindow(`${date} 09:00`, `${allowed.at(-2) ?? dayFromToday(-1)} 16:00`)).code).toBe(-1);
    // Today's window that closed at one minute past midnight, there.
    const today = allowed[0] === dayFromToday(0) ? allowed[0] : undefined;
    if (today) expect((await tryWindow(`${today} 00:00`, `${today} 00:01`)).message).toBe(PICKUP_SERVER_MESSAGES.windowEnded);

    // An unknown address id and another customer's read the same: not verified.
    expect((await tryWindow(`${date} 09:00`, `${date} 16:00`, 'adr_made_up')).message).toBe(SHIPMENT_MESSAGES.unableToVerify);
    const intrudersAddress = await verified(intruder);
    expect((await tryWindow(`${date} 09:00`, `${date} 16:00`, intrudersAddress)).message).toBe(SHIPMENT_MESSAGES.unableToVerify);
    // And the owner's label does not exist for another customer.
    expect((await tryWindow(`${date} 09:00`, `${date} 16:00`, intrudersAddress, intruder)).message).toBe(PICKUP_SERVER_MESSAGES.noSuchLabel);
    expect(await t.app.db.selectFrom('pickups').select('id').where('shipment_id', '=', label.id).execute()).toEqual([]);
  });

  it("says 'Pickup is not available for this service!' without rates and 'Service exception!' when the carrier fails", async () => {
    const customer = await newCustomer(t.app);
    const label = await boughtLabel(customer);
    const addressId = await verified(customer);
    const { minDatetime, maxDatetime } = window();
    const body = { addressId, shipmentId: label.shipmentID, minDatetime, maxDatetime };
    const none = vi.spyOn(t.app.carriers, 'createPickup').mockResolvedValueOnce({ pickupId: 'pickup_without_rates', status: 'unknown', rates: [] });
    try {
      expect((await createPickup(customer, body)).json()).toMatchObject({ code: -1, message: PICKUP_MESSAGES.notAvailable });
    } finally {
      none.mockRestore();
    }
    carriers().failNext('createPickup', 'UNAVAILABLE');
    const logsBefore = t.logs.length;
    const down = await createPickup(customer, body);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ errorcode: -1, message: 'Service exception!' });
    expect(t.logs.slice(logsBefore).some((line) => line.includes('pickup creation failed'))).toBe(true);
    expect(await t.app.db.selectFrom('pickups').select('id').where('shipment_id', '=', label.id).execute()).toEqual([]);
  });

  it("gives the customer's hub as the address and a drop-off code when the package waits in a locker", async () => {
    const customer = await newCustomer(t.app);
    const user = await t.app.db.selectFrom('users').select('locker_id').where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    const hub = await t.app.db.selectFrom('hubs').selectAll().where('id', '=', user.locker_id!).executeTakeFirstOrThrow();
    const date = carrierPickupDates(t.config.clock(), stateTimeZone(hub.state), 'FedEx').at(-1)!;
    const { label, data } = await quoted(customer, { userLocker: 1, reference: 'Locker', minDatetime: `${date} 09:00`, maxDatetime: `${date} 16:00` });
    const row = await pickupRow(data.pickupId);
    expect(row).toMatchObject({ use_locker: 1, company: hub.business_name, street1: hub.address, city: hub.city, address_state: hub.state, zip: hub.zip_code, name: 'Casey Customer' });
    expect(row.dropoff_code).toMatch(/^\d{6}$/);

    // Paid and booked: the details and the mail give the code.
    const payment = await payFor(customer, label, data.pickupId, data.pickup_rates[0]!.id, { useLocker: 1 });
    const token = new URL(payment.json().paymentUrl).searchParams.get('token')!;
    await follow(await approve(token), customer.cookie);
    const status = (await checkStatus(customer, label, data.pickupId)).json();
    expect(status).toMatchObject({ errorcode: 0, dropoffCode: row.dropoff_code, data: { status: 'scheduled', reference: 'Locker', address: { company: hub.business_name } } });
    const mail = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes('pickup is scheduled'));
    expect(mail?.text).toContain(`drop-off code ${row.dropoff_code}`);
  });
});

describe('paypalByPickup and the payment', () => {
  it('opens a payment order priced from the stored rate, and answers the same page while it is open', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const { label, data } = await quoted(customer);
    const rateId = data.pickup_rates[0]!.id;
    // A price in the request is not read.
    const response = await payFor(customer, label, data.pickupId, rateId, { rate: '0.01', amount: 1 });
    expect(response.json()).toEqual({ code: 0, errorcode: 0, message: 'success', paymentUrl: expect.stringContaining('/app/v1/payments/simulator?token=') });
    const paying = await pickupRow(data.pickupId);
    expect(paying).toMatchObject({ state: 'paying', rate_id: rateId, price_cents: 450, service_type: 'FedEx Pickup' });
    const order = await paymentOrder(paying.payment_order_id!);
    expect(order).toMatchObject({ purpose: 'pickup', amount_cents: 450, status: 'created', user_id: customer.userId, plan: null });
    const token = new URL(response.json().paymentUrl).searchParams.get('token')!;
    expect((await payments().findOrder(token))?.description).toContain(`FedEx pickup for label ${label.orderNo}`);

    const again = await payFor(customer, label, data.pickupId, rateId);
    expect(again.json().paymentUrl).toBe(response.json().paymentUrl);
    const orders = await t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', customer.userId).where('purpose', '=', 'pickup').execute();
    expect(orders).toHaveLength(1);

    expect((await payFor(customer, label, data.pickupId, 'pickuprate_made_up')).statusCode).toBe(400);
    // Another customer: no such pickup, and no order of theirs.
    expect((await payFor(intruder, label, data.pickupId, rateId)).json()).toEqual({ code: -1, errorcode: -1, message: PICKUP_SERVER_MESSAGES.noSuchPickup, paymentUrl: '' });
    expect(await t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', intruder.userId).execute()).toEqual([]);
    expect((await postForm(t.app, '/openapi/easyPost/paypalByPickup', { shipmentId: label.shipmentID, pickupId: data.pickupId, pickupRateId: rateId })).statusCode).toBe(401);
  });

  it('captures once, books the pickup, sets the label\'s pickupId, writes the ledger row and mails the customer; a replayed or forged return changes nothing', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const { label, pickupId, token } = await quotedAndPaying(customer);
    const booked = vi.spyOn(t.app.carriers, 'buyPickup');
    try {
      const returnPath = await approve(token);
      // Someone else's browser following the return: nothing is captured.
      expect(await follow(returnPath, intruder.cookie)).toBe('/app/payCancel');
      expect((await pickupRow(pickupId)).state).toBe('paying');

      expect(await follow(returnPath, customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.successful));
      const scheduled = await pickupRow(pickupId);
      expect(scheduled.state).toBe('scheduled');
      expect(scheduled.confirmation).toMatch(/^PRP\d{8}$/);
      expect(await paymentOrder(scheduled.payment_order_id!)).toMatchObject({ status: 'captured' });
      // The label's line, then the pickup's fee naming the pickup.
      expect(await operationsOf(t.app, customer.userId)).toEqual([
        expect.objectContaining({ op_type: 3, shipment_id: label.id, pickup_id: null }),
        expect.objectContaining({ op_type: 3, quote_cents: 450, payment_order_id: scheduled.payment_order_id, shipment_id: null, pickup_id: scheduled.id }),
      ]);
      const row = await labelRow(customer, label.id);
      expect(row).toMatchObject({ pickupId, pickupNote: '' });

      const status = await checkStatus(customer, label, pickupId);
      const { date } = window();
      expect(status.json()).toEqual({
        errorcode: 0,
        message: 'success',
        dropoffCode: '',
        data: {
          status: 'scheduled',
          address: { name: 'Casey Customer', company: '', street1: '1 Main St', street2: 'Apt 2', city: 'San Francisco', state: 'CA', zip: '94105', phone: '415-555-0101' },
          pickup_rates: [{ id: scheduled.rate_id, rate: '4.50', currency: 'USD', service: 'FedEx Pickup', carrier: 'FedEx' }],
          min_datetime: `${date} 09:00:00`,
          max_datetime: `${date} 16:00:00`,
          instructions: 'Ring twice',
          reference: 'Front Door',
          confirmation: scheduled.confirmation,
          carrier: 'FedEx',
          service: 'FedEx Pickup',
          price: '4.50',
          timeZone: 'America/Los_Angeles',
          note: '',
          canCancel: true,
        },
      });
      const mail = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes('pickup is scheduled'));
      expect(mail?.text).toContain(scheduled.confirmation!);
      expect(mail?.text).toContain(`on ${date} between 09:00 and 16:00`);
      expect(mail?.text).toContain('1 Main St, Apt 2, San Francisco, CA 94105');

      // The return again, a return with a made-up token, and the job: nothing more.
      expect(await follow(returnPath, customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.successful));
      expect(await follow('/app/v1/payments/return?token=SIMFORGED000', customer.cookie)).toBe('/app/payCancel');
      t.advance(3 * 60 * 1000);
      await t.app.jobs.drain();
      expect(booked).toHaveBeenCalledTimes(1);
      expect(await operationsOf(t.app, customer.userId)).toHaveLength(2);
      expect((await payments().findOrder(token))?.status).toBe('COMPLETED');
    } finally {
      booked.mockRestore();
    }
    // The details belong to their owner only.
    expect((await checkStatus(intruder, label, pickupId)).json()).toEqual({ errorcode: -1, message: PICKUP_SERVER_MESSAGES.noSuchPickup });
    expect((await checkStatus(intruder, label, pickupId)).statusCode).toBe(404);
    expect((await cancel(intruder, label)).statusCode).toBe(404);
    expect((await pickupRow(pickupId)).state).toBe('scheduled');
    // A label with a pickup booked is not quoted again.
    const { minDatetime, maxDatetime } = window();
    const again = await createPickup(customer, { addressId: await verified(customer), shipmentId: label.shipmentID, minDatetime, maxDatetime });
    expect(again.json().message).toBe(PICKUP_SERVER_MESSAGES.hasPickup);
  });

  it('refunds the payment once when the carrier refuses the pickup after the capture, and the label says why', async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId, token } = await quotedAndPaying(customer);
    carriers().failNext('buyPickup', 'INVALID_REQUEST');
    const returnPath = await approve(token);
    const note = 'The carrier refused this pickup (the carrier declined to book it). Your payment of $4.50 was refunded.';
    expect(await follow(returnPath, customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.notBooked));

    const failed = await pickupRow(pickupId);
    expect(failed).toMatchObject({ state: 'failed', note });
    const order = await paymentOrder(failed.payment_order_id!);
    expect(order).toMatchObject({ status: 'refunded', refund_request_id: `refund-${order.id}` });
    expect(await payments().refundsOf(order.capture_id!)).toEqual([{ requestId: `refund-${order.id}`, amountCents: 450, currency: 'USD' }]);
    expect(await labelRow(customer, label.id)).toMatchObject({ pickupId: '', pickupNote: note });
    const status = (await checkStatus(customer, label, pickupId)).json();
    expect(status.data).toMatchObject({ status: 'failed', note, canCancel: false });

    // The return again and the refund job: still one refund, no ledger row for the pickup.
    expect(await follow(returnPath, customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.notBooked));
    const mails = (await mailsOf(t)).filter((m) => m.to === customer.email && m.subject.includes('could not be booked'));
    expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
    expect((await operationsOf(t.app, customer.userId)).filter((op) => op.payment_order_id === order.id)).toEqual([]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(note);

    // A new pickup can be booked for the label, and the note goes once it is.
    const { minDatetime, maxDatetime } = window();
    const next = await createPickup(customer, { addressId: await verified(customer), shipmentId: label.shipmentID, minDatetime, maxDatetime });
    const paid = await payFor(customer, label, next.json().data.pickupId, next.json().data.pickup_rates[0].id);
    await follow(await approve(new URL(paid.json().paymentUrl).searchParams.get('token')!), customer.cookie);
    expect(await labelRow(customer, label.id)).toMatchObject({ pickupId: next.json().data.pickupId, pickupNote: '' });
  });

  it('cancels with the carrier a pickup it booked before refusing it, once, and refunds the payment once', async () => {
    const customer = await newCustomer(t.app);
    const { pickupId, token } = await quotedAndPaying(customer);
    // npm run carrier -- fail buyPickup INVALID_REQUEST --after
    await carriers().failNextDurably('buyPickup', 'INVALID_REQUEST', { afterEffect: true });
    const cancels = vi.spyOn(t.app.carriers, 'cancelPickup');
    try {
      const returnPath = await approve(token);
      expect(await follow(returnPath, customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.notBooked));
      const failed = await pickupRow(pickupId);
      expect(failed.state).toBe('failed');
      const order = await paymentOrder(failed.payment_order_id!);
      expect(order.status).toBe('refunded');
      // The carrier booked it before it answered the refusal: that booking is cancelled.
      expect((await simulatorPickup(pickupId)).status).toBe('canceled');

      // The return again, and every job due: one cancel, one refund.
      await follow(returnPath, customer.cookie);
      t.advance(60 * 60 * 1000);
      await t.app.jobs.drain();
      expect(cancels).toHaveBeenCalledTimes(1);
      expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
      expect(await pickupRow(pickupId)).toMatchObject({ state: 'failed' });
    } finally {
      cancels.mockRestore();
    }
  });

  it('asks the carrier again with its job to cancel a booking it made before refusing, when it does not answer at first', async () => {
    const customer = await newCustomer(t.app);
    const { pickupId, token } = await quotedAndPaying(customer);
    carriers().failNext('buyPickup', 'INVALID_REQUEST', { afterEffect: true });
    carriers().failNext('cancelPickup', 'UNAVAILABLE');
    await follow(await approve(token), customer.cookie);
    const failed = await pickupRow(pickupId);
    expect(failed.state).toBe('failed');
    expect((await paymentOrder(failed.payment_order_id!)).status).toBe('refunded');
    expect((await simulatorPickup(pickupId)).status).toBe('scheduled');

    t.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    expect((await simulatorPickup(pickupId)).status).toBe('canceled');
  });

  it('finishes a booking whose answer was lost with the job, without booking twice', async () => {
    const customer = await newCustomer(t.app);
    const { pickupId, token } = await quotedAndPaying(customer);
    carriers().failNext('buyPickup', 'UNAVAILABLE', { afterEffect: true });
    expect(await follow(await approve(token), customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.booking));
    expect((await pickupRow(pickupId)).state).toBe('booking');
    const first = await simulatorPickup(pickupId);
    expect(first.status).toBe('scheduled');

    await t.app.jobs.drain();
    expect((await pickupRow(pickupId)).state).toBe('booking');
    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    const scheduled = await pickupRow(pickupId);
    expect(scheduled.state).toBe('scheduled');
    // The carrier's one booking: the confirmation it gave the first time.
    expect(scheduled.confirmation).toBe(first.bought.confirmation);
    expect((await simulatorPickup(pickupId)).bought.confirmation).toBe(first.bought.confirmation);
    expect((await operationsOf(t.app, customer.userId)).filter((op) => op.payment_order_id === scheduled.payment_order_id)).toHaveLength(1);
  });

  it('gives the money back when the carrier has not answered for two hours', async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId, token } = await quotedAndPaying(customer);
    carriers().failNext('buyPickup', 'UNAVAILABLE');
    carriers().failNext('buyPickup', 'UNAVAILABLE');
    expect(await follow(await approve(token), customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.booking));
    t.advance(BOOKING_GIVE_UP_MS);
    await t.app.jobs.drain();
    const failed = await pickupRow(pickupId);
    expect(failed.state).toBe('failed');
    expect(failed.note).toContain('the carrier did not answer for two hours');
    expect((await paymentOrder(failed.payment_order_id!)).status).toBe('refunded');
    // (The session has gone idle meanwhile: the row as the list would show it.)
    const shipment = await t.app.db.selectFrom('shipments').selectAll().where('id', '=', label.id).executeTakeFirstOrThrow();
    expect(toShipmentRow(shipment, { dropOff: null, qrCode: false, returnOf: '' }).pickupNote).toBe(failed.note);
  });

  it('cancels a booking whose answer comes only after the pickup was given up and refunded', async () => {
    const customer = await newCustomer(t.app);
    const { pickupId, token } = await quotedAndPaying(customer);
    const buyPickup = t.app.carriers.buyPickup.bind(t.app.carriers);
    let answer!: () => void;
    const slow = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The return's booking: the carrier takes two hours and more to answer it.
    const booked = vi.spyOn(t.app.carriers, 'buyPickup').mockImplementationOnce(async (...args) => {
      await slow;
      return buyPickup(...args);
    });
    try {
      const returned = follow(await approve(token), customer.cookie);
      await vi.waitFor(() => expect(booked).toHaveBeenCalledTimes(1));
      // Meanwhile the job gives up: failed, refunded, and nothing booked to cancel yet.
      t.advance(BOOKING_GIVE_UP_MS);
      carriers().failNext('buyPickup', 'UNAVAILABLE');
      await t.app.jobs.drain();
      const failed = await pickupRow(pickupId);
      expect(failed.state).toBe('failed');
      expect((await paymentOrder(failed.payment_order_id!)).status).toBe('refunded');
      expect((await simulatorPickup(pickupId)).status).toBe('unknown');

      answer();
      await returned;
      expect(await pickupRow(pickupId)).toMatchObject({ state: 'failed' });
      // The carrier booked it after all: the customer has their money back, so it is cancelled.
      expect((await simulatorPickup(pickupId)).status).toBe('canceled');
      expect((await operationsOf(t.app, customer.userId)).filter((op) => op.payment_order_id === failed.payment_order_id)).toEqual([]);
    } finally {
      booked.mockRestore();
    }
  });

  it('puts the pickup back to quoted when the payer cancels at the provider, and it can be paid again', async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId, rateId, token } = await quotedAndPaying(customer);
    const cancelled = await postForm(t.app, '/app/v1/payments/simulator/cancel', { token });
    expect(await follow(locationPath(cancelled.headers.location), customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.paymentCancelled));
    expect(await pickupRow(pickupId)).toMatchObject({ state: 'quoted', payment_url: null });
    expect((await checkStatus(customer, label, pickupId)).json().data.status).toBe('quoted');

    const again = await payFor(customer, label, pickupId, rateId);
    const newToken = new URL(again.json().paymentUrl).searchParams.get('token')!;
    expect(newToken).not.toBe(token);
    expect(await follow(await approve(newToken), customer.cookie)).toBe(resultPage(pickupId, PICKUP_MESSAGES.successful));
  });

  it('gives up a payment left open for another quote of the same label: one live pickup per label', async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId: firstId, token: firstToken } = await quotedAndPaying(customer);
    const { minDatetime, maxDatetime } = window();
    const second = await createPickup(customer, { addressId: await verified(customer), shipmentId: label.shipmentID, minDatetime, maxDatetime });
    const { pickupId, pickup_rates } = second.json().data;
    const paid = await payFor(customer, label, pickupId, pickup_rates[0].id);
    expect(paid.json().code).toBe(0);
    expect(await pickupRow(firstId)).toMatchObject({ state: 'quoted' });
    // The first order, approved anyway, captures nothing.
    expect(await follow(await approve(firstToken), customer.cookie)).toBe(resultPage(firstId, PICKUP_MESSAGES.paymentCancelled));
    const first = await pickupRow(firstId);
    expect((await paymentOrder(first.payment_order_id!)).status).toBe('cancelled');
    await follow(await approve(new URL(paid.json().paymentUrl).searchParams.get('token')!), customer.cookie);
    expect((await pickupRow(pickupId)).state).toBe('scheduled');
    expect((await payFor(customer, label, firstId, first.rates.length > 0 ? JSON.parse(first.rates)[0].rateId : '')).json().message).toBe(PICKUP_SERVER_MESSAGES.hasPickup);
  });
});

describe('cancelPickup', () => {
  async function scheduledPickup(customer: Customer) {
    const { label, pickupId, token } = await quotedAndPaying(customer);
    await follow(await approve(token), customer.cookie);
    expect((await pickupRow(pickupId)).state).toBe('scheduled');
    return { label, pickupId };
  }

  it('cancels with the carrier once, keeps the payment (not refundable) and the label\'s pickupId, and tells the customer', async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId } = await scheduledPickup(customer);
    const cancelled = vi.spyOn(t.app.carriers, 'cancelPickup');
    try {
      const answers = await Promise.all([cancel(customer, label), cancel(customer, label)]);
      expect(answers.map((answer) => answer.json().errorcode).filter((code) => code === 0)).toHaveLength(1);
      expect(cancelled).toHaveBeenCalledTimes(1);
    } finally {
      cancelled.mockRestore();
    }
    const row = await pickupRow(pickupId);
    expect(row.state).toBe('canceled');
    expect((await simulatorPickup(pickupId)).status).toBe('canceled');
    expect((await paymentOrder(row.payment_order_id!)).status).toBe('captured');
    expect((await labelRow(customer, label.id)).pickupId).toBe(pickupId);
    expect((await checkStatus(customer, label, pickupId)).json().data).toMatchObject({ status: 'canceled', canCancel: false });
    const mail = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes('pickup is cancelled'));
    expect(mail?.text).toContain('not refunded');
    // Nothing left to cancel.
    expect((await cancel(customer, label)).json()).toEqual({ errorcode: -1, message: PICKUP_SERVER_MESSAGES.noScheduledPickup });
  });

  it("answers -2 with the carrier's reason when it refuses, and the pickup stays scheduled", async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId } = await scheduledPickup(customer);
    carriers().failNext('cancelPickup', 'INVALID_REQUEST');
    const refusedAnswer = (await cancel(customer, label)).json();
    expect(refusedAnswer.errorcode).toBe(-2);
    expect(refusedAnswer.message).toContain('The carrier did not cancel this pickup');
    expect(await pickupRow(pickupId)).toMatchObject({ state: 'scheduled', cancel_claimed_at: null });
    expect((await cancel(customer, label)).json().errorcode).toBe(0);
  });
});

describe('a refund of a label with a FedEx pickup', () => {
  const refund = (customer: Customer, label: Label) => postForm(t.app, '/openapi/easyPost/refund', { id: label.id }, customer.cookie);
  const shipmentState = (label: Label) => t.app.db.selectFrom('shipments').select(['state', 'refund_status']).where('id', '=', label.id).executeTakeFirstOrThrow();
  const refusal = { code: -1, errorcode: -1, message: SHIPMENT_MESSAGES.refundPickupScheduled, data: { refund_status: '', error: { message: SHIPMENT_MESSAGES.refundPickupScheduled } } };

  it('is refused while a paid pickup is scheduled, saying to cancel it first; once it is cancelled, the refund is asked', async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId, token } = await quotedAndPaying(customer);
    await follow(await approve(token), customer.cookie);
    expect((await pickupRow(pickupId)).state).toBe('scheduled');

    expect((await refund(customer, label)).json()).toEqual(refusal);
    expect(await shipmentState(label)).toEqual({ state: 'bought', refund_status: '' });
    expect(await carriers().getRefundStatus(label.shipmentID)).toBeNull();
    expect((await pickupRow(pickupId)).state).toBe('scheduled');
    expect((await simulatorPickup(pickupId)).status).toBe('scheduled');

    expect((await cancel(customer, label)).json().errorcode).toBe(0);
    expect((await refund(customer, label)).json()).toMatchObject({ code: 0, data: { refund_status: 'submitted' } });
    expect(await shipmentState(label)).toEqual({ state: 'refund_pending', refund_status: 'submitted' });
    expect(await carriers().getRefundStatus(label.shipmentID)).toBe('submitted');
  });

  it('does not book a pickup whose payment comes through after the refund was asked: the payment goes back', async () => {
    const customer = await newCustomer(t.app);
    const { label, pickupId, token } = await quotedAndPaying(customer);
    expect((await refund(customer, label)).json()).toMatchObject({ code: 0 });
    const booked = vi.spyOn(t.app.carriers, 'buyPickup');
    let page: string;
    try {
      page = await follow(await approve(token), customer.cookie);
      expect(booked).not.toHaveBeenCalled();
    } finally {
      booked.mockRestore();
    }
    const pickup = await pickupRow(pickupId);
    expect(pickup.state).toBe('failed');
    expect(pickup.note).toContain('not booked');
    expect(pickup.note).toContain('Your payment of $4.50 was refunded.');
    expect(page).toContain(`pickupId=${pickupId}`);
    expect((await labelRow(customer, label.id)).pickupNote).toBe(pickup.note);
    const order = await paymentOrder(pickup.payment_order_id!);
    expect(order.status).toBe('refunded');
    expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
    expect((await shipmentState(label)).state).toBe('refund_pending');
    expect((await operationsOf(t.app, customer.userId)).filter((op) => op.payment_order_id === order.id)).toEqual([]);
  });

  it("lets one of a pickup payment's return and a refund through when they arrive together, never both", async () => {
    for (let round = 0; round < 3; round += 1) {
      const customer = await newCustomer(t.app);
      const { label, pickupId, token } = await quotedAndPaying(customer);
      const returnPath = await approve(token);
      const [, refunded] = await Promise.all([follow(returnPath, customer.cookie), refund(customer, label)]);
      const pickup = await pickupRow(pickupId);
      const order = await paymentOrder(pickup.payment_order_id!);
      if (refunded.json().code === 0) {
        expect((await shipmentState(label)).state).toBe('refund_pending');
        expect(pickup.state).toBe('failed');
        expect(order.status).toBe('refunded');
      } else {
        expect(refunded.json()).toEqual(refusal);
        expect((await shipmentState(label)).state).toBe('bought');
        expect(pickup.state).toBe('scheduled');
        expect(order.status).toBe('captured');
      }
    }
  });
});

describe('the clean-up job', () => {
  // Last in this file: it moves the clock a week on.
  it('forgets addresses verified and quotes left unpaid a week ago, and keeps booked pickups', async () => {
    const customer = await newCustomer(t.app);
    const { data: quote } = await quoted(customer);
    const { pickupId: booked, token } = await quotedAndPaying(customer);
    await follow(await approve(token), customer.cookie);
    const addresses = () => t.app.db.selectFrom('verified_addresses').select('address_id').where('user_id', '=', customer.userId).execute();
    expect((await addresses()).length).toBeGreaterThan(0);

    t.advance(KEEP_PICKUP_DRAFTS_MS - 60 * 60 * 1000);
    await t.app.jobs.drain();
    expect((await addresses()).length).toBeGreaterThan(0);
    t.advance(2 * 60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await addresses()).toEqual([]);
    expect(await t.app.db.selectFrom('pickups').select('id').where('provider_pickup_id', '=', quote.pickupId).execute()).toEqual([]);
    expect((await pickupRow(booked)).state).toBe('scheduled');
  });
});
