import { DAY_MS, DROP_OFF_ERRORCODE, DROP_OFF_MESSAGES, shipmentStatus } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { advanceDueSimulatedLabels } from '../src/jobs/carrier-simulator-advance.job.js';
import { bookHubPickups, heldAtHub } from '../src/modules/shipments/hub-pickups.service.js';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import { buildTestApp, mailsOf, postForm, rawMailsTo, useTestApp, useTestDatabase } from './helper.js';
import { unzip } from './pkpass.js';
import { newCustomer } from './ledger-fixtures.js';

/*
 * Drop it off at your hub (issue 23 item 1), on SQLite and PostgreSQL: a label bought with a
 * drop-off, the controller's compartment request and parcel-in report, 'Dropped off at <hub>',
 * the hub's daily pickup and the carrier's first scan; the codes that open nothing, the refund
 * refused once the parcel is in, and the races.
 */

const database = useTestDatabase();
const KEY = 'drop-off-locker-key-0123456789';
// The simulator's trackers move only when a test says so.
const t = useTestApp(database, { lockerApiKeys: [KEY], carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const carriers = () => t.app.carriers as SimulatorCarriersProvider;

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const ORDER = {
  from: { firstName: 'Casey', lastName: 'Customer', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
  to: { firstName: 'Maria', lastName: 'Lopez', address1: '55 Elm St', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199' },
  parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
  insuredValue: 0,
};

async function hubOf(customer: Customer): Promise<{ id: string; business_name: string }> {
  const user = await t.app.db.selectFrom('users').select('locker_id').where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
  return t.app.db.selectFrom('hubs').select(['id', 'business_name']).where('id', '=', user.locker_id!).executeTakeFirstOrThrow();
}

async function rate(customer: Customer, order = ORDER) {
  const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: order, headers: { cookie: customer.cookie } });
  return rated.json().data as { draftId: number; rates: { rateId: string; carrier: string }[] };
}

function buy(customer: Customer, draftId: number, rateId: string, dropOffHubId?: string) {
  return t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId, ...(dropOffHubId ? { dropOffHubId } : {}) }, headers: { cookie: customer.cookie } });
}

/** A label bought for a drop-off at the customer's hub through the payment simulator: its id and the row Purchased Labels lists. */
async function dropOffLabel(customer: Customer, carrier: 'USPS' | 'FedEx' = 'USPS') {
  const hub = await hubOf(customer);
  const { draftId, rates } = await rate(customer);
  const bought = await buy(customer, draftId, rates.find((r) => r.carrier === carrier)!.rateId, hub.id);
  expect(bought.statusCode).toBe(200);
  const token = new URL(bought.json().redirectURL).searchParams.get('token')!;
  const approved = await postForm(t.app, '/app/v1/payments/simulator/approve', { token });
  await t.app.inject({ method: 'GET', url: String(approved.headers.location), headers: { cookie: customer.cookie } });
  const row = await labelRow(customer, draftId);
  expect(row.status_flag).toBe('1');
  return { id: draftId, hub, code: row.dropOff.code as string, trackingCode: row.trackingNum as string, orderNo: row.orderNo as string };
}

async function labelRow(customer: Customer, id: number) {
  const list = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${customer.userId}&start=0&num=50`, headers: { cookie: customer.cookie } });
  return list.json().data.list.find((row: { shippingIndexID: number }) => row.shippingIndexID === id);
}

const controller = (path: 'open' | 'in', payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/app/v1/locker/dropOffs/${path}`, payload, headers: { 'x-api-key': KEY } });

const refund = (customer: Customer, id: number) => postForm(t.app, '/openapi/easyPost/refund', { id }, customer.cookie);

