import { randomBytes } from 'node:crypto';
import { insuranceFeeCents } from '@airbox/contract';
import type { Db } from '../src/db/database.js';
import { insertSavedOrder as insertSavedOrderRow } from '../src/modules/saved-orders/saved-orders.repository.js';
import type { NewSavedOrder } from '../src/modules/saved-orders/saved-orders.table.js';
import { insertInvoice, insertShipment as insertShipmentRow, saveShipmentLabels } from '../src/modules/shipments/shipments.repository.js';
import type { NewShipment, ShipmentState } from '../src/modules/shipments/shipments.table.js';
import { carrierOf } from '../src/providers/carriers/carriers-provider.js';
import { renderLabel } from '../src/workers/cpu-work.js';
import { serviceLabel } from '../src/providers/carriers/simulator-rates.js';
import { newTrackingCode } from '../src/providers/carriers/tracking-codes.js';

/**
 * Shipments and orders in progress of any state, written straight to the tables as the label
 * purchase would leave them, for the tests of the list, details, files, refunds, trackers and
 * pickups. Defaults: a USPS Priority label bought now (state 'bought') from San Francisco to
 * Portland, with its PNG and PDF files and its invoice; override any column.
 */

/** States in which a label was bought, so it has a tracking code, files and an invoice. */
const PAID: ReadonlySet<ShipmentState> = new Set(['bought', 'refund_pending', 'refunded']);

export interface ShipmentFixtureOptions {
  /** Write the label's PNG and PDF (real 4x6 files). Default: when the state is a paid one. */
  labels?: boolean;
  /** Write the invoice row. Default: when the state is a paid one. */
  invoice?: boolean;
}

export interface ShipmentFixture {
  /** The row id: shippingIndexID on the wire. */
  id: number;
  orderNo: string;
  /** The provider's shipment id: shipmentID on the wire. */
  providerShipmentId: string;
  trackingCode: string | null;
  invoiceNo: string | null;
}

let serial = 0;
const unique = () => `${Date.now().toString(36).toUpperCase()}${(serial += 1).toString().padStart(4, '0')}${randomBytes(2).toString('hex').toUpperCase()}`;

export const FIXTURE_SENDER = {
  from_first_name: 'Casey',
  from_last_name: 'Customer',
  from_company: '',
  from_address1: '1 Main St',
  from_address2: 'Apt 2',
  from_city: 'San Francisco',
  from_state: 'CA',
  from_zipcode: '94105',
  from_phone: '415-555-0101',
  from_email: 'casey@example.com',
} as const;

export const FIXTURE_RECIPIENT = {
  to_first_name: 'Maria',
  to_last_name: 'Lopez',
  to_company: '',
  to_address1: '55 Elm St',
  to_address2: '',
  to_city: 'Portland',
  to_state: 'OR',
  to_zipcode: '97201',
  to_phone: '503-555-0199',
  to_email: 'maria@example.com',
} as const;

