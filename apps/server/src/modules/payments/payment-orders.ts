import { randomUUID } from 'node:crypto';
import { API_ERRORCODE, APP_BASE, APP_PATHS } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { enqueueJob } from '../jobs/jobs.js';
import { type CheckoutDeps, type CheckoutPurpose, purposeOf } from './checkout.js';
import { findPaymentOrder, insertPaymentOrder, setCaptureId, setProviderOrderId, transitionPaymentOrder, updatePaymentOrder } from './payments.repository.js';
import type { PaymentOrderRow, PaymentPurpose } from './payments.table.js';

/**
 * Payment orders whatever they pay for (a plan, a label, a pickup): opening one with the
 * provider, and giving a captured one's money back. The purposes' own rules live with them
 * (checkout.ts); this module imports none of them, so they may all import it.
 */

export const PAYMENT_RETURN_PATH = '/app/v1/payments/return';
export const PAYMENT_CANCEL_PATH = '/app/v1/payments/cancel';
/** Where the browser lands after the provider (web app routes). */
export const PAY_SUCCESS_PAGE = `${APP_BASE}${APP_PATHS.paySuccess.getHref()}`;
export const PAY_CANCEL_PAGE = `${APP_BASE}${APP_PATHS.payCancel.getHref()}`;
export const CURRENCY = 'USD';

export type PaymentOrderDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments'>;

export interface NewOrder {
  userId: number;
  purpose: PaymentPurpose;
  plan: number | null;
  quantity: number;
  amountCents: number;
  /** What the payer reads on the provider's page. */
  description: string;
}

/** Writes a payment order (status created), in the caller's transaction when `db` is one. */
export async function insertOpenOrder(db: Db, deps: PaymentOrderDeps, order: NewOrder): Promise<{ id: number; requestId: string }> {
  const requestId = randomUUID();
  const id = await insertPaymentOrder(db, {
    user_id: order.userId,
    provider: deps.payments.name,
    provider_order_id: null,
    request_id: requestId,
    purpose: order.purpose,
    plan: order.plan,
    quantity: order.quantity,
    amount_cents: order.amountCents,
    currency: CURRENCY,
    status: 'created',
    created_at: deps.config.clock().toISOString(),
    captured_at: null,
  });
  return { id, requestId };
}

/**
 * Asks the provider for the order the payer approves on its page; answers that page. A provider
 * that fails leaves the order failed and the client told 'Something Wrong, please try again.'.
 */
export async function openWithProvider(deps: PaymentOrderDeps, opened: { id: number; requestId: string }, order: NewOrder): Promise<string> {
  try {
    const created = await deps.payments.createOrder({
      requestId: opened.requestId,
      amountCents: order.amountCents,
      currency: CURRENCY,
      description: order.description,
      referenceId: `airbox-${opened.id}`,
      returnUrl: `${deps.config.publicUrl}${PAYMENT_RETURN_PATH}`,
      cancelUrl: `${deps.config.publicUrl}${PAYMENT_CANCEL_PATH}`,
    });
    await setProviderOrderId(deps.db, opened.id, created.providerOrderId);
    deps.log.info({ paymentOrder: opened.id, purpose: order.purpose, amountCents: order.amountCents }, 'payment order created');
    return created.approvalUrl;
  } catch (error) {
    await transitionPaymentOrder(deps.db, opened.id, ['created'], 'failed');
    deps.log.error({ err: error, paymentOrder: opened.id }, 'the payment provider did not create the order');
    throw new AppError(502, API_ERRORCODE.internal, 'Something Wrong, please try again.');
  }
}

/** The key a payment order's refund is made with: one refund per order, however often it is asked. */
export const refundRequestId = (paymentOrderId: number) => `refund-${paymentOrderId}`;

/**
 * How long a refund's job waits: every caller tries the refund itself at once after enqueuing it,
 * and the job is there should that fail or the process die. Due at once, it ran beside the
 * caller's own attempt (harmless, the refund is keyed, but a spurious error in the log).
 */
