import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFUND_JOB_DELAY_MS } from '../src/modules/payments/payment-orders.js';
import { INTERRUPTED_CAPTURE_AFTER_MS, PENDING_CAPTURE_RECHECK_MS } from '../src/modules/payments/payments.service.js';
import { PaymentProviderError } from '../src/providers/payments/payments-provider.js';
import { createPayPalPaymentsProvider } from '../src/providers/payments/paypal-payments-provider.js';
import { FakeHttpServer } from './fake-http-server.js';
import { buildTestApp, describeOnce, mailsOf, postForm, type TestApp, useTestDatabase } from './helper.js';
import { locationPath, newCustomer, operationsOf, userRow } from './ledger-fixtures.js';

/**
 * A local server answering as PayPal's REST API documents it and as it answers in production:
 * OAuth client credentials (tokens that expire, or are revoked, and then answer 401
 * {error:"invalid_token"}), Orders v2 create and capture (idempotent by PayPal-Request-Id for as
 * long as PayPal keeps the id: 6 hours; a capture after that answers 422 ORDER_ALREADY_CAPTURED),
 * captures that stay PENDING (status_details.reason) until PayPal settles them, GET of an order
 * and of a capture, Payments v2 refunds of a capture (idempotent by PayPal-Request-Id; never more
 * than was captured), 429 RATE_LIMIT_REACHED and 5xx answers, and a debug_id in every error body
 * (and the Paypal-Debug-Id header on every answer).
 */
interface FakeCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED';
  amount: { currency_code: string; value: string };
  /** status_details.reason of a PENDING capture. */
  reason?: string | undefined;
}

interface FakeOrder {
  id: string;
  requestBody: Record<string, unknown>;
  amount: { currency_code: string; value: string };
  approved: boolean;
  /** The capture's PayPal-Request-Id and when PayPal got it (it keeps it REQUEST_ID_KEPT_MS). */
  capturedWith: { requestId: string; at: number } | undefined;
  /** The capture, once captured. */
  capture?: FakeCapture | undefined;
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

/** How long PayPal keeps an Orders v2 PayPal-Request-Id ("The server stores keys for 6 hours"). */
const REQUEST_ID_KEPT_MS = 6 * 60 * 60 * 1000;

/** A canned answer for the next API call (not the token endpoint). */
interface CannedAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Make the call first (as a 5xx after the work was done), then answer this. */
  afterWork?: boolean;
}

class FakePayPal extends FakeHttpServer {
  tokenRequests = 0;
  /** PayPal's clock: moved by advance() to expire tokens and request ids. */
  now = Date.now();
  /** The lifetime of the tokens it issues (expires_in): 9 hours, as PayPal's are. */
  tokenLifetimeSeconds = 32_400;
  tokens = new Map<string, number>();
  orders = new Map<string, FakeOrder>();
  byRequestId = new Map<string, string>();
  captureMode: CaptureMode = 'completed';
  refunds: FakeRefund[] = [];
  /** The next this many refunds answer 500 (PayPal failed: the refund may or may not have been made). */
  failRefunds = 0;
  /** The next capture is made, then the connection drops before the answer (a lost answer). */
  dropNextCaptureAnswer = false;
  /** Answers for the next API calls, in order (429s, 5xxs). */
  canned: CannedAnswer[] = [];
  debugIds = 0;
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[] = [];

  advance(ms: number) {
    this.now += ms;
  }

  /** Every token issued so far stops working (revoked, or PayPal's cache lost it). */
  revokeTokens() {
    this.tokens.clear();
  }

