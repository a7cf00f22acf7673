import { APP_BASE, APP_PATHS, appUrl, formatUsd, PICKUP_EXTENSION_MAX_DAYS, type PickupExtensionResult } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { findHub } from '../hubs/hubs.repository.js';
import { notify } from '../notifications/notify.js';
import { recordPickupExtension } from '../operations/ledger.js';
import { addExtendedDay, lockLockerPackage } from '../packages/packages.repository.js';
import type { CheckoutDeps, CheckoutPurpose } from '../payments/checkout.js';
import type { PaymentOrderRow } from '../payments/payments.table.js';
import { extendLiveShare } from '../pickup-shares/pickup-shares.service.js';
import { lockUser } from '../users/users.repository.js';
import { passChanged } from '../wallet/pass-web-service.service.js';
import { findExtensionOfPayment, settlePickupExtension } from './pickup-extensions.repository.js';
import { extensionWindow } from './pickup-extensions.service.js';
import type { PickupExtensionRow } from './pickup-extensions.table.js';

/**
 * A day of free period paid with PayPal (issue 22 item 2), as the checkout sees it. The day is
 * granted in the transaction that marks the money taken, only if it can still be: the package not
 * picked up, the day asked for the next one (no other payment or credits added it meanwhile), the
 * order opened before the free period ended and the day paid for not over yet. Otherwise nothing
 * waits for this money: taken answers undefined, the checkout gives it back (once), and the
 * customer is mailed why, in the same transaction. The browser returns to the dashboard, which says
 * how it ended (?extension=).
 */

const dashboardPage = (result: PickupExtensionResult) => `${APP_BASE}${APP_PATHS.dashboard.getHref(result)}`;

/** Why a paid day could not be added, in the customer's words; null when it can be. */
function refusal(pkg: Awaited<ReturnType<typeof lockLockerPackage>>, extension: PickupExtensionRow, now: Date): string | null {
  if (!pkg || pkg.picked_up_at !== null) return 'your package was picked up before your payment came through';
  const days = Number(pkg.extended_days);
  if (days >= extension.for_day) {
    return days >= PICKUP_EXTENSION_MAX_DAYS
      ? `its free period had already been extended ${PICKUP_EXTENSION_MAX_DAYS} days, the most we allow, before your payment came through`
      : 'that day had already been added to its free period before your payment came through';
  }
  const { freeUntil, newFreeUntil } = extensionWindow(pkg);
  if (days !== extension.for_day - 1 || new Date(toIso(extension.created_at)) >= freeUntil || now >= newFreeUntil) {
    return 'its free period had ended before your payment came through';
  }
  return null;
}

async function extensionOf(db: Db, order: PaymentOrderRow): Promise<PickupExtensionRow> {
  const extension = await findExtensionOfPayment(db, order.id);
  if (!extension) throw new Error(`payment order ${order.id} pays for no pickup extension`);
  return extension;
}

export const pickupExtensionCheckout: CheckoutPurpose = {
  name: 'pickup-extension',
  describe: () => 'a day more of free pickup',
  tryAgain: { label: 'Dashboard', path: APP_PATHS.dashboard.getHref() },

  async taken(trx, deps, order, now) {
    const extension = await extensionOf(trx, order);
    // The package's row first, then the user's: as a pickup locks them.
    const pkg = await lockLockerPackage(trx, extension.package_id);
    const user = await lockUser(trx, order.user_id);
    if (!user) throw new Error(`payment order ${order.id} names a missing user`);
    const at = now.toISOString();
    const why = refusal(pkg, extension, now);
    if (why === null && pkg && (await addExtendedDay(trx, pkg.id, extension.for_day - 1))) {
      await extendLiveShare(trx, pkg.id, extensionWindow(pkg).newFreeUntil);
      await settlePickupExtension(trx, extension.id, ['paying', 'cancelled'], { state: 'extended', day: extension.for_day, settled_at: at });
      await recordPickupExtension(trx, user, { at, packageId: pkg.id, credits: 0, paidCents: order.amount_cents, paymentOrderId: order.id, balanceAfter: user.credits });
      await passChanged(trx, deps, user.user_id);
      deps.log.info({ paymentOrder: order.id, packageId: pkg.id, day: extension.for_day }, 'pickup extended with PayPal');
      return {};
    }
    // Nothing waits for this money: the checkout refunds it; the customer hears why.
    await settlePickupExtension(trx, extension.id, ['paying', 'cancelled'], { state: 'refunded', settled_at: at });
    const hub = pkg ? await findHub(trx, pkg.hub_id) : undefined;
    const what = pkg ? `your ${pkg.carrier} package ${pkg.tracking_no}${hub ? ` at ${hub.business_name}` : ''}` : 'your package';
    await notify(trx, deps, user, {
      subject: 'your package’s free period was not extended',
      lines: [
        `We could not add a day to the free period of ${what}: ${why ?? 'that day had already been added'}.`,
        `Your PayPal payment of ${formatUsd(order.amount_cents)} is refunded, so nothing is charged for it.`,
      ],
      action: { label: 'Dashboard', link: appUrl(deps.config.publicUrl, APP_PATHS.dashboard.getHref()) },
      by: 'mail',
    });
    deps.log.warn({ paymentOrder: order.id, packageId: extension.package_id }, 'a pickup extension paid too late to be added; the payment is refunded');
    return undefined;
  },

  /** The provider took another amount: nothing was added; the extension ends refunded. */
  async refunded(trx, deps, order) {
    const extension = await extensionOf(trx, order);
    await settlePickupExtension(trx, extension.id, ['paying', 'cancelled'], { state: 'refunded', settled_at: deps.config.clock().toISOString() });
  },

  /** The payer cancelled (or a pending capture was declined): nothing added, nothing charged. */
  async cancelled(db, deps, order) {
    const extension = await findExtensionOfPayment(db, order.id);
    if (extension) await settlePickupExtension(db, extension.id, ['paying'], { state: 'cancelled', settled_at: deps.config.clock().toISOString() });
  },

  /** The dashboard, saying how the payment ended. */
  async page(deps: CheckoutDeps, order) {
    const extension = await findExtensionOfPayment(deps.db, order.id);
    if (extension?.state === 'extended') return dashboardPage('extended');
    if (extension?.state === 'refunded') return dashboardPage('refunded');
    return dashboardPage('cancelled');
  },
  pendingPage: () => `${APP_BASE}${APP_PATHS.payPending.getHref({ redirect: APP_PATHS.dashboard.getHref('pending') })}`,
};
