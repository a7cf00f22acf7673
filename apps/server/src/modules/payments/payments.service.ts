import { APP_BASE, APP_PATHS, appUrl, type MembershipPlan, MEMBERSHIP_PLAN, MEMBERSHIP_PLAN_NAMES } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { type CaptureResult, amountOf, PaymentProviderError } from '../../providers/payments/payments-provider.js';
import { composeMail } from '../notifications/mail-layout.js';
import { enqueueJob } from '../jobs/jobs.js';
import { findMembership } from '../memberships/memberships.repository.js';
import { lockUser, membershipActive, recordPlanPurchase } from '../operations/ledger.js';
import { finishPickupPayment, pickupPaymentCancelled, pickupPaymentRefunded, pickupReturnPage } from '../pickups/pickup-checkout.js';
import { finishLabelPayment, labelPaymentRefunded, labelReturnPage } from '../shipments/label-checkout.js';
import { findUserById } from '../users/users.repository.js';
import {
  enqueuePaymentRefund,
  insertOpenOrder,
  openWithProvider,
  PAY_CANCEL_PAGE,
  PAY_SUCCESS_PAGE,
  refundPaymentOrder,
} from './payment-orders.js';
import { findPaymentOrder, findPaymentOrderByProviderId, setCaptureId, transitionPaymentOrder, updatePaymentOrder } from './payments.repository.js';
import type { PaymentOrderRow, PaymentOrderStatus } from './payments.table.js';

export { CURRENCY, PAY_CANCEL_PAGE, PAY_SUCCESS_PAGE, PAYMENT_CANCEL_PATH, PAYMENT_RETURN_PATH } from './payment-orders.js';

/** A return may finish a label purchase, which asks the carriers. */
export type PaymentsDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'carriers'>;

/**
 * buyMembership: records a payment order for the plan and asks the provider for an order the
 * user approves on its page. Nothing is granted here. The amount comes from the plan table,
 * never from the request; only the credit plan takes a quantity.
 */
export async function startPurchase(deps: Pick<AppContext, 'db' | 'config' | 'log' | 'payments'>, userId: number, plan: MembershipPlan, number: number): Promise<string> {
  const membership = await findMembership(deps.db, plan);
  if (!membership) throw AppError.invalid('No such plan.');
  const quantity = plan === MEMBERSHIP_PLAN.credit ? number : 1;
  const order = {
    userId,
    purpose: 'membership' as const,
    plan,
    quantity,
    amountCents: membership.price_cents * quantity,
    description: plan === MEMBERSHIP_PLAN.credit ? `${membership.name}: ${quantity} credit${quantity === 1 ? '' : 's'}` : `${membership.name} membership`,
  };
  const opened = await insertOpenOrder(deps.db, deps, order);
  return openWithProvider(deps, opened, order);
}

/** Paysuccess naming what the order bought (issue 11: the page says it), e.g. /app/paySuccess?plan=1&number=10. */
function paySuccessPage(order: PaymentOrderRow): string {
  return order.plan === null ? PAY_SUCCESS_PAGE : `${APP_BASE}${APP_PATHS.paySuccess.getHref({ plan: order.plan, number: order.quantity })}`;
}

/**
 * The page of a payment the provider took but has not confirmed (a PENDING capture): it says the
 * payment is being confirmed, naming what a plan's payment buys, or leading on to Purchased Labels.
 */
function payPendingPage(order: PaymentOrderRow): string {
  const query = order.plan === null ? { redirect: APP_PATHS.shipments.getHref() } : { plan: order.plan, number: order.quantity };
  return `${APP_BASE}${APP_PATHS.payPending.getHref(query)}`;
}

/** The page of a payment the provider declined (issue 11: not the cancel page), naming the plan to try again. */
function payDeclinedPage(order: PaymentOrderRow): string {
  return `${APP_BASE}${APP_PATHS.payDeclined.getHref(order.plan ?? undefined)}`;
}

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

