import type { AppContext } from '../../context.js';
import { insertSavedOrder, updateSavedOrder } from './saved-orders.repository.js';
import { type SaveOrderInput, savedOrderColumns } from './saved-orders.wire.js';

/**
 * Keeps the label-purchase page as an order in progress (Save for later): a new one, or, with
 * input.id, that one of the user's updated. Returns its id; undefined when input.id names no order
 * of this user (deleted meanwhile, or someone else's): nothing is written then.
 */
export async function saveOrderForLater(deps: Pick<AppContext, 'db' | 'config'>, userId: number, input: SaveOrderInput): Promise<number | undefined> {
  const nowIso = deps.config.clock().toISOString();
  const { id, ...fields } = input;
  const columns = savedOrderColumns(fields);
  if (id !== undefined) return (await updateSavedOrder(deps.db, userId, id, { ...columns, updated_at: nowIso })) ? id : undefined;
  return insertSavedOrder(deps.db, { ...columns, user_id: userId, created_at: nowIso, updated_at: nowIso });
}
