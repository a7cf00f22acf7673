import { appUrl, formatUsd } from '@airbox/contract';
import { writeTransaction } from '../../db/database.js';
import { type CaptureResult, PaymentProviderError } from '../../providers/payments/payments-provider.js';
import { notify } from '../notifications/notify.js';
import { findUserById } from '../users/users.repository.js';
import { type CheckoutDeps, type CheckoutPurpose, purposeOf } from './checkout.js';
import { captureForPurpose, PAY_CANCEL_PAGE, refundWrongCapture } from './payment-orders.js';
import {
  findInterruptedCaptures,
  findPaymentOrder,
  findPaymentOrderByProviderId,
  findPendingCapturesDue,
  transitionPaymentOrder,
  updatePaymentOrder,
} from './payments.repository.js';
import type { PaymentOrderRow } from './payments.table.js';

export { CURRENCY, PAY_CANCEL_PAGE, PAY_SUCCESS_PAGE, PAYMENT_CANCEL_PATH, PAYMENT_RETURN_PATH } from './payment-orders.js';

/**
 * The checkout's money (checkout.ts): the provider's return and cancel, captures repeated or
 * still pending, a capture of the wrong amount given back. Whatever the order pays for, its
 * purpose is called back: when the money is taken, refunded or the order closed, and for the page
 * the browser goes to. A purpose's order opens with payment-orders.ts (insertOpenOrder,
 * openWithProvider), in the purpose's own service.
 */

/** A return may finish a label purchase, which asks the carriers. */
export type PaymentsDeps = CheckoutDeps;

/**
 * A capture the provider declined (the card or account refused), as opposed to one it has not
 * decided: PayPal's capture status DECLINED or FAILED, or its INSTRUMENT_DECLINED refusal.
 */
const DECLINED_CAPTURE_STATUSES = new Set(['DECLINED', 'FAILED']);
const DECLINED_ISSUES = new Set(['INSTRUMENT_DECLINED']);

/** The order named by a return or cancel, when it belongs to the signed-in user. */
async function ownOrder(deps: PaymentsDeps, userId: number | undefined, token: string | undefined): Promise<PaymentOrderRow | undefined> {
  if (!token || userId === undefined) return undefined;
  const order = await findPaymentOrderByProviderId(deps.db, token);
  if (!order || order.user_id !== userId) {
    deps.log.warn({ known: Boolean(order) }, 'payment return for an unknown order or another user\'s order ignored');
    return undefined;
  }
  return order;
}

/**
 * The return from the provider. The query names the order (token) and nothing else is read from
 * it: the server captures with the provider and checks status, amount and currency itself
 * (captureWithProvider). Once the provider reports the capture COMPLETED for the ordered amount,
 * the order becomes captured together with what its purpose does with the money (a grant and its
 * ledger row, a label claimed), whatever state it had reached: money taken is always taken for
 * its purpose, exactly once. Answers the page to send the browser to, as the purpose says.
 */
export async function completePurchase(deps: PaymentsDeps, userId: number | undefined, token: string | undefined): Promise<string> {
  const order = await ownOrder(deps, userId, token);
  if (!order) return PAY_CANCEL_PAGE;
  const purpose = purposeOf(order);
  const captured = await captureWithProvider(deps, order);
  if (captured.outcome === 'completed') return settleCompletedCapture(deps, purpose, order, captured.capture);
  if (captured.outcome === 'pending') return purpose.pendingPage(order);
  if (captured.outcome === 'declined' && purpose.declinedPage) return purpose.declinedPage(order);
  return pageAfter(deps, purpose, order);
}

/** Where a capture with the provider left the order; 'open': anything else (not captured, no answer, not this request's to capture). */
type CaptureOutcome = { outcome: 'completed'; capture: CaptureResult } | { outcome: 'pending' | 'declined' | 'open' };

/**
 * The capture itself. First the order moves created → capturing in one statement, so a cancel
 * arriving meanwhile no longer applies. A return that finds it already capturing (a concurrent or
 * retried return, or one after a crash) captures too: the provider repeats the same capture for
 * the same request id. A refusal reopens an order with no capture yet; no answer leaves it
 * capturing (the next return repeats the capture); a pending capture is held; a capture the
 * provider did not complete fails the order.
 */
