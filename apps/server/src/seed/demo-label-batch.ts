import { BATCH_COLUMNS, type BatchCells, HOUR_MS } from '@airbox/contract';
import type { Db } from '../db/database.js';
import { insertBatch, insertBatchRows } from '../modules/shipments/label-batches.repository.js';
import { orderNumber } from '../modules/shipments/label-purchase.service.js';
import { insertInvoice, insertShipment, saveShipmentLabels, updateShipment } from '../modules/shipments/shipments.repository.js';
import type { Carrier, PostalAddress } from '../providers/carriers/carriers-provider.js';
import { storeSeededLabel } from '../providers/carriers/simulator-carriers-provider.js';
import { serviceLabel } from '../providers/carriers/simulator-rates.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';
import { newTrackingCode } from '../providers/carriers/tracking-codes.js';
import { renderLabel } from '../workers/cpu-work.js';

/**
 * Issue 25 item 1, demo data: a finished batch of the demo customer's, uploaded from
 * 'holiday-orders.csv' two days ago, rated cheapest and paid once: three labels bought (on
 * Purchased Labels, each with its files and invoice; as the demo's other labels, no ledger line) and one row the carrier refused,
 * its amount refunded. Its page offers the merged PDF and the tracking CSV at once. Part of
 * seedDemoData's transaction, after the demo's labels (its labels are older than theirs, so the
 * first page of Purchased Labels is as before).
 */

type Recipient = { name: string; street1: string; city: string; state: string; zip: string; phone: string; reference: string };

const ROWS: { to: Recipient; carrier: Carrier; service: string; priceCents: number; weightOz: number; refused?: string }[] = [
  { to: { name: 'Priya Patel', street1: '410 Oak Ave', city: 'Portland', state: 'OR', zip: '97205', phone: '503-555-0134', reference: 'HOL-1001' }, carrier: 'USPS', service: 'GroundAdvantage', priceCents: 612, weightOz: 24 },
  { to: { name: 'Tom Becker', street1: '77 Pine St', city: 'Seattle', state: 'WA', zip: '98101', phone: '206-555-0188', reference: 'HOL-1002' }, carrier: 'USPS', service: 'GroundAdvantage', priceCents: 648, weightOz: 32 },
  {
    to: { name: 'Ana Souza', street1: '15 Canal St', city: 'New York', state: 'NY', zip: '10013', phone: '212-555-0119', reference: 'HOL-1003' },
    carrier: 'USPS',
    service: 'GroundAdvantage',
    priceCents: 905,
    weightOz: 40,
    refused: 'The carrier refused this label (the carrier declined to make it: the label could not be created). Its $9.05 was refunded.',
  },
  { to: { name: 'Lee Wong', street1: '2200 Lake Shore Dr', city: 'Chicago', state: 'IL', zip: '60616', phone: '312-555-0150', reference: 'HOL-1004' }, carrier: 'USPS', service: 'GroundAdvantage', priceCents: 871, weightOz: 36 },
];

