import type { Db } from '../db/database.js';
import { insertScanForm, updateScanForm } from '../modules/scan-forms/scan-forms.repository.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';

/**
 * Issue 25 item 2, demo data: the end-of-day scan form of the demo customer's finished batch (its
 * three USPS labels, made the day they were bought), Ready under Purchased Labels' Scan forms, its
 * PDF drawn by the carriers simulator (which knows it, as EasyPost would). Part of seedDemoData's
 * transaction, after the batch.
 */
export async function seedDemoScanForm(trx: Db, userId: number): Promise<void> {
  const labels = await trx
    .selectFrom('label_batch_rows')
    .innerJoin('label_batches', 'label_batches.id', 'label_batch_rows.batch_id')
    .innerJoin('shipments', 'shipments.id', 'label_batch_rows.shipment_id')
    .select(['shipments.id', 'shipments.provider_shipment_id', 'shipments.tracking_code', 'shipments.ship_date', 'shipments.bought_at', 'shipments.carrier', 'shipments.state'])
    .where('label_batches.user_id', '=', userId)
    .where('shipments.carrier', '=', 'USPS')
    .where('shipments.state', '=', 'bought')
    .orderBy('label_batch_rows.row_no')
    .execute();
  const first = await trx.selectFrom('shipments').selectAll().where('id', '=', labels[0]?.id ?? 0).executeTakeFirst();
  if (!first || labels.some((label) => !label.provider_shipment_id || !label.tracking_code)) return;
  const madeAt = new Date(first.bought_at ?? first.created_at);
  const madeIso = madeAt.toISOString();
  const fromLine = [`${first.from_first_name} ${first.from_last_name}`.trim() || first.from_company, first.from_address1, first.from_address2, first.from_city, `${first.from_state} ${first.from_zipcode}`]
    .filter(Boolean)
    .join(', ');
  const scanFormId = 'sf_demo0000000000000000000000000001';
  const id = await insertScanForm(
    trx,
    { user_id: userId, provider: 'simulator', provider_scan_form_id: null, status: 'creating', ship_date: first.ship_date ?? madeIso.slice(0, 10), from_line: fromLine, created_at: madeIso, updated_at: madeIso },
    labels.map((label) => label.id),
  );
  await updateScanForm(trx, id, { status: 'created', provider_scan_form_id: scanFormId, updated_at: madeIso });
  // The simulator's side, as its createScanForm writes it.
  const store = createDatabaseSimulatorStore(trx);
  const shipmentIds = labels.map((label) => label.provider_shipment_id!);
  await store.put('scan_form', scanFormId, { id: scanFormId, shipmentIds, trackingCodes: labels.map((label) => label.tracking_code!), createdAt: madeIso }, { at: madeAt });
  await store.put('scan_form_key', `scan-form-${id}`, { scanFormId }, { at: madeAt });
  for (const shipmentId of shipmentIds) await store.put('scan_form_shipment', shipmentId, { scanFormId }, { at: madeAt });
}
