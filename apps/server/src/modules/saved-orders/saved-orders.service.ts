import { ACCOUNT_CAPS, API_ERRORCODE, MESSAGES, type SavedOrder } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { lockUser } from '../users/users.repository.js';
import { countSavedOrders, deleteSavedOrder, insertSavedOrder, listSavedOrders, updateSavedOrder } from './saved-orders.repository.js';
import { type SaveOrderInput, savedOrderColumns, toSavedOrder } from './saved-orders.wire.js';

/** Orders In Progress: the user's, newest first (listSavedOrders); with an id, only that one. */
export async function ordersInProgress(db: Db, userId: number, orderId?: number): Promise<SavedOrder[]> {
  return (await listSavedOrders(db, userId, orderId)).map(toSavedOrder);
}

/** Whether the user's order in progress was deleted (false: no such order of this user). */
export async function deleteOrderInProgress(db: Db, userId: number, orderId: number): Promise<boolean> {
  return deleteSavedOrder(db, userId, orderId);
}

/**
 * Keeps the label-purchase page as an order in progress (Save for later): a new one, or, with
 * input.id, that one of the user's updated. Returns its id; undefined when input.id names no order
 * of this user (deleted meanwhile, or someone else's): nothing is written then. A new one is
 * refused (409) when the user keeps ACCOUNT_CAPS.savedOrders already: counted in the write
 * transaction under the user's lock, so saves at once never go past the cap.
 */
export async function saveOrderForLater(deps: Pick<AppContext, 'db' | 'config'>, userId: number, input: SaveOrderInput): Promise<number | undefined> {
  const nowIso = deps.config.clock().toISOString();
  const { id, ...fields } = input;
  const columns = savedOrderColumns(fields);
  if (id !== undefined) return (await updateSavedOrder(deps.db, userId, id, { ...columns, updated_at: nowIso })) ? id : undefined;
  return writeTransaction(deps.db, async (trx) => {
    await lockUser(trx, userId);
    if ((await countSavedOrders(trx, userId)) >= ACCOUNT_CAPS.savedOrders) {
      throw new AppError(409, API_ERRORCODE.limitReached, MESSAGES.savedOrdersFull(ACCOUNT_CAPS.savedOrders));
    }
    return insertSavedOrder(trx, { ...columns, user_id: userId, created_at: nowIso, updated_at: nowIso });
  });
}
