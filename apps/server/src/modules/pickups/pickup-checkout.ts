import { APP_BASE, APP_PATHS, fromCents, PICKUP_MESSAGES, type PickupResultMessage } from '@airbox/contract';
import { type Db, writeTransaction } from '../../db/database.js';
import type { BoughtPickup, CarrierError, FoundPickup } from '../../providers/carriers/carriers-provider.js';
import { attemptPurchase, carrierCheckoutPurpose, type CarrierPurchaseDeps, type CarrierPurchaseKind, runPurchaseVoid } from '../carriers/carrier-purchase.js';
import { recordPurchase } from '../operations/ledger.js';
import { PAY_CANCEL_PAGE } from '../payments/payment-orders.js';
import { updateShipment } from '../shipments/shipments.repository.js';
import { findPickup, findPickupOfPayment, markFailedPickupCancelled, movePickup } from './pickups.repository.js';
import { addressLine, lockerLine, lockPickableLabel, mailCustomer, whenLine, wireCarrier } from './pickups.service.js';
import type { PickupRow } from './pickups.table.js';

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

/**
 * Inside a capture nothing claims: the pickup's label was refunded (or its refund asked) while the
 * payer was at the provider. No carrier comes for a refunded label: the pickup ends failed, saying
 * so on it and its label, and the customer is mailed; the capture's money goes back.
 */
async function labelGoneBeforeBooking(trx: Db, deps: PickupCheckoutDeps, pickup: PickupRow): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  const note = `This pickup was not booked: the label's refund was asked before the pickup's payment came through. Your payment of $${fromCents(pickup.price_cents)} was refunded.`;
  if (!(await movePickup(trx, pickup.id, ['paying'], { state: 'failed', note, updated_at: nowIso }))) return;
  await updateShipment(trx, pickup.shipment_id, { pickup_note: note, updated_at: nowIso });
  await mailCustomer(trx, deps, pickup, `your ${pickup.carrier} pickup was not booked`, [
    note,
    'The money goes back to the account you paid with; your bank may take a few days to show it.',
  ]);
}

/** Said of a pickup whose payment was captured for another amount and refunded. */
export const WRONG_AMOUNT_NOTE = 'Your payment for this pickup could not be taken as ordered and was refunded.';

/** Why a carrier refused a pickup, in the customer's words. */
function refusalReason(error: CarrierError): string {
  switch (error.code) {
    case 'PAYMENT_REQUIRED':
      return 'the carrier account could not pay for it';
    case 'ADDRESS.VERIFY.FAILURE':
      return 'the address could not be verified';
    case 'NOT_FOUND':
      return 'the pickup or its rate is no longer offered';
    case 'UNAUTHORIZED':
      return 'the carrier service refused our account';
    case 'UNAVAILABLE':
    case 'RATE_LIMITED':
      return 'the carrier did not answer for two hours';
    default:
      return 'the carrier declined to book it';
  }
}

/**
 * One transaction: scheduled (only from booking, so once) with the carrier's confirmation, the
 * label's pickupId (and no note), the ledger row, and the customer's confirmation mail.
 */
async function recordBooking(deps: PickupCheckoutDeps, pickup: PickupRow, bought: BoughtPickup): Promise<boolean> {
  const nowIso = deps.config.clock().toISOString();
  const recorded = await writeTransaction(deps.db, async (trx) => {
    if (!(await movePickup(trx, pickup.id, ['booking'], { state: 'scheduled', confirmation: bought.confirmation, note: '', updated_at: nowIso }))) return false;
    await updateShipment(trx, pickup.shipment_id, { pickup_id: pickup.provider_pickup_id, pickup_note: '', updated_at: nowIso });
    const user = await recordPurchase(trx, pickup.user_id, { at: nowIso, paidCents: pickup.price_cents, paymentOrderId: pickup.payment_order_id });
    if (!user) throw new Error(`pickup ${pickup.id} names a missing user`);
    const scheduled = { ...pickup, confirmation: bought.confirmation };
    await mailCustomer(trx, deps, scheduled, `your ${pickup.carrier} pickup is scheduled`, [
      `${pickup.carrier} comes for your parcel ${whenLine(pickup)}, at ${addressLine(pickup)}. Confirmation: ${bought.confirmation}.`,
      ...lockerLine(pickup),
      `You paid $${fromCents(pickup.price_cents)}. A pickup is not refundable once booked, as agreed.`,
    ]);
    return true;
  });
  deps.log.info({ pickup: pickup.id, recorded }, recorded ? 'pickup booked' : 'pickup booked before');
  return recorded;
}

