import { encodeLabelPurchaseParam, estimatedDeliveryDate, formatUsd, LABEL_PURCHASE_ERRORCODE, SHIPMENT_MESSAGES, shipDatesFrom } from '@airbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { CARRIER_GIVE_UP_MS as BUYING_GIVE_UP_MS } from '../src/modules/carriers/carrier-purchase.js';
import { REFUND_JOB_DELAY_MS } from '../src/modules/payments/payment-orders.js';
import { LABEL_PURCHASE_MESSAGES, RATES_VALID_MS } from '../src/modules/shipments/label-purchase.service.js';
import type { SimulatorCarriersProvider } from '../src/providers/carriers/simulator-carriers-provider.js';
import type { SimulatorPaymentsProvider } from '../src/providers/payments/simulator-payments-provider.js';
import { mailsOf, postForm, readOutbox, useTestApp, useTestDatabase } from './helper.js';
import { paymentSteps } from './payment-fixtures.js';
import { locationPath, newCustomer, operationsOf } from './ledger-fixtures.js';

const database = useTestDatabase();
// The simulator's trackers move only when a test says so.
const t = useTestApp(database, { carriers: { provider: 'simulator', webhookSecret: undefined, stepMinutes: 0 } });
const carriers = () => t.app.carriers as SimulatorCarriersProvider;
const payments = () => t.app.payments as SimulatorPaymentsProvider;

type Customer = Awaited<ReturnType<typeof newCustomer>>;

export const FROM = {
  firstName: 'Casey',
  lastName: 'Customer',
  company: '',
  address1: '1 Main St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94105',
  phone: '415-555-0101',
  email: '',
  residential: false,
};
export const TO = {
  firstName: 'Maria',
  lastName: 'Lopez',
  company: '',
  address1: '55 Elm St',
  address2: '',
  city: 'Portland',
  state: 'OR',
  zipcode: '97201',
  phone: '503-555-0199',
  email: 'maria@example.com',
  residential: true,
};
const ORDER = { from: FROM, to: TO, parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 }, insuredValue: 100, comments: '  Birthday   gift ' };

function post(path: string, payload: object, cookie?: string) {
  return t.app.inject({ method: 'POST', url: path, payload, headers: cookie ? { cookie } : {} });
}

