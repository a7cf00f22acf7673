import { randomInt } from 'node:crypto';
import { APP_PATHS, appUrl, carrierWireName, PICKUP_ERRORCODE, PICKUP_MESSAGES } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { CarrierError } from '../../providers/carriers/carriers-provider.js';
import { findHub } from '../hubs/hubs.repository.js';
import { notify } from '../notifications/notify.js';
import { findUserById } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { findShipment, findShipmentOfUser, lockShipment, type ShipmentKey } from '../shipments/shipments.repository.js';
import type { ShipmentRow } from '../shipments/shipments.table.js';
import { claimPickupCancel, findLivePickup, findPickupOfShipment, findScheduledPickup, movePickup, releasePickupCancel } from './pickups.repository.js';
import type { PickupRow } from './pickups.table.js';
import { toPickupStatus } from './pickups.wire.js';

/**
 * What carrier pickups share whoever the carrier (issue 10): which labels may be picked up, the
 * customer's hub as the pickup address, the locker drop-off code, the customer's mails, and the
 * pickup's details (checkPickupStatus). The paid path is carrier-pickups.service.ts, USPS's
 * usps-pickups.service.ts; cancelling goes through cancelPickup below for both.
 */

export type PickupDeps = Pick<AppContext, 'db' | 'config' | 'log'>;

/** The server's own reasons (the spec's texts are the contract's PICKUP_MESSAGES). */
export const PICKUP_SERVER_MESSAGES = {
  noSuchLabel: 'This label does not exist.',
  notBought: 'Only a bought label can be picked up.',
  refunded: 'A refunded label cannot be picked up.',
  inCarrierHands: 'This parcel is already with the carrier.',
  hasPickup: 'This label already has a pickup.',
  useUsps: 'USPS picks up for free: schedule it through the USPS carrier pickup.',
  noSuchPickup: 'This pickup does not exist.',
  noScheduledPickup: 'This label has no scheduled pickup.',
  noHub: 'Your account has no locker hub to be picked up from.',
  sameDay: 'The pickup window must start and end on the same day.',
  windowEnded: 'This pickup window has already ended.',
  alreadyPaid: 'This pickup is paid for already.',
  notPayable: 'This pickup can no longer be paid for: schedule a new one.',
  payingAlready: 'This pickup is being paid for already.',
  unknownRate: 'pickupRateId: not one of the rates offered',
  cancelled: PICKUP_MESSAGES.cancelled,
  cancelling: 'This pickup is being cancelled already.',
} as const;

/** An outcome of a pickup call: done, or refused with the reason the customer reads. */
export type Refusal = { ok: false; message: string };
export const refused = (message: string): Refusal => ({ ok: false, message });

/** The carrier's states after a scan (spec 03 §4): once the parcel moves, nobody comes for it. */
const NOT_SCANNED = new Set(['', 'pre_transit', 'unknown']);

/**
 * A label of the user's that a carrier may come for: bought (status_flag 1), not refunded,
 * never scanned. Another user's label and a missing one read the same.
 */
export async function pickupLabel(db: Db, userId: number, which: ShipmentKey): Promise<{ ok: true; shipment: ShipmentRow } | Refusal> {
  const shipment = await findShipmentOfUser(db, userId, which);
  if (!shipment) return refused(PICKUP_SERVER_MESSAGES.noSuchLabel);
  if (shipment.state === 'refund_pending' || shipment.state === 'refunded') return refused(PICKUP_SERVER_MESSAGES.refunded);
  if (shipment.state !== 'bought') return refused(PICKUP_SERVER_MESSAGES.notBought);
  if (!NOT_SCANNED.has(shipment.tracker_status)) return refused(PICKUP_SERVER_MESSAGES.inCarrierHands);
  return { ok: true, shipment };
}

/**
 * Inside a write transaction: holds the label's row (lockShipment) and answers why no carrier may
 * come for it now (refunded or being refunded, not bought), or null. Every change that gives a
 * label a live pickup takes it, as a refund's claim does (refunds.service.ts), so a refund and a
 * pickup of one label never both get through.
 */
export async function lockPickableLabel(trx: Db, shipmentId: number): Promise<Refusal | null> {
  const state = await lockShipment(trx, shipmentId);
  if (state === 'bought') return null;
  return refused(state === 'refund_pending' || state === 'refunded' ? PICKUP_SERVER_MESSAGES.refunded : PICKUP_SERVER_MESSAGES.notBought);
}

