import { createAccessTokenCache } from '../oauth-token-cache.js';
import {
  amountOf,
  type CaptureResult,
  centsOf,
  type CreatedOrder,
  PaymentProviderError,
  type PaymentsProvider,
  type RefundResult,
} from './payments-provider.js';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com. */
  apiBase: string;
  brandName: string;
  /** Per request; PayPal answers well within it. */
  timeoutMs?: number;
  /**
   * The wait before repeating a call PayPal answered 429 or 5xx, doubled for the next one
   * (PayPal's Retry-After instead when it sends one, up to MAX_RETRY_DELAY_MS). 500 ms unless a
   * test shortens it.
   */
  retryDelayMs?: number;
  /** Where repeated calls and PayPal's debug_id are logged. */
  log?: { warn(details: object, message: string): void };
}

/** A call PayPal answers 429 or 5xx is made this many times in all (then it is no answer: the caller's job tries later). */
const CALL_ATTEMPTS = 3;
const MAX_RETRY_DELAY_MS = 5_000;

interface PayPalCapture {
  id?: string;
  status?: string;
  status_details?: { reason?: string };
  amount?: { currency_code?: string; value?: string };
}

interface PayPalLink {
  href: string;
  rel: string;
}

interface PayPalOrder {
  id?: string;
  status?: string;
  links?: PayPalLink[];
  purchase_units?: { payments?: { captures?: PayPalCapture[] } }[];
}

/** PayPal's error bodies: its API's ({name, message, debug_id, details[].issue}) and OAuth's ({error, error_description}). */
interface PayPalError {
  name?: string;
  debug_id?: string;
  details?: { issue?: string }[];
  error?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a capture says, read from a capture or from an order's first capture. */
function captureResult(capture: PayPalCapture | undefined, status: string, fallbackId: string | null = null): CaptureResult {
  return {
    status,
    // PayPal names why a capture is PENDING; OTHER when it does not.
    ...(status === 'PENDING' ? { pendingReason: capture?.status_details?.reason ?? 'OTHER' } : {}),
    amountCents: centsOf(capture?.amount?.value),
    currency: capture?.amount?.currency_code ?? null,
    captureId: typeof capture?.id === 'string' ? capture.id : fallbackId,
  };
}

function orderCapture(order: PayPalOrder): CaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  // The order and its capture must both be COMPLETED (a capture can be PENDING or DECLINED).
  const status = order.status === 'COMPLETED' && capture?.status === 'COMPLETED' ? 'COMPLETED' : (capture?.status ?? order.status ?? 'UNKNOWN');
  return captureResult(capture, status);
}

const PAYPAL_ID = /^[A-Z0-9-]{1,64}$/i;

/**
 * PayPal Orders v2 over fetch: an OAuth client-credentials token (kept until shortly before it
 * expires, one request for concurrent callers: oauth-token-cache.ts), create an order with intent
 * CAPTURE, send the payer to its approval link, capture on return; read a capture (Payments v2)
 * until a PENDING one is decided; refund a capture. Each create, capture and refund carries
 * PayPal-Request-Id, so a retry never pays or refunds twice.
 *
 * As PayPal answers in production: a 401 (its OAuth shape, {error:"invalid_token"}: the token was
 * revoked or PayPal's clock expired it first) drops the token and the call is made once more with
 * a new one; a 429 RATE_LIMIT_REACHED or a 5xx is repeated with backoff and the same request id,
 * and when it lasts it is no answer (no refusal code), so the caller's job tries later; a capture
 * answered ORDER_ALREADY_CAPTURED (the request id repeated after PayPal stopped keeping it, 6
 * hours) reads the order and answers its capture. PayPal's debug_id is on every error and log line.
 */
