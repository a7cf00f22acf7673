import { DAY_MS, insuranceFeeCents } from '@airbox/contract';
import type { Db } from '../db/database.js';
import { saveLabelQrCode } from '../modules/shipments/label-returns.service.js';
import { insertShipment, saveShipmentLabels } from '../modules/shipments/shipments.repository.js';
import type { ShipmentRow } from '../modules/shipments/shipments.table.js';
import type { PostalAddress } from '../providers/carriers/carriers-provider.js';
import { storeSeededLabel } from '../providers/carriers/simulator-carriers-provider.js';
import { renderLabel } from '../workers/cpu-work.js';
import { renderLabelQrCode } from '../providers/carriers/simulator-qr-code.js';
import { serviceLabel } from '../providers/carriers/simulator-rates.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';
import { newTrackingCode } from '../providers/carriers/tracking-codes.js';
import { insertDemoLabelInvoice, insertDemoLabelPayment } from './demo-label-payment.js';

/**
 * Issue 23 items 2 and 3, demo data: a return label of the demo customer's delivered label (the
 * parcel to Market Street Outfitters comes back), bought a day ago with USPS Ground Advantage and
 * its QR code to show at the counter, never scanned yet. Its row on Purchased Labels says which
 * label it returns and shows SEND RETURN LABEL and the QR code. Part of seedDemoData's transaction,
 * after the demo's labels.
 */
export async function seedDemoReturnLabel(trx: Db, userId: number, now: Date): Promise<void> {
  const outbound = await trx
    .selectFrom('shipments')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '=', 'bought')
    .where('tracker_status', '=', 'delivered')
    .orderBy('id')
    .executeTakeFirst();
  if (!outbound) return;
  const boughtAt = new Date(now.getTime() - DAY_MS);
  const rateCents = 655;
  const retailCents = 790;
  const orderNo = `${outbound.order_no.replace(/DEMO\d+$/, 'DEMO')}RET1`;
  const trackingCode = newTrackingCode('USPS', 'GroundAdvantage');
  const paymentOrderId = await insertDemoLabelPayment(trx, {
    userId,
    providerOrderId: 'DEMORETURN0001PAY',
    captureId: 'DEMOCAPTURERET1',
    requestId: 'demo-seed-return-label-1',
    cents: rateCents,
    at: boughtAt,
  });
  // The addresses swapped: the outbound label's recipient sends the parcel back to its sender.
  const swapped = Object.fromEntries(
    (['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'state', 'zipcode', 'phone', 'email', 'residential'] as const).flatMap((column) => [
      [`from_${column}`, outbound[`to_${column}`]],
      [`to_${column}`, outbound[`from_${column}`]],
    ]),
  ) as Pick<ShipmentRow, `${'from' | 'to'}_${'first_name' | 'last_name' | 'company' | 'address1' | 'address2' | 'city' | 'state' | 'zipcode' | 'phone' | 'email'}`> & {
    from_residential: number;
    to_residential: number;
  };
  const shipmentId = await insertShipment(trx, {
    user_id: userId,
    order_no: orderNo,
    box_id: outbound.box_id,
    state: 'bought',
    provider: 'simulator',
    provider_shipment_id: 'shp_demoreturn0001',
    rated_at: boughtAt.toISOString(),
    rate_id: 'rate_demoreturn0001',
    carrier: 'USPS',
    service: 'GroundAdvantage',
    delivery_days: 4,
    rate_cents: rateCents,
    retail_cents: retailCents,
    list_cents: retailCents,
    insured_value_cents: 0,
    insurance_cents: insuranceFeeCents(0),
    discount_cents: retailCents - rateCents,
    total_cents: rateCents,
    tracking_code: trackingCode,
    tracker_id: 'trk_demoreturn0001',
    tracker_status: '',
    tracking_events: '[]',
    refund_status: '',
    refund_requested_at: null,
    refunded_at: null,
    comments: '',
    length_in: outbound.length_in,
    width_in: outbound.width_in,
    height_in: outbound.height_in,
    weight_oz: outbound.weight_oz,
    payment_order_id: paymentOrderId,
    label_qr_code: 1,
    return_of_id: outbound.id,
    created_at: boughtAt.toISOString(),
    updated_at: boughtAt.toISOString(),
    bought_at: boughtAt.toISOString(),
    ...swapped,
  });
  const addressOf = (side: 'from' | 'to'): PostalAddress => ({
    name: `${swapped[`${side}_first_name`]} ${swapped[`${side}_last_name`]}`.trim(),
    company: swapped[`${side}_company`],
    street1: swapped[`${side}_address1`],
    street2: swapped[`${side}_address2`],
    city: swapped[`${side}_city`],
    state: swapped[`${side}_state`],
    zip: swapped[`${side}_zipcode`],
    phone: swapped[`${side}_phone`],
  });
  await storeSeededLabel(createDatabaseSimulatorStore(trx), {
    shipmentId: 'shp_demoreturn0001',
    trackerId: 'trk_demoreturn0001',
    trackingCode,
    carrier: 'USPS',
    service: 'GroundAdvantage',
    priceCents: rateCents,
    deliveryDays: 4,
    from: addressOf('from'),
    to: addressOf('to'),
    parcel: { lengthIn: outbound.length_in, widthIn: outbound.width_in, heightIn: outbound.height_in, weightOz: outbound.weight_oz },
    insuredCents: 0,
    boughtAt,
    events: [],
    refund: null,
  });
  const content = { carrier: 'USPS' as const, serviceName: serviceLabel('USPS', 'GroundAdvantage'), trackingCode, from: addressOf('from'), to: addressOf('to'), weightOz: outbound.weight_oz, shipDate: boughtAt };
  await saveShipmentLabels(trx, shipmentId, [
    { format: 'PNG', content: await renderLabel(content, 'PNG') },
    { format: 'PDF', content: await renderLabel(content, 'PDF') },
  ]);
  await saveLabelQrCode(trx, shipmentId, await renderLabelQrCode('pl_demoreturn0001', trackingCode));
  await insertDemoLabelInvoice(trx, { shipmentId, orderNo, rateCents, retailCents, providerOrderId: 'DEMORETURN0001PAY', at: boughtAt });
}