export async function seedDemoLabelBatch(trx: Db, userId: number, now: Date): Promise<void> {
  const user = await trx.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  const paidAt = new Date(now.getTime() - 49 * HOUR_MS);
  const nowIso = paidAt.toISOString();
  const shipDate = paidAt.toISOString().slice(0, 10);
  const from = {
    firstName: user.first_name,
    lastName: user.last_name,
    company: '',
    address1: user.address_line_1,
    address2: user.address_line_2,
    city: user.city,
    state: user.state,
    zipcode: user.zip_code,
    country: 'US',
    phone: user.cell_phone,
    email: user.email,
    residential: true,
  };
  const totalCents = ROWS.reduce((sum, row) => sum + row.priceCents, 0);
  const refundedCents = ROWS.reduce((sum, row) => sum + (row.refused ? row.priceCents : 0), 0);
  const order = await trx
    .insertInto('payment_orders')
    .values({
      user_id: userId,
      provider: 'simulator',
      provider_order_id: 'DEMOBATCH0001PAY',
      request_id: 'demo-seed-label-batch-1',
      purpose: 'label-batch',
      plan: null,
      quantity: ROWS.length,
      amount_cents: totalCents,
      currency: 'USD',
      status: 'captured',
      created_at: nowIso,
      captured_at: nowIso,
      capture_id: 'DEMOCAPTUREBATCH1',
      refund_request_id: null,
      refunded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batchId = await insertBatch(trx, {
    user_id: userId,
    state: 'finished',
    rule: 'cheapest',
    file_name: 'holiday-orders.csv',
    sender: JSON.stringify(from),
    ship_date: shipDate,
    payment_order_id: order.id,
    total_cents: totalCents,
    refunded_cents: refundedCents,
    paid_at: nowIso,
    finished_at: new Date(paidAt.getTime() + 60_000).toISOString(),
    created_at: new Date(paidAt.getTime() - 10 * 60_000).toISOString(),
    updated_at: nowIso,
  });
  const fromAddress: PostalAddress = { name: `${from.firstName} ${from.lastName}`.trim(), street1: from.address1, street2: from.address2, city: from.city, state: from.state, zip: from.zipcode, phone: from.phone };
  const rows = [];
  for (const [i, row] of ROWS.entries()) {
    const cells = Object.fromEntries(BATCH_COLUMNS.map((column) => [column, ''])) as BatchCells;
    Object.assign(cells, { ...row.to, country: 'US', weight_lb: String(Math.floor(row.weightOz / 16)), weight_oz: String(row.weightOz % 16), length: '10', width: '8', height: '4' });
    let shipmentId: number | null = null;
    if (!row.refused) {
      const key = `demobatch${String(i + 1).padStart(4, '0')}`;
      const trackingCode = newTrackingCode(row.carrier, row.service);
      const to: PostalAddress = { name: row.to.name, street1: row.to.street1, city: row.to.city, state: row.to.state, zip: row.to.zip, phone: row.to.phone };
      shipmentId = await insertShipment(trx, {
        user_id: userId,
        order_no: `batch-demo-${key}`,
        box_id: user.box_id ?? '',
        state: 'bought',
        provider: 'simulator',
        provider_shipment_id: `shp_${key}`,
        rated_at: nowIso,
        rate_id: `rate_shp_${key}`,
        carrier: row.carrier,
        service: row.service,
        delivery_days: 4,
        ship_date: shipDate,
        rate_cents: row.priceCents,
        retail_cents: row.priceCents,
        list_cents: row.priceCents,
        insured_value_cents: 0,
        insurance_cents: 0,
        discount_cents: 0,
        total_cents: row.priceCents,
        tracking_code: trackingCode,
        tracker_id: `trk_${key}`,
        refund_requested_at: null,
        refunded_at: null,
        comments: '',
        length_in: 10,
        width_in: 8,
        height_in: 4,
        weight_oz: row.weightOz,
        payment_order_id: null,
        saved_order_id: null,
        pickup_id: null,
        tracking_token: null,
        created_at: nowIso,
        updated_at: nowIso,
        bought_at: nowIso,
        from_first_name: from.firstName,
        from_last_name: from.lastName,
        from_company: '',
        from_address1: from.address1,
        from_address2: from.address2,
        from_city: from.city,
        from_state: from.state,
        from_zipcode: from.zipcode,
        from_phone: from.phone,
        from_email: from.email,
        from_residential: 1,
        to_first_name: row.to.name.split(' ')[0]!,
        to_last_name: row.to.name.split(' ').slice(1).join(' '),
        to_company: '',
        to_address1: row.to.street1,
        to_address2: '',
        to_city: row.to.city,
        to_state: row.to.state,
        to_zipcode: row.to.zip,
        to_phone: row.to.phone,
        to_email: '',
        to_residential: 1,
      });
      const orderNo = orderNumber(shipmentId, paidAt);
      await updateShipment(trx, shipmentId, { order_no: orderNo });
      // The carriers simulator knows the label, so its ZPL can be had and it can be tracked or refunded.
      await storeSeededLabel(createDatabaseSimulatorStore(trx), {
        shipmentId: `shp_${key}`,
        trackerId: `trk_${key}`,
        trackingCode,
        carrier: row.carrier,
        service: row.service,
        priceCents: row.priceCents,
        deliveryDays: 4,
        from: fromAddress,
        to,
        parcel: { lengthIn: 10, widthIn: 8, heightIn: 4, weightOz: row.weightOz },
        insuredCents: 0,
        boughtAt: paidAt,
        events: [],
        refund: null,
      });
      const content = { carrier: row.carrier, serviceName: serviceLabel(row.carrier, row.service), trackingCode, from: fromAddress, to, weightOz: row.weightOz, shipDate: paidAt };
      await saveShipmentLabels(trx, shipmentId, [
        { format: 'PNG', content: await renderLabel(content, 'PNG') },
        { format: 'PDF', content: await renderLabel(content, 'PDF') },
      ]);
      await insertInvoice(trx, {
        shipment_id: shipmentId,
        invoice_no: `INV-${orderNo}`,
        rate_cents: row.priceCents,
        insurance_cents: 0,
        discount_cents: 0,
        total_cents: row.priceCents,
        payment_reference: `Label batch ${batchId}`,
        created_at: nowIso,
      });
    }
    rows.push({
      batch_id: batchId,
      row_no: i + 1,
      cells: JSON.stringify(cells),
      cell_errors: '[]',
      state: row.refused ? ('failed' as const) : ('bought' as const),
      rates: null,
      provider_shipment_id: null,
      rated_at: nowIso,
      rate_id: null,
      carrier: row.carrier,
      service: row.service,
      price_cents: row.priceCents,
      delivery_days: 4,
      delivery_date: null,
      shipment_id: shipmentId,
      note: row.refused ?? '',
      refund_state: row.refused ? ('refunded' as const) : null,
      refund_cents: row.refused ? row.priceCents : 0,
      updated_at: nowIso,
    });
  }
  await insertBatchRows(trx, rows);
  // The payment simulator's side: the capture, and the refused row's part of it given back (as the refund job asks it).
  await trx
    .insertInto('payment_simulator_orders')
    .values({
      id: 'DEMOBATCH0001PAY',
      request_id: 'demo-seed-label-batch-1',
      amount_cents: totalCents,
      currency: 'USD',
      description: `${ROWS.length} shipping labels, batch ${batchId}`,
      return_url: '',
      cancel_url: '',
      status: 'COMPLETED',
      capture_request_id: 'capture-demo-seed-label-batch-1',
      capture_id: 'DEMOCAPTUREBATCH1',
      created_at: nowIso,
    })
    .execute();
  const refusedRow = await trx.selectFrom('label_batch_rows').select('id').where('batch_id', '=', batchId).where('state', '=', 'failed').executeTakeFirstOrThrow();
  await trx
    .insertInto('payment_simulator_refunds')
    .values({ id: 'DEMOBATCHREFUND1', request_id: `refund-${order.id}-batch-row-${refusedRow.id}`, capture_id: 'DEMOCAPTUREBATCH1', amount_cents: refundedCents, currency: 'USD', status: 'COMPLETED', created_at: nowIso })
    .execute();
}
