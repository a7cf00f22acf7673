import type { Db } from '../../db/database.js';
import type { NewSavedOrder, SavedOrderRow } from './saved-orders.table.js';

/** Orders in progress. Every query names the owner: another customer's order is never read, changed or deleted. */

/** The user's orders in progress, newest first; with an id, only that one (none when it is not theirs). */
export async function listSavedOrders(db: Db, userId: number, orderId?: number): Promise<SavedOrderRow[]> {
  let query = db.selectFrom('saved_orders').selectAll().where('user_id', '=', userId);
  if (orderId !== undefined) query = query.where('id', '=', orderId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
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