async function rate(customer: Customer, body: object = ORDER) {
  const response = await post('/app/v1/labelPurchase/rates', body, customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function buy(customer: Customer, body: object) {
  return post('/app/v1/labelPurchase/buy', body, customer.cookie);
}

/** Rated, then paid for the cheapest USPS rate: the provider's approval page's token. */
async function rateAndBuy(customer: Customer, extra: object = {}) {
  const rated = await rate(customer);
  const usps = rated.data.rates.find((r: { carrier: string }) => r.carrier === 'USPS');
  const response = await buy(customer, { draftId: rated.data.draftId, rateId: usps.rateId, ...extra });
  expect(response.json(), response.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.redirect });
  const token = new URL(response.json().redirectURL as string).searchParams.get('token')!;
  return { draftId: rated.data.draftId as number, rate: usps, token };
}

const { approve, follow } = paymentSteps(t);

const shipmentRow = (id: number) => t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentOrder = (id: number) => t.app.db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const labelsPage = (orderNo: string) => `/app/ShipmentParent/shipment?labelOrder=${orderNo}`;
const paySuccessFor = (orderNo: string) => `/app/paySuccess?redirect=${encodeURIComponent(`/ShipmentParent/shipment?labelOrder=${orderNo}`)}`;

/** Where the portal sends the browser from a payment's return or cancel, the label page's hash kept. */
async function returnPageOf(path: string, cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
}

/** The label page at the Review step of an unpaid label. */
const reviewPageOf = (customer: Customer, shipmentId: number) =>
  `/app/shipment/#/Shipment/shipmentRate?param=${encodeLabelPurchaseParam({ boxId: customer.boxId, userId: customer.userId, unpaidLabelId: shipmentId })}`;

async function countOf(table: 'shipment_labels' | 'invoices', shipmentId: number) {
  const rows = await t.app.db.selectFrom(table).select('shipment_id').where('shipment_id', '=', shipmentId).execute();
  return rows.length;
}

describe('rateLabelCall', () => {
  it('verifies both addresses, rates every carrier and keeps a draft with the rates shown', async () => {
    const customer = await newCustomer(t.app);
    const answer = await rate(customer);
    expect(answer).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok, data: { insurance: '1.00' } });
    const { rates, draftId } = answer.data;
    expect(draftId).toBeGreaterThan(0);
    expect(new Set(rates.map((r: { carrier: string }) => r.carrier))).toEqual(new Set(['USPS', 'UPSDAP', 'FedEx']));
    for (const r of rates) expect(r.rate).toMatch(/^\d+\.\d{2}$/);
    const prices = rates.map((r: { rate: string }) => Number(r.rate));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(rates.filter((r: { cheapest: boolean }) => r.cheapest)).toEqual([rates[0]]);
    const fastest = rates.filter((r: { fastest: boolean }) => r.fastest);
    expect(fastest).toHaveLength(1);
    const days = rates.map((r: { deliveryDays: number | null }) => r.deliveryDays).filter((d: number | null) => d !== null);
    expect(fastest[0].deliveryDays).toBe(Math.min(...days));

    const draft = await shipmentRow(draftId);
    expect(draft).toMatchObject({
      user_id: customer.userId,
      state: 'draft',
      box_id: customer.boxId,
      provider: 'simulator',
      insured_value_cents: 10_000,
      insurance_cents: 100,
      weight_oz: 40,
      comments: 'Birthday gift',
      to_city: 'Portland',
      to_residential: 1,
      payment_order_id: null,
    });
    expect(draft.order_no).toMatch(/^AB\d{6}\d{7}$/);
    expect(draft.order_no.endsWith(String(draftId).padStart(7, '0'))).toBe(true);
    expect(JSON.parse(draft.rates)).toHaveLength(rates.length);
  });

  it("refuses an address the carriers cannot verify, says which, and keeps no draft", async () => {
    const customer = await newCustomer(t.app);
    const answer = await rate(customer, { ...ORDER, to: { ...TO, address1: 'Elm St' } });
    expect(answer).toMatchObject({
      errorcode: LABEL_PURCHASE_ERRORCODE.unverified,
      message: SHIPMENT_MESSAGES.unableToVerify,
      data: { draftId: 0, rates: [], side: 'to', messages: ['Recipient: Street address needs a house number'] },
    });
    const sender = await rate(customer, { ...ORDER, from: { ...FROM, zipcode: '00000' } });
    expect(sender.data.side).toBe('from');
    const drafts = await t.app.db.selectFrom('shipments').select('id').where('user_id', '=', customer.userId).execute();
    expect(drafts).toHaveLength(0);
  });

  it('answers -3 when no carrier takes the parcel', async () => {
    const customer = await newCustomer(t.app);
    vi.spyOn(t.app.carriers, 'rateShipment').mockResolvedValueOnce({ shipmentId: 'shp_none', rates: [], messages: ['USPS: a parcel over 70 lb'] });
    const answer = await rate(customer);
    expect(answer).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.noRates, data: { rates: [], messages: ['USPS: a parcel over 70 lb'] } });
  });

  it('puts the recipient in My Contacts once when asked', async () => {
    const customer = await newCustomer(t.app);
    await rate(customer, { ...ORDER, saveRecipient: 1 });
    await rate(customer, { ...ORDER, saveRecipient: true });
    await rate(customer, ORDER);
    const contacts = await t.app.db.selectFrom('contacts').selectAll().where('user_id', '=', customer.userId).execute();
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: 'Maria Lopez', address1: '55 Elm St', zipcode: '97201', residential: 1 });
  });

  it('rates for the first ship date offered when none is sent: each rate with its retail price and the day it is expected', async () => {
    const customer = await newCustomer(t.app);
    const [first] = shipDatesFrom(t.config.clock(), FROM.state);
    // A JSON body as the page sends it without a ship date (no undefined field).
    const answer = await rate(customer);
    expect(answer.data.shipDate).toBe(first);
    for (const offered of answer.data.rates) {
      // The simulator answers as EasyPost does: a delivery date counted from the label date.
      expect(offered.deliveryDate).toBe(estimatedDeliveryDate(first!, offered.deliveryDays, offered.carrier));
      expect(Number(offered.retailRate)).toBeGreaterThan(Number(offered.rate));
    }
    // The fastest is the earliest day.
    const earliest = [...answer.data.rates.map((r: { deliveryDate: string }) => r.deliveryDate)].sort()[0];
    expect(answer.data.rates.find((r: { fastest: boolean }) => r.fastest).deliveryDate).toBe(earliest);
    expect((await shipmentRow(answer.data.draftId)).ship_date).toBe(first);
  });

  it('rates for the ship date chosen: the delivery dates move with it, and the draft keeps it', async () => {
    const customer = await newCustomer(t.app);
    const dates = shipDatesFrom(t.config.clock(), FROM.state);
    const later = dates.at(-1)!;
    const early = await rate(customer, { ...ORDER, shipDate: dates[0] });
    const late = await rate(customer, { ...ORDER, shipDate: later });
    expect(late.data.shipDate).toBe(later);
    const dayOf = (answer: { data: { rates: { carrier: string; service: string; deliveryDate: string }[] } }, service: string) =>
      answer.data.rates.find((r) => r.service === service)!.deliveryDate;
    expect(dayOf(late, 'Priority') > dayOf(early, 'Priority')).toBe(true);
    for (const offered of late.data.rates) expect(offered.deliveryDate).toBe(estimatedDeliveryDate(later, offered.deliveryDays, offered.carrier));
    expect((await shipmentRow(late.data.draftId)).ship_date).toBe(later);
  });

  it('refuses a ship date that is not offered, naming the field, and changes nothing: no carrier asked, no draft, no contact', async () => {
    const customer = await newCustomer(t.app);
    const dates = shipDatesFrom(t.config.clock(), FROM.state);
    const rating = vi.spyOn(carriers(), 'rateShipment');
    const verifying = vi.spyOn(carriers(), 'verifyAddress');
    // A spy left by an earlier test is the same one: only this test's calls count.
    rating.mockClear();
    verifying.mockClear();
    const drafts = () => t.app.db.selectFrom('shipments').select('id').where('user_id', '=', customer.userId).execute();
    const contacts = () => t.app.db.selectFrom('contacts').select('id').where('user_id', '=', customer.userId).execute();
    try {
      // Yesterday, a day past the week offered, and a date the call cannot read.
      const yesterday = new Date(Date.parse(`${dates[0]}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const beyond = new Date(Date.parse(`${dates[0]}T00:00:00Z`) + 9 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      for (const shipDate of [yesterday, beyond]) {
        const refused = await post('/app/v1/labelPurchase/rates', { ...ORDER, saveRecipient: true, shipDate }, customer.cookie);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(`shipDate: ${shipDate} is not a day this label can be shipped; choose one of ${dates.join(', ')}`);
      }
      const unreadable = await post('/app/v1/labelPurchase/rates', { ...ORDER, shipDate: 'next Tuesday' }, customer.cookie);
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json().message).toContain('shipDate');
      expect(rating).not.toHaveBeenCalled();
      expect(verifying).not.toHaveBeenCalled();
      expect(await drafts()).toEqual([]);
      expect(await contacts()).toEqual([]);
    } finally {
      rating.mockRestore();
      verifying.mockRestore();
    }
  });

  it('refuses a bad parcel naming the field, and needs a session', async () => {
    const customer = await newCustomer(t.app);
    const bad = await post('/app/v1/labelPurchase/rates', { ...ORDER, parcel: { ...ORDER.parcel, length: 500 } }, customer.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('parcel.length');
    expect((await post('/app/v1/labelPurchase/rates', ORDER)).statusCode).toBe(401);
  });
});

describe('buyLabelCall and the payment return', () => {
  it('buys end to end: the label, its files, ledger row and invoice once paid, and the mails', async () => {
    const customer = await newCustomer(t.app);
    const saved = await post(
      '/openapi/easyPost/saveOrderForLater',
      { from: FROM, to: TO, parcel: { length: 12, width: 10, height: 6, weightLb: 2 }, comments: 'later' },
      customer.cookie,
    );
    const savedId = saved.json().data.id as number;
    const { draftId, rate: usps, token } = await rateAndBuy(customer, { notifyRecipient: 1, orderId: savedId });

    const paying = await shipmentRow(draftId);
    const total = Math.round(Number(usps.rate) * 100) + 100;
    expect(paying).toMatchObject({ state: 'paying', rate_cents: Math.round(Number(usps.rate) * 100), total_cents: total, carrier: 'USPS', notify_recipient: 1, saved_order_id: savedId });
    expect(paying.discount_cents).toBe(Math.round(Number(usps.retailRate) * 100) - paying.rate_cents);
    const order = await paymentOrder(paying.payment_order_id!);
    expect(order).toMatchObject({ purpose: 'label', amount_cents: total, status: 'created', plan: null });
    const simulated = await payments().findOrder(token);
    // The service named once, as the Rates step names it, never its code ('USPS GroundAdvantage').
    expect(usps.service).toBe('GroundAdvantage');
    expect(simulated?.description).toBe(`Shipping label ${paying.order_no}: USPS Ground Advantage`);

    const before = carriers().purchaseCount();
    const returnPath = await approve(token);
    expect(await follow(returnPath, customer.cookie)).toBe(paySuccessFor(paying.order_no));
    expect(carriers().purchaseCount()).toBe(before + 1);

    const bought = await shipmentRow(draftId);
    expect(bought).toMatchObject({ state: 'bought', purchase_note: '', carrier: 'USPS' });
    // The label's details say the ship date it was rated for and the day its rate promised.
    const detail = await t.app.inject({ method: 'GET', url: `/app/v1/getShipmentDetail?shipmentIndexID=${draftId}`, headers: { cookie: customer.cookie } });
    expect(detail.json().data).toMatchObject({ shipDate: bought.ship_date, deliveryDate: usps.deliveryDate });
    expect(usps.deliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(bought.tracking_code).toBeTruthy();
    expect(bought.tracking_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const files = await t.app.db.selectFrom('shipment_labels').selectAll().where('shipment_id', '=', draftId).orderBy('format').execute();
    expect(files.map((f) => f.format)).toEqual(['PDF', 'PNG']);
    expect(Buffer.from(files[0]!.content).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await operationsOf(t.app, customer.userId)).toEqual([
      expect.objectContaining({ op_type: 3, quote_cents: total, credits_delta: 0, payment_order_id: order.id }),
    ]);
    const invoice = await t.app.db.selectFrom('invoices').selectAll().where('shipment_id', '=', draftId).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ invoice_no: `INV-${bought.order_no}`, total_cents: total, insurance_cents: 100, rate_cents: bought.rate_cents });
    expect(invoice.payment_reference).toBe(`Simulator …${token.slice(-6)}`);
    expect(await paymentOrder(order.id)).toMatchObject({ status: 'captured' });
    expect((await paymentOrder(order.id)).capture_id).toBeTruthy();
    // The order in progress it continued is gone.
    expect(await t.app.db.selectFrom('saved_orders').select('id').where('id', '=', savedId).executeTakeFirst()).toBeUndefined();

    const mails = await mailsOf(t);
    const recipient = mails.find((m) => m.to === 'maria@example.com');
    expect(recipient?.text).toContain(`http://localhost:8080/app/track/${bought.tracking_token}`);
    expect(recipient?.text).not.toContain('1 Main St');
    const confirmation = mails.find((m) => m.to === customer.email);
    expect(confirmation?.subject).toContain(bought.order_no);
    expect(confirmation?.text).toContain(bought.tracking_code!);

    // A replayed return changes nothing.
    expect(await follow(returnPath, customer.cookie)).toBe(paySuccessFor(paying.order_no));
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
    expect(carriers().purchaseCount()).toBe(before + 1);
  });

  it('charges the stored rate whatever the request says, and refuses expired rates, unknown rates and another customer\'s draft', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const rated = await rate(customer);
    const [first] = rated.data.rates;
    const foreign = await buy(intruder, { draftId: rated.data.draftId, rateId: first.rateId });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual({ errorcode: LABEL_PURCHASE_ERRORCODE.expired, message: LABEL_PURCHASE_MESSAGES.expired });
    const nothing = await buy(intruder, { draftId: 999_999, rateId: first.rateId });
    expect(nothing.json()).toEqual(foreign.json());
    const unknown = await buy(customer, { draftId: rated.data.draftId, rateId: 'rate_made_up' });
    expect(unknown.statusCode).toBe(400);
    // A price in the request is not read.
    const paid = await buy(customer, { draftId: rated.data.draftId, rateId: first.rateId, rate: '0.01', amount: 1 });
    expect(paid.json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.redirect);
    const row = await shipmentRow(rated.data.draftId);
    expect((await paymentOrder(row.payment_order_id!)).amount_cents).toBe(Math.round(Number(first.rate) * 100) + 100);

    const later = await rate(customer);
    t.advance(RATES_VALID_MS + 1000);
    const expired = await buy(customer, { draftId: later.data.draftId, rateId: later.data.rates[0].rateId });
    expect(expired.json()).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.expired });
    const orders = await t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', intruder.userId).execute();
    expect(orders).toHaveLength(0);
  });

  it('keeps one live payment order when the same draft is bought twice: the first one can no longer be captured', async () => {
    const customer = await newCustomer(t.app);
    const rated = await rate(customer);
    const [cheap, other] = rated.data.rates;
    const first = await buy(customer, { draftId: rated.data.draftId, rateId: cheap.rateId });
    const firstToken = new URL(first.json().redirectURL).searchParams.get('token')!;
    const firstOrder = (await shipmentRow(rated.data.draftId)).payment_order_id!;
    const second = await buy(customer, { draftId: rated.data.draftId, rateId: other.rateId });
    const secondToken = new URL(second.json().redirectURL).searchParams.get('token')!;
    expect(secondToken).not.toBe(firstToken);
    expect((await paymentOrder(firstOrder)).status).toBe('cancelled');
    const live = await t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', customer.userId).where('status', '=', 'created').execute();
    expect(live).toHaveLength(1);

    // The payer approves the old order anyway: nothing is captured or bought.
    expect(await follow(await approve(firstToken), customer.cookie)).toMatch(/^\/app\/payCancel/);
    expect((await payments().findOrder(firstToken))?.status).toBe('APPROVED');
    expect((await shipmentRow(rated.data.draftId)).state).toBe('paying');

    const row = await shipmentRow(rated.data.draftId);
    expect(await follow(await approve(secondToken), customer.cookie)).toBe(paySuccessFor(row.order_no));
    expect(await shipmentRow(rated.data.draftId)).toMatchObject({ state: 'bought', rate_id: other.rateId });
  });

  it('refunds the payment once and tells the customer when the carrier refuses the label after the capture', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    carriers().failNext('buyRate', 'SHIPMENT.POSTAGE.FAILURE');
    const returnPath = await approve(token);
    const row = await shipmentRow(draftId);
    expect(await follow(returnPath, customer.cookie)).toBe(labelsPage(row.order_no));

    const failed = await shipmentRow(draftId);
    expect(failed.state).toBe('failed');
    expect(failed.purchase_note).toBe(`The carrier refused this label (the carrier declined to make it). Your payment of ${formatUsd(failed.total_cents)} was refunded.`);
    const order = await paymentOrder(failed.payment_order_id!);
    expect(order).toMatchObject({ status: 'refunded', refund_request_id: `refund-${order.id}` });
    expect(order.refunded_at).not.toBeNull();
    expect(await payments().refundsOf(order.capture_id!)).toEqual([{ requestId: `refund-${order.id}`, amountCents: failed.total_cents, currency: 'USD' }]);

    // The return again, and the refund job: still one refund, no label, no ledger row.
    expect(await follow(returnPath, customer.cookie)).toBe(labelsPage(row.order_no));
    const mails = (await mailsOf(t)).filter((m) => m.to === customer.email);
    expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
    expect(await countOf('invoices', draftId)).toBe(0);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(failed.purchase_note);
  });

  it('refunds through the job when the provider does not answer the refund at first', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    carriers().failNext('buyRate', 'PAYMENT_REQUIRED');
    payments().failNextRefund(new Error('socket hang up'));
    await follow(await approve(token), customer.cookie);
    const failed = await shipmentRow(draftId);
    expect(failed.state).toBe('failed');
    expect((await paymentOrder(failed.payment_order_id!)).status).toBe('captured');
    // The job waits a minute after the return's own attempt.
    await t.app.jobs.drain();
    expect((await paymentOrder(failed.payment_order_id!)).status).toBe('captured');
    t.advance(REFUND_JOB_DELAY_MS);
    await t.app.jobs.drain();
    const order = await paymentOrder(failed.payment_order_id!);
    expect(order.status).toBe('refunded');
    expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
  });

  it('finishes a purchase whose answer was lost with the job, without buying twice', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const before = carriers().purchaseCount();
    carriers().failNext('buyRate', 'UNAVAILABLE', { afterEffect: true });
    const row = await shipmentRow(draftId);
    expect(await follow(await approve(token), customer.cookie)).toBe(labelsPage(row.order_no));
    expect(await shipmentRow(draftId)).toMatchObject({ state: 'buying', purchase_note: LABEL_PURCHASE_MESSAGES.preparing });
    expect(carriers().purchaseCount()).toBe(before + 1);

    await t.app.jobs.drain();
    expect((await shipmentRow(draftId)).state).toBe('buying');
    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await shipmentRow(draftId)).toMatchObject({ state: 'bought', purchase_note: '' });
    expect(carriers().purchaseCount()).toBe(before + 1);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
    expect(await countOf('invoices', draftId)).toBe(1);
  });

  it('gives the money back when the carrier has not answered for two hours, and buys nothing', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const before = carriers().purchaseCount();
    carriers().failNext('buyRate', 'UNAVAILABLE');
    carriers().failNext('buyRate', 'UNAVAILABLE');
    const row = await shipmentRow(draftId);
    expect(await follow(await approve(token), customer.cookie)).toBe(labelsPage(row.order_no));
    expect((await shipmentRow(draftId)).state).toBe('buying');

    t.advance(BUYING_GIVE_UP_MS);
    await t.app.jobs.drain();
    const failed = await shipmentRow(draftId);
    expect(failed.state).toBe('failed');
    expect(failed.purchase_note).toContain('the carrier did not answer for two hours');
    expect(failed.purchase_note).toContain('was refunded');
    expect((await paymentOrder(failed.payment_order_id!)).status).toBe('refunded');
    expect(carriers().purchaseCount()).toBe(before);
    expect((await mailsOf(t)).some((mail) => mail.to === customer.email && mail.subject.includes('could not be bought'))).toBe(true);
    // No label was made: none is asked back.
    t.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await carriers().getRefundStatus(failed.provider_shipment_id!)).toBeNull();
  });

  it('asks the carrier to void a label it made before refusing it, once, and refunds the customer once', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const before = carriers().purchaseCount();
    // npm run carrier -- fail buyRate SHIPMENT.POSTAGE.FAILURE --after
    await carriers().failNextDurably('buyRate', 'SHIPMENT.POSTAGE.FAILURE', { afterEffect: true });
    const voids = vi.spyOn(t.app.carriers, 'refund');
    try {
      const returnPath = await approve(token);
      await follow(returnPath, customer.cookie);
      const failed = await shipmentRow(draftId);
      expect(failed.state).toBe('failed');
      expect(failed.purchase_note).toContain('was refunded');
      // The carrier made the label before it answered the refusal.
      expect(carriers().purchaseCount()).toBe(before + 1);
      const order = await paymentOrder(failed.payment_order_id!);
      expect(order.status).toBe('refunded');
      // As the carrier's client sees it: the label it made is being refunded.
      expect(await carriers().getRefundStatus(failed.provider_shipment_id!)).toBe('submitted');

      // The return again, and every job due: one void, one refund of the payment.
      expect(await follow(returnPath, customer.cookie)).toBe(labelsPage(failed.order_no));
      t.advance(60 * 60 * 1000);
      await t.app.jobs.drain();
      expect(voids).toHaveBeenCalledTimes(1);
      expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
      expect(await shipmentRow(draftId)).toMatchObject({ state: 'failed', tracking_code: null, refund_status: '' });
      expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
    } finally {
      voids.mockRestore();
    }
  });

  it('asks the void again with its job when the carrier does not answer it at first', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    carriers().failNext('buyRate', 'SHIPMENT.POSTAGE.FAILURE', { afterEffect: true });
    carriers().failNext('refund', 'UNAVAILABLE');
    await follow(await approve(token), customer.cookie);
    const failed = await shipmentRow(draftId);
    expect(failed.state).toBe('failed');
    expect((await paymentOrder(failed.payment_order_id!)).status).toBe('refunded');
    expect(await carriers().getRefundStatus(failed.provider_shipment_id!)).toBeNull();

    t.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await carriers().getRefundStatus(failed.provider_shipment_id!)).toBe('submitted');
  });

  it('voids a label the carrier made while the purchase was being given up, through its job when the carrier does not answer at first', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const before = carriers().purchaseCount();
    carriers().failNext('buyRate', 'UNAVAILABLE');
    await follow(await approve(token), customer.cookie);
    expect((await shipmentRow(draftId)).state).toBe('buying');

    // The last try: the carrier makes the label but its answer is lost; the void is not answered either.
    t.advance(BUYING_GIVE_UP_MS);
    carriers().failNext('buyRate', 'UNAVAILABLE', { afterEffect: true });
    carriers().failNext('refund', 'UNAVAILABLE');
    await t.app.jobs.drain();
    const failed = await shipmentRow(draftId);
    expect(failed.state).toBe('failed');
    expect(carriers().purchaseCount()).toBe(before + 1);
    expect((await paymentOrder(failed.payment_order_id!)).status).toBe('refunded');

    t.advance(60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await carriers().getRefundStatus(failed.provider_shipment_id!)).toBe('submitted');
  });

  it('voids a label whose answer comes only after the purchase was given up and refunded', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const buyRate = t.app.carriers.buyRate.bind(t.app.carriers);
    let answer!: () => void;
    const slow = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // The return's purchase: the carrier takes two hours and more to answer it.
    const bought = vi.spyOn(t.app.carriers, 'buyRate').mockImplementationOnce(async (input) => {
      await slow;
      return buyRate(input);
    });
    try {
      const returned = follow(await approve(token), customer.cookie);
      await vi.waitFor(() => expect(bought).toHaveBeenCalledTimes(1));
      // Meanwhile the job gives up: failed, refunded, and no label to void yet.
      t.advance(BUYING_GIVE_UP_MS);
      carriers().failNext('buyRate', 'UNAVAILABLE');
      await t.app.jobs.drain();
      const failed = await shipmentRow(draftId);
      expect(failed.state).toBe('failed');
      expect((await paymentOrder(failed.payment_order_id!)).status).toBe('refunded');
      expect(await carriers().getRefundStatus(failed.provider_shipment_id!)).toBeNull();

      answer();
      await returned;
      expect(await shipmentRow(draftId)).toMatchObject({ state: 'failed', tracking_code: null });
      expect(await carriers().findLabel(failed.provider_shipment_id!)).not.toBeNull();
      expect(await carriers().getRefundStatus(failed.provider_shipment_id!)).toBe('submitted');
      expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
    } finally {
      bought.mockRestore();
    }
  });

  it('makes one label, one ledger row and one invoice when returns arrive at the same time', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const before = carriers().purchaseCount();
    const returnPath = await approve(token);
    const row = await shipmentRow(draftId);
    const pages = await Promise.all([1, 2, 3].map(() => follow(returnPath, customer.cookie)));
    for (const page of pages) expect([paySuccessFor(row.order_no), labelsPage(row.order_no)]).toContain(page);
    expect(pages).toContain(paySuccessFor(row.order_no));
    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    expect((await shipmentRow(draftId)).state).toBe('bought');
    expect(carriers().purchaseCount()).toBe(before + 1);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
    expect(await countOf('invoices', draftId)).toBe(1);
    expect(await countOf('shipment_labels', draftId)).toBe(2);
  });

  /** The provider captures one cent less than the order's amount, until the spy is restored. */
  const captureOneCentShort = () => {
    const capture = t.app.payments.captureOrder.bind(t.app.payments);
    return vi.spyOn(t.app.payments, 'captureOrder').mockImplementation(async (...args) => {
      const result = await capture(...args);
      return { ...result, amountCents: (result.amountCents ?? 0) - 1 };
    });
  };

  it('refunds a capture of another amount than the order\'s, and buys nothing', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const spy = captureOneCentShort();
    const before = carriers().purchaseCount();
    try {
      const row = await shipmentRow(draftId);
      expect(await follow(await approve(token), customer.cookie)).toBe(labelsPage(row.order_no));
    } finally {
      spy.mockRestore();
    }
    const failed = await shipmentRow(draftId);
    expect(failed).toMatchObject({ state: 'failed', purchase_note: LABEL_PURCHASE_MESSAGES.wrongAmount });
    const order = await paymentOrder(failed.payment_order_id!);
    expect(order.status).toBe('refunded');
    expect(await payments().refundsOf(order.capture_id!)).toEqual([{ requestId: `refund-${order.id}`, amountCents: failed.total_cents - 1, currency: 'USD' }]);
    expect(carriers().purchaseCount()).toBe(before);
    await t.app.jobs.drain();
    expect(await payments().refundsOf(order.capture_id!)).toHaveLength(1);
  });

  it('fails the label of a capture of another amount, saying why, when its refund is made by the job', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const spy = captureOneCentShort();
    payments().failNextRefund(new Error('socket hang up'));
    try {
      await follow(await approve(token), customer.cookie);
    } finally {
      spy.mockRestore();
    }
    const paying = await shipmentRow(draftId);
    expect(paying.state).toBe('paying');
    t.advance(REFUND_JOB_DELAY_MS);
    await t.app.jobs.drain();
    const failed = await shipmentRow(draftId);
    expect(failed).toMatchObject({ state: 'failed', purchase_note: LABEL_PURCHASE_MESSAGES.wrongAmount });
    const order = await paymentOrder(failed.payment_order_id!);
    expect(order.status).toBe('refunded');
    expect(await payments().refundsOf(order.capture_id!)).toEqual([{ requestId: `refund-${order.id}`, amountCents: failed.total_cents - 1, currency: 'USD' }]);
  });

  it('sends a payer who cancels at the provider back to the Review step with nothing bought, and the label can be paid again', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, rate: usps, token } = await rateAndBuy(customer);
    const cancel = await postForm(t.app, '/app/v1/payments/simulator/cancel', { token });
    expect(await returnPageOf(locationPath(cancel.headers.location), customer.cookie)).toBe(reviewPageOf(customer, draftId));
    expect((await shipmentRow(draftId)).state).toBe('paying');
    const again = await buy(customer, { draftId, rateId: usps.rateId });
    expect(again.json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.redirect);
  });

  it('needs a session and reads the user from it only', async () => {
    const customer = await newCustomer(t.app);
    const rated = await rate(customer);
    expect((await post('/app/v1/labelPurchase/buy', { draftId: rated.data.draftId, rateId: rated.data.rates[0].rateId })).statusCode).toBe(401);
    expect(readOutbox(t.config.mailOutboxDir).filter((m) => m.to === customer.email)).toHaveLength(0);
  });
});