/**
 * A pickups row booked with the carrier (FedEx and the carriers provider's others; USPS pickups
 * are free, usps-pickups.service.ts): the booking its buy answers, and the pickup findPickup reads
 * back. A failed booking the carrier holds as scheduled is cancelled, once (cancel_claimed_at).
 */
export const pickupPurchase: CarrierPurchaseKind<PickupRow, BoughtPickup, FoundPickup> = {
  what: 'pickup',
  words: {
    thing: 'pickup',
    void: 'cancel',
    nothingMade: 'the carrier holds no booking for a failed pickup: nothing to cancel',
    settling: 'no booking at the carrier yet, but a booking refused or unanswered may still be completing: looked for again',
  },
  retryJob: (id) => ({ name: 'pickup-booking', payload: { pickupId: id } }),
  voidJob: (id) => ({ job: { name: 'pickup-void', payload: { pickupId: id } }, uniqueKey: `pickup-void:${id}` }),

  async claim(trx, deps, order, now) {
    const paying = await findPickupOfPayment(trx, order.id);
    if (!paying || paying.state !== 'paying') return undefined;
    if (await lockPickableLabel(trx, paying.shipment_id)) {
      await labelGoneBeforeBooking(trx, deps, paying);
      return undefined;
    }
    return (await movePickup(trx, paying.id, ['paying'], { state: 'booking', updated_at: now.toISOString() })) ? paying.id : undefined;
  },

  async findBuying(db, id) {
    const pickup = await findPickup(db, id);
    return pickup?.state === 'booking' && pickup.carrier !== 'USPS' ? pickup : undefined;
  },
  buy: (deps, pickup) => deps.carriers.buyPickup(pickup.provider_pickup_id ?? '', pickup.rate_id ?? ''),
  record: recordBooking,

  refusalNote: (pickup, error) =>
    `The carrier refused this pickup (${refusalReason(error)}). Your payment of $${fromCents(pickup.price_cents)} was refunded.`,

  async markFailed(trx, deps, pickup, note) {
    const nowIso = deps.config.clock().toISOString();
    if (!(await movePickup(trx, pickup.id, ['booking'], { state: 'failed', note, updated_at: nowIso }))) return false;
    await updateShipment(trx, pickup.shipment_id, { pickup_note: note, updated_at: nowIso });
    return true;
  },

  tellFailed: (trx, deps, pickup, note) =>
    mailCustomer(trx, deps, pickup, `your ${pickup.carrier} pickup could not be booked`, [
      note,
      'The money goes back to the account you paid with; your bank may take a few days to show it. You can schedule a new pickup for the label.',
    ]),

  async failPaid(trx, deps, order) {
    const nowIso = deps.config.clock().toISOString();
    const pickup = await findPickupOfPayment(trx, order.id);
    if (!pickup || !(await movePickup(trx, pickup.id, ['paying', 'booking'], { state: 'failed', note: WRONG_AMOUNT_NOTE, updated_at: nowIso }))) return undefined;
    await updateShipment(trx, pickup.shipment_id, { pickup_note: WRONG_AMOUNT_NOTE, updated_at: nowIso });
    return { id: pickup.id, wasBuying: pickup.state === 'booking' };
  },

  async findFailed(db, id) {
    const pickup = await findPickup(db, id);
    return pickup?.state === 'failed' ? { ...pickup, voidedAt: pickup.cancel_claimed_at } : undefined;
  },
  voidable: (pickup) => Boolean(pickup.provider_pickup_id) && pickup.carrier !== 'USPS',
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