/** The refusal of a label that has a pickup booked or being booked (a paying one may be replaced). */
export async function bookedPickupRefusal(db: Db, shipmentId: number): Promise<Refusal | null> {
  const live = await findLivePickup(db, shipmentId);
  return live && live.state !== 'paying' ? refused(PICKUP_SERVER_MESSAGES.hasPickup) : null;
}

/** Where a carrier comes for a parcel: an address the customer gave, or their hub. */
export interface PickupPlace {
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
}

/** A pickup row's columns of its place, with the 2-letter code of its state. */
export const placeColumns = (place: PickupPlace, state: string) => ({
  company: place.company,
  street1: place.street1,
  street2: place.street2,
  city: place.city,
  address_state: state,
  zip: place.zip,
});

/** The customer's hub as a pickup's place, where a locker pickup happens; undefined without one. */
export async function hubPlace(db: Db, user: Pick<UserRow, 'locker_id'>): Promise<PickupPlace | undefined> {
  const hub = user.locker_id ? await findHub(db, user.locker_id) : undefined;
  return hub && { company: hub.business_name, street1: hub.address, street2: '', city: hub.city, state: hub.state, zip: hub.zip_code };
}

/** A new drop-off code: 6 random digits that open a locker door for the customer to leave the parcel. */
export const newDropoffCode = () => String(randomInt(1_000_000)).padStart(6, '0');

/** 'Casey Customer, 1 Main St, Apt 2, San Francisco, CA 94105'. */
export function addressLine(pickup: Pick<PickupRow, 'name' | 'company' | 'street1' | 'street2' | 'city' | 'address_state' | 'zip'>): string {
  return [pickup.name || pickup.company, pickup.street1, pickup.street2, pickup.city, `${pickup.address_state} ${pickup.zip}`].filter(Boolean).join(', ');
}

/** 'HH:mm' of a stored 'YYYY-MM-DD HH:mm:ss'. */
const clockOf = (datetime: string) => datetime.slice(11, 16);

/** When the carrier comes, in the customer's words. */
export function whenLine(pickup: PickupRow): string {
  if (pickup.min_datetime && pickup.max_datetime) {
    return `on ${pickup.pickup_date} between ${clockOf(pickup.min_datetime)} and ${clockOf(pickup.max_datetime)} (${pickup.time_zone} time)`;
  }
  return `on ${pickup.pickup_date}`;
}

/** The locker sentence of a pickup's mails, when the parcel waits in a locker. */
export function lockerLine(pickup: PickupRow): string[] {
  return pickup.use_locker === 1 && pickup.dropoff_code
    ? [`Leave the parcel in a locker at ${pickup.company || 'your hub'}: drop-off code ${pickup.dropoff_code} opens a door for it.`]
    : [];
}

/** Purchased Labels as a pickup's mails link it: USPS pickups open their details, others their label's order. */
export function pickupLink(config: PickupDeps['config'], pickup: PickupRow, shipment: Pick<ShipmentRow, 'order_no'>): string {
  const href =
    pickup.carrier === 'USPS' ? APP_PATHS.shipments.getHref({ shipmentdetailsid: String(pickup.shipment_id) }) : APP_PATHS.shipments.getHref(shipment.order_no);
  return appUrl(config.publicUrl, href);
}

/** Queues a mail to the pickup's customer about it, in the caller's transaction (transactional: sent whatever the notification switches say). */
export async function mailCustomer(trx: Db, deps: PickupDeps, pickup: PickupRow, subject: string, paragraphs: string[]): Promise<void> {
  const user = await findUserById(trx, pickup.user_id);
  const shipment = await findShipment(trx, pickup.shipment_id);
  if (!user || !shipment) return;
  await notify(trx, deps, user, { subject, lines: paragraphs, action: { label: 'Purchased Labels', link: pickupLink(deps.config, pickup, shipment) }, by: 'mail' });
}

/**
 * checkPickupStatus: the details of the user's pickup of a label, by the id the list shows (the
 * carriers provider's pickup id or USPS's confirmation number); undefined for none of theirs.
 */