async function captureWithProvider(deps: PaymentsDeps, order: PaymentOrderRow): Promise<CaptureOutcome> {
  const claimed = await transitionPaymentOrder(deps.db, order.id, ['created'], 'capturing');
  const status = claimed ? 'capturing' : (await findPaymentOrderByProviderId(deps.db, order.provider_order_id ?? ''))?.status;
  if (status !== 'capturing') return { outcome: 'open' };

  let capture;
  try {
    // One capture request id per order: a retried or concurrent capture repeats the same one.
    capture = await deps.payments.captureOrder(order.provider_order_id ?? '', `capture-${order.request_id}`);
  } catch (error) {
    const code = error instanceof PaymentProviderError ? error.code : undefined;
    // A refusal reopens an order with no capture yet; one whose capture is known (pending, or
    // being refunded) stays as it is.
    if (code !== undefined && order.capture_id === null) {
      // The provider refused (e.g. ORDER_NOT_APPROVED): nothing was captured, the payer may
      // still approve or cancel.
      await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'created');
      deps.log.warn({ paymentOrder: order.id, code, debugId: (error as PaymentProviderError).debugId }, 'capture refused by the payment provider; the order is open again');
      return { outcome: DECLINED_ISSUES.has(code) ? 'declined' : 'open' };
    }
    // No answer: the capture may have happened. The order stays capturing, so no cancel
    // applies, and the next return repeats the same capture.
    deps.log.error({ err: error, paymentOrder: order.id }, 'capture outcome unknown; the order stays capturing');
    return { outcome: 'open' };
  }
  if (capture.status === 'PENDING') {
    if (capture.captureId) {
      await holdPendingCapture(deps, order, capture.captureId, capture.pendingReason);
      return { outcome: 'pending' };
    }
    // Taken but unnamed: as no answer, the order stays capturing and the capture is repeated.
    deps.log.error({ paymentOrder: order.id }, 'the payment provider reported a pending capture without its id; the order stays capturing');
    return { outcome: 'open' };
  }
  if (capture.status !== 'COMPLETED') {
    await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'failed');
    deps.log.warn({ paymentOrder: order.id, status: capture.status }, 'capture not completed; nothing granted');
    return { outcome: DECLINED_CAPTURE_STATUSES.has(capture.status) ? 'declined' : 'open' };
  }
  return { outcome: 'completed', capture };
}

/** Where a return or cancel that did not take the money sends the browser: the pending page, or the purpose's page as its purchase stands. */
async function pageAfter(deps: PaymentsDeps, purpose: CheckoutPurpose, order: PaymentOrderRow): Promise<string> {
  const current = await findPaymentOrder(deps.db, order.id);
  if (current?.status === 'capturing' && current.capture_pending_reason !== null) return purpose.pendingPage(order);
  return purpose.page(deps, order);
}

/**
 * The provider took the money but has not completed the capture (PayPal: PENDING, e.g. an
 * eCheck not cleared): nothing is granted yet and nothing failed. The order stays capturing (no
 * cancel applies) with its capture id and why PayPal waits; recheckPendingCaptures asks again
 * until PayPal decides. The payer reads that the payment is being confirmed.
 */
async function holdPendingCapture(deps: PaymentsDeps, order: PaymentOrderRow, captureId: string, reason: string | undefined): Promise<void> {
  await updatePaymentOrder(deps.db, order.id, ['capturing'], {
    status: 'capturing',
    capture_id: captureId,
    capture_pending_reason: reason ?? 'OTHER',
    capture_checked_at: deps.config.clock().toISOString(),
  });
  deps.log.info({ paymentOrder: order.id, purpose: order.purpose, reason }, 'capture pending at the payment provider; nothing granted until it completes');
}

/**
 * A capture the provider reports COMPLETED (at the return, by the interrupted-captures job, or
 * once a pending one completed): the amount and currency are checked, then the money is taken for
 * the order's purpose, once. Answers the page to send the browser to.
 */
async function settleCompletedCapture(deps: PaymentsDeps, purpose: CheckoutPurpose, order: PaymentOrderRow, capture: CaptureResult): Promise<string> {
  // No longer pending: if this stops before the money is taken, the interrupted-captures job settles it.
  if (order.capture_pending_reason !== null) {
    await updatePaymentOrder(deps.db, order.id, ['capturing'], { status: 'capturing', capture_pending_reason: null });
  }
  if (capture.amountCents !== order.amount_cents || capture.currency !== order.currency) {
    // Issue 7 left it failed: nothing is granted or bought, and what the provider took goes back.
    await refundWrongCapture(deps, order, capture.captureId, { cents: capture.amountCents ?? 0, currency: capture.currency ?? '' });
  } else {
    await captureForPurpose(deps, purpose, order, capture.captureId);
  }
  return purpose.page(deps, order);
}

/** The payer cancelled on the provider's page: the order is closed and nothing is charged or granted; the purpose hears of it. */
export async function cancelPurchase(deps: PaymentsDeps, userId: number | undefined, token: string | undefined): Promise<string> {
  const order = await ownOrder(deps, userId, token);
  if (!order) return PAY_CANCEL_PAGE;
  const purpose = purposeOf(order);
  // Only an order nobody is capturing can be cancelled; one captured meanwhile was granted.
  const cancelled = await transitionPaymentOrder(deps.db, order.id, ['created'], 'cancelled');
  if (cancelled) await purpose.cancelled?.(deps.db, deps, order);
  return pageAfter(deps, purpose, order);
}

