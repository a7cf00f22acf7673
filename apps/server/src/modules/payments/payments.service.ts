import { randomUUID } from 'node:crypto';
import { API_ERRORCODE, APP_BASE, APP_PATHS, type MembershipPlan, MEMBERSHIP_PLAN, OPERATION_TYPE } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { PaymentProviderError } from '../../providers/payments/payments-provider.js';
import { findMembership } from '../memberships/memberships.repository.js';
import { lockUser, membershipActive } from '../operations/ledger.js';
import { insertOperation } from '../operations/operations.repository.js';
import {
  findPaymentOrderByProviderId,
  insertPaymentOrder,
  setProviderOrderId,
  transitionPaymentOrder,
} from './payments.repository.js';
import type { PaymentOrderRow, PaymentOrderStatus } from './payments.table.js';

export const PAYMENT_RETURN_PATH = '/app/v1/payments/return';
export const PAYMENT_CANCEL_PATH = '/app/v1/payments/cancel';
/** Where the browser lands after the provider (web app routes). */
export const PAY_SUCCESS_PAGE = `${APP_BASE}${APP_PATHS.paySuccess.getHref()}`;
export const PAY_CANCEL_PAGE = `${APP_BASE}${APP_PATHS.payCancel.getHref()}`;
export const CURRENCY = 'USD';

export type PaymentsDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments'>;

const OPERATION_OF_PLAN: Record<MembershipPlan, number> = {
  [MEMBERSHIP_PLAN.credit]: OPERATION_TYPE.creditPlan,
  [MEMBERSHIP_PLAN.sixMonths]: OPERATION_TYPE.sixMonthsPlan,
  [MEMBERSHIP_PLAN.twelveMonths]: OPERATION_TYPE.twelveMonthsPlan,
};

/**
 * buyMembership: records a payment order for the plan and asks the provider for an order the
 * user approves on its page. Nothing is granted here. The amount comes from the plan table,
 * never from the request; only the credit plan takes a quantity.
 */
export async function startPurchase(deps: PaymentsDeps, userId: number, plan: MembershipPlan, number: number): Promise<string> {
  const membership = await findMembership(deps.db, plan);
  if (!membership) throw AppError.invalid('No such plan.');
  const quantity = plan === MEMBERSHIP_PLAN.credit ? number : 1;
  const amountCents = membership.price_cents * quantity;
  const requestId = randomUUID();
  const orderId = await insertPaymentOrder(deps.db, {
    user_id: userId,
    provider: deps.payments.name,
    provider_order_id: null,
    request_id: requestId,
    plan,
    quantity,
    amount_cents: amountCents,
    currency: CURRENCY,
    status: 'created',
    created_at: deps.config.clock().toISOString(),
    captured_at: null,
  });
  try {
    const created = await deps.payments.createOrder({
      requestId,
      amountCents,
      currency: CURRENCY,
      description: plan === MEMBERSHIP_PLAN.credit ? `${membership.name}: ${quantity} credit${quantity === 1 ? '' : 's'}` : `${membership.name} membership`,
      referenceId: `airbox-${orderId}`,
      returnUrl: `${deps.config.publicUrl}${PAYMENT_RETURN_PATH}`,
      cancelUrl: `${deps.config.publicUrl}${PAYMENT_CANCEL_PATH}`,
    });
    await setProviderOrderId(deps.db, orderId, created.providerOrderId);
    deps.log.info({ paymentOrder: orderId, plan, quantity, amountCents }, 'payment order created');
    return created.approvalUrl;
  } catch (error) {
    await transitionPaymentOrder(deps.db, orderId, ['created'], 'failed');
    deps.log.error({ err: error, paymentOrder: orderId }, 'the payment provider did not create the order');
    throw new AppError(502, API_ERRORCODE.internal, 'Something Wrong, please try again.');
  }
}

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
  if (status !== 'capturing') return status === 'captured' ? PAY_SUCCESS_PAGE : PAY_CANCEL_PAGE;

  let capture;
  try {
    // One capture request id per order: a retried or concurrent capture repeats the same one.
    capture = await deps.payments.captureOrder(order.provider_order_id ?? '', `capture-${order.request_id}`);
  } catch (error) {
    const code = error instanceof PaymentProviderError ? error.code : undefined;
    if (code !== undefined) {
      // The provider refused (e.g. ORDER_NOT_APPROVED): nothing was captured, the payer may
      // still approve or cancel.
      await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'created');
      deps.log.warn({ paymentOrder: order.id, code }, 'capture refused by the payment provider; the order is open again');
    } else {
      // No answer: the capture may have happened. The order stays capturing, so no cancel
      // applies, and the next return repeats the same capture.
      deps.log.error({ err: error, paymentOrder: order.id }, 'capture outcome unknown; the order stays capturing');
    }
    return (await statusOf(deps, order)) === 'captured' ? PAY_SUCCESS_PAGE : PAY_CANCEL_PAGE;
  }
  if (capture.status !== 'COMPLETED') {
    await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'failed');
    deps.log.warn({ paymentOrder: order.id, status: capture.status }, 'capture not completed; nothing granted');
    return (await statusOf(deps, order)) === 'captured' ? PAY_SUCCESS_PAGE : PAY_CANCEL_PAGE;
  }
  if (capture.amountCents !== order.amount_cents || capture.currency !== order.currency) {
    await transitionPaymentOrder(deps.db, order.id, ['capturing'], 'failed');
    deps.log.error({ paymentOrder: order.id }, 'the provider captured another amount than the order\'s; nothing granted, to be refunded with the provider');
    return PAY_CANCEL_PAGE;
  }
  const granted = await grant(deps, order);
  deps.log.info({ paymentOrder: order.id, granted }, granted ? 'payment captured and granted' : 'payment already granted');
  return PAY_SUCCESS_PAGE;
}

