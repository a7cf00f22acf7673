import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import type { UserRow } from '../users/users.table.js';

/**
 * Reads a user inside a write transaction, locking the row on PostgreSQL (SQLite's write
 * transactions begin IMMEDIATE and already hold the lock), so a credit change computed from
 * the balance read here cannot be lost to a concurrent one.
 */
export async function lockUser(trx: Db, userId: number): Promise<UserRow | undefined> {
  const query = trx.selectFrom('users').selectAll().where('user_id', '=', userId);
  return (isSqlite(trx) ? query : query.forUpdate()).executeTakeFirst();
}

export async function lockUserByBoxId(trx: Db, boxId: string): Promise<UserRow | undefined> {
  const query = trx.selectFrom('users').selectAll().where('box_id', '=', boxId);
  return (isSqlite(trx) ? query : query.forUpdate()).executeTakeFirst();
}

/** Whether a 6- or 12-month membership runs at `at`. */
export function membershipActive(user: Pick<UserRow, 'membership' | 'membership_expire'>, at: Date): boolean {
  if ((user.membership !== 2 && user.membership !== 3) || user.membership_expire === null) return false;
  return new Date(user.membership_expire).getTime() > at.getTime();
}
