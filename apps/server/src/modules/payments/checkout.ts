import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { PaymentOrderRow, PaymentPurpose } from './payments.table.js';

/**
 * The checkout core (DESIGN.md, "Checkout"): payments.service.ts owns the money's states (an order
 * created, captured once, pending, declined, cancelled, refunded) and calls back the purpose the
 * order pays for. Each thing a customer pays for is a CheckoutPurpose, registered once at start
 * (plugins/checkout.ts): memberships/membership-checkout.ts, shipments/label-checkout.ts,
 * pickups/pickup-checkout.ts, pickup-extensions/pickup-extension-checkout.ts. Payments imports none of them, and no purpose knows another: a new
 * purpose is its file (and its name in PaymentPurpose, with the migration its column's check needs).
 */

/** What a purpose may use of the app: a label's purchase asks the carriers. */
export type CheckoutDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'carriers'>;

/** What taking the money led to: done in its transaction, or `finish` to run once it is committed. */
export interface Taken {
  /** E.g. asking the carrier for the label paid for; it handles its own failures (its job tries again). */
  finish?: () => Promise<void>;
}

export interface CheckoutPurpose {
  /** The orders' purpose column. */
  name: PaymentPurpose;
  /** What the order bought, in the customer's words ('3 credits', 'a shipping label'), and where they pay again: the mail of a payment that did not go through. */
  describe(order: PaymentOrderRow): string;
  tryAgain: { label: string; path: string };
  /**
   * The money is taken, for the ordered amount: in the transaction that marks the order captured
   * (once, whatever state it had reached), what it pays for is granted or claimed. Undefined when
   * nothing waits for this money any more: the checkout gives it back.
   */
  taken(trx: Db, deps: CheckoutDeps, order: PaymentOrderRow, now: Date): Promise<Taken | undefined>;
  /** In the transaction that gives back a capture taken for another amount: what the order paid for ends, saying so. */
  refunded?(trx: Db, deps: CheckoutDeps, order: PaymentOrderRow): Promise<void>;
  /** The order closed with no money taken (the payer cancelled, or a pending capture was declined); `db` may be the transaction. */
  cancelled?(db: Db, deps: CheckoutDeps, order: PaymentOrderRow): Promise<void>;
  /** Where the browser goes as the purchase stands: after the capture, a return that did not capture, a cancel. */
  page(deps: CheckoutDeps, order: PaymentOrderRow): Promise<string>;
  /** The page of a capture the provider holds as pending (the payment is being confirmed). */
  pendingPage(order: PaymentOrderRow): string;
  /** The page of a payment the provider declined; unset: page(), as it stands. */
  declinedPage?(order: PaymentOrderRow): string;
}

const registered = new Map<string, CheckoutPurpose>();

/** At start, once: what a customer can pay for. The same purpose registered again changes nothing. */
export function registerPurposes(purposes: readonly CheckoutPurpose[]): void {
  for (const purpose of purposes) {
    const known = registered.get(purpose.name);
    if (known && known !== purpose) throw new Error(`two checkout purposes are named '${purpose.name}'`);
    registered.set(purpose.name, purpose);
  }
}

/** The purpose an order pays for. */
export function purposeOf(order: Pick<PaymentOrderRow, 'id' | 'purpose'>): CheckoutPurpose {
  const purpose = registered.get(order.purpose);
  if (!purpose) throw new Error(`payment order ${order.id} pays for '${order.purpose}', which no checkout purpose registered`);
  return purpose;
}
