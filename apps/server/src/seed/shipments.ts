import { DAY_MS, HOUR_MS, insuranceFeeCents } from '@airbox/contract';
import type { Db } from '../db/database.js';
import { enqueueJob } from '../modules/jobs/jobs.js';
import { seedDemoPickups } from './pickups.js';
import { insertPaymentOrder } from '../modules/payments/payments.repository.js';
import type { PaymentOrderStatus } from '../modules/payments/payments.table.js';
import { insertSavedOrder } from '../modules/saved-orders/saved-orders.repository.js';
import { REFUND_STATUS_DELAY_MS } from '../modules/shipments/refunds.service.js';
import { insertInvoice, insertShipment, saveShipmentLabels } from '../modules/shipments/shipments.repository.js';
import type { NewShipment, ShipmentState } from '../modules/shipments/shipments.table.js';
import type { Carrier, TrackerStatus, TrackingEvent } from '../providers/carriers/carriers-provider.js';
import { storeSeededLabel } from '../providers/carriers/simulator-carriers-provider.js';
import { renderLabel } from '../workers/cpu-work.js';
import { serviceLabel } from '../providers/carriers/simulator-rates.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';
import { newTrackingCode } from '../providers/carriers/tracking-codes.js';
import { seedDemoDropOffs } from './demo-drop-offs.js';

/**
 * The demo customer's labels (issue 9, Demo data): one in each state Purchased Labels shows, across
 * USPS, UPS and FedEx, so a newcomer sees every status and action: a label created and never
 * scanned (refund, schedule pickup), one in transit, one delivered, one refunded, one whose refund
 * the carrier still reviews, one unpaid; and two orders in progress. Issue 10 adds three FedEx and
 * USPS labels for pickups: one free to schedule, one with a USPS pickup scheduled, one with a
 * FedEx pickup paid for (seed/pickups.ts). Each paid label has its real
 * 4x6 files (drawn by the carriers simulator's renderer) and its invoice. Part of seedDemoData's
 * transaction. The carriers simulator is told of every bought one (its store is in the same
 * database), so the demo labels can be refunded, tracked and moved by time like any other.
 */

type Address = { first_name: string; last_name: string; company: string; address1: string; address2: string; city: string; state: string; zipcode: string; phone: string; email: string; residential: number };

const RECIPIENTS: Record<'mom' | 'office' | 'returns' | 'friend', Address> = {
  mom: { first_name: 'Maria', last_name: 'Demo', company: '', address1: '2210 NW Everett St', address2: '', city: 'Portland', state: 'OR', zipcode: '97210', phone: '503-555-0142', email: 'maria.demo@example.com', residential: 1 },
  office: { first_name: 'Jordan', last_name: 'Lee', company: 'Bayview Robotics', address1: '1800 Owens St', address2: 'Suite 100', city: 'San Francisco', state: 'CA', zipcode: '94158', phone: '415-555-0190', email: 'jordan.lee@example.com', residential: 0 },
  returns: { first_name: '', last_name: '', company: 'Market Street Outfitters', address1: '901 Market St', address2: 'Returns Dept', city: 'San Francisco', state: 'CA', zipcode: '94103', phone: '415-555-0123', email: '', residential: 0 },
  friend: { first_name: 'Sam', last_name: 'Rivera', company: '', address1: '1530 Broadway', address2: 'Apt 12', city: 'Seattle', state: 'WA', zipcode: '98122', phone: '206-555-0175', email: 'sam.rivera@example.com', residential: 1 },
};

interface DemoLabel {
  key: string;
  state: ShipmentState;
  carrier: Carrier;
  service: string;
  deliveryDays: number;
  /** What the label costs, and the carrier's counter price. */
  rateCents: number;
  retailCents: number;
  insuredValueCents: number;
  to: keyof typeof RECIPIENTS;
  daysAgo: number;
  /** Whether it has a tracking number (a label was bought); a new valid one at each seed. */
  trackingCode: boolean;
  /** The tracker's steps so far, oldest first: [status, message, hours after purchase, where]. */
  events: [TrackerStatus, string, number, 'from' | 'to'][];
  refundStatus: '' | 'submitted' | 'refunded';
  comments: string;
  parcel: { length: number; width: number; height: number; weightOz: number };
}