/** An order still 'capturing' this long after it was made has lost its capture: the worker repeats it. */
export const INTERRUPTED_CAPTURE_AFTER_MS = 2 * 60 * 1000;

/**
 * Recurring: finishes the orders left 'capturing' (the server stopped, or the provider gave no
 * answer, between the provider's capture and the grant) as a repeated return would: the same
 * capture request id, so the provider captures once, and the grant with its ledger row once.
 * Without it, money taken before a crash would wait for the payer to open the return link again.
 */
export async function finishInterruptedCaptures(deps: PaymentsDeps): Promise<void> {
  const before = new Date(deps.config.clock().getTime() - INTERRUPTED_CAPTURE_AFTER_MS).toISOString();
  for (const order of await findInterruptedCaptures(deps.db, before)) {
    const page = await completePurchase(deps, order.user_id, order.provider_order_id ?? undefined);
    deps.log.info({ paymentOrder: order.id, page }, 'interrupted capture repeated');
  }
  await recheckPendingCaptures(deps);
}

/**
 * A pending capture is asked about again this long after the last time: PayPal asks integrations
 * not to poll (its rate-limiting guidelines), and an eCheck takes days to clear.
 */
export const PENDING_CAPTURE_RECHECK_MS = 30 * 60 * 1000;

/**
 * With the interrupted captures (the same recurring job): asks the provider again about each
 * capture it reported PENDING and last asked about PENDING_CAPTURE_RECHECK_MS ago. COMPLETED: it
 * is settled as a return would settle it (the amount checked, then granted or bought once);
 * DECLINED, FAILED or REFUNDED: the order ends failed, nothing is granted, the customer is
 * mailed; still PENDING (or no answer): asked again later. Nothing was granted meanwhile.
 */
export async function recheckPendingCaptures(deps: PaymentsDeps): Promise<void> {
  const now = deps.config.clock();
  const due = new Date(now.getTime() - PENDING_CAPTURE_RECHECK_MS).toISOString();
  for (const order of await findPendingCapturesDue(deps.db, due)) {
    let capture: CaptureResult;
    try {
      capture = await deps.payments.getCapture(order.capture_id!);
    } catch (error) {
      deps.log.warn({ err: error, paymentOrder: order.id }, 'the payment provider did not answer about a pending capture; it is asked again later');
      continue;
    }
    if (capture.status === 'COMPLETED') {
      const page = await settleCompletedCapture(deps, purposeOf(order), order, capture);
      deps.log.info({ paymentOrder: order.id, purpose: order.purpose, page }, 'pending capture completed by the payment provider');
    } else if (DECLINED_CAPTURE_STATUSES.has(capture.status) || capture.status === 'REFUNDED') {
      await failPendingCapture(deps, order, capture.status);
    } else {
      await updatePaymentOrder(deps.db, order.id, ['capturing'], {
        status: 'capturing',
        capture_pending_reason: capture.pendingReason ?? order.capture_pending_reason,
        capture_checked_at: deps.config.clock().toISOString(),
      });
      if (capture.status !== 'PENDING') deps.log.error({ paymentOrder: order.id, status: capture.status }, 'a pending capture answered an unexpected status; it is asked again later');
    }
  }
}

/**
 * The provider declined (or failed, or gave back) a capture it had reported PENDING: in one
 * transaction the order ends failed, its purpose hears it closed (a pickup being paid for can be
 * paid again), and the customer is mailed that nothing was bought. Once: a second run finds the
 * order failed and does nothing.
 */
async function failPendingCapture(deps: PaymentsDeps, order: PaymentOrderRow, status: string): Promise<void> {
  const purpose = purposeOf(order);
  const now = deps.config.clock();
  const failed = await writeTransaction(deps.db, async (trx) => {
    const moved = await updatePaymentOrder(trx, order.id, ['capturing'], { status: 'failed', capture_pending_reason: null, capture_checked_at: now.toISOString() });
    if (!moved) return false;
    await purpose.cancelled?.(trx, deps, order);
    const user = await findUserById(trx, order.user_id);
    if (user) {
      await notify(trx, deps, user, {
        subject: 'your payment did not go through',
        lines: [
          `PayPal did not complete your payment of ${formatUsd(order.amount_cents)} for ${purpose.describe(order)}, which it had been confirming, so nothing was bought.`,
          'If money left your account for it, PayPal returns it. You can pay again with another card or PayPal account.',
        ],
        action: { label: purpose.tryAgain.label, link: appUrl(deps.config.publicUrl, purpose.tryAgain.path) },
        by: 'mail',
      });
    }
    return true;
  });
  if (failed) deps.log.warn({ paymentOrder: order.id, purpose: order.purpose, status }, 'pending capture not completed by the payment provider; nothing granted, the customer is told');
}
