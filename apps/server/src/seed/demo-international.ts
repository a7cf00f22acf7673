import { customsDeclarationSchema, DAY_MS, insuranceFeeCents } from '@airbox/contract';
import type { Db } from '../db/database.js';
import { insertShipment, saveShipmentLabels } from '../modules/shipments/shipments.repository.js';
import type { PostalAddress } from '../providers/carriers/carriers-provider.js';
import { storeSeededLabel } from '../providers/carriers/simulator-carriers-provider.js';
import { serviceLabel } from '../providers/carriers/simulator-rates.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';
import { newTrackingCode } from '../providers/carriers/tracking-codes.js';
import { renderLabel } from '../workers/cpu-work.js';
import { insertDemoLabelInvoice, insertDemoLabelPayment } from './demo-label-payment.js';

/** The demo's parcel abroad: a gift to Toronto, declared as two items (what the README's "try it" shows). */
const TORONTO = {
  first_name: 'Sam',
  last_name: 'Tremblay',
  company: '',
  address1: '290 Bremner Blvd',
  address2: '',
  city: 'Toronto',
  state: 'ON',
  zipcode: 'M5V 3L9',
  phone: '4165550100',
  email: '',
  residential: 1,
  country: 'CA',
} as const;

/**
 * Issue 25 item 3, demo data: a label to Canada with its customs declaration (a gift of two items,
 * signed by the demo customer), bought two days ago with USPS Priority Mail International and not
 * scanned yet. Purchased Labels shows it to 'Toronto ON M5V 3L9, Canada'; its details show the
 * declaration, and its PDF has the CN 22 page. Part of seedDemoData's transaction, after the
 * demo's labels, from the same sender as they are.
 */
export async function seedDemoInternationalLabel(trx: Db, userId: number, now: Date): Promise<void> {
  const home = await trx.selectFrom('shipments').selectAll().where('user_id', '=', userId).where('state', '=', 'bought').orderBy('id').executeTakeFirst();
  if (!home) return;
  const customs = customsDeclarationSchema.parse({
    contents_type: 'gift',
    customs_signer: `${home.from_first_name} ${home.from_last_name}`.trim() || 'Demo Customer',
    non_delivery_option: 'return',
    items: [
      { description: 'Hand-knit wool scarf', quantity: 1, value: 45, weight: 6, hs_tariff_number: '6117.10', origin_country: 'US' },
      { description: 'Roasted coffee beans', quantity: 2, value: 24, weight: 24, hs_tariff_number: '0901.21', origin_country: 'CO' },
    ],
  });
  const boughtAt = new Date(now.getTime() - 2 * DAY_MS);
  const rateCents = 4660;
  const retailCents = 5499;
  const orderNo = `${home.order_no.replace(/DEMO\d+$/, 'DEMO')}INTL1`;
  const trackingCode = newTrackingCode('USPS', 'PriorityMailInternational');
  const paymentOrderId = await insertDemoLabelPayment(trx, {
    userId,
    providerOrderId: 'DEMOINTL0001PAY',
    captureId: 'DEMOCAPTUREINTL1',
    requestId: 'demo-seed-international-label-1',
    cents: rateCents,
    at: boughtAt,
  });
  const parcel = { length_in: 12, width_in: 9, height_in: 4, weight_oz: 36 };
  const shipmentId = await insertShipment(trx, {
    user_id: userId,
    order_no: orderNo,
    box_id: home.box_id,
    state: 'bought',
    provider: 'simulator',
    provider_shipment_id: 'shp_demointl0001',
    rated_at: boughtAt.toISOString(),
    rate_id: 'rate_demointl0001',
    carrier: 'USPS',
    service: 'PriorityMailInternational',
    delivery_days: 6,
    rate_cents: rateCents,
    retail_cents: retailCents,
    list_cents: retailCents,
    insured_value_cents: 0,
    insurance_cents: insuranceFeeCents(0),
    discount_cents: retailCents - rateCents,
    total_cents: rateCents,
    tracking_code: trackingCode,
    tracker_id: 'trk_demointl0001',
    tracker_status: '',
    tracking_events: '[]',
    refund_status: '',
    refund_requested_at: null,
    refunded_at: null,
    comments: '',
    ...parcel,
    payment_order_id: paymentOrderId,
    customs: JSON.stringify(customs),
    created_at: boughtAt.toISOString(),
    updated_at: boughtAt.toISOString(),
    bought_at: boughtAt.toISOString(),
    from_first_name: home.from_first_name,
    from_last_name: home.from_last_name,
    from_company: home.from_company,
    from_address1: home.from_address1,
    from_address2: home.from_address2,
    from_city: home.from_city,
    from_state: home.from_state,
    from_zipcode: home.from_zipcode,
    from_phone: home.from_phone,
    from_email: home.from_email,
    from_residential: home.from_residential,
    from_country: 'US',
    ...Object.fromEntries(Object.entries(TORONTO).map(([column, value]) => [`to_${column}`, value])),
  });
  const from: PostalAddress = {
    name: `${home.from_first_name} ${home.from_last_name}`.trim(),
    company: home.from_company,
    street1: home.from_address1,
    street2: home.from_address2,
    city: home.from_city,
    state: home.from_state,
    zip: home.from_zipcode,
    phone: home.from_phone,
    country: 'US',
  };
  const to: PostalAddress = {
    name: `${TORONTO.first_name} ${TORONTO.last_name}`,
    street1: TORONTO.address1,
    city: TORONTO.city,
    state: TORONTO.state,
    zip: TORONTO.zipcode,
    phone: TORONTO.phone,
    country: TORONTO.country,
  };
  await storeSeededLabel(createDatabaseSimulatorStore(trx), {
    shipmentId: 'shp_demointl0001',
    trackerId: 'trk_demointl0001',
    trackingCode,
    carrier: 'USPS',
    service: 'PriorityMailInternational',
    priceCents: rateCents,
    deliveryDays: 6,
    from,
    to,
    parcel: { lengthIn: parcel.length_in, widthIn: parcel.width_in, heightIn: parcel.height_in, weightOz: parcel.weight_oz },
    insuredCents: 0,
    boughtAt,
    events: [],
    refund: null,
    customs,
  });
  const content = { carrier: 'USPS' as const, serviceName: serviceLabel('USPS', 'PriorityMailInternational'), trackingCode, from, to, weightOz: parcel.weight_oz, shipDate: boughtAt, customs };
  await saveShipmentLabels(trx, shipmentId, [
    { format: 'PNG', content: await renderLabel(content, 'PNG') },
    { format: 'PDF', content: await renderLabel(content, 'PDF') },
  ]);
  await insertDemoLabelInvoice(trx, { shipmentId, orderNo, rateCents, retailCents, providerOrderId: 'DEMOINTL0001PAY', at: boughtAt });
}