function addMonths(from: Date, months: number): Date {
  const next = new Date(from.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
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
  const orders = await deps.db
    .selectFrom('payment_orders')
    .select(['id', 'user_id', 'provider_order_id'])
    .where('status', '=', 'capturing')
    // A pending capture is not interrupted: recheckPendingCaptures follows it.
    .where('capture_pending_reason', 'is', null)
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(100)
    .execute();
  for (const order of orders) {
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
  const orders = await deps.db
    .selectFrom('payment_orders')
    .selectAll()
    .where('status', '=', 'capturing')
    .where('capture_pending_reason', 'is not', null)
    .where('capture_id', 'is not', null)
    .where((eb) => eb.or([eb('capture_checked_at', 'is', null), eb('capture_checked_at', '<=', due)]))
    .orderBy('capture_checked_at')
    .orderBy('id')
    .limit(100)
    .execute();
  for (const order of orders) {
    let capture: CaptureResult;
    try {
      capture = await deps.payments.getCapture(order.capture_id!);
    } catch (error) {
      deps.log.warn({ err: error, paymentOrder: order.id }, 'the payment provider did not answer about a pending capture; it is asked again later');
      continue;
    }
    if (capture.status === 'COMPLETED') {
      const page = await settleCompletedCapture(deps, order, capture);
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

/** What an order bought, in the customer's words: '3 credits', 'the 6 MONTHS MEMBERSHIP', 'a shipping label'. */
function orderWhat(order: PaymentOrderRow): string {
  if (order.purpose === 'label') return 'a shipping label';
  if (order.purpose === 'pickup') return 'a carrier pickup';
  if (order.plan === MEMBERSHIP_PLAN.credit) return `${order.quantity} credit${order.quantity === 1 ? '' : 's'}`;
  return `the ${MEMBERSHIP_PLAN_NAMES[order.plan as MembershipPlan] ?? 'membership'}`;
}

/**
 * The provider declined (or failed, or gave back) a capture it had reported PENDING: in one
 * transaction the order ends failed, a pickup being paid for can be paid again, and the customer
 * is mailed that nothing was bought. Once: a second run finds the order failed and does nothing.
 */
async function failPendingCapture(deps: PaymentsDeps, order: PaymentOrderRow, status: string): Promise<void> {
  const now = deps.config.clock();
  const failed = await writeTransaction(deps.db, async (trx) => {
    const moved = await updatePaymentOrder(trx, order.id, ['capturing'], { status: 'failed', capture_pending_reason: null, capture_checked_at: now.toISOString() });
    if (!moved) return false;
    if (order.purpose === 'pickup') await pickupPaymentCancelled({ db: trx, config: deps.config }, order);
    const user = await findUserById(trx, order.user_id);
    if (user) {
      const tryAgain = order.purpose === 'membership' ? APP_PATHS.membership.getHref() : APP_PATHS.shipments.getHref();
      await enqueueJob(
        trx,
        now,
        'mail',
        composeMail(
          deps.config,
          user.email,
          `${deps.config.brandName}: your payment did not go through`,
          [
            `PayPal did not complete your payment of $${amountOf(order.amount_cents)} for ${orderWhat(order)}, which it had been confirming, so nothing was bought.`,
            'If money left your account for it, PayPal returns it. You can pay again with another card or PayPal account.',
          ],
          { label: order.purpose === 'membership' ? 'Membership Plan' : 'Purchased Labels', link: appUrl(deps.config.publicUrl, tryAgain) },
        ),
      );
    }
    return true;
  });
  if (failed) deps.log.warn({ paymentOrder: order.id, purpose: order.purpose, status }, 'pending capture not completed by the payment provider; nothing granted, the customer is told');
}

/**
 * The return from the provider. The query names the order (token) and nothing else is read from
 * it: the server captures with the provider and checks status, amount and currency itself.
 *
 * First the order moves created → capturing in one statement, so a cancel arriving meanwhile no
 * longer applies. A return that finds it already capturing (a concurrent or retried return, or
 * one after a crash) captures too: the provider repeats the same capture for the same request
 * id. Once the provider reports the capture COMPLETED for the ordered amount, the order becomes
 * captured together with the grant and its ledger row, whatever state it had reached: money
 * taken is always granted, exactly once. Answers the page to send the browser to: paySuccess
 * only when the order is granted.
 */
export async function completePurchase(deps: PaymentsDeps, userId: number | undefined, token: string | undefined): Promise<string> {
  const order = await ownOrder(deps, userId, token);
  if (!order) return PAY_CANCEL_PAGE;
  const claimed = await transitionPaymentOrder(deps.db, order.id, ['created'], 'capturing');
  const status = claimed ? 'capturing' : await statusOf(deps, order);
  if (status !== 'capturing') return pageAfter(deps, order);

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
      if (DECLINED_ISSUES.has(code) && order.purpose === 'membership') return payDeclinedPage(order);
    } else {
      // No answer: the capture may have happened. The order stays capturing, so no cancel
      // applies, and the next return repeats the same capture.
      deps.log.error({ err: error, paymentOrder: order.id }, 'capture outcome unknown; the order stays capturing');
    }
    return pageAfter(deps, order);
  }
  if (capture.status === 'PENDING') {
    if (capture.captureId) return holdPendingCapture(deps, order, capture.captureId, capture.pendingReason);
    // Taken but unnamed: as no answer, the order stays capturing and the capture is repeated.
    deps.log.error({ paymentOrder: order.id }, 'the payment provider reported a pending capture without its id; the order stays capturing');
    return pageAfter(deps, order);
  }
  if (capture.status !== 'COMPLETED') {
    await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'failed');
    deps.log.warn({ paymentOrder: order.id, status: capture.status }, 'capture not completed; nothing granted');
    if (DECLINED_CAPTURE_STATUSES.has(capture.status) && order.purpose === 'membership') return payDeclinedPage(order);
    return pageAfter(deps, order);
  }
  return settleCompletedCapture(deps, order, capture);
}

/**
 * The provider took the money but has not completed the capture (PayPal: PENDING, e.g. an
 * eCheck not cleared): nothing is granted yet and nothing failed. The order stays capturing (no
 * cancel applies) with its capture id and why PayPal waits; recheckPendingCaptures asks again
 * until PayPal decides. The payer reads that the payment is being confirmed.
 */
async function holdPendingCapture(deps: PaymentsDeps, order: PaymentOrderRow, captureId: string, reason: string | undefined): Promise<string> {
  await updatePaymentOrder(deps.db, order.id, ['capturing'], {
    status: 'capturing',
    capture_id: captureId,
    capture_pending_reason: reason ?? 'OTHER',
    capture_checked_at: deps.config.clock().toISOString(),
  });
  deps.log.info({ paymentOrder: order.id, purpose: order.purpose, reason }, 'capture pending at the payment provider; nothing granted until it completes');
  return payPendingPage(order);
}

/**
 * A capture the provider reports COMPLETED (at the return, by the interrupted-captures job, or
 * once a pending one completed): the amount and currency are checked, then the plan is granted or
 * the label or pickup paid, once. Answers the page to send the browser to.
 */
async function settleCompletedCapture(deps: PaymentsDeps, order: PaymentOrderRow, capture: CaptureResult): Promise<string> {
  // No longer pending: if this stops before the grant, the interrupted-captures job settles it.
  if (order.capture_pending_reason !== null) {
    await updatePaymentOrder(deps.db, order.id, ['capturing'], { status: 'capturing', capture_pending_reason: null });
  }
  if (capture.amountCents !== order.amount_cents || capture.currency !== order.currency) {
    return refundWrongAmount(deps, order, capture.captureId, { cents: capture.amountCents ?? 0, currency: capture.currency ?? '' });
  }
  if (order.purpose === 'label') return finishLabelPayment(deps, order, capture.captureId);
  if (order.purpose === 'pickup') return finishPickupPayment(deps, order, capture.captureId);
  const granted = await grant(deps, order, capture.captureId);
  deps.log.info({ paymentOrder: order.id, granted }, granted ? 'payment captured and granted' : 'payment already granted');
  return paySuccessPage(order);
}

async function statusOf(deps: PaymentsDeps, order: PaymentOrderRow): Promise<PaymentOrderStatus | undefined> {
  return (await findPaymentOrderByProviderId(deps.db, order.provider_order_id ?? ''))?.status;
}

/**
 * Where a return or cancel that did not capture sends the browser: a plan's paySuccess only once
 * granted; a label's page as its purchase stands (label-purchase.service.ts).
 */
async function pageAfter(deps: PaymentsDeps, order: PaymentOrderRow): Promise<string> {
  const current = await findPaymentOrder(deps.db, order.id);
  if (current?.status === 'capturing' && current.capture_pending_reason !== null) return payPendingPage(order);
  if (order.purpose === 'label') return labelReturnPage(deps, order.id);
  if (order.purpose === 'pickup') return pickupReturnPage(deps, order.id);
  return (await statusOf(deps, order)) === 'captured' ? paySuccessPage(order) : PAY_CANCEL_PAGE;
}

/**
 * The provider took another amount (or currency) than the order's (issue 7 left it failed):
 * nothing is granted or bought, and what it took goes back. The refund is a job (enqueued
 * first, so it happens even if this request dies) that this request also runs at once; the
 * order becomes refunded. A repeated return captures the same again and refunds nothing twice:
 * the refund's request id is the order's.
 */
async function refundWrongAmount(
  deps: PaymentsDeps,
  order: PaymentOrderRow,
  captureId: string | null,
  taken: { cents: number; currency: string },
): Promise<string> {
  deps.log.error({ paymentOrder: order.id, purpose: order.purpose }, "the provider captured another amount than the order's; nothing granted, the capture is refunded");
  const now = deps.config.clock();
  if (captureId && taken.cents > 0) {
    await writeTransaction(deps.db, async (trx) => {
      await setCaptureId(trx, order.id, captureId);
      await enqueuePaymentRefund(trx, now, order.id, taken);
    });
    try {
      await refundPaymentOrder(deps, order.id, {
        amount: taken,
        within: async (trx) => {
          if (order.purpose === 'label') await labelPaymentRefunded(trx, deps, order);
          if (order.purpose === 'pickup') await pickupPaymentRefunded(trx, deps, order);
        },
      });
    } catch (error) {
      deps.log.error({ err: error, paymentOrder: order.id }, 'refund of a wrong capture failed; its job tries again');
    }
  } else {
    await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'failed');
  }
  if (order.purpose === 'pickup') return pickupReturnPage(deps, order.id);
  return order.purpose === 'label' ? labelReturnPage(deps, order.id) : PAY_CANCEL_PAGE;
}

/**
 * In one transaction: the order becomes captured (only one request can do that), the credits or
 * the membership are granted and the operation is written. False when it was granted before.
 */
async function grant(deps: PaymentsDeps, order: PaymentOrderRow, captureId: string | null): Promise<boolean> {
  const now = deps.config.clock();
  return writeTransaction(deps.db, async (trx) => {
    const from: PaymentOrderStatus[] = ['created', 'capturing', 'cancelled', 'failed'];
    if (!(await updatePaymentOrder(trx, order.id, from, { status: 'captured', captured_at: now.toISOString(), capture_id: captureId }))) return false;
    const user = await lockUser(trx, order.user_id);
    const membership = await findMembership(trx, order.plan as MembershipPlan);
    if (!user || !membership) throw new Error(`payment order ${order.id} names a missing user or plan`);
    const credits = membership.credits * order.quantity;
    const balance = user.credits + credits;
    if (order.plan === MEMBERSHIP_PLAN.credit) {
      await trx.updateTable('users').set({ credits: balance, updated_at: now.toISOString() }).where('user_id', '=', user.user_id).execute();
    } else {
      // A new period starts when the running one ends (or now), so nothing bought is lost.
      const from = membershipActive(user, now) ? new Date(user.membership_expire!) : now;
      await trx
        .updateTable('users')
        .set({
          credits: balance,
          membership: order.plan,
          membership_expire: addMonths(from, membership.months * order.quantity).toISOString(),
          updated_at: now.toISOString(),
        })
        .where('user_id', '=', user.user_id)
        .execute();
    }
    await recordPlanPurchase(trx, user, {
      at: now.toISOString(),
      plan: order.plan as MembershipPlan,
      paidCents: order.amount_cents,
      credits,
      balanceAfter: balance,
      paymentOrderId: order.id,
    });
    return true;
  });
}

/** The payer cancelled on the provider's page: the order is closed and nothing is charged or granted. */
export async function cancelPurchase(deps: PaymentsDeps, userId: number | undefined, token: string | undefined): Promise<string> {
  const order = await ownOrder(deps, userId, token);
  if (!order) return PAY_CANCEL_PAGE;
  // Only an order nobody is capturing can be cancelled; one captured meanwhile was granted.
  const cancelled = await transitionPaymentOrder(deps.db, order.id, ['created'], 'cancelled');
  // A pickup is quoted again: it can be paid for again.
  if (cancelled && order.purpose === 'pickup') await pickupPaymentCancelled(deps, order);
  if (cancelled && order.purpose === 'membership') return PAY_CANCEL_PAGE;
  return pageAfter(deps, order);
}