export const REFUND_JOB_DELAY_MS = 60 * 1000;

/** When a refund's job enqueued at `now` is due (REFUND_JOB_DELAY_MS). */
export const refundJobRunAt = (now: Date) => new Date(now.getTime() + REFUND_JOB_DELAY_MS);

/**
 * In the caller's transaction: the job that gives a captured order's money back (once: one job
 * per order) after REFUND_JOB_DELAY_MS, `amount` what the provider took when it differs from the
 * order's.
 */
export async function enqueuePaymentRefund(trx: Db, now: Date, paymentOrderId: number, amount?: { cents: number; currency: string }): Promise<void> {
  const payload = amount ? { paymentOrderId, amountCents: amount.cents, currency: amount.currency } : { paymentOrderId };
  await enqueueJob(trx, now, 'payment-refund', payload, { uniqueKey: `payment-refund:${paymentOrderId}`, runAt: refundJobRunAt(now) });
}

/**
 * Gives a captured order's money back through the provider, once: the request id is the order's,
 * so a retry (a job's next attempt, a concurrent call) repeats the same refund. Then, in one
 * transaction, the order becomes refunded and `within` runs (the purpose's own rows and mails).
 * `amount` is what the provider took when it differs from the order's. True when this call
 * marked it refunded; false when it was before. Throws when the provider did not refund (the
 * caller's job tries again).
 */
export async function refundPaymentOrder(
  deps: PaymentOrderDeps,
  paymentOrderId: number,
  options: { amount?: { cents: number; currency: string }; within?: (trx: Db, order: PaymentOrderRow) => Promise<void> } = {},
): Promise<boolean> {
  const order = await findPaymentOrder(deps.db, paymentOrderId);
  if (!order) throw new Error(`no payment order ${paymentOrderId}`);
  if (order.status === 'refunded') return false;
  if (!order.capture_id) throw new Error(`payment order ${paymentOrderId} has no capture to refund`);
  const requestId = refundRequestId(order.id);
  const refund = await deps.payments.refundCapture({
    captureId: order.capture_id,
    requestId,
    amountCents: options.amount?.cents ?? order.amount_cents,
    currency: options.amount?.currency ?? order.currency,
  });
  if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
    throw new Error(`the payment provider answered the refund of payment order ${order.id} with ${refund.status}`);
  }
  const now = deps.config.clock().toISOString();
  const marked = await writeTransaction(deps.db, async (trx) => {
    const moved = await updatePaymentOrder(trx, order.id, ['capturing', 'captured', 'failed', 'cancelled'], {
      status: 'refunded',
      refund_request_id: requestId,
      refunded_at: now,
    });
    if (moved) await options.within?.(trx, order);
    return moved;
  });
  deps.log.info({ paymentOrder: order.id, refundStatus: refund.status }, marked ? 'payment refunded' : 'payment refunded before');
  return marked;
}

/**
 * Gives part of a captured order's money back through the provider (a batch's row the carrier
 * refused, issue 25 item 1), once per `key`: the request id is the order's and the key's, so a
 * retry repeats the same refund. The order stays captured (its other parts were bought). Throws
 * when the provider did not refund (the caller's job tries again).
 */
export async function refundPartOfPaymentOrder(deps: PaymentOrderDeps, paymentOrderId: number, part: { key: string; cents: number }): Promise<void> {
  const order = await findPaymentOrder(deps.db, paymentOrderId);
  if (!order?.capture_id) throw new Error(`payment order ${paymentOrderId} has no capture to refund part of`);
  const refund = await deps.payments.refundCapture({ captureId: order.capture_id, requestId: `${refundRequestId(order.id)}-${part.key}`, amountCents: part.cents, currency: order.currency });
  if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
    throw new Error(`the payment provider answered the partial refund ${part.key} of payment order ${order.id} with ${refund.status}`);
  }
  deps.log.info({ paymentOrder: order.id, part: part.key, amountCents: part.cents, refundStatus: refund.status }, 'part of a payment refunded');
}

