import type { Db } from '../../db/database.js';
import { heldRows } from '../../db/dialect.js';
import type { NewVacationHold, VacationHoldRow } from './vacation-holds.table.js';

/** Every query names the owner: a hold of someone else is never read, changed or cancelled. */

/** The user's holds whose last day is `today` or later, soonest first. */
export async function listHoldsNotOver(db: Db, userId: number, today: string): Promise<VacationHoldRow[]> {
  return db.selectFrom('vacation_holds').selectAll().where('user_id', '=', userId).where('end_date', '>=', today).orderBy('start_date').orderBy('id').execute();
}

/** The user's hold that covers this day, if any (holds never overlap). */
export async function findHoldOnDay(db: Db, userId: number, day: string): Promise<VacationHoldRow | undefined> {
  return db.selectFrom('vacation_holds').selectAll().where('user_id', '=', userId).where('start_date', '<=', day).where('end_date', '>=', day).executeTakeFirst();
}

export async function findHold(db: Db, userId: number, id: number): Promise<VacationHoldRow | undefined> {
  return db.selectFrom('vacation_holds').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function insertHold(db: Db, hold: NewVacationHold): Promise<number> {
  const row = await db.insertInto('vacation_holds').values(hold).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateHoldDates(db: Db, userId: number, id: number, dates: { start_date: string; end_date: string }): Promise<void> {
  await db.updateTable('vacation_holds').set(dates).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteHold(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom('vacation_holds').where('user_id', '=', userId).where('id', '=', id).execute();
}

/**
 * Locks the user's waiting packages held until `heldUntil` (moveHeldPackages' rows), in id order,
 * on PostgreSQL (SQLite's write transactions hold every row already): before the user's row, as
 * every change of a waiting package takes them (the locker's pickup, an extension).
 */
export async function lockHeldPackages(trx: Db, userId: number, heldUntil: string): Promise<void> {
  const held = trx.selectFrom('locker_packages').select('id').where('user_id', '=', userId).where('held_until', '=', heldUntil).where('picked_up_at', 'is', null).orderBy('id');
  await heldRows(trx, held, 'no key update').execute();
}

/** The user's waiting packages held until this day: moved to `heldUntil` (null: no longer held). Their count. */
export async function moveHeldPackages(db: Db, userId: number, from: string, heldUntil: string | null): Promise<number> {
  const result = await db
    .updateTable('locker_packages')
    .set({ held_until: heldUntil })
    .where('user_id', '=', userId)
    .where('held_until', '=', from)
    .where('picked_up_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
