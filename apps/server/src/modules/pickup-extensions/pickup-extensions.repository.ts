import type { Db } from '../../db/database.js';
import type { NewPickupExtension, PickupExtensionRow, PickupExtensionState } from './pickup-extensions.table.js';

export async function insertPickupExtension(db: Db, extension: NewPickupExtension): Promise<number> {
  const row = await db.insertInto('pickup_extensions').values(extension).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The extension a payment order pays for. */
export async function findExtensionOfPayment(db: Db, paymentOrderId: number): Promise<PickupExtensionRow | undefined> {
  return db.selectFrom('pickup_extensions').selectAll().where('payment_order_id', '=', paymentOrderId).executeTakeFirst();
}

/** Moves an extension from one of `from` to `state` (once: false when it had moved before). */
export async function settlePickupExtension(
  db: Db,
  id: number,
  from: readonly PickupExtensionState[],
  changes: { state: PickupExtensionState; day?: number; settled_at: string },
): Promise<boolean> {
  const result = await db.updateTable('pickup_extensions').set(changes).where('id', '=', id).where('state', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
