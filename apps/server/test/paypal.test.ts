import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../src/providers/payments/payments-provider.js';
import { createPayPalPaymentsProvider } from '../src/providers/payments/paypal-payments-provider.js';
import { buildTestApp, postForm, type TestApp, useTestDatabase } from './helper.js';
import { locationPath, newCustomer, operationsOf, userRow } from './ledger-fixtures.js';

/**
 * A local server answering as PayPal's REST API documents it: OAuth client credentials, Orders v2
 * create (idempotent by PayPal-Request-Id), approval by the payer, capture, and Payments v2
 * refunds of a capture (idempotent by PayPal-Request-Id; never more than was captured).
 */
interface FakeOrder {
  id: string;
  requestBody: Record<string, unknown>;
  amount: { currency_code: string; value: string };
  approved: boolean;
  capturedWith: string | undefined;
  /** What the capture took, once captured. */
  captured?: { currency_code: string; value: string } | undefined;
}

interface FakeRefund {
  id: string;
  captureId: string;
  requestId: string;
  amount: { currency_code: string; value: string };
}

type CaptureMode = 'completed' | 'pending' | 'wrong-amount' | 'wrong-currency' | 'declined';

class FakePayPal {
  server: Server = createServer((request, response) => void this.handle(request, response));
  base = '';
  tokenRequests = 0;
  orders = new Map<string, FakeOrder>();
  byRequestId = new Map<string, string>();
  captureMode: CaptureMode = 'completed';
  refunds: FakeRefund[] = [];
  /** The next refund answers 500 (PayPal failed: the refund may or may not have been made). */
  failNextRefund = false;
  requests: { path: string; headers: IncomingMessage['headers'] }[] = [];

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const path = request.url ?? '';
    this.requests.push({ path, headers: request.headers });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
      if (request.headers.authorization !== expected || raw !== 'grant_type=client_credentials') {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      this.tokenRequests += 1;
      return send(200, { scope: 'https://uri.paypal.com/services/payments', access_token: 'A21AAFAKE', token_type: 'Bearer', expires_in: 32_400 });
    }
    if (request.headers.authorization !== 'Bearer A21AAFAKE') return send(401, { name: 'AUTHENTICATION_FAILURE' });
    const requestId = request.headers['paypal-request-id'];
    if (typeof requestId !== 'string') return send(400, { name: 'INVALID_REQUEST' });
    if (request.method === 'POST' && path === '/v2/checkout/orders') {
      const body = JSON.parse(raw) as { intent: string; purchase_units: { amount: { currency_code: string; value: string } }[] };
      if (body.intent !== 'CAPTURE') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INTENT_INVALID' }] });
      const known = this.byRequestId.get(requestId);
      const id = known ?? randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();
      if (!known) {
        this.byRequestId.set(requestId, id);
        this.orders.set(id, { id, requestBody: body, amount: body.purchase_units[0]!.amount, approved: false, capturedWith: undefined });
      }
      return send(known ? 200 : 201, {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [
          { href: `${this.base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
      });
    }
    const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path);
    if (request.method === 'POST' && capture) {
      const order = this.orders.get(capture[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (!order.approved) return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      if (order.capturedWith && order.capturedWith !== requestId) {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
      }
      // PayPal refuses the capture when the payer's card or bank declines; the payer may pick another.
      if (this.captureMode === 'declined') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
      order.capturedWith = requestId;
      const amount =
        this.captureMode === 'wrong-amount'
          ? { ...order.amount, value: '0.01' }
          : this.captureMode === 'wrong-currency'
            ? { ...order.amount, currency_code: 'EUR' }
            : order.amount;
      const status = this.captureMode === 'pending' ? 'PENDING' : 'COMPLETED';
      order.captured = amount;
      return send(201, {
        id: order.id,
        // PayPal marks the order COMPLETED even when its capture is PENDING (e.g. an eCheck).
        status: 'COMPLETED',
        purchase_units: [{ reference_id: 'default', payments: { captures: [{ id: `CAP${order.id}`, status, amount, final_capture: true }] } }],
      });
    }
    const refund = /^\/v2\/payments\/captures\/CAP([A-Z0-9]+)\/refund$/.exec(path);
    if (request.method === 'POST' && refund) {
      const order = this.orders.get(refund[1]!);
      if (!order?.captured) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (this.failNextRefund) {
        this.failNextRefund = false;
        return send(500, { name: 'INTERNAL_SERVER_ERROR' });
      }
      const captureId = `CAP${order.id}`;
      const repeated = this.refunds.find((r) => r.requestId === requestId);
      if (repeated) return send(200, { id: repeated.id, status: 'COMPLETED', amount: repeated.amount });
      const body = JSON.parse(raw || '{}') as { amount?: { currency_code: string; value: string } };
      const amount = body.amount ?? order.captured;
      const cents = (value: string) => Math.round(Number(value) * 100);
      const refunded = this.refunds.filter((r) => r.captureId === captureId).reduce((sum, r) => sum + cents(r.amount.value), 0);
      if (amount.currency_code !== order.captured.currency_code) {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_CURRENCY_MISMATCH' }] });
      }
      if (refunded + cents(amount.value) > cents(order.captured.value)) {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
      }
      const created = { id: `RF${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`, captureId, requestId, amount };
      this.refunds.push(created);
      return send(201, { id: created.id, status: 'COMPLETED', amount });
    }
    return send(404, { name: 'RESOURCE_NOT_FOUND' });
  }
}

const paypal = new FakePayPal();
beforeAll(() => paypal.start());
afterAll(() => paypal.stop());
beforeEach(() => {
  paypal.captureMode = 'completed';
});

describe('PayPal Orders v2 adapter', () => {
  const provider = () => createPayPalPaymentsProvider({ clientId: 'client-id', clientSecret: 'client-secret', apiBase: paypal.base, brandName: 'AirBox' });
  const input = (requestId: string) => ({
    requestId,
    amountCents: 1495,
    currency: 'USD',
    description: 'Credit Plan: 5 credits',
    referenceId: 'airbox-1',
    returnUrl: 'http://localhost:8080/app/v1/payments/return',
    cancelUrl: 'http://localhost:8080/app/v1/payments/cancel',
  });

  it('takes a token once, creates an order with intent CAPTURE and the amount, and answers the payer-action link', async () => {
    const adapter = provider();
    const before = paypal.tokenRequests;
    const created = await adapter.createOrder(input('req-1'));
    await adapter.createOrder(input('req-2'));
    expect(paypal.tokenRequests - before).toBe(1);
    expect(created.approvalUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${created.providerOrderId}`);
    const order = paypal.orders.get(created.providerOrderId)!;
    expect(order.requestBody).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ reference_id: 'airbox-1', amount: { currency_code: 'USD', value: '14.95' } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: 'http://localhost:8080/app/v1/payments/return',
            cancel_url: 'http://localhost:8080/app/v1/payments/cancel',
          },
        },
      },
    });
    const createRequest = paypal.requests.find((r) => r.path === '/v2/checkout/orders' && r.headers['paypal-request-id'] === 'req-1');
    expect(createRequest?.headers['content-type']).toBe('application/json');
  });

  it('creates one order for one request id, however often it is sent', async () => {
    const adapter = provider();
    const first = await adapter.createOrder(input('req-same'));
    const again = await adapter.createOrder(input('req-same'));
    expect(again.providerOrderId).toBe(first.providerOrderId);
  });

  it('captures an approved order and repeats the same capture for the same request id', async () => {
    const adapter = provider();
    const { providerOrderId } = await adapter.createOrder(input('req-capture'));
    await expect(adapter.captureOrder(providerOrderId, 'cap-1')).rejects.toMatchObject({ code: 'ORDER_NOT_APPROVED' });
    paypal.orders.get(providerOrderId)!.approved = true;
    const captured = { status: 'COMPLETED', amountCents: 1495, currency: 'USD', captureId: `CAP${providerOrderId}` };
    expect(await adapter.captureOrder(providerOrderId, 'cap-1')).toEqual(captured);
    expect(await adapter.captureOrder(providerOrderId, 'cap-1')).toEqual(captured);
    await expect(adapter.captureOrder(providerOrderId, 'cap-2')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('refunds a capture with PayPal-Request-Id: once per request id, never more than was captured', async () => {
    const adapter = provider();
    const { providerOrderId } = await adapter.createOrder(input('req-refund'));
    paypal.orders.get(providerOrderId)!.approved = true;
    const { captureId } = await adapter.captureOrder(providerOrderId, 'cap-r');
    const refund = { captureId: captureId!, requestId: 'refund-1', amountCents: 1495, currency: 'USD' };
    const first = await adapter.refundCapture(refund);
    expect(first).toEqual({ refundId: expect.stringMatching(/^RF/), status: 'COMPLETED' });
    expect(await adapter.refundCapture(refund)).toEqual(first);
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toEqual([
      expect.objectContaining({ requestId: 'refund-1', amount: { currency_code: 'USD', value: '14.95' } }),
    ]);
    const sent = paypal.requests.find((r) => r.path === `/v2/payments/captures/${captureId}/refund`);
    expect(sent?.headers['paypal-request-id']).toBe('refund-1');
    await expect(adapter.refundCapture({ ...refund, requestId: 'refund-2' })).rejects.toMatchObject({ code: 'REFUND_AMOUNT_EXCEEDED' });
    await expect(adapter.refundCapture({ ...refund, captureId: 'bad/../id' })).rejects.toMatchObject({ code: 'INVALID_RESOURCE_ID' });
    paypal.failNextRefund = true;
    // A 500 is no answer: no code, so the caller tries again with the same request id.
    await expect(adapter.refundCapture({ ...refund, requestId: 'refund-3' })).rejects.toMatchObject({ code: undefined });
  });

  it('reports a pending capture as not completed', async () => {
    const adapter = provider();
    const { providerOrderId } = await adapter.createOrder(input('req-pending'));
    paypal.orders.get(providerOrderId)!.approved = true;
    paypal.captureMode = 'pending';
    expect((await adapter.captureOrder(providerOrderId, 'cap-p')).status).toBe('PENDING');
  });

  it('fails with wrong client credentials', async () => {
    const adapter = createPayPalPaymentsProvider({ clientId: 'client-id', clientSecret: 'wrong', apiBase: paypal.base, brandName: 'AirBox' });
    await expect(adapter.createOrder(input('req-denied'))).rejects.toThrow(/token request failed with HTTP 401/);
  });
});

describe('buying a membership with PAYMENTS_PROVIDER=paypal', () => {
  const database = useTestDatabase();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), {
      payments: { provider: 'paypal', paypalClientId: 'client-id', paypalClientSecret: 'client-secret', paypalApiBase: paypal.base },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function buyAndApprove(cookie: string, userId: number, number: number) {
    const response = await postForm(t.app, '/app/v1/buyMembership', { userID: userId, number, plan: 1 }, cookie);
    const { errorcode, redirectURL } = response.json();
    expect(errorcode).toBe(1);
    expect(redirectURL).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=/);
    const token = new URL(redirectURL).searchParams.get('token')!;
    paypal.orders.get(token)!.approved = true;
    // PayPal sends the payer back with ?token=…&PayerID=…
    const back = await t.app.inject({ method: 'GET', url: `/app/v1/payments/return?token=${token}&PayerID=FAKEPAYER`, headers: { cookie } });
    expect(back.statusCode).toBe(303);
    return locationPath(back.headers.location);
  }

  it('grants the credits once PayPal reports the capture COMPLETED for the ordered amount', async () => {
    const customer = await newCustomer(t.app);
    expect(await buyAndApprove(customer.cookie, customer.userId, 2)).toBe('/app/paySuccess?plan=1&number=2');
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);
    expect(await operationsOf(t.app, customer.userId)).toEqual([expect.objectContaining({ op_type: 11, quote_cents: 598, credits_delta: 2 })]);
    // The simulator's pages do not exist with PayPal.
    expect((await t.app.inject({ method: 'GET', url: '/app/v1/payments/simulator?token=X' })).statusCode).toBe(404);
  });

  it.each([
    ['wrong-amount', { currency_code: 'USD', value: '0.01' }],
    ['wrong-currency', { currency_code: 'EUR', value: '8.97' }],
  ] as const)('refunds a capture with %s what PayPal took, grants nothing, and ends the order refunded', async (mode, taken) => {
    const customer = await newCustomer(t.app);
    paypal.captureMode = mode;
    expect(await buyAndApprove(customer.cookie, customer.userId, 3)).toBe('/app/payCancel');
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
    const order = await t.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'refunded', capture_id: `CAP${order.provider_order_id}`, refund_request_id: `refund-${order.id}` });
    expect(paypal.refunds.filter((r) => r.captureId === order.capture_id)).toEqual([expect.objectContaining({ requestId: `refund-${order.id}`, amount: taken })]);
    // The return again: PayPal answers the same capture, and nothing is refunded twice.
    const back = await t.app.inject({ method: 'GET', url: `/app/v1/payments/return?token=${order.provider_order_id}`, headers: { cookie: customer.cookie } });
    expect(locationPath(back.headers.location)).toBe('/app/payCancel');
    await t.app.jobs.drain();
    expect(paypal.refunds.filter((r) => r.captureId === order.capture_id)).toHaveLength(1);
  });

  it('refunds a wrong capture through its job when PayPal fails the refund at first', async () => {
    const customer = await newCustomer(t.app);
    paypal.captureMode = 'wrong-amount';
    paypal.failNextRefund = true;
    expect(await buyAndApprove(customer.cookie, customer.userId, 2)).toBe('/app/payCancel');
    const status = async () => (await t.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', customer.userId).executeTakeFirstOrThrow());
    expect((await status()).status).toBe('capturing');
    await t.app.jobs.drain();
    const order = await status();
    expect(order.status).toBe('refunded');
    expect(paypal.refunds.filter((r) => r.captureId === order.capture_id)).toHaveLength(1);
  });

  it('sends a declined payment (INSTRUMENT_DECLINED) to payDeclined, not payCancel, grants nothing and keeps the order open to retry', async () => {
    const customer = await newCustomer(t.app);
    paypal.captureMode = 'declined';
    expect(await buyAndApprove(customer.cookie, customer.userId, 3)).toBe('/app/payDeclined?plan=1');
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
    const order = await t.app.db.selectFrom('payment_orders').select('status').where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    expect(order.status).toBe('created');
  });

  it('refuses a pending capture and grants nothing', async () => {
    const customer = await newCustomer(t.app);
    paypal.captureMode = 'pending';
    expect(await buyAndApprove(customer.cookie, customer.userId, 3)).toBe('/app/payCancel');
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    const order = await t.app.db.selectFrom('payment_orders').select('status').where('user_id', '=', customer.userId).executeTakeFirstOrThrow();
    expect(order.status).toBe('failed');
  });
});
