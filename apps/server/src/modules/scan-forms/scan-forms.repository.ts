import type { Db } from '../../db/database.js';
import type { ShipmentRow } from '../shipments/shipments.table.js';
import type { NewScanForm, ScanFormRow } from './scan-forms.table.js';

/** The customer's labels among `ids` (another customer's and missing ones are left out). */
export async function listShipmentsOfUser(db: Db, userId: number, ids: readonly number[]): Promise<ShipmentRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('shipments').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** Which scan form each of these labels is on (a label is on one at most). */
export async function scanFormsOfShipments(db: Db, shipmentIds: readonly number[]): Promise<Map<number, number>> {
  if (shipmentIds.length === 0) return new Map();
  const rows = await db.selectFrom('scan_form_labels').select(['shipment_id', 'scan_form_id']).where('shipment_id', 'in', shipmentIds).execute();
  return new Map(rows.map((row) => [row.shipment_id, row.scan_form_id]));
}

export async function insertScanForm(db: Db, form: NewScanForm, shipmentIds: readonly number[]): Promise<number> {
  const { id } = await db.insertInto('scan_forms').values(form).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('scan_form_labels')
    .values(shipmentIds.map((shipmentId, position) => ({ scan_form_id: id, shipment_id: shipmentId, position })))
    .execute();
  return id;
}

export async function findScanFormOfUser(db: Db, userId: number, id: number): Promise<ScanFormRow | undefined> {
  return db.selectFrom('scan_forms').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function updateScanForm(db: Db, id: number, changes: Partial<Pick<ScanFormRow, 'status' | 'provider_scan_form_id' | 'note'>> & { updated_at: string }): Promise<void> {
  await db.updateTable('scan_forms').set(changes).where('id', '=', id).execute();
}

/**
 * Takes the asking of the carrier for a form still being made: its updated_at is the claim (the
 * request that wrote the form holds it from the start). Only one that is stale (before
 * `staleBeforeIso`, or given up) can be taken, by one request: true when this one took it.
 */
export async function claimScanForm(db: Db, id: number, nowIso: string, staleBeforeIso: string): Promise<boolean> {
  const result = await db
    .updateTable('scan_forms')
    .set({ updated_at: nowIso })
    .where('id', '=', id)
    .where('status', '=', 'creating')
    .where('updated_at', '<', staleBeforeIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives up the claim on a form still being made (the carrier did not answer): the next request asks at once. */
export async function releaseScanFormClaim(db: Db, id: number): Promise<void> {
  await db.updateTable('scan_forms').set({ updated_at: new Date(0).toISOString() }).where('id', '=', id).where('status', '=', 'creating').execute();
}

/** A scan form the carrier refused: it frees its labels for another form. */
export async function releaseScanFormLabels(db: Db, id: number): Promise<void> {
  await db.deleteFrom('scan_form_labels').where('scan_form_id', '=', id).execute();
}

/** How many scan forms (not failed) the customer made since `sinceIso`. */
export async function countScanFormsSince(db: Db, userId: number, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('scan_forms')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'failed')
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the customer's scan forms, newest first, of the newest `read` at most; and how many there are of those. */
export async function listScanFormsOfUser(db: Db, userId: number, page: { start: number; num: number }, read: number): Promise<{ total: number; rows: ScanFormRow[] }> {
  const newest = await db.selectFrom('scan_forms').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(read).execute();
  const ids = newest.slice(page.start, page.start + page.num).map((row) => row.id);
  const rows = ids.length === 0 ? [] : await db.selectFrom('scan_forms').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
  return { total: newest.length, rows };
}

/** The labels of these scan forms, in each form's order, with what the list shows of them. */
export async function listScanFormLabels(db: Db, scanFormIds: readonly number[]) {
  if (scanFormIds.length === 0) return [];
  return db
    .selectFrom('scan_form_labels')
    .innerJoin('shipments', 'shipments.id', 'scan_form_labels.shipment_id')
    .select([
      'scan_form_labels.scan_form_id',
      'scan_form_labels.position',
      'shipments.id as shipment_id',
      'shipments.order_no',
      'shipments.tracking_code',
      'shipments.provider_shipment_id',
      'shipments.state',
    ])
    .where('scan_form_labels.scan_form_id', 'in', scanFormIds)
    .orderBy('scan_form_labels.scan_form_id')
    .orderBy('scan_form_labels.position')
    .execute();
}
