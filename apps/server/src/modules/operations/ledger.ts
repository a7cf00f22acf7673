import { type MembershipPlan, MEMBERSHIP_PLAN, OPERATION_TYPE } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { lockUser } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { insertOperation } from './operations.repository.js';

/**
 * The ledger: one operations row (a line of the customer's history, spec 03 §9) for every money
 * or credit movement, written through the named functions below in the transaction that makes the
 * movement, with the user read there by lockUser (users.repository.ts). Money is in cents,
 * credits signed.
 */

/** Whether a 6- or 12-month membership runs at `at`. */
export function membershipActive(user: Pick<UserRow, 'membership' | 'membership_expire'>, at: Date): boolean {
  if ((user.membership !== 2 && user.membership !== 3) || user.membership_expire === null) return false;
  return new Date(user.membership_expire).getTime() > at.getTime();
}

/** Whose line it is, and their credits after it. */
type LedgerUser = Pick<UserRow, 'user_id' | 'credits'>;

const OPERATION_OF_PLAN: Record<MembershipPlan, number> = {
  [MEMBERSHIP_PLAN.credit]: OPERATION_TYPE.creditPlan,
  [MEMBERSHIP_PLAN.sixMonths]: OPERATION_TYPE.sixMonthsPlan,
  [MEMBERSHIP_PLAN.twelveMonths]: OPERATION_TYPE.twelveMonthsPlan,
};

/** What a money line was for: a label (its purchase or its refund) or a carrier pickup. */
export type PurchaseSubject = { shipmentId: number } | { pickupId: number };

/**
 * A purchase line of money, the credits untouched, naming what it was for: reads the user under
 * lock (lockUser) for the balance; answers them, or undefined (and writes nothing) when the user
 * is missing.
 */
async function recordMoneyLine(
  trx: Db,
  userId: number,
  line: { at: string; quoteCents: number; paymentOrderId: number | null; subject: PurchaseSubject },
): Promise<UserRow | undefined> {
  const user = await lockUser(trx, userId);
  if (!user) return undefined;
  await insertOperation(trx, {
    user_id: user.user_id,
    op_type: OPERATION_TYPE.purchase,
    op_timestamp: line.at,
    delivery_time: null,
    pickup_time: null,
    charge_time: line.at,
    op_time: line.at,
    quote_cents: line.quoteCents,
    credits_delta: 0,
    credits_owed: 0,
    overtime_days: 0,
    balance_after: user.credits,
    package_id: null,
    payment_order_id: line.paymentOrderId,
    shipment_id: 'shipmentId' in line.subject ? line.subject.shipmentId : null,
    pickup_id: 'pickupId' in line.subject ? line.subject.pickupId : null,
  });
  return user;
}

/** Something paid for with money (a label, a carrier pickup): what was paid, and for what. */
export function recordPurchase(
  trx: Db,
  userId: number,
  purchase: { at: string; paidCents: number; paymentOrderId: number | null; subject: PurchaseSubject },
): Promise<UserRow | undefined> {
  return recordMoneyLine(trx, userId, { at: purchase.at, quoteCents: purchase.paidCents, paymentOrderId: purchase.paymentOrderId, subject: purchase.subject });
}

/** A label's money going back (the carrier refunded it): a purchase line of minus what was paid, naming the label. */
export function recordRefund(trx: Db, userId: number, refund: { at: string; refundedCents: number; shipmentId: number }): Promise<UserRow | undefined> {
  return recordMoneyLine(trx, userId, { at: refund.at, quoteCents: -refund.refundedCents, paymentOrderId: null, subject: { shipmentId: refund.shipmentId } });
}

/** A plan bought (credits, or a membership with its credits): the credits granted and the balance they make. */
export async function recordPlanPurchase(
  trx: Db,
  user: Pick<UserRow, 'user_id'>,
  purchase: { at: string; plan: MembershipPlan; paidCents: number; credits: number; balanceAfter: number; paymentOrderId: number },
): Promise<void> {
  await insertOperation(trx, {
    user_id: user.user_id,
    op_type: OPERATION_OF_PLAN[purchase.plan],
    op_timestamp: purchase.at,
    delivery_time: null,
    pickup_time: null,
    charge_time: purchase.at,
    op_time: purchase.at,
    quote_cents: purchase.paidCents,
    credits_delta: purchase.credits,
    credits_owed: 0,
    overtime_days: 0,
    balance_after: purchase.balanceAfter,
    package_id: null,
    payment_order_id: purchase.paymentOrderId,
    shipment_id: null,
    pickup_id: null,
  });
}

/** A package delivered into a locker: nothing charged yet. */
export async function recordLockerDelivery(trx: Db, user: LedgerUser, delivery: { at: string; packageId: number }): Promise<void> {
  await insertOperation(trx, {
    user_id: user.user_id,
    op_type: OPERATION_TYPE.delivery,
    op_timestamp: delivery.at,
    delivery_time: delivery.at,
    pickup_time: null,
    charge_time: null,
    op_time: delivery.at,
    quote_cents: null,
    credits_delta: 0,
    credits_owed: 0,
    overtime_days: 0,
    balance_after: user.credits,
    package_id: delivery.packageId,
    payment_order_id: null,
    shipment_id: null,
    pickup_id: null,
  });
}

/**
 * A package picked up from its locker and the credits it was charged: `owed` what the Terms ask,
 * `taken` what the balance allowed (less when it ran out), `balanceAfter` the credits left.
 */
export async function recordCharge(
  trx: Db,
  user: Pick<UserRow, 'user_id'>,
  charge: { deliveredAt: string; pickedUpAt: string; owed: number; taken: number; overtimeDays: number; balanceAfter: number; packageId: number },
): Promise<void> {
  await insertOperation(trx, {
    user_id: user.user_id,
    op_type: OPERATION_TYPE.pickup,
    op_timestamp: charge.pickedUpAt,
    delivery_time: charge.deliveredAt,
    pickup_time: charge.pickedUpAt,
    charge_time: charge.owed > 0 ? charge.pickedUpAt : null,
    op_time: charge.pickedUpAt,
    quote_cents: null,
    credits_delta: -charge.taken,
    credits_owed: charge.owed,
    overtime_days: charge.overtimeDays,
    balance_after: charge.balanceAfter,
    package_id: charge.packageId,
    payment_order_id: null,
    shipment_id: null,
    pickup_id: null,
  });
}

/**
 * A day added to a waiting package's free period (issue 22 item 2), paid with `credits` (taken:
 * the balance after is `balanceAfter`) or with money (`paidCents` through `paymentOrderId`, no
 * credits), naming the package.
 */
export async function recordPickupExtension(
  trx: Db,
  user: Pick<UserRow, 'user_id'>,
  line: { at: string; packageId: number; credits: number; paidCents: number | null; paymentOrderId: number | null; balanceAfter: number },
): Promise<void> {
  await insertOperation(trx, {
    user_id: user.user_id,
    op_type: OPERATION_TYPE.pickupExtension,
    op_timestamp: line.at,
    delivery_time: null,
    pickup_time: null,
    charge_time: line.at,
    op_time: line.at,
    quote_cents: line.paidCents,
    credits_delta: -line.credits,
    credits_owed: line.credits,
    overtime_days: 0,
    balance_after: line.balanceAfter,
    package_id: line.packageId,
    payment_order_id: line.paymentOrderId,
    shipment_id: null,
    pickup_id: null,
  });
}