const DEMO_LABELS: DemoLabel[] = [
  {
    key: 'created',
    state: 'bought',
    carrier: 'USPS',
    service: 'Priority',
    deliveryDays: 2,
    rateCents: 895,
    retailCents: 1045,
    insuredValueCents: 10_000,
    to: 'mom',
    daysAgo: 1,
    trackingCode: true,
    events: [],
    refundStatus: '',
    comments: 'Birthday present for Mom: fragile, handle with care',
    parcel: { length: 12, width: 10, height: 6, weightOz: 40 },
  },
  {
    key: 'transit',
    state: 'bought',
    carrier: 'UPS',
    service: 'Ground',
    deliveryDays: 3,
    rateCents: 1289,
    retailCents: 1530,
    insuredValueCents: 0,
    to: 'friend',
    daysAgo: 2,
    trackingCode: true,
    events: [
      ['pre_transit', 'Shipper created a label, UPS has not received the package yet.', 0, 'from'],
      ['in_transit', 'Departed from facility', 20, 'from'],
    ],
    refundStatus: '',
    comments: '',
    parcel: { length: 18, width: 14, height: 10, weightOz: 128 },
  },
  {
    key: 'delivered',
    state: 'bought',
    carrier: 'FedEx',
    service: 'FEDEX_GROUND',
    deliveryDays: 1,
    rateCents: 1075,
    retailCents: 1240,
    insuredValueCents: 5_000,
    to: 'returns',
    daysAgo: 9,
    trackingCode: true,
    events: [
      ['pre_transit', 'Shipment information sent to FedEx', 0, 'from'],
      ['in_transit', 'Picked up', 6, 'from'],
      ['out_for_delivery', 'On FedEx vehicle for delivery', 22, 'to'],
      ['delivered', 'Delivered', 27, 'to'],
    ],
    refundStatus: '',
    comments: '',
    parcel: { length: 8, width: 6, height: 4, weightOz: 16 },
  },
  {
    key: 'refunded',
    state: 'refunded',
    carrier: 'USPS',
    service: 'GroundAdvantage',
    deliveryDays: 4,
    rateCents: 612,
    retailCents: 745,
    insuredValueCents: 0,
    to: 'office',
    daysAgo: 20,
    trackingCode: true,
    events: [],
    refundStatus: 'refunded',
    comments: '',
    parcel: { length: 12, width: 9, height: 0.5, weightOz: 8 },
  },
  {
    key: 'refund-pending',
    state: 'refund_pending',
    carrier: 'FedEx',
    service: 'FEDEX_2_DAY',
    deliveryDays: 2,
    rateCents: 2350,
    retailCents: 2790,
    insuredValueCents: 0,
    to: 'mom',
    daysAgo: 3,
    trackingCode: true,
    events: [],
    refundStatus: 'submitted',
    comments: '',
    parcel: { length: 12, width: 10, height: 6, weightOz: 48 },
  },
  {
    key: 'unpaid',
    state: 'paying',
    carrier: 'UPS',
    service: '2ndDayAir',
    deliveryDays: 2,
    rateCents: 2475,
    retailCents: 2890,
    insuredValueCents: 0,
    to: 'office',
    daysAgo: 0.05,
    trackingCode: false,
    events: [],
    refundStatus: '',
    comments: '',
    parcel: { length: 8, width: 6, height: 4, weightOz: 24 },
  },
  {
    key: 'fedex-ready',
    state: 'bought',
    carrier: 'FedEx',
    service: 'FEDEX_GROUND',
    deliveryDays: 3,
    rateCents: 1150,
    retailCents: 1320,
    insuredValueCents: 0,
    to: 'friend',
    daysAgo: 0.5,
    trackingCode: true,
    events: [],
    refundStatus: '',
    comments: '',
    parcel: { length: 12, width: 10, height: 6, weightOz: 56 },
  },
  {
    key: 'usps-pickup',
    state: 'bought',
    carrier: 'USPS',
    service: 'Priority',
    deliveryDays: 2,
    rateCents: 965,
    retailCents: 1120,
    insuredValueCents: 0,
    to: 'office',
    daysAgo: 0.7,
    trackingCode: true,
    events: [],
    refundStatus: '',
    comments: '',
    parcel: { length: 8, width: 6, height: 4, weightOz: 32 },
  },
  {
    key: 'fedex-pickup',
    state: 'bought',
    carrier: 'FedEx',
    service: 'FEDEX_2_DAY',
    deliveryDays: 2,
    rateCents: 2190,
    retailCents: 2560,
    insuredValueCents: 0,
    to: 'returns',
    daysAgo: 0.9,
    trackingCode: true,
    events: [],
    refundStatus: '',
    comments: '',
    parcel: { length: 12, width: 9, height: 4, weightOz: 24 },
  },
  // Issue 23 item 1: a label waiting to be dropped off at the demo's hub, and one dropped off (seed/demo-drop-offs.ts).
  {
    key: 'drop-off-waiting',
    state: 'bought',
    carrier: 'USPS',
    service: 'GroundAdvantage',
    deliveryDays: 4,
    rateCents: 645,
    retailCents: 780,
    insuredValueCents: 0,
    to: 'friend',
    daysAgo: 0.2,
    trackingCode: true,
    events: [],
    refundStatus: '',
    comments: '',
    parcel: { length: 10, width: 8, height: 3, weightOz: 18 },
  },
  {
    key: 'drop-off-in',
    state: 'bought',
    carrier: 'USPS',
    service: 'Priority',
    deliveryDays: 2,
    rateCents: 910,
    retailCents: 1060,
    insuredValueCents: 0,
    to: 'mom',
    daysAgo: 0.3,
    trackingCode: true,
    events: [],
    refundStatus: '',
    comments: '',
    parcel: { length: 12, width: 10, height: 6, weightOz: 28 },
  },
];

