import type { Db } from '../../db/database.js';
import type { NewPaymentOrder, PaymentOrderRow, PaymentOrderStatus, PaymentOrderUpdate } from './payments.table.js';

export async function insertPaymentOrder(db: Db, order: NewPaymentOrder): Promise<number> {
  const row = await db.insertInto('payment_orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setProviderOrderId(db: Db, id: number, providerOrderId: string): Promise<void> {
  await db.updateTable('payment_orders').set({ provider_order_id: providerOrderId }).where('id', '=', id).execute();
}

export async function findPaymentOrderByProviderId(db: Db, providerOrderId: string): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('provider_order_id', '=', providerOrderId).executeTakeFirst();
}

/**
 * Moves an order from one of `from` to `to`; false when it was in none of them (another request
 * moved it first). Inside a transaction this is the one gate a grant passes through.
 */
export async function transitionPaymentOrder(
  db: Db,
  id: number,
  from: PaymentOrderStatus[],
  to: PaymentOrderStatus,
  capturedAt?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('payment_orders')
    .set({ status: to, ...(capturedAt ? { captured_at: capturedAt } : {}) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPaymentOrder(db: Db, id: number): Promise<PaymentOrderRow | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves an order from one of `from` with more changes (capture id, refund key and time); false
 * when it was in none of them.
 */
export async function updatePaymentOrder(
  db: Db,
  id: number,
  from: PaymentOrderStatus[],
  changes: PaymentOrderUpdate & { status: PaymentOrderStatus },
): Promise<boolean> {
  const result = await db.updateTable('payment_orders').set(changes).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the provider's capture id (what a refund names) on the order. */
export async function setCaptureId(db: Db, id: number, captureId: string): Promise<void> {
  await db.updateTable('payment_orders').set({ capture_id: captureId }).where('id', '=', id).execute();
}

/**
 * Orders left capturing since before `beforeIso` with no pending capture (the server stopped, or
 * the provider gave no answer, between the capture and the grant), oldest first, 100 at a time.
 */
export async function findInterruptedCaptures(db: Db, beforeIso: string): Promise<Pick<PaymentOrderRow, 'id' | 'user_id' | 'provider_order_id'>[]> {
  return db
    .selectFrom('payment_orders')
    .select(['id', 'user_id', 'provider_order_id'])
    .where('status', '=', 'capturing')
    // A pending capture is not interrupted: it is asked about (findPendingCapturesDue).
    .where('capture_pending_reason', 'is', null)
    .where('created_at', '<', beforeIso)
    .orderBy('id')
    .limit(100)
    .execute();
}

/** Orders whose capture the provider holds as pending, last asked about at `dueIso` or before (or never), 100 at a time. */
export async function findPendingCapturesDue(db: Db, dueIso: string): Promise<PaymentOrderRow[]> {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('status', '=', 'capturing')
    .where('capture_pending_reason', 'is not', null)
    .where('capture_id', 'is not', null)
    .where((eb) => eb.or([eb('capture_checked_at', 'is', null), eb('capture_checked_at', '<=', dueIso)]))
    .orderBy('capture_checked_at')
    .orderBy('id')
    .limit(100)
    .execute();
}
