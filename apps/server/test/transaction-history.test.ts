import { MEMBERSHIP_PLAN } from '@airbox/contract';
import { Migrator } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';
import { recordPlanPurchase, recordPurchase, recordRefund } from '../src/modules/operations/ledger.js';
import { insertOperation } from '../src/modules/operations/operations.repository.js';
import { insertPaymentOrder } from '../src/modules/payments/payments.repository.js';
import type { Db } from '../src/db/database.js';
import { insertFixtureUser } from './fixtures.js';
import { postForm, useTestApp, useTestDatabase, useTestDb } from './helper.js';
import { customerHub, newCustomer } from './ledger-fixtures.js';
import { insertShipment } from './shipment-fixtures.js';

/*
 * Transaction History (issue 21 item 5): every line says what it was for, beside the spec's
 * fields, which stay as they were: a label bought and refunded (its order number and service), a
 * carrier pickup's fee (its carrier and day), credits and memberships, a locker package delivered
 * and picked up late (its carrier, tracking number, hub and late days).
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
const t = useTestApp(database, { lockerApiKeys: [KEY] });

type Customer = Awaited<ReturnType<typeof newCustomer>>;

interface WireOperation {
  op_type: number;
  op_timestamp: string;
  quote: number | null;
  credits: number;
  overtime: number;
  balance: number;
  description: string;
}

/** The customer's whole history, oldest first, as getUserOperations answers it. */
async function history(customer: Customer): Promise<WireOperation[]> {
  const response = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId, num: 50, sort: 'op_timestamp', order: 'asc' }, customer.cookie);
  expect(response.statusCode).toBe(200);
  return (response.json() as { operations: WireOperation[] }).operations;
}

