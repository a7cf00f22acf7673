import { randomInt } from 'node:crypto';
import { APP_PATHS, appUrl, carrierWireName, PICKUP_ERRORCODE, PICKUP_LIST_LIMITS, PICKUP_MESSAGES } from '@airbox/contract';
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
import {
  claimPickupCancel,
  findLivePickup,
  findPickupOfShipment,
  findScheduledPickup,
  listUserPickups,
  listUspsPickupMembers,
  movePickup,
  releasePickupCancel,
} from './pickups.repository.js';
import type { PickupRow } from './pickups.table.js';
import { toPickupList, toPickupStatus } from './pickups.wire.js';

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

/**
 * getUserPickups: a page of the customer's Pickups list, read from their newest pickup records
 * (PICKUP_LIST_LIMITS.recordsRead at most, so the list costs the same however long the history).
 */
export async function listPickups(deps: Pick<PickupDeps, 'db' | 'config'>, userId: number, page: { start: number; num: number }) {
  const visits = toPickupList(await listUserPickups(deps.db, userId, PICKUP_LIST_LIMITS.recordsRead), deps.config.clock());
  return { total: visits.length, list: visits.slice(page.start, page.start + page.num) };
}

/** A claim on cancelling lasts this long: a request that died holding it does not block the next. */
export const CANCEL_CLAIM_MS = 5 * 60 * 1000;

/**
 * How each carrier cancels; USPS's is given by usps-pickups.service.ts (it needs the USPS provider).
 * `whole`: all of a pickup for several labels is cancelled, not only this label's part of it.
 * Answered `remaining`: the carrier still comes for that many packages of other labels.
 */
export type CarrierCancel = (
  pickup: PickupRow,
  options: { whole: boolean },
) => Promise<{ ok: true; remaining?: number } | { ok: false; retryable: boolean; message: string }>;

export type CancelOutcome = { ok: true } | { ok: false; notFound: true; message: string } | { ok: false; notFound: false; message: string };

/**
 * cancelPickup: the shipment's scheduled pickup, cancelled with its carrier; of a USPS pickup for
 * several labels, only this label's part (USPS still comes for the others) unless `whole`. The
 * records cancelled are claimed first (one conditional UPDATE each), so two cancels at once make
 * one carrier call; the claims go when the carrier refuses or does not answer. Canceled, the
 * customer is mailed once; a paid pickup is not refunded (the agreement says so).
 * shipments.pickup_id stays: the details then say it was cancelled.
 */
export async function cancelPickup(
  deps: PickupDeps,
  userId: number,
  shipmentId: number,
  cancellers: { usps: CarrierCancel; carriers: CarrierCancel },
  options: { whole: boolean },
): Promise<CancelOutcome> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const staleIso = new Date(now.getTime() - CANCEL_CLAIM_MS).toISOString();
  const pickup = await findScheduledPickup(deps.db, userId, shipmentId);
  if (!pickup) return { ok: false, notFound: true, message: PICKUP_SERVER_MESSAGES.noScheduledPickup };
  const whole = options.whole && pickup.carrier === 'USPS' && pickup.confirmation !== null;
  const others = whole ? (await listUspsPickupMembers(deps.db, userId, pickup.confirmation ?? '')).filter((member) => member.id !== pickup.id) : [];
  const records = [pickup, ...others];
  const claimed: PickupRow[] = [];
  const release = () => Promise.all(claimed.map((record) => releasePickupCancel(deps.db, record.id)));
  for (const record of records) {
    if (!(await claimPickupCancel(deps.db, record.id, nowIso, staleIso))) {
      await release();
      return { ok: false, notFound: false, message: PICKUP_SERVER_MESSAGES.cancelling };
    }
    claimed.push(record);
  }

  let answer;
  try {
    answer = await (pickup.carrier === 'USPS' ? cancellers.usps : cancellers.carriers)(pickup, { whole });
  } catch (error) {
    await release();
    throw error;
  }
  if (!answer.ok) {
    await release();
    if (answer.retryable) throw new AppError(503, PICKUP_ERRORCODE.refused, PICKUP_MESSAGES.serviceException);
    return { ok: false, notFound: false, message: answer.message };
  }
  await markCanceled(deps, pickup, { mail: true, remaining: answer.remaining ?? 0, labels: records.length });
  for (const other of others) await markCanceled(deps, other, { mail: false });
  deps.log.info({ pickup: pickup.id, carrier: pickup.carrier, records: records.length, remaining: answer.remaining ?? 0 }, 'pickup cancelled');
  return { ok: true };
}

/**
 * The pickup record ends canceled (once), and when `mail`, the customer is told: the pickup is
 * cancelled (for `labels` labels), or the label was taken off it and the carrier still comes for
 * `remaining` packages. The money of a paid one stays paid.
 */
export async function markCanceled(deps: PickupDeps, pickup: PickupRow, options: { mail: boolean; remaining?: number; labels?: number }): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  await writeTransaction(deps.db, async (trx) => {
    const moved = await movePickup(trx, pickup.id, ['scheduled'], { state: 'canceled', cancel_claimed_at: null, updated_at: nowIso });
    if (!moved || !options.mail) return;
    const paid = pickup.price_cents > 0 ? ['A paid pickup is not refunded, as agreed when it was booked.'] : [];
    const which = `${pickup.carrier} pickup ${pickup.confirmation ?? ''} ${whenLine(pickup)} at ${addressLine(pickup)}`.replace(/\s+/g, ' ');
    const remaining = options.remaining ?? 0;
    const labels = options.labels ?? 1;
    const sentence =
      remaining > 0
        ? `This label was taken off your ${which}. ${pickup.carrier} still comes for your other ${remaining === 1 ? 'package' : `${remaining} packages`}.`
        : `Your ${which}${labels > 1 ? `, for ${labels} labels,` : ''} is cancelled.`;
    await mailCustomer(trx, deps, pickup, remaining > 0 ? `a label was taken off your ${pickup.carrier} pickup` : `your ${pickup.carrier} pickup is cancelled`, [
      sentence,
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
