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
}

interface PayPalLink {
  href: string;
  rel: string;
}

interface PayPalOrder {
  id?: string;
  status?: string;
  links?: PayPalLink[];
  purchase_units?: { payments?: { captures?: { id?: string; status?: string; amount?: { currency_code?: string; value?: string } }[] } }[];
}

/**
 * PayPal Orders v2 over fetch: an OAuth client-credentials token (kept until shortly before it
 * expires, one request for concurrent callers: oauth-token-cache.ts), create an order with intent
 * CAPTURE, send the payer to its approval link, capture on return; refund a capture (Payments
 * v2). Each create, capture and refund carries PayPal-Request-Id, so a retry never pays or
 * refunds twice.
 */
export function createPayPalPaymentsProvider(config: PayPalConfig, fetchImpl: typeof fetch = fetch): PaymentsProvider {
  const base = config.apiBase.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
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

  async function call<T = PayPalOrder>(path: string, requestId: string, payload: unknown): Promise<T> {
    const response = await fetchImpl(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokens.get()}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'paypal-request-id': requestId,
        prefer: 'return=representation',
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as T & { name?: string; details?: { issue?: string }[] };
    if (!response.ok) {
      const issue = body.details?.[0]?.issue ?? body.name;
      // A 5xx is no answer (the call may have been made): no code, so the caller tries again.
      const code = response.status >= 500 ? undefined : issue;
      throw new PaymentProviderError(`PayPal ${path.split('/').pop() ?? ''} failed with HTTP ${response.status} ${issue ?? ''}`.trim(), code);
    }
    return body;
  }

  return {
    name: 'paypal',
    async createOrder(input): Promise<CreatedOrder> {
      const order = await call('/v2/checkout/orders', input.requestId, {
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
      if (!/^[A-Z0-9-]{1,64}$/i.test(providerOrderId)) throw new PaymentProviderError('not a PayPal order id', 'INVALID_RESOURCE_ID');
      const order = await call(`/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`, requestId, {});
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      // The order and its capture must both be COMPLETED (a capture can be PENDING or DECLINED).
      const status = order.status === 'COMPLETED' && capture?.status === 'COMPLETED' ? 'COMPLETED' : (capture?.status ?? order.status ?? 'UNKNOWN');
      return {
        status,
        amountCents: centsOf(capture?.amount?.value),
        currency: capture?.amount?.currency_code ?? null,
        captureId: typeof capture?.id === 'string' ? capture.id : null,
      };
    },
    async refundCapture(input): Promise<RefundResult> {
      if (!/^[A-Z0-9-]{1,64}$/i.test(input.captureId)) throw new PaymentProviderError('not a PayPal capture id', 'INVALID_RESOURCE_ID');
      const refund = await call<{ id?: string; status?: string }>(`/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`, input.requestId, {
        amount: { value: amountOf(input.amountCents), currency_code: input.currency },
      });
      if (typeof refund.id !== 'string') throw new PaymentProviderError('PayPal answered a refund without an id', undefined);
      return { refundId: refund.id, status: refund.status ?? 'UNKNOWN' };
    },
  };
}
