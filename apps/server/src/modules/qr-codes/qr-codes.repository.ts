import type { Db } from '../../db/database.js';
import type { UserQrCodeRow } from './qr-codes.table.js';

export async function findQrCode(db: Db, userId: number): Promise<UserQrCodeRow | undefined> {
  return db.selectFrom('user_qr_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Creates the user's QR row at version 1, never reset, unless it exists. */
export async function ensureQrCode(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('user_qr_codes')
    .values({ user_id: userId, reset_at: null })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

/**
 * Bumps the version when the last reset is at or before `lockedSinceIso` (or there was none), in
 * one statement, so two resets at once cannot both pass the lock. The new row, or undefined when
 * the lock still holds.
 */
export async function bumpQrCodeVersion(
  db: Db,
  userId: number,
  nowIso: string,
  lockedSinceIso: string,
): Promise<UserQrCodeRow | undefined> {
  return db
    .updateTable('user_qr_codes')
    .set((eb) => ({ version: eb('version', '+', 1), reset_at: nowIso }))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('reset_at', 'is', null), eb('reset_at', '<=', lockedSinceIso)]))
    .returningAll()
    .executeTakeFirst();
}
