import { HOUR_MS, MEMBERSHIP_PLAN, pickupCharge, pickupGraceEnd } from '@airbox/contract';
import { deliveryMessageHtml } from '../modules/messages/messages.html.js';
import { insertMessage } from '../modules/messages/messages.repository.js';
import { recordCharge, recordLockerDelivery, recordPlanPurchase } from '../modules/operations/ledger.js';
import { insertPaymentOrder } from '../modules/payments/payments.repository.js';
import type { Db } from '../db/database.js';

/** Credits the demo customer bought before its seeded packages arrived. */
const DEMO_CREDITS_BOUGHT = 13;

/**
 * The demo customer's ledger, matching its seeded packages: a credit purchase, a message and a
 * delivery operation for each package, the pickup (and its charge) of the one picked up. The
 * balances end at the credits seed.ts gives the user. Part of seedDemoData's transaction.
 */
export async function seedLedgerDemo(trx: Db, userId: number, now: Date): Promise<void> {
  const user = await trx.selectFrom('users').select('credits').where('user_id', '=', userId).executeTakeFirstOrThrow();
  const packages = await trx
    .selectFrom('locker_packages')
    .innerJoin('hubs', 'hubs.id', 'locker_packages.hub_id')
    .select([
      'locker_packages.id',
      'locker_packages.carrier',
      'locker_packages.tracking_no',
      'locker_packages.pickup_code',
      'locker_packages.delivered_at',
      'locker_packages.picked_up_at',
      'hubs.business_name',
      'hubs.address',
      'hubs.city',
      'hubs.state',
      'hubs.zip_code',
    ])
    .where('locker_packages.user_id', '=', userId)
    .orderBy('locker_packages.delivered_at')
    .execute();

  // Charges of the picked-up packages, so the purchase leaves the balance where seed.ts set it.
  const charges = packages.map((pkg) =>
    pkg.picked_up_at === null
      ? 0
      : pickupCharge({ deliveredAt: new Date(pkg.delivered_at), pickedUpAt: new Date(pkg.picked_up_at), coveredByMembership: false }).total,
  );
  const bought = Math.max(DEMO_CREDITS_BOUGHT, user.credits + charges.reduce((sum, charge) => sum + charge, 0));
  let balance = user.credits + charges.reduce((sum, charge) => sum + charge, 0) - bought;

  const purchasedAt = new Date(now.getTime() - 200 * HOUR_MS).toISOString();
  const orderId = await insertPaymentOrder(trx, {
    user_id: userId,
    provider: 'simulator',
    provider_order_id: 'DEMOSEEDORDER0001',
    request_id: 'demo-seed-purchase-1',
    plan: 1,
    quantity: bought,
    amount_cents: 299 * bought,
    currency: 'USD',
    status: 'captured',
    created_at: purchasedAt,
    captured_at: purchasedAt,
  });
  balance += bought;
  await recordPlanPurchase(trx, { user_id: userId }, {
    at: purchasedAt,
    plan: MEMBERSHIP_PLAN.credit,
    paidCents: 299 * bought,
    credits: bought,
    balanceAfter: balance,
    paymentOrderId: orderId,
  });

  // Deliveries and pickups in the order they happened.
  const events = packages.flatMap((pkg, index) => [
    { at: new Date(pkg.delivered_at), pkg, pickup: false, charge: 0 },
    ...(pkg.picked_up_at === null ? [] : [{ at: new Date(pkg.picked_up_at), pkg, pickup: true, charge: charges[index]! }]),
  ]);
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const { at, pkg, pickup, charge } of events) {
    const deliveredAt = new Date(pkg.delivered_at);
    if (!pickup) {
      await insertMessage(trx, {
        user_id: userId,
        package_id: pkg.id,
        carrier: pkg.carrier,
        tracking_no: pkg.tracking_no,
        body_html: deliveryMessageHtml({
          carrier: pkg.carrier,
          trackingNo: pkg.tracking_no,
          hub: pkg,
          pickupCode: pkg.pickup_code,
          deliveredAt,
          graceEnd: pickupGraceEnd(deliveredAt),
        }),
        is_pickup: pkg.picked_up_at === null ? 0 : 1,
        pickup_code: pkg.pickup_code,
        message_date: deliveredAt.toISOString(),
      });
    }
    balance -= charge;
    if (pickup) {
      await recordCharge(trx, { user_id: userId }, {
        deliveredAt: deliveredAt.toISOString(),
        pickedUpAt: at.toISOString(),
        owed: charge,
        taken: charge,
        overtimeDays: pickupCharge({ deliveredAt, pickedUpAt: at, coveredByMembership: false }).overtimeDays,
        balanceAfter: balance,
        packageId: pkg.id,
      });
    } else {
      await recordLockerDelivery(trx, { user_id: userId, credits: balance }, { at: deliveredAt.toISOString(), packageId: pkg.id });
    }
  }
}