describe('unpaid labels: getUnpaidLabelsCall, deleteUnpaidLabelCall and paying again', () => {
  const unpaidOf = async (customer: Customer, id?: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/app/v1/labelPurchase/unpaid${id === undefined ? '' : `?id=${id}`}`, headers: { cookie: customer.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Record<string, unknown>[];
  };
  const remove = (customer: Customer, id: number) => post('/app/v1/labelPurchase/deleteUnpaid', { id }, customer.cookie);
  const purchasedLabels = async (customer: Customer) => {
    const response = await t.app.inject({ method: 'GET', url: `/app/v1/userGetShipment?user_id=${customer.userId}`, headers: { cookie: customer.cookie } });
    return (response.json().data.list as { shippingIndexID: number }[]).map((row) => row.shippingIndexID);
  };
  const tokenOf = (answer: { redirectURL: string }) => new URL(answer.redirectURL).searchParams.get('token')!;
  const liveOrders = async (customer: Customer) =>
    (await t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', customer.userId).where('status', '=', 'created').execute()).length;

  it('lists a label cancelled at the provider apart from Purchased Labels, with everything chosen, to pay again', async () => {
    const customer = await newCustomer(t.app);
    const saved = await post('/openapi/easyPost/saveOrderForLater', { ...ORDER, insuredValue: 100 }, customer.cookie);
    const savedId = saved.json().data.id as number;
    const rated = await rate(customer);
    const usps = rated.data.rates.find((r: { carrier: string }) => r.carrier === 'USPS');
    const bought = await buy(customer, { draftId: rated.data.draftId, rateId: usps.rateId, notifyRecipient: 1, orderId: savedId });
    await postForm(t.app, '/app/v1/payments/simulator/cancel', { token: tokenOf(bought.json()) });
    const row = await shipmentRow(rated.data.draftId);

    expect(await purchasedLabels(customer)).toEqual([]);
    const [unpaid] = await unpaidOf(customer);
    expect(unpaid).toEqual({
      id: rated.data.draftId,
      orderNo: row.order_no,
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // Issue 25 item 3: both at home, so no declaration.
      from: { ...FROM, country: 'US' },
      to: { ...TO, country: 'US' },
      parcel: { length: 12, width: 10, height: 6, weight: 40, predefinedPackage: null },
      insuredValue: '100.00',
      insurance: '1.00',
      comments: 'Birthday gift',
      notifyRecipient: true,
      orderId: savedId,
      rate: { ...usps, cheapest: expect.any(Boolean), fastest: expect.any(Boolean) },
      rates: rated.data.rates,
      total: (Number(usps.rate) + 1).toFixed(2),
      // The ship date it was rated for: the page's Review shows it, and the day expected.
      shipDate: rated.data.shipDate,
      payment: 'unpaid',
      customs: null,
    });
    expect((unpaid as { rate: { deliveryDate: string } }).rate.deliveryDate).toBe(usps.deliveryDate);
    expect(await unpaidOf(customer, rated.data.draftId)).toEqual([unpaid]);

    // Paid again from the list, the same purchase: bought once, then no longer unpaid.
    const again = await buy(customer, { draftId: rated.data.draftId, rateId: usps.rateId, notifyRecipient: 1, orderId: savedId });
    expect(await follow(await approve(tokenOf(again.json())), customer.cookie)).toBe(paySuccessFor(row.order_no));
    expect((await shipmentRow(rated.data.draftId)).state).toBe('bought');
    expect(await unpaidOf(customer)).toEqual([]);
    expect(await purchasedLabels(customer)).toEqual([rated.data.draftId]);
  });

  it("shows a customer only their own unpaid labels, and says when one's payment is being confirmed", async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const { draftId } = await rateAndBuy(customer);
    expect(await unpaidOf(intruder)).toEqual([]);
    expect(await unpaidOf(intruder, draftId)).toEqual([]);
    const { payment_order_id: orderId } = await shipmentRow(draftId);
    await t.app.db.updateTable('payment_orders').set({ status: 'capturing' }).where('id', '=', orderId).execute();
    expect(await unpaidOf(customer)).toEqual([expect.objectContaining({ id: draftId, payment: 'confirming' })]);
  });

  it('deletes only an unpaid label of the customer, its open payment cancelled so it can no longer be captured', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    const { payment_order_id: orderId } = await shipmentRow(draftId);

    const foreign = await remove(intruder, draftId);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toEqual({ errorcode: LABEL_PURCHASE_ERRORCODE.refused, message: LABEL_PURCHASE_MESSAGES.notUnpaid });
    expect((await shipmentRow(draftId)).state).toBe('paying');
    expect((await paymentOrder(orderId!)).status).toBe('created');

    const deleted = await remove(customer, draftId);
    expect(deleted.json()).toEqual({ errorcode: LABEL_PURCHASE_ERRORCODE.ok, message: 'The unpaid label was deleted.' });
    expect(await t.app.db.selectFrom('shipments').select('id').where('id', '=', draftId).executeTakeFirst()).toBeUndefined();
    expect((await paymentOrder(orderId!)).status).toBe('cancelled');
    expect(await unpaidOf(customer)).toEqual([]);
    // The payer approves the deleted label's payment all the same: nothing is captured or bought.
    const before = carriers().purchaseCount();
    expect(await follow(await approve(token), customer.cookie)).toBe('/app/payCancel');
    expect((await paymentOrder(orderId!)).status).toBe('cancelled');
    expect(carriers().purchaseCount()).toBe(before);
    expect((await remove(customer, draftId)).json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.refused);
    expect((await post('/app/v1/labelPurchase/deleteUnpaid', { id: draftId })).statusCode).toBe(401);
  });

  it('never deletes a paid label, nor one whose payment is being taken', async () => {
    const customer = await newCustomer(t.app);
    const paid = await rateAndBuy(customer);
    await follow(await approve(paid.token), customer.cookie);
    expect((await shipmentRow(paid.draftId)).state).toBe('bought');
    expect((await remove(customer, paid.draftId)).json()).toEqual({ errorcode: LABEL_PURCHASE_ERRORCODE.refused, message: LABEL_PURCHASE_MESSAGES.notUnpaid });
    expect((await shipmentRow(paid.draftId)).state).toBe('bought');

    const capturing = await rateAndBuy(customer);
    const { payment_order_id: orderId } = await shipmentRow(capturing.draftId);
    await t.app.db.updateTable('payment_orders').set({ status: 'capturing' }).where('id', '=', orderId).execute();
    expect((await remove(customer, capturing.draftId)).json()).toEqual({ errorcode: LABEL_PURCHASE_ERRORCODE.refused, message: LABEL_PURCHASE_MESSAGES.payingAlready });
    expect((await shipmentRow(capturing.draftId)).state).toBe('paying');
    expect((await paymentOrder(orderId!)).status).toBe('capturing');
  });

  it('buys one label when the same unpaid label is paid twice at once and both payments are approved', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, rate: usps, token } = await rateAndBuy(customer);
    await postForm(t.app, '/app/v1/payments/simulator/cancel', { token });
    const answers = await Promise.all([1, 2].map(() => buy(customer, { draftId, rateId: usps.rateId })));
    const opened = answers.filter((answer) => answer.json().errorcode === LABEL_PURCHASE_ERRORCODE.redirect);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((refused) => !opened.includes(refused))) expect(answer.statusCode).toBe(409);
    expect(await liveOrders(customer)).toBe(1);

    const before = carriers().purchaseCount();
    await Promise.all(opened.map(async (answer) => follow(await approve(tokenOf(answer.json())), customer.cookie)));
    t.advance(3 * 60 * 1000);
    await t.app.jobs.drain();
    expect((await shipmentRow(draftId)).state).toBe('bought');
    expect(carriers().purchaseCount()).toBe(before + 1);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
    const captured = await t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', customer.userId).where('status', '=', 'captured').execute();
    expect(captured).toHaveLength(1);
  });

  it('either deletes an unpaid label or opens its payment when both are asked at once, never a payment for a deleted label', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, rate: usps } = await rateAndBuy(customer);
    const [paid, deleted] = await Promise.all([buy(customer, { draftId, rateId: usps.rateId }), remove(customer, draftId)]);
    const row = await t.app.db.selectFrom('shipments').select(['state', 'payment_order_id']).where('id', '=', draftId).executeTakeFirst();
    if (deleted.json().errorcode === LABEL_PURCHASE_ERRORCODE.ok) {
      // Deleted last (a payment opened first was cancelled with it) or first (the payment refused).
      expect(row).toBeUndefined();
      expect(await liveOrders(customer)).toBe(0);
    } else {
      // The payment opened between the delete's read and its write: the delete is refused whole.
      expect(paid.json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.redirect);
      expect(row?.state).toBe('paying');
      expect(await liveOrders(customer)).toBe(1);
    }
  });

  it('deletes the unpaid label a purchase rated again replaces, in the same step, and refuses to replace one no longer unpaid', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const old = await rateAndBuy(customer);
    const { payment_order_id: oldOrder } = await shipmentRow(old.draftId);
    t.advance(RATES_VALID_MS + 1000);
    expect((await buy(customer, { draftId: old.draftId, rateId: old.rate.rateId })).json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.expired);

    const fresh = await rate(customer);
    const foreign = await rate(intruder);
    const stolen = await buy(intruder, { draftId: foreign.data.draftId, rateId: foreign.data.rates[0].rateId, replaces: old.draftId });
    expect(stolen.json()).toEqual({ errorcode: LABEL_PURCHASE_ERRORCODE.refused, message: LABEL_PURCHASE_MESSAGES.notUnpaid });
    expect((await shipmentRow(foreign.data.draftId)).state).toBe('draft');
    expect((await shipmentRow(old.draftId)).state).toBe('paying');

    const replaced = await buy(customer, { draftId: fresh.data.draftId, rateId: fresh.data.rates[0].rateId, replaces: old.draftId });
    expect(replaced.json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.redirect);
    expect(await t.app.db.selectFrom('shipments').select('id').where('id', '=', old.draftId).executeTakeFirst()).toBeUndefined();
    expect((await paymentOrder(oldOrder!)).status).toBe('cancelled');
    expect((await unpaidOf(customer)).map((label) => label.id)).toEqual([fresh.data.draftId]);

    // The label it replaced is gone: replacing it again is refused, and nothing more is opened.
    const again = await rate(customer);
    const twice = await buy(customer, { draftId: again.data.draftId, rateId: again.data.rates[0].rateId, replaces: old.draftId });
    expect(twice.json().errorcode).toBe(LABEL_PURCHASE_ERRORCODE.refused);
    expect((await shipmentRow(again.data.draftId)).state).toBe('draft');
    expect(await liveOrders(customer)).toBe(1);
  });

  it('sends a payer whose payment is being confirmed to Orders In Progress, where the label waits', async () => {
    const customer = await newCustomer(t.app);
    const { draftId, token } = await rateAndBuy(customer);
    // PayPal holds the capture for review.
    const spy = vi.spyOn(t.app.payments, 'captureOrder').mockResolvedValueOnce({ status: 'PENDING', pendingReason: 'PENDING_REVIEW', amountCents: null, currency: null, captureId: 'CAPTURE-HELD' });
    try {
      expect(await follow(await approve(token), customer.cookie)).toBe(`/app/payPending?redirect=${encodeURIComponent('/ShipmentParent/MyOrder')}`);
    } finally {
      spy.mockRestore();
    }
    expect(await unpaidOf(customer)).toEqual([expect.objectContaining({ id: draftId, payment: 'confirming' })]);
  });
});

describe('saveOrderForLaterCall', () => {
  it('keeps the page as an order in progress, updates it by id, and refuses another customer\'s id', async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const body = { from: { firstName: 'Casey', address1: '1 Main St' }, to: {}, parcel: { length: 8 }, comments: 'half done' };
    const created = await post('/openapi/easyPost/saveOrderForLater', body, customer.cookie);
    expect(created.json()).toMatchObject({ code: 0, errorcode: 0, data: { id: expect.any(Number) } });
    const id = created.json().data.id as number;
    const updated = await post('/openapi/easyPost/saveOrderForLater', { ...body, id, comments: 'nearly done' }, customer.cookie);
    expect(updated.json()).toMatchObject({ code: 0, data: { id } });
    const row = await t.app.db.selectFrom('saved_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: customer.userId, comments: 'nearly done', from_first_name: 'Casey', length_in: 8 });

    const foreign = await post('/openapi/easyPost/saveOrderForLater', { ...body, id, comments: 'mine now' }, intruder.cookie);
    expect(foreign.json()).toMatchObject({ code: -1, errorcode: -1 });
    expect((await t.app.db.selectFrom('saved_orders').select('comments').where('id', '=', id).executeTakeFirstOrThrow()).comments).toBe('nearly done');
    expect((await post('/openapi/easyPost/saveOrderForLater', body)).statusCode).toBe(401);
  });
});
