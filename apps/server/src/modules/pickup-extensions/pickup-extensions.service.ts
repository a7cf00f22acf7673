import {
  extendedFreeUntil,
  extensionRefusal,
  MEMBERSHIP_PLAN,
  PICKUP_EXTENSION_CREDITS,
  PICKUP_EXTENSION_ERRORCODE,
  PICKUP_EXTENSION_MAX_DAYS,
  PICKUP_EXTENSION_MESSAGES,
  type PickupExtensionQuote,
} from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { findMembership } from '../memberships/memberships.repository.js';
import { recordPickupExtension } from '../operations/ledger.js';
import { addExtendedDay, findLockerPackage, lockLockerPackage } from '../packages/packages.repository.js';
import type { LockerPackageRow } from '../packages/packages.table.js';
import { insertOpenOrder, openWithProvider } from '../payments/payment-orders.js';
import { findUserById, lockUser, updateUser } from '../users/users.repository.js';
import { extendLiveShare } from '../pickup-shares/pickup-shares.service.js';
import { passChanged } from '../wallet/pass-web-service.service.js';
import { insertPickupExtension } from './pickup-extensions.repository.js';

/*
 * Extend a pickup (issue 22 item 2, the paid half). Before its late fee starts, the owner of a
 * waiting package adds a day to its free period, at most PICKUP_EXTENSION_MAX_DAYS: with credits
 * (PICKUP_EXTENSION_CREDITS a day, taken at once) or with PayPal (one credit's price on the credit
 * plan, read from the memberships table, never from the request), the day granted when the money
 * is taken (pickup-extension-checkout.ts). The request names the day it pays for (extendedDays + 1
 * as quoted): two requests for the same day, whatever their way of paying, grant it once, and the
 * package row's conditional update and pickup_extensions' unique (package, day) are the guards.
 * Every change locks the package's row first, then the user's, as a pickup does, so an extension
 * and a pickup at the same moment end one way only.
 */

export type ExtensionDeps = Pick<AppContext, 'db' | 'config' | 'log'>;

const refused = (message: string) => new AppError(409, PICKUP_EXTENSION_ERRORCODE.refused, message);
const notFound = () => new AppError(404, PICKUP_EXTENSION_ERRORCODE.notFound, PICKUP_EXTENSION_MESSAGES.notFound);

/** The free period's end now and after one more day. */
export function extensionWindow(pkg: Pick<LockerPackageRow, 'delivered_at' | 'held_until' | 'extended_days'>): { freeUntil: Date; newFreeUntil: Date } {
  const deliveredAt = new Date(toIso(pkg.delivered_at));
  const days = Number(pkg.extended_days);
  return { freeUntil: extendedFreeUntil(deliveredAt, pkg.held_until, days), newFreeUntil: extendedFreeUntil(deliveredAt, pkg.held_until, days + 1) };
}

/**
 * The user's own waiting package that can be extended at `now`, with its window; refused with why
 * (404: not theirs, unknown or collected, saying nothing of whose it is; 409: the fee started, or
 * the limit reached).
 */
function extendable(pkg: LockerPackageRow | undefined, userId: number, now: Date): { pkg: LockerPackageRow; freeUntil: Date; newFreeUntil: Date } {
  if (!pkg || pkg.user_id !== userId || pkg.picked_up_at !== null) throw notFound();
  const window = extensionWindow(pkg);
  const refusal = extensionRefusal({ freeUntil: window.freeUntil, extendedDays: Number(pkg.extended_days), now });
  if (refusal) throw refused(PICKUP_EXTENSION_MESSAGES[refusal]);
  return { pkg, ...window };
}

/** What a day costs with PayPal: one credit on the credit plan, in cents. */
export async function extensionPriceCents(db: Db): Promise<number> {
  const plan = await findMembership(db, MEMBERSHIP_PLAN.credit);
  if (!plan) throw new Error('the credit plan is missing from memberships');
  return plan.price_cents;
}

/** The quote shown before anything is charged: the price both ways, the balance, the new free-until. */
export async function quoteExtension(deps: ExtensionDeps, userId: number, packageId: number): Promise<PickupExtensionQuote> {
  const [pkg, user, priceCents] = await Promise.all([findLockerPackage(deps.db, packageId), findUserById(deps.db, userId), extensionPriceCents(deps.db)]);
  const { freeUntil, newFreeUntil } = extendable(pkg, userId, deps.config.clock());
  return {
    packageId,
    extendedDays: Number(pkg!.extended_days),
    maxDays: PICKUP_EXTENSION_MAX_DAYS,
    freeUntil: freeUntil.toISOString(),
    newFreeUntil: newFreeUntil.toISOString(),
    credits: PICKUP_EXTENSION_CREDITS,
    balance: user?.credits ?? 0,
    price: priceCents / 100,
    priceCents,
  };
}