export async function pickupStatus(deps: Pick<PickupDeps, 'db' | 'config'>, userId: number, shipmentId: number, pickupId: string) {
  const pickup = await findPickupOfShipment(deps.db, userId, shipmentId, pickupId);
  return pickup && toPickupStatus(pickup, deps.config.clock());
}

/** A claim on cancelling lasts this long: a request that died holding it does not block the next. */
export const CANCEL_CLAIM_MS = 5 * 60 * 1000;

/** How each carrier cancels; USPS's is given by usps-pickups.service.ts (it needs the USPS provider). */
export type CarrierCancel = (pickup: PickupRow) => Promise<{ ok: true } | { ok: false; retryable: boolean; message: string }>;

export type CancelOutcome = { ok: true } | { ok: false; notFound: true; message: string } | { ok: false; notFound: false; message: string };

/**
 * cancelPickup: the shipment's scheduled pickup, cancelled with its carrier. The pickup is claimed
 * first (one conditional UPDATE), so two cancels at once make one carrier call; the claim goes
 * when the carrier refuses or does not answer. Canceled, the customer is mailed; a paid pickup is
 * not refunded (the agreement says so). shipments.pickup_id stays: the details then say it was
 * cancelled.
 */
export async function cancelPickup(
  deps: PickupDeps,
  userId: number,
  shipmentId: number,
  cancellers: { usps: CarrierCancel; carriers: CarrierCancel },
): Promise<CancelOutcome> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const pickup = await findScheduledPickup(deps.db, userId, shipmentId);
  if (!pickup) return { ok: false, notFound: true, message: PICKUP_SERVER_MESSAGES.noScheduledPickup };
  if (!(await claimPickupCancel(deps.db, pickup.id, nowIso, new Date(now.getTime() - CANCEL_CLAIM_MS).toISOString()))) {
    return { ok: false, notFound: false, message: PICKUP_SERVER_MESSAGES.cancelling };
  }

  const release = () => releasePickupCancel(deps.db, pickup.id);
  let answer;
  try {
    answer = await (pickup.carrier === 'USPS' ? cancellers.usps : cancellers.carriers)(pickup);
  } catch (error) {
    await release();
    throw error;
  }
  if (!answer.ok) {
    await release();
    if (answer.retryable) throw new AppError(503, PICKUP_ERRORCODE.refused, PICKUP_MESSAGES.serviceException);
    return { ok: false, notFound: false, message: answer.message };
  }
  await markCanceled(deps, pickup, { mail: true });
  deps.log.info({ pickup: pickup.id, carrier: pickup.carrier }, 'pickup cancelled');
  return { ok: true };
}

/** The pickup ends canceled (once), and the customer is told; the money of a paid one stays paid. */
export async function markCanceled(deps: PickupDeps, pickup: PickupRow, options: { mail: boolean }): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  await writeTransaction(deps.db, async (trx) => {
    const moved = await movePickup(trx, pickup.id, ['scheduled'], { state: 'canceled', cancel_claimed_at: null, updated_at: nowIso });
    if (!moved || !options.mail) return;
    const paid = pickup.price_cents > 0 ? ['A paid pickup is not refunded, as agreed when it was booked.'] : [];
    await mailCustomer(trx, deps, pickup, `your ${pickup.carrier} pickup is cancelled`, [
      `Your ${pickup.carrier} pickup ${pickup.confirmation ?? ''} ${whenLine(pickup)} at ${addressLine(pickup)} is cancelled.`.replace(/\s+/g, ' '),
      ...paid,
    ]);
  });
}

/** The carriers provider's cancel (FedEx and the others but USPS): a refusal is the carrier's reason. */
export function carriersCancel(deps: Pick<AppContext, 'carriers' | 'log'>): CarrierCancel {
  return async (pickup) => {
    try {
      await deps.carriers.cancelPickup(pickup.provider_pickup_id ?? '');
      return { ok: true };
    } catch (error) {
      if (error instanceof CarrierError) {
        deps.log.warn({ pickup: pickup.id, code: error.code }, 'the carrier did not cancel the pickup');
        return { ok: false, retryable: error.retryable, message: `The carrier did not cancel this pickup: ${error.message}` };
      }
      throw error;
    }
  };
}

/** The wire's name of a pickup's carrier (the redirect's carrier). */
export const wireCarrier = (pickup: Pick<PickupRow, 'carrier'>) => carrierWireName(pickup.carrier);