describe('buying a label with a drop-off at the hub', () => {
  it('gives a drop-off code on the label row and in the mail, valid for 14 days', async () => {
    const customer = await newCustomer(t.app, { notify_by_email: 1 });
    const label = await dropOffLabel(customer);
    const row = await labelRow(customer, label.id);
    expect(row.dropOff).toMatchObject({ hubId: label.hub.id, hubName: label.hub.business_name, state: 'waiting', droppedOffAt: '' });
    expect(label.code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    expect(new Date(row.dropOff.validUntil).getTime() - t.config.clock().getTime()).toBeGreaterThan(13 * DAY_MS);
    // No carrier pickup to schedule: the hub's daily pickup takes it.
    expect(shipmentStatus(row)).toBe('label created');
    const mail = (await mailsOf(t)).find((m) => m.to === customer.email && m.subject.includes(label.orderNo));
    expect(mail?.text).toContain(`show drop-off code ${label.code}`);
    expect(mail?.text).toContain(label.hub.business_name);
    // Its QR code, for the locker's scanner, attached as a PNG.
    expect((await rawMailsTo(t, customer.email)).join('\n')).toContain(`filename=drop-off-${label.orderNo}-qr-code.png`);
    // Only its SHA-256 is looked up; the code itself is not stored in the clear.
    const stored = await t.app.db.selectFrom('hub_drop_offs').selectAll().where('shipment_id', '=', label.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(label.code.replace('-', ''));
  });

  it('lists the code on the wallet pass until a compartment was opened for it', async () => {
    const customer = await newCustomer(t.app);
    const label = await dropOffLabel(customer);
    const backFields = async () => {
      const link = (await t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${customer.userId}&OS=mac`, headers: { cookie: customer.cookie } })).json().data as string;
      const pass = await t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length) });
      return (JSON.parse(unzip(pass.rawPayload).get('pass.json')!.toString('utf8')) as { generic: { backFields: { key: string; label: string; value: string }[] } }).generic.backFields;
    };
    const field = (await backFields()).find((candidate) => candidate.key === 'dropOff1');
    expect(field?.label).toBe(`Drop off ${label.orderNo}`);
    expect(field?.value).toContain(`Drop-off code: ${label.code}`);
    expect(field?.value).toContain(label.hub.business_name);
    await controller('open', { hubId: label.hub.id, code: label.code });
    expect((await backFields()).some((candidate) => candidate.key.startsWith('dropOff'))).toBe(false);
  });

  it('refuses a hub the customer may not choose, and a parcel no compartment holds', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, rates } = await rate(customer);
    const unknown = await buy(customer, draftId, rates[0]!.rateId, 'no-such-hub');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain(DROP_OFF_MESSAGES.hubNotAllowed);
    const big = await rate(customer, { ...ORDER, parcel: { length: 30, width: 20, height: 20, weightLb: 10, weightOz: 0 } });
    const refused = await buy(customer, big.draftId, big.rates[0]!.rateId, (await hubOf(customer)).id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain(DROP_OFF_MESSAGES.tooBig);
  });
});

describe('the controller at the hub', () => {
  it('opens one compartment of the right size with the label ZPL, records the parcel in, and the label reads Dropped off until the carrier scans it after the hub pickup', async () => {
    const customer = await newCustomer(t.app);
    const label = await dropOffLabel(customer);
    const opened = await controller('open', { hubId: label.hub.id, code: label.code.toLowerCase() });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ errorcode: 0, orderNo: label.orderNo, carrier: 'USPS', trackingCode: label.trackingCode, compartment: 'medium', parcel: { length: 12, width: 10, height: 6, weight: 40 } });
    expect(opened.json().labelZpl).toMatch(/^\^XA[\s\S]*\^XZ\s*$/);
    expect((await labelRow(customer, label.id)).dropOff.state).toBe('opening');

    const dropped = await controller('in', { hubId: label.hub.id, code: label.code, door: { column: 'C', row: 2, low: true } });
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toMatchObject({ errorcode: 0, orderNo: label.orderNo, door: { column: 'C', row: 2, low: true } });
    const row = await labelRow(customer, label.id);
    expect(row.dropOff).toMatchObject({ state: 'dropped_off', code: '' });
    expect(shipmentStatus(row)).toBe(`Dropped off at ${label.hub.business_name}`);

    // The carrier has not got it: the simulator does not scan it before the hub's pickup.
    const context = { ...t.app, db: t.app.db, config: { ...t.config, carriers: { provider: 'simulator' as const, webhookSecret: undefined, stepMinutes: 1 } } };
    t.advance(2 * 60_000);
    expect([...(await heldAtHub(t.app.db, [label.trackingCode]))]).toEqual([label.trackingCode]);
    await advanceDueSimulatedLabels(context);
    expect((await carriers().track({ trackingCode: label.trackingCode })).status).toBe('pre_transit');

    // The daily pickup: one per hub and carrier, booked through the USPS pickup adapter.
    const booked = await bookHubPickups({ ...t.app, config: t.config }, { now: true });
    const mine = booked.find((pickup) => pickup.hub_id === label.hub.id && pickup.carrier === 'USPS');
    expect(mine).toMatchObject({ state: 'booked', booked_with: 'usps' });
    expect(mine?.confirmation).not.toBe('');
    const tied = await t.app.db.selectFrom('hub_drop_offs').select('hub_pickup_id').where('shipment_id', '=', label.id).executeTakeFirstOrThrow();
    expect(tied.hub_pickup_id).toBe(mine?.id);
    // Once a day: a second run makes no second pickup; a parcel dropped off later that day joins the day's.
    expect((await bookHubPickups({ ...t.app, config: t.config }, { now: true })).filter((pickup) => pickup.id === mine?.id)).toEqual([]);
    const later = await dropOffLabel(customer);
    await controller('open', { hubId: later.hub.id, code: later.code });
    await controller('in', { hubId: later.hub.id, code: later.code });
    const joined = (await bookHubPickups({ ...t.app, config: t.config }, { now: true })).find((pickup) => pickup.id === mine?.id);
    expect(joined).toMatchObject({ state: 'booked', confirmation: mine?.confirmation, parcels: (mine?.parcels ?? 0) + 1 });
    expect(await t.app.db.selectFrom('hub_pickups').select('id').where('hub_id', '=', label.hub.id).where('carrier', '=', 'USPS').execute()).toHaveLength(1);

    // Then the carrier's first scan.
    expect(await heldAtHub(t.app.db, [label.trackingCode])).toEqual(new Set());
    t.advance(2 * 60_000);
    await advanceDueSimulatedLabels(context);
    await t.app.jobs.drain();
    const scanned = await labelRow(customer, label.id);
    expect(scanned.easypostStatus).toBe('in_transit');
    expect(shipmentStatus(scanned)).toBe('in transit');
  });

  it('books a FedEx hub pickup through the carriers provider', async () => {
    const customer = await newCustomer(t.app);
    const label = await dropOffLabel(customer, 'FedEx');
    expect((await controller('open', { hubId: label.hub.id, code: label.code })).statusCode).toBe(200);
    expect((await controller('in', { hubId: label.hub.id, code: label.code })).statusCode).toBe(200);
    const booked = await bookHubPickups({ ...t.app, config: t.config }, { now: true });
    expect(booked.find((pickup) => pickup.carrier === 'FedEx' && pickup.hub_id === label.hub.id)).toMatchObject({ state: 'booked', booked_with: 'carriers' });
  });

  it('opens nothing for a code used, expired, unknown, for another hub or for a refunded label', async () => {
    const customer = await newCustomer(t.app);
    const used = await dropOffLabel(customer);
    // Parcel in before a compartment was opened: refused.
    expect((await controller('in', { hubId: used.hub.id, code: used.code })).json()).toMatchObject({ errorcode: DROP_OFF_ERRORCODE.notOpened });
    expect((await controller('open', { hubId: used.hub.id, code: used.code })).statusCode).toBe(200);
    const again = await controller('open', { hubId: used.hub.id, code: used.code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorcode: DROP_OFF_ERRORCODE.used, message: DROP_OFF_MESSAGES.used });
    expect((await controller('in', { hubId: used.hub.id, code: used.code })).statusCode).toBe(200);
    expect((await controller('in', { hubId: used.hub.id, code: used.code })).json()).toMatchObject({ errorcode: DROP_OFF_ERRORCODE.used });

    expect((await controller('open', { hubId: used.hub.id, code: 'ZZZZZ-ZZZZZ' })).json()).toEqual({ errorcode: DROP_OFF_ERRORCODE.unknownCode, message: DROP_OFF_MESSAGES.unknownCode });
    const other = await dropOffLabel(customer);
    expect((await controller('open', { hubId: 'another-hub', code: other.code })).json()).toMatchObject({ errorcode: DROP_OFF_ERRORCODE.otherHub });

    const refunded = await dropOffLabel(customer);
    expect((await refund(customer, refunded.id)).json()).toMatchObject({ errorcode: 0 });
    const afterRefund = await controller('open', { hubId: refunded.hub.id, code: refunded.code });
    expect(afterRefund.statusCode).toBe(409);
    expect(afterRefund.json()).toEqual({ errorcode: DROP_OFF_ERRORCODE.refunded, message: DROP_OFF_MESSAGES.refunded });
    expect((await labelRow(customer, refunded.id)).dropOff).toMatchObject({ state: 'void', code: '' });

    t.advance(15 * DAY_MS);
    const expired = await controller('open', { hubId: other.hub.id, code: other.code });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ errorcode: DROP_OFF_ERRORCODE.expired, message: DROP_OFF_MESSAGES.expired });
  });

  it('refuses a malformed code and a call without the key', async () => {
    const customer = await newCustomer(t.app);
    const hub = await hubOf(customer);
    expect((await controller('open', { hubId: hub.id, code: '12345' })).statusCode).toBe(400);
    const keyless = await t.app.inject({ method: 'POST', url: '/app/v1/locker/dropOffs/open', payload: { hubId: hub.id, code: 'ZZZZZZZZZZ' } });
    expect(keyless.statusCode).toBe(401);
  });
});

describe('guessing codes', () => {
  it('throttles the compartment request per address, so codes cannot be tried one after another', async () => {
    // AUTH_RATE_LIMIT_PER_MINUTE 1: the barcode budget, 6 a minute.
    const throttled = await buildTestApp(database.url(), { lockerApiKeys: [KEY], authRateLimitPerMinute: 1 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const answer = await throttled.app.inject({ method: 'POST', url: '/app/v1/locker/dropOffs/open', payload: { hubId: 'any-hub', code: `ZZZZZZZZZ${'23456789A'[attempt]}` }, headers: { 'x-api-key': KEY } });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429]);
    } finally {
      await throttled.close();
    }
  });
});

describe('refunds and races', () => {
  it('refuses the refund once a compartment was opened or the parcel is in, with a clear message', async () => {
    const customer = await newCustomer(t.app);
    const label = await dropOffLabel(customer);
    await controller('open', { hubId: label.hub.id, code: label.code });
    const refused = await refund(customer, label.id);
    expect(refused.json()).toMatchObject({ errorcode: -1, message: DROP_OFF_MESSAGES.refundInLocker });
    await controller('in', { hubId: label.hub.id, code: label.code });
    expect((await refund(customer, label.id)).json()).toMatchObject({ message: DROP_OFF_MESSAGES.refundInLocker });
    expect((await labelRow(customer, label.id)).status_flag).toBe('1');
  });

  it('refunds a label whose compartment was opened but whose parcel never went in, once the compartment is no longer held for it', async () => {
    const customer = await newCustomer(t.app);
    const label = await dropOffLabel(customer);
    await controller('open', { hubId: label.hub.id, code: label.code });
    expect((await refund(customer, label.id)).json()).toMatchObject({ message: DROP_OFF_MESSAGES.refundInLocker });
    t.advance(16 * 60_000);
    expect((await refund(customer, label.id)).json()).toMatchObject({ errorcode: 0 });
    // The code stays used: it opens nothing, and the parcel can no longer be reported in.
    expect((await controller('open', { hubId: label.hub.id, code: label.code })).statusCode).toBe(409);
    expect((await controller('in', { hubId: label.hub.id, code: label.code })).json()).toMatchObject({ errorcode: DROP_OFF_ERRORCODE.refunded });
  });

  it('two drop-offs with one code: one compartment opens, one parcel is recorded', async () => {
    const customer = await newCustomer(t.app);
    const label = await dropOffLabel(customer);
    const opens = await Promise.all([1, 2, 3].map(() => controller('open', { hubId: label.hub.id, code: label.code })));
    expect(opens.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const ins = await Promise.all([1, 2].map(() => controller('in', { hubId: label.hub.id, code: label.code })));
    expect(ins.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('a refund during a drop-off: the label is refunded and nothing opens, or the compartment opens and the refund is refused', async () => {
    const customer = await newCustomer(t.app);
    for (let round = 0; round < 3; round += 1) {
      const label = await dropOffLabel(customer);
      const [opened, refunded] = await Promise.all([controller('open', { hubId: label.hub.id, code: label.code }), refund(customer, label.id)]);
      const row = await labelRow(customer, label.id);
      if (opened.statusCode === 200) {
        expect(refunded.json()).toMatchObject({ message: DROP_OFF_MESSAGES.refundInLocker });
        expect(row.status_flag).toBe('1');
        expect(row.dropOff.state).toBe('opening');
      } else {
        expect(opened.json()).toMatchObject({ errorcode: DROP_OFF_ERRORCODE.refunded });
        expect(refunded.json()).toMatchObject({ errorcode: 0 });
        expect(row.dropOff.state).toBe('void');
      }
    }
  });
});