const PAID_STATES: ReadonlySet<ShipmentState> = new Set(['bought', 'refund_pending', 'refunded']);

function prefixed<P extends 'from' | 'to'>(prefix: P, address: Address) {
  return Object.fromEntries(Object.entries(address).map(([column, value]) => [`${prefix}_${column}`, value])) as {
    [K in keyof Address as `${P}_${K}`]: Address[K];
  };
}

export interface DemoShipmentOwner {
  userId: number;
  boxId: string;
  sender: Address;
}

/** The demo customer's labels and orders in progress; `now` is the seed's clock. */
export async function seedDemoShipments(trx: Db, owner: DemoShipmentOwner, now: Date, dropOffs?: { hubId: string; sessionSecret: string }): Promise<void> {
  const simulator = createDatabaseSimulatorStore(trx);
  const seeded = new Map<string, { id: number; providerShipmentId: string; weightOz: number }>();
  const stamp = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}${String(now.getUTCDate()).padStart(2, '0')}`;
  for (const [index, label] of DEMO_LABELS.entries()) {
    const createdAt = new Date(now.getTime() - label.daysAgo * DAY_MS);
    const paid = PAID_STATES.has(label.state);
    const to = RECIPIENTS[label.to];
    const insuranceCents = insuranceFeeCents(label.insuredValueCents);
    const orderNo = `AB${stamp}DEMO${String(index + 1).padStart(3, '0')}`;
    const paymentStatus: PaymentOrderStatus = label.state === 'refunded' ? 'refunded' : paid ? 'captured' : 'created';
    const providerOrderId = `DEMOLABEL${String(index + 1).padStart(4, '0')}PAY`;
    const paymentOrderId = await insertPaymentOrder(trx, {
      user_id: owner.userId,
      provider: 'simulator',
      provider_order_id: providerOrderId,
      request_id: `demo-seed-label-${index + 1}`,
      purpose: 'label',
      plan: null,
      quantity: 1,
      amount_cents: label.rateCents + insuranceCents,
      currency: 'USD',
      status: paymentStatus,
      created_at: createdAt.toISOString(),
      captured_at: paid ? createdAt.toISOString() : null,
      capture_id: paid ? `DEMOCAPTURE${index + 1}` : null,
      refund_request_id: label.state === 'refunded' ? `demo-seed-label-refund-${index + 1}` : null,
      refunded_at: label.state === 'refunded' ? new Date(createdAt.getTime() + 2 * DAY_MS).toISOString() : null,
    });
    if (paid) {
      // The payment simulator's side of the capture, so a demo label's refund can pay back.
      await trx
        .insertInto('payment_simulator_orders')
        .values({
          id: providerOrderId,
          request_id: `demo-seed-label-${index + 1}`,
          amount_cents: label.rateCents + insuranceCents,
          currency: 'USD',
          description: `Shipping label ${orderNo}`,
          return_url: '',
          cancel_url: '',
          status: 'COMPLETED',
          capture_request_id: `capture-demo-seed-label-${index + 1}`,
          capture_id: `DEMOCAPTURE${index + 1}`,
          created_at: createdAt.toISOString(),
        })
        .execute();
    }
    const trackingCode = paid && label.trackingCode ? newTrackingCode(label.carrier, label.service) : null;
    const events: TrackingEvent[] = label.events.map(([status, message, hours, where]) => {
      const place = where === 'from' ? owner.sender : to;
      return { status, message, datetime: new Date(createdAt.getTime() + hours * HOUR_MS).toISOString(), city: place.city, state: place.state, zip: place.zipcode };
    });
    const shipment: NewShipment = {
      user_id: owner.userId,
      order_no: orderNo,
      box_id: owner.boxId,
      state: label.state,
      provider: 'simulator',
      provider_shipment_id: `shp_demo${String(index + 1).padStart(4, '0')}`,
      rated_at: createdAt.toISOString(),
      rate_id: `rate_demo${String(index + 1).padStart(4, '0')}`,
      carrier: label.carrier,
      service: label.service,
      delivery_days: label.deliveryDays,
      rate_cents: label.rateCents,
      retail_cents: label.retailCents,
      list_cents: label.retailCents,
      insured_value_cents: label.insuredValueCents,
      insurance_cents: insuranceCents,
      discount_cents: label.retailCents - label.rateCents,
      total_cents: label.rateCents + insuranceCents,
      tracking_code: trackingCode,
      tracker_id: paid ? `trk_demo${String(index + 1).padStart(4, '0')}` : null,
      tracker_status: events.at(-1)?.status ?? '',
      tracking_events: JSON.stringify(events),
      refund_status: label.refundStatus,
      refund_requested_at: label.refundStatus ? new Date(createdAt.getTime() + DAY_MS).toISOString() : null,
      refunded_at: label.state === 'refunded' ? new Date(createdAt.getTime() + 2 * DAY_MS).toISOString() : null,
      comments: label.comments,
      length_in: label.parcel.length,
      width_in: label.parcel.width,
      height_in: label.parcel.height,
      weight_oz: label.parcel.weightOz,
      payment_order_id: paymentOrderId,
      created_at: createdAt.toISOString(),
      updated_at: createdAt.toISOString(),
      bought_at: paid ? createdAt.toISOString() : null,
      ...prefixed('from', owner.sender),
      ...prefixed('to', to),
    };
    const shipmentId = await insertShipment(trx, shipment);
    seeded.set(label.key, { id: shipmentId, providerShipmentId: shipment.provider_shipment_id!, weightOz: label.parcel.weightOz });
    if (!trackingCode) continue;
    await storeSeededLabel(simulator, {
      shipmentId: shipment.provider_shipment_id!,
      trackerId: shipment.tracker_id!,
      trackingCode,
      carrier: label.carrier,
      service: label.service,
      priceCents: label.rateCents,
      deliveryDays: label.deliveryDays,
      from: { ...addressOfLabel(owner.sender), phone: owner.sender.phone },
      to: { ...addressOfLabel(to), phone: to.phone },
      parcel: { lengthIn: label.parcel.length, widthIn: label.parcel.width, heightIn: label.parcel.height, weightOz: label.parcel.weightOz },
      insuredCents: label.insuredValueCents,
      boughtAt: createdAt,
      events,
      refund: label.refundStatus || null,
    });
    // The refund the carrier still reviews is followed up as a customer's own refund is.
    if (label.refundStatus === 'submitted') {
      await enqueueJob(trx, now, 'refund-status', { shipmentId, check: 1 }, { uniqueKey: `refund-status:${shipmentId}:seed`, runAt: new Date(now.getTime() + REFUND_STATUS_DELAY_MS) });
    }
    const content = {
      carrier: label.carrier,
      serviceName: serviceLabel(label.carrier, label.service),
      trackingCode,
      from: addressOfLabel(owner.sender),
      to: addressOfLabel(to),
      weightOz: label.parcel.weightOz,
      shipDate: createdAt,
    };
    await saveShipmentLabels(trx, shipmentId, [
      { format: 'PNG', content: await renderLabel(content, 'PNG') },
      { format: 'PDF', content: await renderLabel(content, 'PDF') },
    ]);
    await insertInvoice(trx, {
      shipment_id: shipmentId,
      invoice_no: `INV-${orderNo}`,
      rate_cents: label.rateCents,
      insurance_cents: insuranceCents,
      discount_cents: label.retailCents - label.rateCents,
      total_cents: label.rateCents + insuranceCents,
      payment_reference: `simulator …${providerOrderId.slice(-8)}`,
      created_at: createdAt.toISOString(),
    });
  }
  await seedDemoOrdersInProgress(trx, owner, now);
  await seedDemoPickups(trx, owner, now, { usps: seeded.get('usps-pickup')!, fedex: seeded.get('fedex-pickup')! });
  if (dropOffs) {
    await seedDemoDropOffs(trx, { userId: owner.userId, ...dropOffs }, now, { waiting: seeded.get('drop-off-waiting')!.id, droppedOff: seeded.get('drop-off-in')!.id });
  }
}

function addressOfLabel(address: Address) {
  return {
    name: `${address.first_name} ${address.last_name}`.trim(),
    company: address.company,
    street1: address.address1,
    street2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zipcode,
  };
}

/** Two orders in progress: one ready to rate, one still missing the recipient's phone. */
async function seedDemoOrdersInProgress(trx: Db, owner: DemoShipmentOwner, now: Date): Promise<void> {
  const orders = [
    { hoursAgo: 30, to: RECIPIENTS.friend, parcel: { length: 12, width: 10, height: 6, weightOz: 36 }, insured: 2_500, comments: 'Books for Sam' },
    { hoursAgo: 5, to: { ...RECIPIENTS.office, phone: '' }, parcel: { length: 8, width: 6, height: 4, weightOz: 12 }, insured: 0, comments: '' },
  ];
  for (const order of orders) {
    const at = new Date(now.getTime() - order.hoursAgo * HOUR_MS).toISOString();
    await insertSavedOrder(trx, {
      user_id: owner.userId,
      length_in: order.parcel.length,
      width_in: order.parcel.width,
      height_in: order.parcel.height,
      weight_oz: order.parcel.weightOz,
      insured_value_cents: order.insured,
      comments: order.comments,
      created_at: at,
      updated_at: at,
      ...prefixed('from', owner.sender),
      ...prefixed('to', order.to),
    });
  }
}
