import { ACCOUNT_CAPS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { NewSavedOrder, SavedOrderRow } from './saved-orders.table.js';

/** Orders in progress. Every query names the owner: another customer's order is never read, changed or deleted. */

/**
 * The user's orders in progress, newest first, at most ACCOUNT_CAPS.savedOrders (the most a
 * user can keep; older rows of an account that had more before the cap stay unread); with an
 * id, only that one (none when it is not theirs).
 */
export async function listSavedOrders(db: Db, userId: number, orderId?: number): Promise<SavedOrderRow[]> {
  let query = db.selectFrom('saved_orders').selectAll().where('user_id', '=', userId);
  if (orderId !== undefined) query = query.where('id', '=', orderId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(ACCOUNT_CAPS.savedOrders).execute();
}

/** How many orders in progress the user keeps. */
export async function countSavedOrders(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('saved_orders').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSavedOrder(db: Db, order: NewSavedOrder): Promise<number> {
  const row = await db.insertInto('saved_orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the user's order took the changes (false: no such order of this user). */
export async function updateSavedOrder(
  db: Db,
  userId: number,
  orderId: number,
  changes: Omit<NewSavedOrder, 'id' | 'user_id' | 'created_at'>,
): Promise<boolean> {
  const result = await db.updateTable('saved_orders').set(changes).where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the user's order was deleted (false: no such order of this user). */
export async function deleteSavedOrder(db: Db, userId: number, orderId: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_orders').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
