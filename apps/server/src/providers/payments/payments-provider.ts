/** What the portal asks a payment provider: an order the payer approves on the provider's page. */
export interface CreateOrderInput {
  /** Idempotency key: the same key creates the same order once. */
  requestId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Our own reference for the order (shown to the payer by PayPal, kept by the simulator). */
  referenceId: string;
  /** Where the provider sends the payer after approving, with ?token={providerOrderId}. */
  returnUrl: string;
  /** Where the provider sends the payer who cancels, with ?token={providerOrderId}. */
  cancelUrl: string;
}

export interface CreatedOrder {
  providerOrderId: string;
  /** The page the payer is sent to. */
  approvalUrl: string;
}

/**
 * The provider's word on a capture: 'COMPLETED' and the amount it took, or another status:
 * 'PENDING' (taken, not yet completed: an eCheck not cleared, a review; the provider decides
 * later, COMPLETED or DECLINED/FAILED), 'DECLINED', 'FAILED'.
 */
export interface CaptureResult {
  status: string;
  /** Why a PENDING capture waits (PayPal's status_details.reason, e.g. ECHECK, PENDING_REVIEW). */
  pendingReason?: string;
  amountCents: number | null;
  currency: string | null;
  /** The capture's id (PayPal: purchase_units[0].payments.captures[0].id): what a refund names. */
  captureId: string | null;
}

/** Money back on a capture: all or part of it, once per requestId. */
export interface RefundCaptureInput {
  captureId: string;
  /** Idempotency key: the same key makes the same refund once (PayPal-Request-Id). */
  requestId: string;
  amountCents: number;
  currency: string;
}

/** The provider's word on a refund: 'COMPLETED' (money sent back) or 'PENDING', else a failure status. */
export interface RefundResult {
  refundId: string;
  status: string;
}

/**
 * A provider refused or failed a call. `code` is the provider's issue name when it gave one
 * (e.g. ORDER_NOT_APPROVED): the order may still be approved and captured later.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  /** The HTTP status the provider answered, when it answered. */
  readonly status: number | undefined;
  /** The provider's id of its answer for its support (PayPal's debug_id); logged with the error. */
  readonly debugId: string | undefined;
  constructor(
    message: string,
    readonly code: string | undefined,
    answer: { status?: number | undefined; debugId?: string | undefined } = {},
  ) {
    super(message);
    this.status = answer.status;
    this.debugId = answer.debugId;
  }
}

/** Takes payments: the local simulator by default, PayPal Orders v2 with PAYMENTS_PROVIDER=paypal. */
export interface PaymentsProvider {
  readonly name: 'simulator' | 'paypal';
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /**
   * Captures an approved order; the same requestId repeats the same capture without a second
   * charge, and an order captured before answers that capture (PayPal keeps a capture's request
   * id 6 hours, then answers ORDER_ALREADY_CAPTURED: its adapter reads the order).
   */
  captureOrder(providerOrderId: string, requestId: string): Promise<CaptureResult>;
  /** A capture as the provider reports it now: how a PENDING capture is followed until it is decided. */
  getCapture(captureId: string): Promise<CaptureResult>;
  /**
   * Gives a capture's money back (all of it or part). The same requestId repeats the same refund
   * and answers it again, so a retry never refunds twice; more than was captured is refused.
   */
  refundCapture(input: RefundCaptureInput): Promise<RefundResult>;
}

/** '12.50' → 1250; undefined for anything that is not a plain amount with at most 2 decimals. */
export function centsOf(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → '12.50'. */
export function amountOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