/** The label-purchase page's order, as the web app sends it to rate it or to save it for later. */
export const LABEL_PAGE_ORDER = {
  from: { firstName: 'Casey', lastName: 'Customer', company: '', address1: '1 Main St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101', email: '', residential: false },
  to: { firstName: 'Maria', lastName: 'Lopez', company: '', address1: '55 Elm St', address2: '', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199', email: '', residential: true },
  parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
  insuredValue: 0,
  comments: '',
};

/**
 * A shipment of the user in any state (overrides win). A paid state gets a tracking code,
 * bought_at, and unless told otherwise its label files and invoice.
 */
export async function insertShipment(
  db: Db,
  userId: number,
  overrides: Partial<NewShipment> = {},
  options: ShipmentFixtureOptions = {},
): Promise<ShipmentFixture> {
  const key = unique();
  const state: ShipmentState = overrides.state ?? 'bought';
  const paid = PAID.has(state);
  const carrier = carrierOf(overrides.carrier ?? 'USPS') ?? 'USPS';
  const service = overrides.service ?? 'Priority';
  const nowIso = new Date().toISOString();
  const rateCents = overrides.rate_cents ?? 895;
  const retailCents = overrides.retail_cents ?? 1045;
  const insuredValue = overrides.insured_value_cents ?? 0;
  const insuranceCents = overrides.insurance_cents ?? insuranceFeeCents(insuredValue);
  const row: NewShipment = {
    user_id: userId,
    order_no: `AB${key}`,
    box_id: '7000001',
    state,
    provider: 'simulator',
    provider_shipment_id: `shp_fixture_${key.toLowerCase()}`,
    rated_at: nowIso,
    rate_id: `rate_fixture_${key.toLowerCase()}`,
    carrier,
    service,
    delivery_days: 2,
    rate_cents: rateCents,
    retail_cents: retailCents,
    list_cents: retailCents,
    insured_value_cents: insuredValue,
    insurance_cents: insuranceCents,
    discount_cents: retailCents - rateCents,
    total_cents: rateCents + insuranceCents,
    tracking_code: paid ? newTrackingCode(carrier, service) : null,
    tracker_id: paid ? `trk_fixture_${key.toLowerCase()}` : null,
    length_in: 12,
    width_in: 10,
    height_in: 6,
    weight_oz: 40,
    created_at: nowIso,
    updated_at: nowIso,
    bought_at: paid ? nowIso : null,
    ...FIXTURE_SENDER,
    ...FIXTURE_RECIPIENT,
    ...overrides,
  };
  const id = await insertShipmentRow(db, row);
  if (options.labels ?? (paid && row.tracking_code)) {
    const content = {
      carrier,
      serviceName: serviceLabel(carrier, service),
      trackingCode: row.tracking_code ?? '',
      from: { name: `${row.from_first_name} ${row.from_last_name}`, street1: row.from_address1 ?? '', city: row.from_city ?? '', state: row.from_state ?? '', zip: row.from_zipcode ?? '' },
      to: { name: `${row.to_first_name} ${row.to_last_name}`, street1: row.to_address1 ?? '', city: row.to_city ?? '', state: row.to_state ?? '', zip: row.to_zipcode ?? '' },
      weightOz: row.weight_oz,
      shipDate: new Date(),
    };
    await saveShipmentLabels(db, id, [
      { format: 'PNG', content: await renderLabel(content, 'PNG') },
      { format: 'PDF', content: await renderLabel(content, 'PDF') },
    ]);
  }
  let invoiceNo: string | null = null;
  if (options.invoice ?? paid) {
    invoiceNo = `INV-${row.order_no}`;
    await insertInvoice(db, {
      shipment_id: id,
      invoice_no: invoiceNo,
      rate_cents: row.rate_cents ?? 0,
      insurance_cents: row.insurance_cents ?? 0,
      discount_cents: row.discount_cents ?? 0,
      total_cents: row.total_cents ?? 0,
      payment_reference: `simulator …${key.slice(-8)}`,
      created_at: typeof row.created_at === 'string' ? row.created_at : nowIso,
    });
  }
  return { id, orderNo: row.order_no, providerShipmentId: row.provider_shipment_id ?? '', trackingCode: row.tracking_code ?? null, invoiceNo };
}

/**
 * The web app's USPS pickup form (POST /openapi/USPS/CarrierPickupSchedule) for a label of the
 * user: Casey Customer at 1 Main St, San Francisco, one Priority Mail package at the front door,
 * no locker. Spread it to add or override fields.
 */
export function uspsPickupForm(shipmentId: number, userId: number, pickupdate: string) {
  return {
    address1: '1 Main St',
    city: 'San Francisco',
    state: 'CA',
    zip5: '94105',
    firstname: 'Casey',
    lastname: 'Customer',
    servicetype: 'Priority Mail',
    uselocker: 0,
    count: 1,
    phone: '415-555-0101',
    packagelocation: 'Front Door',
    shipmentdetailsid: shipmentId,
    userid: userId,
    pickupdate,
  };
}

/** An order in progress of the user (overrides win): a full sender and recipient, a 12x10x6 in, 2.5 lb parcel. */
export async function insertSavedOrder(db: Db, userId: number, overrides: Partial<NewSavedOrder> = {}): Promise<number> {
  const nowIso = new Date().toISOString();
  return insertSavedOrderRow(db, {
    user_id: userId,
    length_in: 12,
    width_in: 10,
    height_in: 6,
    weight_oz: 40,
    insured_value_cents: 0,
    comments: '',
    created_at: nowIso,
    updated_at: nowIso,
    ...FIXTURE_SENDER,
    ...FIXTURE_RECIPIENT,
    ...overrides,
  });
}