export function createPayPalPaymentsProvider(config: PayPalConfig, fetchImpl: typeof fetch = fetch): PaymentsProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const retryDelayMs = config.retryDelayMs ?? 500;
  const tokens = createAccessTokenCache(async () => {
    const response = await fetchImpl(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new PaymentProviderError(`PayPal token request failed with HTTP ${response.status}`, undefined);
    }
    return { accessToken: body.access_token, expiresInSeconds: body.expires_in ?? 300 };
  });

  /**
   * One call to PayPal's API: the answer's body, or a PaymentProviderError whose code is PayPal's
   * issue when it refused (a 4xx but 401 and 429), and undefined when it did not answer, failed
   * (5xx), limited the rate (429) or refused our token twice (401): nothing was refused.
   */
  async function call<T = PayPalOrder>(what: string, method: 'GET' | 'POST', path: string, requestId?: string, payload?: unknown): Promise<T> {
    let tokenRenewed = false;
    for (let attempt = 1; ; ) {
      const token = await tokens.get();
      const response = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json', prefer: 'return=representation' } : {}),
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(payload ?? {}) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => ({}))) as T & PayPalError;
      if (response.ok) return body;
      const status = response.status;
      const debugId = body.debug_id ?? response.headers.get('paypal-debug-id') ?? undefined;
      if (status === 401 && !tokenRenewed) {
        // Revoked, or expired by PayPal's clock before ours: a new token, once.
        tokens.invalidate(token);
        tokenRenewed = true;
        config.log?.warn({ call: what, status, error: body.error, debugId }, 'PayPal refused the access token; the call is made again with a new one');
        continue;
      }
      const busy = status === 429 || status >= 500;
      // PayPal's Retry-After (seconds) when it sends one, else doubling from retryDelayMs; a wait
      // longer than MAX_RETRY_DELAY_MS is not made here: the caller's job tries later.
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      const delayMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : retryDelayMs * 2 ** (attempt - 1);
      if (busy && attempt < CALL_ATTEMPTS && delayMs <= MAX_RETRY_DELAY_MS) {
        config.log?.warn({ call: what, status, issue: body.name, debugId, attempt, delayMs }, `PayPal answered HTTP ${status}; the call is made again`);
        await sleep(delayMs);
        attempt += 1;
        continue;
      }
      const issue = body.details?.[0]?.issue ?? body.name ?? body.error;
      const code = busy || status === 401 ? undefined : issue;
      throw new PaymentProviderError(`PayPal ${what} failed with HTTP ${status}${issue ? ` ${issue}` : ''}${debugId ? ` (debug_id ${debugId})` : ''}`, code, { status, debugId });
    }
  }

  return {
    name: 'paypal',
    async createOrder(input): Promise<CreatedOrder> {
      const order = await call('create order', 'POST', '/v2/checkout/orders', input.requestId, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.referenceId,
            description: input.description,
            amount: { currency_code: input.currency, value: amountOf(input.amountCents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: config.brandName,
              shipping_preference: 'NO_SHIPPING',
              user_action: 'PAY_NOW',
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      });
      const approval = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (typeof order.id !== 'string' || !approval) {
        throw new PaymentProviderError('PayPal created an order without an id or approval link', undefined);
      }
      return { providerOrderId: order.id, approvalUrl: approval.href };
    },
    async captureOrder(providerOrderId, requestId): Promise<CaptureResult> {
      if (!PAYPAL_ID.test(providerOrderId)) throw new PaymentProviderError('not a PayPal order id', 'INVALID_RESOURCE_ID');
      const path = `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`;
      try {
        return orderCapture(await call('capture', 'POST', `${path}/capture`, requestId, {}));
      } catch (error) {
        if (!(error instanceof PaymentProviderError) || error.code !== 'ORDER_ALREADY_CAPTURED') throw error;
        // Captured before (intent CAPTURE allows one capture), by this request id after PayPal
        // stopped keeping it: the order holds that capture.
        config.log?.warn({ call: 'capture', debugId: error.debugId }, 'PayPal answered ORDER_ALREADY_CAPTURED; the order is read for its capture');
        return orderCapture(await call('order read', 'GET', path));
      }
    },
    async getCapture(captureId): Promise<CaptureResult> {
      if (!PAYPAL_ID.test(captureId)) throw new PaymentProviderError('not a PayPal capture id', 'INVALID_RESOURCE_ID');
      const capture = await call<PayPalCapture>('capture read', 'GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
      return captureResult(capture, capture.status ?? 'UNKNOWN', captureId);
    },
    async refundCapture(input): Promise<RefundResult> {
      if (!PAYPAL_ID.test(input.captureId)) throw new PaymentProviderError('not a PayPal capture id', 'INVALID_RESOURCE_ID');
      const refund = await call<{ id?: string; status?: string }>('refund', 'POST', `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`, input.requestId, {
        amount: { value: amountOf(input.amountCents), currency_code: input.currency },
      });
      if (typeof refund.id !== 'string') throw new PaymentProviderError('PayPal answered a refund without an id', undefined);
      return { refundId: refund.id, status: refund.status ?? 'UNKNOWN' };
    },
  };
}
