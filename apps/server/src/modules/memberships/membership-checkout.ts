import { APP_BASE, APP_PATHS, type MembershipPlan, MEMBERSHIP_PLAN, MEMBERSHIP_PLAN_NAMES } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { membershipActive, recordPlanPurchase } from '../operations/ledger.js';
import type { CheckoutPurpose } from '../payments/checkout.js';
import { insertOpenOrder, openWithProvider, PAY_CANCEL_PAGE, PAY_SUCCESS_PAGE } from '../payments/payment-orders.js';
import { findPaymentOrder } from '../payments/payments.repository.js';
import type { PaymentOrderRow } from '../payments/payments.table.js';
import { lockUser, updateUser } from '../users/users.repository.js';
import { findMembership } from './memberships.repository.js';

/**
 * Plans bought with money (issue 7): credits, or a 6- or 12-month membership with its credits.
 * buyMembership opens the order; once the money is taken the plan is granted in the capture's
 * transaction with its ledger row. A purpose of the checkout (payments/checkout.ts).
 */

/**
 * buyMembership: records a payment order for the plan and asks the provider for an order the
 * user approves on its page. Nothing is granted here. The amount comes from the plan table,
 * never from the request; only the credit plan takes a quantity.
 */
export async function startMembershipPurchase(
  deps: Pick<AppContext, 'db' | 'config' | 'log' | 'payments'>,
  userId: number,
  plan: MembershipPlan,
  number: number,
): Promise<string> {
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

function addMonths(from: Date, months: number): Date {
  const next = new Date(from.getTime());
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export const membershipCheckout: CheckoutPurpose = {
  name: 'membership',

  /** '3 credits', 'the 6 MONTHS MEMBERSHIP'. */
  describe: (order) =>
    order.plan === MEMBERSHIP_PLAN.credit
      ? `${order.quantity} credit${order.quantity === 1 ? '' : 's'}`
      : `the ${MEMBERSHIP_PLAN_NAMES[order.plan as MembershipPlan] ?? 'membership'}`,
  tryAgain: { label: 'Membership Plan', path: APP_PATHS.membership.getHref() },

  /**
   * In the capture's transaction: the credits or the membership are granted and the operation is
   * written. A new period starts when the running one ends (or now), so nothing bought is lost.
   */
  async taken(trx, _deps, order, now) {
    const user = await lockUser(trx, order.user_id);
    const membership = await findMembership(trx, order.plan as MembershipPlan);
    if (!user || !membership) throw new Error(`payment order ${order.id} names a missing user or plan`);
    const credits = membership.credits * order.quantity;
    const balance = user.credits + credits;
    if (order.plan === MEMBERSHIP_PLAN.credit) {
      await updateUser(trx, user.user_id, { credits: balance, updated_at: now.toISOString() });
    } else {
      const from = membershipActive(user, now) ? new Date(user.membership_expire!) : now;
      await updateUser(trx, user.user_id, {
        credits: balance,
        membership: order.plan,
        membership_expire: addMonths(from, membership.months * order.quantity).toISOString(),
        updated_at: now.toISOString(),
      });
    }
    await recordPlanPurchase(trx, user, {
      at: now.toISOString(),
      plan: order.plan as MembershipPlan,
      paidCents: order.amount_cents,
      credits,
      balanceAfter: balance,
      paymentOrderId: order.id,
    });
    return {};
  },

  /** paySuccess naming the plan once granted; payCancel otherwise. */
  async page(deps, order) {
    return (await findPaymentOrder(deps.db, order.id))?.status === 'captured' ? paySuccessPage(order) : PAY_CANCEL_PAGE;
  },
  /** The payment is being confirmed, naming what it buys. */
  pendingPage: (order) => `${APP_BASE}${APP_PATHS.payPending.getHref(order.plan === null ? undefined : { plan: order.plan, number: order.quantity })}`,
  /** Declined (issue 11: not the cancel page), naming the plan to try again. */
  declinedPage: (order) => `${APP_BASE}${APP_PATHS.payDeclined.getHref(order.plan ?? undefined)}`,
};
