import type { Db } from '../../db/database.js';
import { heldRows } from '../../db/dialect.js';
import type { PickupRate } from '../../providers/carriers/carriers-provider.js';
import {
  LIVE_PICKUP_STATES,
  type NewPickup,
  type NewVerifiedAddress,
  type PickupRow,
  type PickupState,
  type PickupUpdate,
  type VerifiedAddressRow,
} from './pickups.table.js';

/**
 * Queries of pickups and of the addresses verified for them. Every read a customer's request
 * makes names the owner: another customer's pickup or address is never read or changed.
 */

/** Keeps an address the carrier verified, for the user who asked (the same id again changes nothing). */
export async function saveVerifiedAddress(db: Db, address: NewVerifiedAddress): Promise<void> {
  await db.insertInto('verified_addresses').values(address).onConflict((oc) => oc.column('address_id').doNothing()).execute();
}

/** One of the user's verified addresses; undefined for an unknown id or another user's. */
export async function findVerifiedAddress(db: Db, userId: number, addressId: string): Promise<VerifiedAddressRow | undefined> {
  return db.selectFrom('verified_addresses').selectAll().where('address_id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
}

/** Forgets addresses verified before `beforeIso`; answers how many. */
export async function deleteVerifiedAddressesBefore(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('verified_addresses').where('created_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets quotes nobody paid for, last touched before `beforeIso`; answers how many. */
export async function deleteQuotedPickupsBefore(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('pickups').where('state', '=', 'quoted').where('updated_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertPickup(db: Db, pickup: NewPickup): Promise<number> {
  const row = await db.insertInto('pickups').values(pickup).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findPickup(db: Db, id: number): Promise<PickupRow | undefined> {
  return db.selectFrom('pickups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's pickup by the carriers provider's pickup id (createPickup's pickupId). */
export async function findPickupByProviderId(db: Db, userId: number, providerPickupId: string): Promise<PickupRow | undefined> {
  return db.selectFrom('pickups').selectAll().where('provider_pickup_id', '=', providerPickupId).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's pickups of a shipment, newest first: what the look-ups below narrow. */
const pickupsOfShipment = (db: Db, userId: number, shipmentId: number) =>
  db.selectFrom('pickups').selectAll().where('user_id', '=', userId).where('shipment_id', '=', shipmentId).orderBy('id', 'desc');

/**
 * The user's pickup of a shipment by the id the list shows (the row's pickupId): the carriers
 * provider's pickup id, or the USPS confirmation number; the newest when several match.
 */
export async function findPickupOfShipment(db: Db, userId: number, shipmentId: number, pickupId: string): Promise<PickupRow | undefined> {
  return pickupsOfShipment(db, userId, shipmentId)
    .where((eb) => eb.or([eb('provider_pickup_id', '=', pickupId), eb('confirmation', '=', pickupId)]))
    .executeTakeFirst();
}

/** The user's scheduled pickup of a shipment (there is at most one live), of one carrier when named. */
export async function findScheduledPickup(db: Db, userId: number, shipmentId: number, carrier?: string): Promise<PickupRow | undefined> {
  const scheduled = pickupsOfShipment(db, userId, shipmentId).where('state', '=', 'scheduled');
  return (carrier === undefined ? scheduled : scheduled.where('carrier', '=', carrier)).executeTakeFirst();
}

/** The shipment's live pickup (paying, booking or scheduled), if any: there is at most one. */
export async function findLivePickup(db: Db, shipmentId: number): Promise<PickupRow | undefined> {
  return db.selectFrom('pickups').selectAll().where('shipment_id', '=', shipmentId).where('state', 'in', LIVE_PICKUP_STATES).executeTakeFirst();
}

/** The user's newest pickup of a shipment that reached the carrier (it has a confirmation), of one carrier. */
export async function findLatestConfirmedPickup(db: Db, userId: number, shipmentId: number, carrier: string): Promise<PickupRow | undefined> {
  return pickupsOfShipment(db, userId, shipmentId).where('carrier', '=', carrier).where('confirmation', 'is not', null).executeTakeFirst();
}

/** The pickup a payment order pays for. */
export async function findPickupOfPayment(db: Db, paymentOrderId: number): Promise<PickupRow | undefined> {
  return db.selectFrom('pickups').selectAll().where('payment_order_id', '=', paymentOrderId).executeTakeFirst();
}

/** The label's other pickups waiting for their payment. */
export async function listOtherPayingPickups(db: Db, shipmentId: number, exceptId: number): Promise<Pick<PickupRow, 'id' | 'payment_order_id'>[]> {
  return db
    .selectFrom('pickups')
    .select(['id', 'payment_order_id'])
    .where('shipment_id', '=', shipmentId)
    .where('state', '=', 'paying')
    .where('id', '!=', exceptId)
    .execute();
}

/**
 * Moves a pickup from one of `from` with the changes, and with `paidBy` only while its payment
 * order is that one (null: none yet); false when it was not (another request moved it first). The
 * one gate each step of the state machine passes through.
 */
export async function movePickup(
  db: Db,
  id: number,
  from: readonly PickupState[],
  changes: PickupUpdate,
  paidBy?: { paymentOrderId: number | null },
): Promise<boolean> {
  let query = db.updateTable('pickups').set(changes).where('id', '=', id).where('state', 'in', from);
  if (paidBy) query = query.where('payment_order_id', paidBy.paymentOrderId === null ? 'is' : '=', paidBy.paymentOrderId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The labels' records of one USPS pickup of the user (its confirmation number) that are scheduled,
 * oldest first: a USPS pickup may be for several labels at one address, one record a label.
 */
export async function listUspsPickupMembers(db: Db, userId: number, confirmation: string): Promise<PickupRow[]> {
  return db
    .selectFrom('pickups')
    .selectAll()
    .where('user_id', '=', userId)
    .where('carrier', '=', 'USPS')
    .where('confirmation', '=', confirmation)
    .where('state', '=', 'scheduled')
    .orderBy('id')
    .execute();
}

/** The user's scheduled USPS pickups on a day (at most 50): one at a label's address may take it too. */
export async function listScheduledUspsPickupsOn(db: Db, userId: number, date: string): Promise<PickupRow[]> {
  return db
    .selectFrom('pickups')
    .selectAll()
    .where('user_id', '=', userId)
    .where('carrier', '=', 'USPS')
    .where('state', '=', 'scheduled')
    .where('pickup_date', '=', date)
    .where('confirmation', 'is not', null)
    .where('cancel_claimed_at', 'is', null)
    .orderBy('id')
    .limit(50)
    .execute();
}

/** Keeps what USPS holds of a pickup now (its ETag, its day, where the package waits) on every label's record of it; in a write transaction. */
export async function updateUspsPickupMembers(
  trx: Db,
  userId: number,
  confirmation: string,
  changes: Pick<PickupUpdate, 'usps_etag' | 'pickup_date' | 'package_location' | 'instructions' | 'updated_at'>,
): Promise<void> {
  // Locked in id order on PostgreSQL, then changed, as the pickup reminder claims them one by one:
  // one update's own order is its plan's, and two orders of the same rows can deadlock.
  const members = trx.selectFrom('pickups').select('id').where('user_id', '=', userId).where('carrier', '=', 'USPS').where('confirmation', '=', confirmation).where('state', '=', 'scheduled').orderBy('id');
  const ids = (await heldRows(trx, members, 'no key update').execute()).map((row) => row.id);
  if (ids.length > 0) await trx.updateTable('pickups').set(changes).where('id', 'in', ids).execute();
}

/** A pickup record of the Pickups list, with its label's order number and tracking code. */
export type ListedPickupRow = PickupRow & { order_no: string; tracking_code: string | null };

/** The user's pickup records (quotes nobody paid aside), newest first, at most `limit`. */
export async function listUserPickups(db: Db, userId: number, limit: number): Promise<ListedPickupRow[]> {
  return db
    .selectFrom('pickups')
    .innerJoin('shipments', 'shipments.id', 'pickups.shipment_id')
    .selectAll('pickups')
    .select(['shipments.order_no', 'shipments.tracking_code'])
    .where('pickups.user_id', '=', userId)
    .where('pickups.state', '!=', 'quoted')
    .orderBy('pickups.id', 'desc')
    .limit(limit)
    .execute();
}

/** Keeps the provider's approval page of the pickup's payment, while that payment is still the pickup's. */
export async function setPickupPaymentUrl(db: Db, id: number, paymentOrderId: number, paymentUrl: string): Promise<void> {
  await db.updateTable('pickups').set({ payment_url: paymentUrl }).where('id', '=', id).where('payment_order_id', '=', paymentOrderId).execute();
}

/**
 * Claims the cancelling of a scheduled pickup (cancel_claimed_at): false when another request
 * holds a claim made after `staleBeforeIso`, or the pickup is no longer scheduled.
 */
export async function claimPickupCancel(db: Db, id: number, nowIso: string, staleBeforeIso: string): Promise<boolean> {
  const result = await db
    .updateTable('pickups')
    .set({ cancel_claimed_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'scheduled')
    .where((eb) => eb.or([eb('cancel_claimed_at', 'is', null), eb('cancel_claimed_at', '<', staleBeforeIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives up the claim on cancelling a pickup still scheduled (the carrier refused or did not answer). */
export async function releasePickupCancel(db: Db, id: number): Promise<void> {
  await db.updateTable('pickups').set({ cancel_claimed_at: null }).where('id', '=', id).where('state', '=', 'scheduled').execute();
}

/** Scheduled pickups not yet reminded whose day falls between these dates ('YYYY-MM-DD', both included). */
export async function listPickupsToRemind(db: Db, fromDate: string, toDate: string): Promise<Pick<PickupRow, 'id' | 'pickup_date' | 'time_zone' | 'updated_at'>[]> {
  return db
    .selectFrom('pickups')
    .select(['id', 'pickup_date', 'time_zone', 'updated_at'])
    .where('state', '=', 'scheduled')
    .where('reminded_at', 'is', null)
    .where('pickup_date', '>=', fromDate)
    .where('pickup_date', '<=', toDate)
    .execute();
}

/** Claims a scheduled pickup's evening-before reminder: true for the one call that claims it. */
export async function claimPickupReminder(db: Db, id: number, nowIso: string): Promise<boolean> {
  const claimed = await db
    .updateTable('pickups')
    .set({ reminded_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'scheduled')
    .where('reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Notes on a failed pickup that the carrier was asked to cancel its booking (once: the first time only). */
export async function markFailedPickupCancelled(db: Db, id: number, nowIso: string): Promise<void> {
  await db
    .updateTable('pickups')
    .set({ cancel_claimed_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .where('cancel_claimed_at', 'is', null)
    .execute();
}

/** The rates a pickup was offered, as stored; a damaged value reads as none. */
export function storedPickupRates(pickup: Pick<PickupRow, 'rates'>): PickupRate[] {
  try {
    const rates: unknown = JSON.parse(pickup.rates);
    return Array.isArray(rates) ? (rates as PickupRate[]) : [];
  } catch {
    return [];
  }
}