/**
 * The money taken for the ordered amount, once: in one transaction the order becomes captured
 * (from created, capturing, cancelled or failed: a late capture too) and its purpose takes it
 * (purpose.taken: a grant, or a label claimed), which only one request can do; then the purpose
 * finishes what it claimed. Money taken for nothing waiting goes back (a job, and at once).
 */
export async function captureForPurpose(deps: CheckoutDeps, purpose: CheckoutPurpose, order: PaymentOrderRow, captureId: string | null): Promise<void> {
  const now = deps.config.clock();
  const outcome = await writeTransaction(deps.db, async (trx) => {
    const captured = await updatePaymentOrder(trx, order.id, ['created', 'capturing', 'cancelled', 'failed'], {
      status: 'captured',
      captured_at: now.toISOString(),
      capture_id: captureId,
    });
    if (!captured) return { kind: 'before' as const };
    const taken = await purpose.taken(trx, deps, order, now);
    if (taken) return { kind: 'taken' as const, taken };
    await enqueuePaymentRefund(trx, now, order.id);
    return { kind: 'orphan' as const };
  });
  if (outcome.kind === 'orphan') {
    deps.log.error({ paymentOrder: order.id }, `a ${purpose.name} payment was captured with no ${purpose.name} waiting for it; it is refunded`);
    try {
      await refundPaymentOrder(deps, order.id);
    } catch (error) {
      deps.log.error({ err: error, paymentOrder: order.id }, 'refund failed; its job tries again');
    }
    return;
  }
  const granted = outcome.kind === 'taken';
  deps.log.info({ paymentOrder: order.id, purpose: order.purpose, granted }, granted ? 'payment captured and granted' : 'payment already granted');
  if (outcome.kind === 'taken') await outcome.taken.finish?.();
}

/**
 * The provider took another amount (or currency) than the order's: nothing is granted or bought,
 * and what it took goes back. The refund is a job (enqueued first, so it happens even if this
 * request dies) that this request also runs at once; the order becomes refunded and, in the same
 * transaction, its purpose ends what it paid for (purpose.refunded). A repeated return captures
 * the same again and refunds nothing twice: the refund's request id is the order's. Nothing
 * taken (no capture id, no amount): the order fails.
 */
export async function refundWrongCapture(
  deps: CheckoutDeps,
  order: PaymentOrderRow,
  captureId: string | null,
  taken: { cents: number; currency: string },
): Promise<void> {
  deps.log.error({ paymentOrder: order.id, purpose: order.purpose }, "the provider captured another amount than the order's; nothing granted, the capture is refunded");
  if (!captureId || taken.cents <= 0) {
    await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'failed');
    return;
  }
  const now = deps.config.clock();
  await writeTransaction(deps.db, async (trx) => {
    await setCaptureId(trx, order.id, captureId);
    await enqueuePaymentRefund(trx, now, order.id, taken);
  });
  try {
    await refundCaptureOfAnotherAmount(deps, order.id, taken);
  } catch (error) {
    deps.log.error({ err: error, paymentOrder: order.id }, 'refund of a wrong capture failed; its job tries again');
  }
}

/**
 * The refund of a capture of another amount (refundWrongCapture), by the request and by its job
 * alike: what `taken` went back, and in the same transaction the order's purpose ends what it
 * paid for (a label, a batch, an extension left paying would wait for nothing).
 */
export async function refundCaptureOfAnotherAmount(deps: CheckoutDeps, paymentOrderId: number, taken: { cents: number; currency: string }): Promise<boolean> {
  return refundPaymentOrder(deps, paymentOrderId, {
    amount: taken,
    within: async (trx, order) => {
      await purposeOf(order).refunded?.(trx, deps, order);
    },
  });
}