  /** The next `times` API calls answer 429 RATE_LIMIT_REACHED, as PayPal's rate limiting does. */
  rateLimitNext(times: number) {
    for (let i = 0; i < times; i += 1) {
      this.canned.push({ status: 429, body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.' } });
    }
  }

  /** PayPal decides a PENDING capture. */
  settle(orderId: string, status: 'COMPLETED' | 'DECLINED') {
    const capture = this.orders.get(orderId)?.capture;
    if (!capture) throw new Error(`no capture on order ${orderId}`);
    capture.status = status;
    capture.reason = undefined;
  }

  private captureBody(capture: FakeCapture) {
    return {
      id: capture.id,
      status: capture.status,
      ...(capture.reason ? { status_details: { reason: capture.reason } } : {}),
      amount: capture.amount,
      final_capture: true,
      links: [{ href: `${this.base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' }],
    };
  }

  private orderBody(order: FakeOrder) {
    return {
      id: order.id,
      intent: 'CAPTURE',
      // PayPal marks the order COMPLETED even when its capture is PENDING (e.g. an eCheck).
      status: order.capture ? 'COMPLETED' : order.approved ? 'APPROVED' : 'PAYER_ACTION_REQUIRED',
      purchase_units: [
        {
          reference_id: 'default',
          amount: order.amount,
          ...(order.capture ? { payments: { captures: [this.captureBody(order.capture)] } } : {}),
        },
      ],
    };
  }

  protected async handle(request: IncomingMessage, response: ServerResponse, raw: string) {
    const path = request.url ?? '';
    const method = request.method ?? 'GET';
    this.requests.push({ method, path, headers: request.headers });
    this.debugIds += 1;
    const debugId = `f0${this.debugIds.toString(16).padStart(11, '0')}`;
    const send = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const errorBody = status >= 400 && typeof body.name === 'string' ? { ...body, debug_id: debugId } : body;
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': debugId, ...headers });
      response.end(JSON.stringify(errorBody));
    };
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
      if (request.headers.authorization !== expected || raw !== 'grant_type=client_credentials') {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      this.tokenRequests += 1;
      const token = `A21AAFAKE${this.tokenRequests}`;
      this.tokens.set(token, this.now + this.tokenLifetimeSeconds * 1000);
      return send(200, { scope: 'https://uri.paypal.com/services/payments', access_token: token, token_type: 'Bearer', expires_in: this.tokenLifetimeSeconds });
    }
    // An expired, revoked or unknown token: PayPal answers the OAuth error shape, not its API error.
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expires = bearer ? this.tokens.get(bearer) : undefined;
    if (expires === undefined || expires <= this.now) {
      return send(401, { error: 'invalid_token', error_description: 'Access Token not found in cache' });
    }
    const canned = this.canned[0]?.afterWork ? undefined : this.canned.shift();
    if (canned) return send(canned.status, canned.body, canned.headers);

    const order = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path);
    if (method === 'GET' && order) {
      const found = this.orders.get(order[1]!);
      return found ? send(200, this.orderBody(found)) : send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    }
    const captureRead = /^\/v2\/payments\/captures\/CAP([A-Z0-9]+)$/.exec(path);
    if (method === 'GET' && captureRead) {
      const found = this.orders.get(captureRead[1]!)?.capture;
      return found ? send(200, this.captureBody(found)) : send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    }
    const requestId = request.headers['paypal-request-id'];
    if (typeof requestId !== 'string') return send(400, { name: 'INVALID_REQUEST' });
    if (method === 'POST' && path === '/v2/checkout/orders') {
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
    if (method === 'POST' && capture) {
      const order = this.orders.get(capture[1]!);
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (!order.approved) return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      if (order.capture && order.capturedWith) {
        // The same PayPal-Request-Id while PayPal keeps it: the capture's latest state. After
        // that, or another id: the order is captured already (one capture per CAPTURE order).
        const repeated = order.capturedWith.requestId === requestId && this.now - order.capturedWith.at <= REQUEST_ID_KEPT_MS;
        if (!repeated) {
          return send(422, {
            name: 'UNPROCESSABLE_ENTITY',
            message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
            details: [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.' }],
          });
        }
        return send(200, this.orderBody(order));
      }
      // PayPal refuses the capture when the payer's card or bank declines; the payer may pick another.
      if (this.captureMode === 'declined') return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
      order.capturedWith = { requestId, at: this.now };
      const amount =
        this.captureMode === 'wrong-amount'
          ? { ...order.amount, value: '0.01' }
          : this.captureMode === 'wrong-currency'
            ? { ...order.amount, currency_code: 'EUR' }
            : order.amount;
      order.capture =
        this.captureMode === 'pending' ? { id: `CAP${order.id}`, status: 'PENDING', amount, reason: 'ECHECK' } : { id: `CAP${order.id}`, status: 'COMPLETED', amount };
      order.captured = amount;
      if (this.dropNextCaptureAnswer) {
        this.dropNextCaptureAnswer = false;
        request.socket.destroy();
        return;
      }
      const after = this.canned[0]?.afterWork ? this.canned.shift() : undefined;
      if (after) return send(after.status, after.body, after.headers);
      return send(201, this.orderBody(order));
    }
    const refund = /^\/v2\/payments\/captures\/CAP([A-Z0-9]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      const order = this.orders.get(refund[1]!);
      if (!order?.captured) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (this.failRefunds > 0) {
        this.failRefunds -= 1;
        return send(500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' });
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
  paypal.canned = [];
  paypal.dropNextCaptureAnswer = false;
});

describeOnce('PayPal Orders v2 adapter', () => {
  const provider = (log?: { warn: (details: object, message: string) => void }) =>
    createPayPalPaymentsProvider({ clientId: 'client-id', clientSecret: 'client-secret', apiBase: paypal.base, brandName: 'AirBox', retryDelayMs: 5, ...(log ? { log } : {}) });
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
    // Another request id: PayPal answers ORDER_ALREADY_CAPTURED, and the adapter reads the order's capture.
    expect(await adapter.captureOrder(providerOrderId, 'cap-2')).toEqual(captured);
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
    // A 500 is no answer: no code, so the caller tries again with the same request id.
    paypal.canned.push(...Array.from({ length: 3 }, () => ({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' } })));
    await expect(adapter.refundCapture({ ...refund, requestId: 'refund-3' })).rejects.toMatchObject({ code: undefined });
  });

  it('reports a pending capture with its reason, and reads the capture until PayPal settles it', async () => {
    const adapter = provider();
    const { providerOrderId } = await adapter.createOrder(input('req-pending'));
    paypal.orders.get(providerOrderId)!.approved = true;
    paypal.captureMode = 'pending';
    const pending = await adapter.captureOrder(providerOrderId, 'cap-p');
    expect(pending).toEqual({ status: 'PENDING', pendingReason: 'ECHECK', amountCents: 1495, currency: 'USD', captureId: `CAP${providerOrderId}` });
    expect(await adapter.getCapture(pending.captureId!)).toEqual(pending);
    paypal.settle(providerOrderId, 'COMPLETED');
    expect(await adapter.getCapture(pending.captureId!)).toEqual({ status: 'COMPLETED', amountCents: 1495, currency: 'USD', captureId: `CAP${providerOrderId}` });
    expect(paypal.requests.filter((r) => r.method === 'GET' && r.path === `/v2/payments/captures/CAP${providerOrderId}`)).toHaveLength(2);
    await expect(adapter.getCapture('bad/../id')).rejects.toMatchObject({ code: 'INVALID_RESOURCE_ID' });
  });

  it('reads the order when its capture request id has expired at PayPal (ORDER_ALREADY_CAPTURED) and answers its capture', async () => {
    const adapter = provider();
    const { providerOrderId } = await adapter.createOrder(input('req-expired'));
    paypal.orders.get(providerOrderId)!.approved = true;
    const first = await adapter.captureOrder(providerOrderId, 'cap-e');
    // Seven hours later PayPal no longer knows the request id (it keeps it 6 hours).
    paypal.advance(7 * 60 * 60 * 1000);
    expect(await adapter.captureOrder(providerOrderId, 'cap-e')).toEqual(first);
    expect(paypal.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/checkout/orders/${providerOrderId}` });
  });

  it('retries a 429 and a 5xx with backoff and the same PayPal-Request-Id', async () => {
    const adapter = provider();
    const sent = paypal.requests.length;
    paypal.rateLimitNext(1);
    paypal.canned.push({ status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' } });
    const created = await adapter.createOrder(input('req-busy'));
    const creates = paypal.requests.slice(sent).filter((r) => r.path === '/v2/checkout/orders');
    expect(creates.map((r) => r.headers['paypal-request-id'])).toEqual(['req-busy', 'req-busy', 'req-busy']);
    expect(paypal.orders.has(created.providerOrderId)).toBe(true);
    // A capture made before a 500 (the answer failed, not the capture): the retry answers it.
    paypal.orders.get(created.providerOrderId)!.approved = true;
    paypal.canned.push({ status: 500, body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' }, afterWork: true });
    expect(await adapter.captureOrder(created.providerOrderId, 'cap-busy')).toMatchObject({ status: 'COMPLETED', captureId: `CAP${created.providerOrderId}` });
  });

  it('reads a 429 that lasts as no answer (no refusal code) and logs PayPal\'s debug_id', async () => {
    const warnings: { details: object; message: string }[] = [];
    const adapter = provider({ warn: (details, message) => void warnings.push({ details, message }) });
    await adapter.createOrder(input('req-limit-token'));
    paypal.rateLimitNext(3);
    const failure = await adapter.createOrder(input('req-limited')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ code: undefined, status: 429, debugId: expect.stringMatching(/^f0[0-9a-f]{11}$/) });
    expect((failure as Error).message).toContain((failure as PaymentProviderError).debugId!);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.details).toMatchObject({ status: 429, debugId: expect.stringMatching(/^f0/), attempt: 1 });
    // A refusal keeps its issue as the code, and its debug_id.
    await expect(adapter.captureOrder('NOSUCHORDER1', 'cap-none')).rejects.toMatchObject({ code: 'INVALID_RESOURCE_ID', debugId: expect.stringMatching(/^f0/) });
    // A Retry-After longer than the adapter waits in a request: no wait and no repeat here.
    const sent = paypal.requests.length;
    paypal.canned.push({ status: 429, body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests.' }, headers: { 'retry-after': '60' } });
    await expect(adapter.createOrder(input('req-later'))).rejects.toMatchObject({ code: undefined, status: 429 });
    expect(paypal.requests.slice(sent).map((r) => r.path)).toEqual(['/v2/checkout/orders']);
  });

  it('drops a token PayPal refuses (401 invalid_token: revoked, or expired by its clock) and retries once with a new one', async () => {
    const adapter = provider();
    await adapter.createOrder(input('req-token-1'));
    const before = paypal.tokenRequests;
    paypal.revokeTokens();
    await adapter.createOrder(input('req-token-2'));
    expect(paypal.tokenRequests - before).toBe(1);
    // PayPal's clock passes the token's expiry before ours does.
    paypal.advance(paypal.tokenLifetimeSeconds * 1000);
    await adapter.createOrder(input('req-token-3'));
    expect(paypal.tokenRequests - before).toBe(2);
    // A token refused again right after it was issued: no loop, the call fails with no refusal code.
    paypal.tokenLifetimeSeconds = 0;
    paypal.revokeTokens();
    await expect(adapter.createOrder(input('req-token-4'))).rejects.toMatchObject({ code: undefined, status: 401 });
    expect(paypal.tokenRequests - before).toBe(3);
    paypal.tokenLifetimeSeconds = 32_400;
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
      seedDemoData: true,
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
    // Every try of the return's refund fails (the adapter tries three times).
    paypal.failRefunds = 3;
    expect(await buyAndApprove(customer.cookie, customer.userId, 2)).toBe('/app/payCancel');
    const status = async () => (await t.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', customer.userId).executeTakeFirstOrThrow());
    expect((await status()).status).toBe('capturing');
    // The job waits a minute after the return's own attempt.
    await t.app.jobs.drain();
    expect((await status()).status).toBe('capturing');
    t.advance(REFUND_JOB_DELAY_MS);
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

  const orderOf = (userId: number) => t.app.db.selectFrom('payment_orders').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

  it('keeps a pending capture open, says the payment is being confirmed, and grants it once when PayPal completes it', async () => {
    const customer = await newCustomer(t.app);
    paypal.captureMode = 'pending';
    expect(await buyAndApprove(customer.cookie, customer.userId, 3)).toBe('/app/payPending?plan=1&number=3');
    const order = await orderOf(customer.userId);
    expect(order).toMatchObject({ status: 'capturing', capture_id: `CAP${order.provider_order_id}` });
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    // The return again: still being confirmed, nothing granted.
    const again = await t.app.inject({ method: 'GET', url: `/app/v1/payments/return?token=${order.provider_order_id}`, headers: { cookie: customer.cookie } });
    expect(locationPath(again.headers.location)).toBe('/app/payPending?plan=1&number=3');

    // The recurring job asks PayPal again; still pending, it waits.
    const reads = () => paypal.requests.filter((r) => r.method === 'GET' && r.path === `/v2/payments/captures/${order.capture_id}`).length;
    t.advance(PENDING_CAPTURE_RECHECK_MS + 60_000);
    await t.app.jobs.drain();
    expect(reads()).toBe(1);
    expect(await orderOf(customer.userId)).toMatchObject({ status: 'capturing' });
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    // Not asked again before PENDING_CAPTURE_RECHECK_MS has passed.
    t.advance(5 * 60_000);
    await t.app.jobs.drain();
    expect(reads()).toBe(1);

    paypal.settle(order.provider_order_id!, 'COMPLETED');
    t.advance(PENDING_CAPTURE_RECHECK_MS);
    await t.app.jobs.drain();
    expect(await orderOf(customer.userId)).toMatchObject({ status: 'captured' });
    expect((await userRow(t.app, customer.userId)).credits).toBe(3);
    expect(await operationsOf(t.app, customer.userId)).toEqual([expect.objectContaining({ op_type: 11, credits_delta: 3 })]);
    t.advance(PENDING_CAPTURE_RECHECK_MS + 60_000);
    await t.app.jobs.drain();
    expect(reads()).toBe(2);
    const late = await t.app.inject({ method: 'GET', url: `/app/v1/payments/return?token=${order.provider_order_id}`, headers: { cookie: customer.cookie } });
    expect(locationPath(late.headers.location)).toBe('/app/paySuccess?plan=1&number=3');
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
  });

  it('ends a pending capture PayPal declines later failed, grants nothing, and tells the customer by mail', async () => {
    const customer = await newCustomer(t.app);
    paypal.captureMode = 'pending';
    expect(await buyAndApprove(customer.cookie, customer.userId, 2)).toBe('/app/payPending?plan=1&number=2');
    const order = await orderOf(customer.userId);
    paypal.settle(order.provider_order_id!, 'DECLINED');
    t.advance(PENDING_CAPTURE_RECHECK_MS + 60_000);
    const mails = await mailsOf(t);
    expect(await orderOf(customer.userId)).toMatchObject({ status: 'failed' });
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
    const told = mails.filter((mail) => mail.to.includes(customer.email));
    expect(told).toEqual([expect.objectContaining({ subject: 'AirBox: your payment did not go through' })]);
    expect(told[0]!.text).toContain('$5.98');
    expect(told[0]!.text).toContain('nothing was bought');
  });

  it('grants a capture whose answer was lost once the job repeats it after PayPal forgot the request id (ORDER_ALREADY_CAPTURED)', async () => {
    const customer = await newCustomer(t.app);
    paypal.dropNextCaptureAnswer = true;
    expect(await buyAndApprove(customer.cookie, customer.userId, 4)).toBe('/app/payCancel');
    expect(await orderOf(customer.userId)).toMatchObject({ status: 'capturing' });
    // The job's first try comes after PayPal's 6 hours (a server down meanwhile, or PayPal down).
    t.advance(7 * 60 * 60 * 1000);
    paypal.advance(7 * 60 * 60 * 1000);
    await t.app.jobs.drain();
    const order = await orderOf(customer.userId);
    expect(order).toMatchObject({ status: 'captured', capture_id: `CAP${order.provider_order_id}` });
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
    t.advance(10 * 60 * 1000);
    await t.app.jobs.drain();
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
  });

  it('leaves a capture PayPal answered 429 to capturing (not reopened), logs its debug_id, and the job finishes it', async () => {
    const customer = await newCustomer(t.app);
    const response = await postForm(t.app, '/app/v1/buyMembership', { userID: customer.userId, number: 2, plan: 1 }, customer.cookie);
    const token = new URL(response.json().redirectURL as string).searchParams.get('token')!;
    paypal.orders.get(token)!.approved = true;
    paypal.rateLimitNext(3);
    const logged = t.logs.length;
    const back = await t.app.inject({ method: 'GET', url: `/app/v1/payments/return?token=${token}`, headers: { cookie: customer.cookie } });
    expect(locationPath(back.headers.location)).toBe('/app/payCancel');
    expect(await orderOf(customer.userId)).toMatchObject({ status: 'capturing' });
    const lines = t.logs.slice(logged).join('\n');
    expect(lines).toMatch(/"debugId":"f0[0-9a-f]{11}"/);
    expect(lines).not.toContain(token);
    // A cancel now changes nothing: the capture may still be made.
    await t.app.inject({ method: 'GET', url: `/app/v1/payments/cancel?token=${token}`, headers: { cookie: customer.cookie } });
    t.advance(INTERRUPTED_CAPTURE_AFTER_MS + 5 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await orderOf(customer.userId)).toMatchObject({ status: 'captured' });
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);
  });
});