async function lockerEvent(payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await t.app.inject({ method: 'POST', url: '/app/v1/locker/events', headers: { 'x-api-key': KEY }, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>;
}

/** A paid FedEx pickup of the label on `date`, as the pickup checkout leaves it. */
async function insertPickup(db: Db, userId: number, shipmentId: number, date: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('pickups')
    .values({
      user_id: userId,
      shipment_id: shipmentId,
      carrier: 'FedEx',
      provider: 'simulator',
      state: 'scheduled',
      provider_pickup_id: `pickup_history_${shipmentId}`,
      street1: '1 Main St',
      city: 'San Francisco',
      address_state: 'CA',
      zip: '94105',
      time_zone: 'America/Los_Angeles',
      pickup_date: date,
      price_cents: 450,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function planOrder(db: Db, userId: number, plan: number, cents: number, n: number): Promise<number> {
  return insertPaymentOrder(db, {
    user_id: userId,
    provider: 'simulator',
    provider_order_id: `SIMHISTORY${userId}${n}`,
    request_id: `history-${userId}-${n}`,
    plan,
    quantity: 1,
    amount_cents: cents,
    currency: 'USD',
    status: 'captured',
    created_at: '2026-03-01T10:00:00.000Z',
    captured_at: '2026-03-01T10:00:00.000Z',
  });
}

describe('Transaction History lines', () => {
  let customer: Customer;
  let orderNo: string;
  beforeAll(async () => {
    customer = await newCustomer(t.app, { credits: 10 });
    const db = t.app.db;
    const userId = customer.userId;
    const hubId = await customerHub(db);

    await recordPlanPurchase(db, { user_id: userId }, { at: '2026-03-01T10:00:00.000Z', plan: MEMBERSHIP_PLAN.credit, paidCents: 2990, credits: 10, balanceAfter: 20, paymentOrderId: await planOrder(db, userId, 1, 2990, 1) });
    await recordPlanPurchase(db, { user_id: userId }, { at: '2026-03-01T11:00:00.000Z', plan: MEMBERSHIP_PLAN.sixMonths, paidCents: 4999, credits: 0, balanceAfter: 20, paymentOrderId: await planOrder(db, userId, 2, 4999, 2) });
    await recordPlanPurchase(db, { user_id: userId }, { at: '2026-03-01T12:00:00.000Z', plan: MEMBERSHIP_PLAN.twelveMonths, paidCents: 8999, credits: 0, balanceAfter: 20, paymentOrderId: await planOrder(db, userId, 3, 8999, 3) });

    const label = await insertShipment(db, userId, { carrier: 'USPS', service: 'GroundAdvantage', state: 'refunded', rate_cents: 1455, insurance_cents: 0 });
    orderNo = label.orderNo;
    await recordPurchase(db, userId, { at: '2026-03-02T10:00:00.000Z', paidCents: 1455, paymentOrderId: null, subject: { shipmentId: label.id } });
    const pickupId = await insertPickup(db, userId, label.id, '2026-12-01');
    await recordPurchase(db, userId, { at: '2026-03-02T11:00:00.000Z', paidCents: 450, paymentOrderId: null, subject: { pickupId } });
    await recordRefund(db, userId, { at: '2026-03-03T10:00:00.000Z', refundedCents: 1455, shipmentId: label.id });
    // A refund written before lines named their label.
    await insertOperation(db, { user_id: userId, op_type: 3, op_timestamp: '2026-03-03T11:00:00.000Z', quote_cents: -700, credits_delta: 0, credits_owed: 0, overtime_days: 0, balance_after: 10 });

    // Pacific: delivered Mar 4 at noon, picked up Mar 8: two days past the grace period.
    const delivered = await lockerEvent({ type: 'delivered', boxId: customer.boxId, hubId, carrier: 'FedEx', trackingNo: '1Z999AA10123456784', deliveredAt: '2026-03-04T20:00:00.000Z' });
    await lockerEvent({ type: 'picked_up', hubId, pickupCode: delivered.pickupCode, pickedUpAt: '2026-03-08T20:00:00.000Z' });
  });

  it('names what each line was for, with the spec fields as they were', async () => {
    const hub = (await t.app.db.selectFrom('hubs').select('business_name').where('id', '=', await customerHub(t.app.db)).executeTakeFirstOrThrow()).business_name;
    const lines = await history(customer);
    expect(lines.map((line) => [line.op_type, line.description, line.quote, line.credits, line.overtime])).toEqual([
      [11, '10 credits', 29.9, 10, 0],
      [12, '6-month membership', 49.99, 0, 0],
      [13, '12-month membership', 89.99, 0, 0],
      [3, `Shipping label ${orderNo} · USPS Ground Advantage`, 14.55, 0, 0],
      [3, 'Carrier pickup · FedEx · Dec 1', 4.5, 0, 0],
      [3, `Refund of label ${orderNo} · USPS Ground Advantage`, -14.55, 0, 0],
      [3, 'Refund', -7, 0, 0],
      [1, `FedEx 1Z999AA10123456784 at ${hub}`, null, 0, 0],
      [2, `FedEx 1Z999AA10123456784 at ${hub} · Late fee · 2 days`, null, 3, 2],
    ]);
    // The spec's fields, and no other but description.
    expect(Object.keys(lines[0]!).sort()).toEqual(
      ['balance', 'charge_time', 'credits', 'delivery_time', 'description', 'op_id', 'op_time', 'op_timestamp', 'op_type', 'overtime', 'pickup_time', 'quote'].sort(),
    );
  });

  it('still sorts and pages on the spec fields, joined with what each line was for', async () => {
    const page = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId, start: 3, num: 2, sort: 'op_timestamp', order: 'asc' }, customer.cookie);
    expect(page.json()).toMatchObject({ total: 9 });
    expect((page.json() as { operations: WireOperation[] }).operations.map((line) => line.description)).toEqual([
      `Shipping label ${orderNo} · USPS Ground Advantage`,
      'Carrier pickup · FedEx · Dec 1',
    ]);
    const byCredits = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId, num: 1, sort: 'credits', order: 'desc' }, customer.cookie);
    expect((byCredits.json() as { operations: WireOperation[] }).operations.map((line) => line.description)).toEqual(['10 credits']);
    // A page past the end still says how many there are (PostgreSQL counts beside the page's rows).
    const past = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId, start: 20, num: 10 }, customer.cookie);
    expect(past.json()).toMatchObject({ total: 9, operations: [] });
  });

  it('reads a line whose label is gone as a plain refund or purchase', async () => {
    const other = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, other.userId, { state: 'refunded' });
    await recordRefund(t.app.db, other.userId, { at: '2026-03-05T10:00:00.000Z', refundedCents: 895, shipmentId: label.id });
    await t.app.db.deleteFrom('shipments').where('id', '=', label.id).execute();
    expect((await history(other)).map((line) => [line.description, line.quote])).toEqual([['Refund', -8.95]]);
  });
});

