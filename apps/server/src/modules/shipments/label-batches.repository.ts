import type { BatchState } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { LabelBatchRow, LabelBatchRowRow, LabelBatchRowUpdate, LabelBatchUpdate, NewLabelBatch, NewLabelBatchRow } from './label-batches.table.js';

/** The queries of label batches (issue 25 item 1). Every move names the states it leaves, so it happens once. */

/** States of a batch not paid: counted against BATCH_LIMITS.openBatches, deleted by the clean-up when old. */
export const OPEN_BATCH_STATES: readonly BatchState[] = ['draft', 'rating', 'rated', 'paying'];

export async function insertBatch(db: Db, batch: NewLabelBatch): Promise<number> {
  const row = await db.insertInto('label_batches').values(batch).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Rows in chunks (a statement's parameters are limited). */
export async function insertBatchRows(db: Db, rows: readonly NewLabelBatchRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('label_batch_rows').values(rows.slice(i, i + 100)).execute();
}

export function findBatch(db: Db, id: number): Promise<LabelBatchRow | undefined> {
  return db.selectFrom('label_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One of the user's batches: another's answers as none. */
export function findBatchOfUser(db: Db, userId: number, id: number): Promise<LabelBatchRow | undefined> {
  return db.selectFrom('label_batches').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function findBatchOfPayment(db: Db, paymentOrderId: number): Promise<LabelBatchRow | undefined> {
  return db.selectFrom('label_batches').selectAll().where('payment_order_id', '=', paymentOrderId).executeTakeFirst();
}

export function listBatchesOfUser(db: Db, userId: number, limit: number): Promise<LabelBatchRow[]> {
  return db.selectFrom('label_batches').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

export async function countOpenBatches(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('label_batches')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('state', 'in', OPEN_BATCH_STATES)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** A batch moved from one of `from`: false when it was in none of them. */
export async function moveBatch(db: Db, id: number, from: readonly BatchState[], changes: LabelBatchUpdate): Promise<boolean> {
  const result = await db.updateTable('label_batches').set(changes).where('id', '=', id).where('state', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listBatchRows(db: Db, batchId: number): Promise<LabelBatchRowRow[]> {
  return db.selectFrom('label_batch_rows').selectAll().where('batch_id', '=', batchId).orderBy('row_no').execute();
}

/** The rows of several batches (the list's counts), by batch. */
export async function listRowsOfBatches(db: Db, batchIds: readonly number[]): Promise<Map<number, LabelBatchRowRow[]>> {
  const rows = batchIds.length === 0 ? [] : await db.selectFrom('label_batch_rows').selectAll().where('batch_id', 'in', batchIds).orderBy('row_no').execute();
  const byBatch = new Map<number, LabelBatchRowRow[]>();
  for (const row of rows) byBatch.set(row.batch_id, [...(byBatch.get(row.batch_id) ?? []), row]);
  return byBatch;
}

export function findBatchRow(db: Db, id: number): Promise<LabelBatchRowRow | undefined> {
  return db.selectFrom('label_batch_rows').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A row changed, only while in one of `from` when given: false when it was not. */
export async function updateBatchRow(db: Db, id: number, changes: LabelBatchRowUpdate, from?: readonly LabelBatchRowRow['state'][]): Promise<boolean> {
  let query = db.updateTable('label_batch_rows').set(changes).where('id', '=', id);
  if (from) query = query.where('state', 'in', from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteBatchRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('label_batch_rows').where('id', '=', id).execute();
}

/** A batch not paid, deleted with its rows (false when it was not in one of `from`). */
export async function deleteBatch(db: Db, id: number, from: readonly BatchState[]): Promise<boolean> {
  await db.deleteFrom('label_batch_rows').where('batch_id', '=', id).where((eb) => eb.exists(eb.selectFrom('label_batches').select('id').where('id', '=', id).where('state', 'in', from))).execute();
  const result = await db.deleteFrom('label_batches').where('id', '=', id).where('state', 'in', from).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The clean-up's list: batches not paid (OPEN_BATCH_STATES) last changed before `beforeIso`. */
export function listUnpaidBatchesBefore(db: Db, beforeIso: string): Promise<Pick<LabelBatchRow, 'id' | 'user_id'>[]> {
  return db.selectFrom('label_batches').select(['id', 'user_id']).where('state', 'in', OPEN_BATCH_STATES).where('updated_at', '<', beforeIso).execute();
}

/** A paid batch's rows moved rated → queued (the capture's transaction). */
export async function queueRatedRows(db: Db, batchId: number, nowIso: string): Promise<void> {
  await db.updateTable('label_batch_rows').set({ state: 'queued', updated_at: nowIso }).where('batch_id', '=', batchId).where('state', '=', 'rated').execute();
}

/** A failed row's refund marked done (from pending, so once): false when it was not pending. */
export async function markRowRefunded(db: Db, rowId: number): Promise<boolean> {
  const result = await db.updateTable('label_batch_rows').set({ refund_state: 'refunded' }).where('id', '=', rowId).where('refund_state', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The batch's refunded sum grown by `cents`. */
export async function addBatchRefund(db: Db, batchId: number, cents: number): Promise<void> {
  await db
    .updateTable('label_batches')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents) }))
    .where('id', '=', batchId)
    .execute();
}

/** The batch's refunded sum grown by a bought label's amount refunded later (Purchased Labels' REFUND), when the label is a batch's. */
export async function addBatchRefundOfLabel(db: Db, shipmentId: number, cents: number): Promise<void> {
  await db
    .updateTable('label_batches')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents) }))
    .where('id', 'in', (eb) => eb.selectFrom('label_batch_rows').select('batch_id').where('shipment_id', '=', shipmentId))
    .execute();
}

/**
 * A queued row claimed for a run (its note `note`, updated_at `nowIso`), only when no run holds it
 * or the holder's claim is older than `staleBeforeIso`: false when another run holds it.
 */
export async function claimQueuedRow(db: Db, rowId: number, note: string, nowIso: string, staleBeforeIso: string): Promise<boolean> {
  const result = await db
    .updateTable('label_batch_rows')
    .set({ note, updated_at: nowIso })
    .where('id', '=', rowId)
    .where('state', '=', 'queued')
    .where((eb) => eb.or([eb('note', '=', ''), eb('updated_at', '<', staleBeforeIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A run's claim on a queued row let go (only its own). */
export async function releaseQueuedRow(db: Db, rowId: number, note: string): Promise<void> {
  await db.updateTable('label_batch_rows').set({ note: '' }).where('id', '=', rowId).where('state', '=', 'queued').where('note', '=', note).execute();
}

/** The tracking codes of bought rows' labels, by shipment id. */
export async function trackingCodesOf(db: Db, shipmentIds: readonly number[]): Promise<Map<number, { trackingCode: string; orderNo: string }>> {
  const rows = shipmentIds.length === 0 ? [] : await db.selectFrom('shipments').select(['id', 'tracking_code', 'order_no']).where('id', 'in', shipmentIds).execute();
  return new Map(rows.map((row) => [row.id, { trackingCode: row.tracking_code ?? '', orderNo: row.order_no }]));
}

/** The payment order of the batch a label was bought in (issue 25 item 1), or undefined for a label bought alone. */
export async function batchPaymentOfLabel(db: Db, shipmentId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('label_batch_rows')
    .innerJoin('label_batches', 'label_batches.id', 'label_batch_rows.batch_id')
    .select('label_batches.payment_order_id')
    .where('label_batch_rows.shipment_id', '=', shipmentId)
    .executeTakeFirst();
  return row?.payment_order_id ?? undefined;
}
