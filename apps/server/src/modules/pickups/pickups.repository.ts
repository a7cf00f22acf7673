import type { Db } from '../../db/database.js';
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

/**
 * The user's pickup of a shipment by the id the list shows (the row's pickupId): the carriers
 * provider's pickup id, or the USPS confirmation number; the newest when several match.
 */
export async function findPickupOfShipment(db: Db, userId: number, shipmentId: number, pickupId: string): Promise<PickupRow | undefined> {
  return db
    .selectFrom('pickups')
    .selectAll()
    .where('user_id', '=', userId)
    .where('shipment_id', '=', shipmentId)
    .where((eb) => eb.or([eb('provider_pickup_id', '=', pickupId), eb('confirmation', '=', pickupId)]))
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The shipment's live pickup (paying, booking or scheduled), if any: there is at most one. */
export async function findLivePickup(db: Db, shipmentId: number): Promise<PickupRow | undefined> {
  return db.selectFrom('pickups').selectAll().where('shipment_id', '=', shipmentId).where('state', 'in', LIVE_PICKUP_STATES).executeTakeFirst();
}

/** The user's newest pickup of a shipment that reached the carrier (it has a confirmation), of one carrier. */
export async function findLatestConfirmedPickup(db: Db, userId: number, shipmentId: number, carrier: string): Promise<PickupRow | undefined> {
  return db
    .selectFrom('pickups')
    .selectAll()
    .where('user_id', '=', userId)
    .where('shipment_id', '=', shipmentId)
    .where('carrier', '=', carrier)
    .where('confirmation', 'is not', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The pickup a payment order pays for. */
export async function findPickupOfPayment(db: Db, paymentOrderId: number): Promise<PickupRow | undefined> {
  return db.selectFrom('pickups').selectAll().where('payment_order_id', '=', paymentOrderId).executeTakeFirst();
}

/**
 * Moves a pickup from one of `from` with the changes; false when it was in none of them (another
 * request moved it first). The one gate each step of the state machine passes through.
 */
export async function movePickup(db: Db, id: number, from: readonly PickupState[], changes: PickupUpdate): Promise<boolean> {
  const result = await db.updateTable('pickups').set(changes).where('id', '=', id).where('state', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
