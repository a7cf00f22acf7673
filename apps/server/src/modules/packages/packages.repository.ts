import type { Db } from '../../db/database.js';
import { heldRows, toIso } from '../../db/dialect.js';
import type { LockerPackageRow, NewLockerPackage } from './packages.table.js';

export async function insertLockerPackages(db: Db, packages: NewLockerPackage[]): Promise<void> {
  await db.insertInto('locker_packages').values(packages).execute();
}

export async function insertLockerPackage(db: Db, pkg: NewLockerPackage): Promise<number> {
  const row = await db.insertInto('locker_packages').values(pkg).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findLockerPackage(db: Db, id: number): Promise<LockerPackageRow | undefined> {
  return db.selectFrom('locker_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The package recorded for this delivery key (a controller's repeated delivered event), picked up or not. */
export async function findPackageByDeliveryKey(db: Db, deliveryKey: string): Promise<LockerPackageRow | undefined> {
  return db.selectFrom('locker_packages').selectAll().where('delivery_key', '=', deliveryKey).executeTakeFirst();
}

/** The package at a hub with this pickup code: the one waiting, or with `waiting` false any, picked up or not. */
export async function findPackageByPickupCode(db: Db, hubId: string, pickupCode: string, options: { waiting: boolean }): Promise<LockerPackageRow | undefined> {
  let query = db.selectFrom('locker_packages').selectAll().where('hub_id', '=', hubId).where('pickup_code', '=', pickupCode);
  if (options.waiting) query = query.where('picked_up_at', 'is', null);
  return query.executeTakeFirst();
}

/**
 * Packages still waiting in their lockers that were delivered after this instant, or are held by a
 * vacation hold that ends on `heldFrom` or later, or were extended (the reminders' candidates).
 */
export async function listPackagesWaitingSince(
  db: Db,
  deliveredAfterIso: string,
  heldFrom: string,
): Promise<Pick<LockerPackageRow, 'id' | 'delivered_at' | 'held_until' | 'extended_days'>[]> {
  const rows = await db
    .selectFrom('locker_packages')
    .select(['id', 'delivered_at', 'held_until', 'extended_days'])
    .where('picked_up_at', 'is', null)
    .where((eb) => eb.or([eb('delivered_at', '>', deliveredAfterIso), eb('held_until', '>=', heldFrom), eb('extended_days', '>', 0)]))
    .execute();
  return rows.map((row) => ({ ...row, extended_days: Number(row.extended_days) }));
}

/** The package's row, locked for the transaction (FOR UPDATE on PostgreSQL; SQLite's write transaction holds the database). */
export async function lockLockerPackage(trx: Db, id: number): Promise<LockerPackageRow | undefined> {
  const row = await heldRows(trx, trx.selectFrom('locker_packages').selectAll().where('id', '=', id)).executeTakeFirst();
  return row && { ...row, extended_days: Number(row.extended_days) };
}

/**
 * One more day on a waiting package's free period, only from `fromDays` (so two extensions that
 * read the same count cannot both count): whether this call moved it.
 */
export async function addExtendedDay(trx: Db, id: number, fromDays: number): Promise<boolean> {
  const result = await trx
    .updateTable('locker_packages')
    .set({ extended_days: fromDays + 1 })
    .where('id', '=', id)
    .where('extended_days', '=', fromDays)
    .where('picked_up_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the waiting package was marked picked up now (false: it was picked up before). */
export async function markPackagePickedUp(db: Db, id: number, pickedUpAtIso: string): Promise<boolean> {
  const result = await db
    .updateTable('locker_packages')
    .set({ picked_up_at: pickedUpAtIso })
    .where('id', '=', id)
    .where('picked_up_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A waiting package with its hub, oldest delivery first. */
export interface WaitingPackageRow {
  id: number;
  carrier: string;
  tracking_no: string;
  pickup_code: string;
  delivered_at: string;
  hub_name: string;
  hub_address: string;
  hub_city: string;
  hub_state: string;
  hub_zip_code: string;
  hub_phone: string;
  door_column: string | null;
  door_row: number | null;
  door_low: number | null;
  held_until: string | null;
  extended_days: number;
}

/** Packages waiting in a locker for this user with their hubs, oldest first (the first due). */
export async function listWaitingPackages(db: Db, userId: number): Promise<WaitingPackageRow[]> {
  const rows = await db
    .selectFrom('locker_packages as p')
    .innerJoin('hubs as h', 'h.id', 'p.hub_id')
    .select([
      'p.id',
      'p.carrier',
      'p.tracking_no',
      'p.pickup_code',
      'p.delivered_at',
      'h.business_name as hub_name',
      'h.address as hub_address',
      'h.city as hub_city',
      'h.state as hub_state',
      'h.zip_code as hub_zip_code',
      'h.phone as hub_phone',
      'p.door_column',
      'p.door_row',
      'p.door_low',
      'p.held_until',
      'p.extended_days',
    ])
    .where('p.user_id', '=', userId)
    .where('p.picked_up_at', 'is', null)
    .orderBy('p.delivered_at')
    .orderBy('p.id')
    .execute();
  // pg may return integers as text: normalised here, and the time as ISO text (toIso).
  return rows.map((row) => ({
    ...row,
    delivered_at: toIso(row.delivered_at),
    door_row: row.door_row === null ? null : Number(row.door_row),
    door_low: row.door_low === null ? null : Number(row.door_low),
    extended_days: Number(row.extended_days),
  }));
}
