import { DAY_MS, formatUsd, SHIPMENT_MESSAGES } from '@airbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { AUTO_REFUND_NO_LONGER_DUE, REFUND_MESSAGES, REFUND_STATUS_DELAY_MS, requestLabelRefund } from '../src/modules/shipments/refunds.service.js';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import type { SimulatorPaymentsProvider } from '../src/providers/payments/simulator-payments-provider.js';
import type { NewUser } from '../src/modules/users/users.table.js';
import { mailsOf, postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer, operationsOf } from './ledger-fixtures.js';

const database = useTestDatabase();
// The simulator's trackers move only when a test says so.
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const carriers = () => t.app.carriers as SimulatorCarriersProvider;
const payments = () => t.app.payments as SimulatorPaymentsProvider;

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const ORDER = {
  from: { firstName: 'Casey', lastName: 'Customer', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
  to: { firstName: 'Maria', lastName: 'Lopez', address1: '55 Elm St', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199' },
  parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
  insuredValue: 0,
};

/** A label bought through the page and the payment simulator: its shipment id (shippingIndexID). */
async function boughtLabel(customer: Customer, carrier: 'USPS' | 'UPSDAP' | 'FedEx' = 'USPS'): Promise<number> {
  const rated = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/rates', payload: ORDER, headers: { cookie: customer.cookie } });
  const { draftId, rates } = rated.json().data;
  const rate = rates.find((r: { carrier: string }) => r.carrier === carrier);
  const bought = await t.app.inject({ method: 'POST', url: '/app/v1/labelPurchase/buy', payload: { draftId, rateId: rate.rateId }, headers: { cookie: customer.cookie } });
  const token = new URL(bought.json().redirectURL).searchParams.get('token')!;
  const approved = await postForm(t.app, '/app/v1/payments/simulator/approve', { token });
  await t.app.inject({ method: 'GET', url: String(approved.headers.location), headers: { cookie: customer.cookie } });
  const row = await shipmentRow(draftId);
  expect(row.state).toBe('bought');
  return draftId;
}

function refund(customer: Customer, id: number | string) {
  return postForm(t.app, '/openapi/easyPost/refund', { id }, customer.cookie);
}

const shipmentRow = (id: number) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentOrder = (id: number) => t.app.db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function customer(changes: Partial<NewUser> = {}) {
  return newCustomer(t.app, changes);
}

describe('refundCall', () => {
  it('asks the carrier, then gives the money back once the carrier refunds, with the ledger row and the notices', async () => {
    const owner = await customer({ notify_by_email: 1, notify_by_text: 1, cell_phone: '415-555-0142' });
    const id = await boughtLabel(owner);
    const response = await refund(owner, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      errorcode: 0,
      message: SHIPMENT_MESSAGES.refundRequested,
      data: { refund_status: 'submitted', error: null },
    });
    const pending = await shipmentRow(id);
    expect(pending).toMatchObject({ state: 'refund_pending', refund_status: 'submitted', auto_refund: 0 });
    expect(pending.refund_requested_at).not.toBeNull();

    // The carrier has not decided yet: nothing moves.
    t.advance(REFUND_STATUS_DELAY_MS + 1000);
    await t.app.jobs.drain();
    expect((await shipmentRow(id)).state).toBe('refund_pending');
    const order = await paymentOrder(pending.payment_order_id!);
    expect(order.status).toBe('captured');

    await carriers().advance(pending.tracking_code!);
    t.advance(REFUND_STATUS_DELAY_MS + 1000);
    const mails = await mailsOf(t);
    const refunded = await shipmentRow(id);
    expect(refunded).toMatchObject({ state: 'refunded', refund_status: 'refunded' });
    expect(refunded.refunded_at).not.toBeNull();
    expect(await paymentOrder(order.id)).toMatchObject({ status: 'refunded', refund_request_id: `refund-${order.id}` });
    expect(await payments().refundsOf(order.capture_id!)).toEqual([{ requestId: `refund-${order.id}`, amountCents: refunded.total_cents, currency: 'USD' }]);
    const operations = await operationsOf(t.app, owner.userId);
    // Both lines name the label: its purchase, then its refund.
    expect(operations.map((op) => [op.op_type, op.quote_cents, op.shipment_id, op.pickup_id])).toEqual([
      [3, refunded.total_cents, id, null],
      [3, -refunded.total_cents, id, null],
    ]);
    const notice = mails.filter((mail) => mail.to === owner.email && mail.subject.includes('refunded'));
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain(`; ${formatUsd(refunded.total_cents)} goes back to the account you paid with.`);
    const texts = await t.app.db.selectFrom('jobs').select('payload').where('name', '=', 'sms').execute();
    expect(texts.some((job) => job.payload.includes('+14155550142') && job.payload.includes(refunded.order_no))).toBe(true);

    // More checks later change nothing.
    t.advance(REFUND_STATUS_DELAY_MS + 1000);
    await t.app.jobs.drain();
    expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
    expect(await operationsOf(t.app, owner.userId)).toHaveLength(2);
  });

  it('refunds once when two requests arrive at the same moment', async () => {
    const owner = await customer();
    const id = await boughtLabel(owner);
    const asked = vi.spyOn(t.app.carriers, 'refund');
    try {
      const answers = await Promise.all([refund(owner, id), refund(owner, id), refund(owner, id)]);
      const codes = answers.map((answer) => answer.json().code).sort();
      expect(codes).toEqual([-1, -1, 0]);
      for (const answer of answers.filter((a) => a.json().code === -1)) {
        expect(answer.json()).toMatchObject({ message: SHIPMENT_MESSAGES.cannotRefund, data: { error: { message: SHIPMENT_MESSAGES.cannotRefund } } });
      }
      expect(asked).toHaveBeenCalledTimes(1);
    } finally {
      asked.mockRestore();
    }
    const jobs = await t.app.db.selectFrom('jobs').select('payload').where('name', '=', 'refund-status').execute();
    expect(jobs.filter((job) => JSON.parse(job.payload).shipmentId === id)).toHaveLength(1);
  });

  it("refuses another customer's label, revealing nothing, and labels the spec refuses", async () => {
    const owner = await customer();
    const intruder = await customer();
    const id = await boughtLabel(owner);
    const foreign = await refund(intruder, id);
    const missing = await refund(intruder, 999_999);
    expect(foreign.json()).toEqual({
      code: -1,
      errorcode: -1,
      message: SHIPMENT_MESSAGES.cannotRefund,
      data: { refund_status: '', error: { message: SHIPMENT_MESSAGES.cannotRefund } },
    });
    expect(missing.json()).toEqual(foreign.json());
    expect((await shipmentRow(id)).state).toBe('bought');

    await t.app.db.updateTable('shipments').set({ tracker_status: 'delivered' }).where('id', '=', id).execute();
    expect((await refund(owner, id)).json()).toMatchObject({ code: -1, message: SHIPMENT_MESSAGES.cannotRefund });
    await t.app.db
      .updateTable('shipments')
      .set({ tracker_status: '', bought_at: new Date(t.config.clock().getTime() - 31 * DAY_MS).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await refund(owner, id)).json()).toMatchObject({ code: -1, message: SHIPMENT_MESSAGES.refundWindowClosed });
    expect((await shipmentRow(id)).state).toBe('bought');
    expect((await postForm(t.app, '/openapi/easyPost/refund', { id })).statusCode).toBe(401);
    expect((await refund(owner, 'abc')).statusCode).toBe(400);
  });

  it('says so and keeps the label when the carrier rejects the refund, at once or after its review', async () => {
    const owner = await customer({ notify_by_email: 1 });
    const scanned = await boughtLabel(owner);
    // The carrier scanned it before the portal heard of it: the carrier rejects at once.
    await carriers().advance((await shipmentRow(scanned)).tracking_code!);
    expect((await refund(owner, scanned)).json()).toEqual({
      code: -1,
      errorcode: -1,
      message: REFUND_MESSAGES.rejected,
      data: { refund_status: 'rejected', error: { message: REFUND_MESSAGES.rejected } },
    });
    expect(await shipmentRow(scanned)).toMatchObject({ state: 'bought', refund_status: 'rejected' });

    const reviewed = await boughtLabel(owner);
    expect((await refund(owner, reviewed)).json().code).toBe(0);
    const providerId = (await shipmentRow(reviewed)).provider_shipment_id!;
    const ask = t.app.carriers.getRefundStatus.bind(t.app.carriers);
    const status = vi.spyOn(t.app.carriers, 'getRefundStatus').mockImplementation(async (shipmentId) => (shipmentId === providerId ? 'rejected' : ask(shipmentId)));
    try {
      t.advance(REFUND_STATUS_DELAY_MS + 1000);
      const mails = await mailsOf(t);
      expect(mails.filter((mail) => mail.to === owner.email && mail.text.includes(REFUND_MESSAGES.rejected))).toHaveLength(1);
    } finally {
      status.mockRestore();
    }
    const row = await shipmentRow(reviewed);
    expect(row).toMatchObject({ state: 'bought', refund_status: 'rejected' });
    expect((await paymentOrder(row.payment_order_id!)).status).toBe('captured');
  });

  it('puts the label back when the carrier does not answer the request', async () => {
    const owner = await customer();
    const id = await boughtLabel(owner);
    carriers().failNext('refund', 'UNAVAILABLE');
    expect((await refund(owner, id)).json()).toMatchObject({ code: -1, message: SHIPMENT_MESSAGES.serviceException });
    expect(await shipmentRow(id)).toMatchObject({ state: 'bought', refund_status: '' });
    expect((await refund(owner, id)).json().code).toBe(0);
  });
});

describe('automatic refunds of unused labels', () => {
  it('asks the refund of unscanned labels two days before the window closes, unless the customer turned it off', async () => {
    const keen = await customer({ auto_refund_labels: 1 });
    const opted = await customer({ auto_refund_labels: 0 });
    const unused = await boughtLabel(keen);
    const scanned = await boughtLabel(keen);
    const ups = await boughtLabel(keen, 'UPSDAP');
    const optedOut = await boughtLabel(opted);
    await t.app.db.updateTable('shipments').set({ tracker_status: 'in_transit' }).where('id', '=', scanned).execute();
    await t.app.db.updateTable('shipments').set({ tracker_status: 'pre_transit' }).where('id', '=', unused).execute();

    t.advance(27 * DAY_MS);
    await t.app.jobs.drain();
    expect((await shipmentRow(unused)).state).toBe('bought');

    t.advance(DAY_MS + 60_000);
    await t.app.jobs.drain();
    expect(await shipmentRow(unused)).toMatchObject({ state: 'refund_pending', refund_status: 'submitted', auto_refund: 1 });
    expect(await shipmentRow(scanned)).toMatchObject({ state: 'bought', refund_status: '' });
    // UPS takes labels back for 90 days: not yet.
    expect(await shipmentRow(ups)).toMatchObject({ state: 'bought', refund_status: '' });
    expect(await shipmentRow(optedOut)).toMatchObject({ state: 'bought', refund_status: '' });

    // The carrier refunds it: the money goes back as for the customer's own request.
    await carriers().advance((await shipmentRow(unused)).tracking_code!);
    t.advance(REFUND_STATUS_DELAY_MS + 1000);
    await t.app.jobs.drain();
    const refunded = await shipmentRow(unused);
    expect(refunded).toMatchObject({ state: 'refunded', auto_refund: 1 });
    expect((await paymentOrder(refunded.payment_order_id!)).status).toBe('refunded');
  });

  it('leaves a label scanned, or whose owner turned them off, after the daily job listed it', async () => {
    const keen = await customer({ auto_refund_labels: 1 });
    const scanned = await boughtLabel(keen);
    const changedMind = await customer({ auto_refund_labels: 1 });
    const kept = await boughtLabel(changedMind);
    // What happens between the job's list and its request for each label: a scan, a switch turned
    // off. (That the check runs with the label's row held is read in requestLabelRefund: a test
    // cannot step between the lock and the claim.)
    await t.app.db.updateTable('shipments').set({ tracker_status: 'in_transit' }).where('id', '=', scanned).execute();
    await t.app.db.updateTable('users').set({ auto_refund_labels: 0 }).where('user_id', '=', changedMind.userId).execute();
    const asked = vi.spyOn(t.app.carriers, 'refund');

    for (const [owner, label] of [[keen, scanned], [changedMind, kept]] as const) {
      const outcome = await requestLabelRefund({ ...t.app, config: t.config }, owner.userId, label, { auto: true });
      expect(outcome).toEqual({ ok: false, refundStatus: '', message: AUTO_REFUND_NO_LONGER_DUE });
      expect(await shipmentRow(label)).toMatchObject({ state: 'bought', refund_status: '', auto_refund: 0 });
    }
    expect(asked).not.toHaveBeenCalled();
  });

  it('turns on and off in the profile (autoRefundLabels), and getUserByUser_id reports it', async () => {
    const user = await customer();
    const profile = async () =>
      (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: user.userId }, user.cookie)).json().users[0].autoRefundLabels;
    expect(await profile()).toBe(true);
    const off = await postForm(t.app, '/app/v1/updateSelfUserInfo', { user_id: user.userId, confirmPassword: 'DemoPass1', autoRefundLabels: 0 }, user.cookie);
    expect(off.json().errorcode).toBe(1);
    expect(await profile()).toBe(false);
    // Left out: as it is.
    await postForm(t.app, '/app/v1/updateSelfUserInfo', { user_id: user.userId, confirmPassword: 'DemoPass1', City: 'Oakland' }, user.cookie);
    expect(await profile()).toBe(false);
    await postForm(t.app, '/app/v1/updateSelfUserInfo', { user_id: user.userId, confirmPassword: 'DemoPass1', autoRefundLabels: 1 }, user.cookie);
    expect(await profile()).toBe(true);
  });
});
