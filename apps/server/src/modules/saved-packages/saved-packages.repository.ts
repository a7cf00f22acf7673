import { ACCOUNT_CAPS } from '@airbox/contract';
import { type Db, writeTransaction } from '../../db/database.js';
import { lockUser } from '../users/users.repository.js';
import type { NewSavedPackage, SavedPackageRow } from './saved-packages.table.js';

/** Every query names the owner: a package of someone else is never read or deleted. */

/** The user's saved packages, by name. */
export async function listSavedPackages(db: Db, userId: number): Promise<SavedPackageRow[]> {
  return db.selectFrom('saved_packages').selectAll().where('user_id', '=', userId).orderBy('name_key').orderBy('id').execute();
}

export type InsertSavedPackageResult = { saved: true; id: number } | { saved: false; reason: 'full' | 'duplicateName' };

/**
 * Adds a package unless the user keeps ACCOUNT_CAPS.savedPackages already or has one of the same
 * name_key: nothing is written then. Counted in its own write transaction under the user's lock,
 * so saves at once never pass the cap nor repeat a name (the unique index stands behind it).
 */
export async function insertSavedPackageWithinCap(db: Db, savedPackage: NewSavedPackage): Promise<InsertSavedPackageResult> {
  return writeTransaction(db, async (trx) => {
    await lockUser(trx, savedPackage.user_id);
    const held = await trx.selectFrom('saved_packages').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', savedPackage.user_id).executeTakeFirstOrThrow();
    if (Number(held.count) >= ACCOUNT_CAPS.savedPackages) return { saved: false, reason: 'full' };
    const same = await trx
      .selectFrom('saved_packages')
      .select('id')
      .where('user_id', '=', savedPackage.user_id)
      .where('name_key', '=', savedPackage.name_key)
      .executeTakeFirst();
    if (same) return { saved: false, reason: 'duplicateName' };
    const row = await trx.insertInto('saved_packages').values(savedPackage).returning('id').executeTakeFirstOrThrow();
    return { saved: true, id: row.id };
  });
}

/** The name of the user's package that was deleted; undefined: no such package of this user (nothing deleted). */
export async function deleteSavedPackage(db: Db, userId: number, packageId: number): Promise<string | undefined> {
  const row = await db.deleteFrom('saved_packages').where('id', '=', packageId).where('user_id', '=', userId).returning('name').executeTakeFirst();
  return row?.name;
}
