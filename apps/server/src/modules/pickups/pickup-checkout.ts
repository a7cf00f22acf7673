import { APP_BASE, APP_PATHS, formatUsd, PICKUP_MESSAGES, type PickupResultMessage } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { BoughtPickup, FoundPickup } from '../../providers/carriers/carriers-provider.js';
import { attemptPurchase, carrierCheckoutPurpose, type CarrierPurchaseDeps, type CarrierPurchaseKind, MONEY_BACK, recordBought, runPurchaseVoid } from '../carriers/carrier-purchase.js';
import { PAY_CANCEL_PAGE } from '../payments/payment-orders.js';
import { updateShipment } from '../shipments/shipments.repository.js';
import { findPickup, findPickupOfPayment, markFailedPickupCancelled, movePickup } from './pickups.repository.js';
import { addressLine, lockerLine, lockPickableLabel, mailCustomer, whenLine, wireCarrier } from './pickups.service.js';
import type { PickupRow, PickupState } from './pickups.table.js';

/**
 * A paid carrier pickup (issue 10): the carrier purchase of a pickups row
 * (carriers/carrier-purchase.ts), paying → booking → scheduled, or failed (the carrier refused, or
 * the payment was taken for another amount; the payment refunded, the label's row saying so, a
 * booking the carrier made all the same cancelled). Booking the same rate again answers the same
 * booking, so a retry never books twice. Quoting and paying are carrier-pickups.service.ts.
 */

export type PickupCheckoutDeps = CarrierPurchaseDeps;

/**
 * Purchased Labels with a paid pickup's result (spec 03 §2 pickupId, carrier, message), as a URL
 * path. The message is one the web app knows; why a pickup failed is on its label, never in a link.
 */
const resultPage = (pickup: PickupRow, message: PickupResultMessage) =>
  `${APP_BASE}${APP_PATHS.shipments.getHref({ pickupId: pickup.provider_pickup_id ?? '', carrier: wireCarrier(pickup), message })}`;

/**
 * Where the provider's return (or cancel) sends the browser for a pickup: Purchased Labels with
 * the result in the query. 'Your carrier pickup was successful!' once scheduled; that it was not
 * booked and the money came back once failed (the label's row says why); PICKUP_MESSAGES.booking
 * while the carrier is asked; PICKUP_MESSAGES.paymentCancelled while it is not paid.
 */
export async function pickupReturnPage(deps: Pick<PickupCheckoutDeps, 'db'>, paymentOrderId: number): Promise<string> {
  const pickup = await findPickupOfPayment(deps.db, paymentOrderId);
  if (!pickup) return PAY_CANCEL_PAGE;
  switch (pickup.state) {
    case 'scheduled':
      return resultPage(pickup, PICKUP_MESSAGES.successful);
    case 'booking':
      return resultPage(pickup, PICKUP_MESSAGES.booking);
    case 'failed':
      return resultPage(pickup, PICKUP_MESSAGES.notBooked);
    case 'canceled':
      return resultPage(pickup, PICKUP_MESSAGES.cancelled);
    default:
      return resultPage(pickup, PICKUP_MESSAGES.paymentCancelled);
  }
}

/** In the caller's transaction: one of `from` → failed saying `note`, on the pickup and on its label (which then says why it has no pickup). */
async function failPickup(trx: Db, deps: PickupCheckoutDeps, pickup: PickupRow, note: string, from: readonly PickupState[]): Promise<boolean> {
  const nowIso = deps.config.clock().toISOString();
  if (!(await movePickup(trx, pickup.id, from, { state: 'failed', note, updated_at: nowIso }))) return false;
  await updateShipment(trx, pickup.shipment_id, { pickup_note: note, updated_at: nowIso });
  return true;
}

/**
 * Inside a capture nothing claims: the pickup's label was refunded (or its refund asked) while the
 * payer was at the provider. No carrier comes for a refunded label: the pickup ends failed, saying
 * so on it and its label, and the customer is mailed; the capture's money goes back.
 */
async function labelGoneBeforeBooking(trx: Db, deps: PickupCheckoutDeps, pickup: PickupRow): Promise<void> {
  const note = `This pickup was not booked: the label's refund was asked before the pickup's payment came through. Your payment of ${formatUsd(pickup.price_cents)} was refunded.`;
  if (!(await failPickup(trx, deps, pickup, note, ['paying']))) return;
  await mailCustomer(trx, deps, pickup, `your ${pickup.carrier} pickup was not booked`, [note, MONEY_BACK]);
}

/**
 * One transaction (recordBought): scheduled (only from booking, so once) with the carrier's
 * confirmation, the label's pickupId (and no note), the ledger row, and the customer's
 * confirmation mail.
 */
async function recordBooking(deps: PickupCheckoutDeps, pickup: PickupRow, bought: BoughtPickup): Promise<boolean> {
  const mark = async (trx: Db, nowIso: string) => {
    if (!(await movePickup(trx, pickup.id, ['booking'], { state: 'scheduled', confirmation: bought.confirmation, note: '', updated_at: nowIso }))) return false;
    await updateShipment(trx, pickup.shipment_id, { pickup_id: pickup.provider_pickup_id, pickup_note: '', updated_at: nowIso });
    return true;
  };
  const tell = (trx: Db) =>
    mailCustomer(trx, deps, { ...pickup, confirmation: bought.confirmation }, `your ${pickup.carrier} pickup is scheduled`, [
      `${pickup.carrier} comes for your parcel ${whenLine(pickup)}, at ${addressLine(pickup)}. Confirmation: ${bought.confirmation}.`,
      ...lockerLine(pickup),
      `You paid ${formatUsd(pickup.price_cents)}. A pickup is not refundable once booked, as agreed.`,
    ]);
  return recordBought(deps, pickupPurchase, pickup, { mark, tell });
}

