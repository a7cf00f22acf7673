import type { Db } from '../../db/database.js';
import type { NewLockerPackage } from './packages.table.js';

/** Packages waiting in a locker for this user. */
export async function countUnpickedPackages(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('locker_packages')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('picked_up_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertLockerPackages(db: Db, packages: NewLockerPackage[]): Promise<void> {
  await db.insertInto('locker_packages').values(packages).execute();
}