describe('the migration that names what money lines were for', () => {
  const migrated = useTestDb({ migrated: false });

  it("links the lines written before to their label or pickup where that is certain, and leaves the others", async () => {
    const db = migrated.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-27-0016-usps-pickup-requests')).error).toBeUndefined();
    const { userId } = await insertFixtureUser(db, { role_id: 5, status: 1, email: 'subjects@example.com', password: 'DemoPass1', box_id: '9170011' });
    const at = (hour: number) => `2026-11-20T${String(hour).padStart(2, '0')}:00:00.000Z`;
    const order = async (n: number, purpose: 'label' | 'pickup') =>
      (
        await db
          .insertInto('payment_orders')
          .values({ user_id: userId, provider: 'simulator', provider_order_id: `SIMSUBJECT${n}`, request_id: `subject-${n}`, purpose, plan: null, quantity: 1, amount_cents: 1455, currency: 'USD', status: 'captured', created_at: at(n), captured_at: at(n) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const shipment = async (n: number, changes: Record<string, unknown>) =>
      (
        await db
          .insertInto('shipments')
          .values({ user_id: userId, order_no: `AB${n}`, box_id: '9170011', provider: 'simulator', length_in: 1, width_in: 1, height_in: 1, weight_oz: 1, created_at: at(n), updated_at: at(n), total_cents: 1455, state: 'bought', ...changes })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const line = async (hour: number, quoteCents: number, paymentOrderId: number | null) =>
      insertOperation(db, { user_id: userId, op_type: 3, op_timestamp: at(hour), quote_cents: quoteCents, credits_delta: 0, credits_owed: 0, overtime_days: 0, balance_after: 0, payment_order_id: paymentOrderId });

    const labelOrder = await order(1, 'label');
    const refunded = await shipment(1, { payment_order_id: labelOrder, state: 'refunded', refunded_at: at(5) });
    const pickupOrder = await order(2, 'pickup');
    const now = at(2);
    const pickup = (
      await db
        .insertInto('pickups')
        .values({ user_id: userId, shipment_id: refunded, carrier: 'FedEx', provider: 'simulator', state: 'scheduled', street1: '1 Main St', city: 'San Francisco', address_state: 'CA', zip: '94105', time_zone: 'America/Los_Angeles', pickup_date: '2026-12-01', price_cents: 450, payment_order_id: pickupOrder, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const purchase = await line(1, 1455, labelOrder);
    const pickupFee = await line(2, 450, pickupOrder);
    const refund = await line(5, -1455, null);
    // A refund of another amount, or at another moment, names no label.
    const otherAmount = await line(5, -1000, null);
    const otherMoment = await line(6, -1455, null);

    expect((await migrator.migrateTo('2026-11-28-0017-operation-subjects')).error).toBeUndefined();
    const links = await db.selectFrom('operations').select(['op_id', 'shipment_id', 'pickup_id']).orderBy('op_id').execute();
    expect(links).toEqual([
      { op_id: purchase, shipment_id: refunded, pickup_id: null },
      { op_id: pickupFee, shipment_id: null, pickup_id: pickup },
      { op_id: refund, shipment_id: refunded, pickup_id: null },
      { op_id: otherAmount, shipment_id: null, pickup_id: null },
      { op_id: otherMoment, shipment_id: null, pickup_id: null },
    ]);
  });
});