export interface Extended {
  freeUntil: string;
  extendedDays: number;
  balance: number;
  /** False when the day asked for had been added before (a repeated request): nothing charged. */
  charged: boolean;
}

/**
 * The day asked for had been added before (a double click, a second tab): nothing is charged and
 * the package stands as it is. Null when it is still to add.
 */
function alreadyAdded(pkg: LockerPackageRow | undefined, userId: number, day: number, balance: number): Extended | null {
  if (!pkg || pkg.user_id !== userId || pkg.picked_up_at !== null || Number(pkg.extended_days) < day) return null;
  return { freeUntil: extensionWindow(pkg).freeUntil.toISOString(), extendedDays: Number(pkg.extended_days), balance, charged: false };
}

/**
 * Pays a day with credits, in one transaction: the package's row and the user's locked, the day
 * added (only from day - 1), the credit taken, the ledger's line and the wallet pass told.
 */
export async function extendWithCredits(deps: ExtensionDeps, userId: number, packageId: number, day: number): Promise<Extended> {
  const now = deps.config.clock();
  return writeTransaction(deps.db, async (trx) => {
    const locked = await lockLockerPackage(trx, packageId);
    const user = await lockUser(trx, userId);
    if (!user) throw notFound();
    const before = alreadyAdded(locked, userId, day, user.credits);
    if (before) return before;
    const { pkg, newFreeUntil } = extendable(locked, userId, now);
    if (user.credits < PICKUP_EXTENSION_CREDITS) throw new AppError(409, PICKUP_EXTENSION_ERRORCODE.notEnoughCredits, PICKUP_EXTENSION_MESSAGES.notEnoughCredits(user.credits));
    const from = Number(pkg.extended_days);
    if (from !== day - 1 || !(await addExtendedDay(trx, pkg.id, from))) throw refused(PICKUP_EXTENSION_MESSAGES.limitReached);
    const at = now.toISOString();
    await insertPickupExtension(trx, {
      package_id: pkg.id,
      user_id: userId,
      paid_with: 'credits',
      payment_order_id: null,
      state: 'extended',
      for_day: day,
      day,
      credits: PICKUP_EXTENSION_CREDITS,
      price_cents: 0,
      created_at: at,
      settled_at: at,
    });
    const balance = user.credits - PICKUP_EXTENSION_CREDITS;
    await updateUser(trx, userId, { credits: balance, updated_at: at });
    await recordPickupExtension(trx, user, { at, packageId: pkg.id, credits: PICKUP_EXTENSION_CREDITS, paidCents: null, paymentOrderId: null, balanceAfter: balance });
    // A live share of its pickup works until the new end too; the wallet pass shows it.
    await extendLiveShare(trx, pkg.id, newFreeUntil);
    await passChanged(trx, deps, userId);
    deps.log.info({ packageId: pkg.id, userId, day }, 'pickup extended with credits');
    return { freeUntil: newFreeUntil.toISOString(), extendedDays: day, balance, charged: true };
  });
}

/**
 * Opens a PayPal payment for the day: the package checked under lock, then the order and its
 * extension ('paying') in one transaction; answers the provider's page. Nothing is extended until
 * the money is taken (pickup-extension-checkout.ts).
 */
export async function startPayPalExtension(
  deps: Pick<AppContext, 'db' | 'config' | 'log' | 'payments'>,
  userId: number,
  packageId: number,
  day: number,
): Promise<string> {
  const now = deps.config.clock();
  const priceCents = await extensionPriceCents(deps.db);
  const { opened, order } = await writeTransaction(deps.db, async (trx) => {
    const locked = await lockLockerPackage(trx, packageId);
    if (alreadyAdded(locked, userId, day, 0)) throw refused(PICKUP_EXTENSION_MESSAGES.alreadyExtended);
    const { pkg } = extendable(locked, userId, now);
    if (Number(pkg.extended_days) !== day - 1) throw refused(PICKUP_EXTENSION_MESSAGES.limitReached);
    const order = {
      userId,
      purpose: 'pickup-extension' as const,
      plan: null,
      quantity: 1,
      amountCents: priceCents,
      description: `One more free day for your ${pkg.carrier} package ${pkg.tracking_no}`,
    };
    const opened = await insertOpenOrder(trx, deps, order);
    await insertPickupExtension(trx, {
      package_id: pkg.id,
      user_id: userId,
      paid_with: 'paypal',
      payment_order_id: opened.id,
      state: 'paying',
      for_day: day,
      day: null,
      credits: 0,
      price_cents: priceCents,
      created_at: now.toISOString(),
      settled_at: null,
    });
    return { opened, order };
  });
  return openWithProvider(deps, opened, order);
}