/**
 * A pickups row booked with the carrier (FedEx and the carriers provider's others; USPS pickups
 * are free, usps-pickups.service.ts): the booking its buy answers, and the pickup findPickup reads
 * back. A failed booking the carrier holds as scheduled is cancelled, once (cancel_claimed_at).
 */
export const pickupPurchase: CarrierPurchaseKind<PickupRow, BoughtPickup, FoundPickup> = {
  what: 'pickup',
  buying: 'booking',
  words: {
    thing: 'pickup',
    bought: 'pickup booked',
    void: 'cancel',
    nothingMade: 'the carrier holds no booking for a failed pickup: nothing to cancel',
    settling: 'no booking at the carrier yet, but a booking refused or unanswered may still be completing: looked for again',
  },
  retryJob: (id) => ({ name: 'pickup-booking', payload: { pickupId: id } }),
  voidJob: (id) => ({ job: { name: 'pickup-void', payload: { pickupId: id } }, uniqueKey: `pickup-void:${id}` }),
  refusals: {
    address: 'the address could not be verified',
    notOffered: 'the pickup or its rate is no longer offered',
    declined: 'the carrier declined to book it',
  },
  wrongAmountNote: 'Your payment for this pickup could not be taken as ordered and was refunded.',
  paidCents: (pickup) => pickup.price_cents,

  // USPS pickups are usps-pickups.service.ts's (free, booked at once): never this machine's.
  async find(db, id) {
    const pickup = await findPickup(db, id);
    return pickup?.carrier === 'USPS' ? undefined : pickup;
  },
  findOfPayment: findPickupOfPayment,
  async claim(trx, deps, pickup, now) {
    if (await lockPickableLabel(trx, pickup.shipment_id)) {
      await labelGoneBeforeBooking(trx, deps, pickup);
      return false;
    }
    return movePickup(trx, pickup.id, ['paying'], { state: 'booking', updated_at: now.toISOString() });
  },
  buy: (deps, pickup) => deps.carriers.buyPickup(pickup.provider_pickup_id ?? '', pickup.rate_id ?? ''),
  record: recordBooking,
  markFailed: failPickup,
  tellFailed: (trx, deps, pickup, note) =>
    mailCustomer(trx, deps, pickup, `your ${pickup.carrier} pickup could not be booked`, [note, `${MONEY_BACK} You can schedule a new pickup for the label.`]),

  voidedAt: (pickup) => pickup.cancel_claimed_at,
  voidable: (pickup) => Boolean(pickup.provider_pickup_id),
  async findMade(deps, pickup) {
    const found = await deps.carriers.findPickup(pickup.provider_pickup_id ?? '');
    if (found?.status === 'scheduled') return { found: true, made: found };
    // A booking still being made reads 'unknown' meanwhile; none or canceled is final.
    return { found: false, settled: found?.status !== 'unknown', details: { status: found?.status ?? null } };
  },
  async voidMade(deps, pickup, found) {
    const status = await deps.carriers.cancelPickup(pickup.provider_pickup_id ?? '');
    await markFailedPickupCancelled(deps.db, pickup.id, deps.config.clock().toISOString());
    deps.log.warn({ pickup: pickup.id, carrier: pickup.carrier, confirmation: found.confirmation, status }, 'the carrier booked a pickup whose payment was refunded: it is cancelled');
  },
};

/**
 * A carrier pickup as the checkout sees it: once its payment is captured (for the ordered amount)
 * the pickup moves paying → booking in the same transaction, which only one request can do, with
 * a job that finishes the booking if this request cannot; then the carrier is asked at once. Money
 * taken for no pickup waiting for it goes back. A capture of another amount ends it failed.
 */
export const pickupCheckout = carrierCheckoutPurpose(pickupPurchase, {
  name: 'pickup',
  describe: () => 'a carrier pickup',
  page: (deps, order) => pickupReturnPage(deps, order.id),
  /** The payer cancelled at the provider, or a pending capture was declined: the pickup is quoted again and can be paid. */
  async cancelled(db, deps, order) {
    const paying = await findPickupOfPayment(db, order.id);
    if (paying) await movePickup(db, paying.id, ['paying'], { state: 'quoted', payment_url: null, updated_at: deps.config.clock().toISOString() });
  },
});

/** The pickup-booking job: books a paid pickup the carrier did not answer (the same rate each time, booked once). */
export function bookPickup(deps: PickupCheckoutDeps, pickupId: number): Promise<void> {
  return attemptPurchase(deps, pickupPurchase, pickupId);
}

/** The pickup-void job: cancels with the carrier a booking it made for a failed pickup, if it made one (once); again while one may still come. */
export function voidFailedPickup(deps: PickupCheckoutDeps, pickupId: number): Promise<void> {
  return runPurchaseVoid(deps, pickupPurchase, pickupId);
}