async function statusOf(deps: PaymentsDeps, order: PaymentOrderRow): Promise<PaymentOrderStatus | undefined> {
  return (await findPaymentOrderByProviderId(deps.db, order.provider_order_id ?? ''))?.status;
}

/**
 * In one transaction: the order becomes captured (only one request can do that), the credits or
 * the membership are granted and the operation is written. False when it was granted before.
 */
async function grant(deps: PaymentsDeps, order: PaymentOrderRow): Promise<boolean> {
  const now = deps.config.clock();
  return writeTransaction(deps.db, async (trx) => {
    const from: PaymentOrderStatus[] = ['created', 'capturing', 'cancelled', 'failed'];
    if (!(await transitionPaymentOrder(trx, order.id, from, 'captured', now.toISOString()))) return false;
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
    await insertOperation(trx, {
      user_id: user.user_id,
      op_type: OPERATION_OF_PLAN[order.plan as MembershipPlan],
      op_timestamp: now.toISOString(),
      delivery_time: null,
      pickup_time: null,
      charge_time: now.toISOString(),
      op_time: now.toISOString(),
      quote_cents: order.amount_cents,
      credits_delta: credits,
      credits_owed: 0,
      overtime_days: 0,
      balance_after: balance,
      package_id: null,
      payment_order_id: order.id,
    });
    return true;
  });
}

/** The payer cancelled on the provider's page: the order is closed and nothing is charged or granted. */
export async function cancelPurchase(deps: PaymentsDeps, userId: number | undefined, token: string | undefined): Promise<string> {
  const order = await ownOrder(deps, userId, token);
  if (!order) return PAY_CANCEL_PAGE;
  // Only an order nobody is capturing can be cancelled; one captured meanwhile was granted.
  if (await transitionPaymentOrder(deps.db, order.id, ['created'], 'cancelled')) return PAY_CANCEL_PAGE;
  return (await statusOf(deps, order)) === 'captured' ? PAY_SUCCESS_PAGE : PAY_CANCEL_PAGE;
}
