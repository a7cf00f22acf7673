import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';
import type { ShippingAddressColumns } from '../saved-orders/saved-orders.table.js';

/**
 * A label purchase and then the label (spec 03 §3 Shipment row). Its `state` is the purchase's
 * state machine (DESIGN.md, Carriers):
 *
 *   draft (rated, not paid) → paying (a payment order awaits approval) → buying (payment
 *   captured, the carrier is asked) → bought (label, ledger row and invoice written together)
 *   → refund_pending (the carrier reviews the refund) → refunded (the payment was refunded);
 *   a refund the carrier rejects goes back to bought. buying → failed when the carrier refused:
 *   the payment is refunded and purchase_note says why.
 *
 * status_flag on the wire derives from it: 0 before bought (and failed), 1 bought, 2 refund
 * pending or refunded.
 */
export type ShipmentState = 'draft' | 'paying' | 'buying' | 'bought' | 'failed' | 'refund_pending' | 'refunded';

export interface ShipmentsTable extends ShippingAddressColumns {
  id: Generated<number>;
  user_id: number;
  /** Ours, shown to the customer ('AB2611230000042'); unique. */
  order_no: string;
  /** The customer's AirBox ID when the label was bought (the Search Options' boxId). */
  box_id: string;
  state: ShipmentState;
  /** The carriers provider that rated it: 'simulator' or 'easypost'. */
  provider: string;
  /** The provider's shipment id; unique per provider. */
  provider_shipment_id: string | null;
  /** The rates offered (JSON of ShipmentRate[]), kept to charge the price that was shown. */
  rates: Generated<string>;
  rated_at: Timestamp | null;
  rate_id: string | null;
  /** USPS, UPS or FedEx (the portal's names; the wire sends UPS as UPSDAP). */
  carrier: Generated<string>;
  service: Generated<string>;
  delivery_days: number | null;
  /** The day the label is handed to the carrier ('YYYY-MM-DD', chosen on the Rates step); null when rated before it was asked. */
  ship_date: string | null;
  /** What the label costs the customer (the carrier's rate). */
  rate_cents: Generated<number>;
  /** The carrier's counter price (retailRate); the discount is retail - rate. */
  retail_cents: Generated<number>;
  list_cents: Generated<number>;
  /** The declared value insured, 0 to 50000. */
  insured_value_cents: Generated<number>;
  /** The insurance fee (spec 03 §9). */
  insurance_cents: Generated<number>;
  /** chargePrice on the wire: what the customer saves on the retail price. */
  discount_cents: Generated<number>;
  /** rate + insurance: what the customer pays. */
  total_cents: Generated<number>;
  tracking_code: string | null;
  tracker_id: string | null;
  /** The tracker's last status (easypostStatus), '' before the carrier has any. */
  tracker_status: Generated<string>;
  /** The tracker's events, oldest first (JSON of TrackingEvent[]). */
  tracking_events: Generated<string>;
  /** When the carrier expects to deliver it (the tracker's est_delivery_date); null until a tracker says. */
  est_delivery_date: Timestamp | null;
  /** '' none asked, else submitted, refunded, rejected, not_applicable. */
  refund_status: Generated<string>;
  /** When the label's refund was asked; on a failed purchase, when the carrier was asked to void the label it made anyway (label-void.service.ts). */
  refund_requested_at: Timestamp | null;
  refunded_at: Timestamp | null;
  /** 1 when the daily unused-label job asked for the refund. */
  auto_refund: Generated<number>;
  comments: Generated<string>;
  /** The carrier pickup booked for it (pickups issue). */
  pickup_id: string | null;
  /** The AirBox hub chosen at Review and pay to drop the parcel off at (issue 23 item 1); null: none. */
  drop_off_hub_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 23 item 2: 1 when a QR code to show at the counter was asked at Review and pay (its image: shipment_qr_codes). */
  label_qr_code: Generated<number>;
  /** Issue 23 item 3: a return label's outbound label; null: not a return. */
  return_of_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Issue 25 item 3: each address's country (ISO 3166-1 alpha-2), 'US' unless a label goes abroad. */
  from_country: ColumnType<string, string | undefined, string>;
  to_country: ColumnType<string, string | undefined, string>;
  /** Issue 25 item 3: a parcel abroad's customs declaration (EasyPost's customs_info), JSON; null at home. */
  customs: ColumnType<string | null, string | null | undefined, string | null>;
  length_in: number;
  width_in: number;
  height_in: number;
  weight_oz: number;
  /** The USPS Flat Rate package (EasyPost's predefined_package name; its inside size above), null: the customer's own box. */
  predefined_package: ColumnType<string | null, string | null | undefined, string | null>;
  payment_order_id: number | null;
  /** The order in progress this purchase continues: deleted once bought. */
  saved_order_id: number | null;
  /** 1: the recipient is mailed a link to the public tracking page. */
  notify_recipient: Generated<number>;
  /** The public tracking page's token (random, unique), when the recipient is told. */
  tracking_token: string | null;
  /** Why a paid purchase ended without a label. */
  purchase_note: Generated<string>;
  /** Why the last paid pickup was not booked, and that its payment came back ('' once one is scheduled). */
  pickup_note: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  bought_at: Timestamp | null;
}

export type ShipmentRow = Selectable<ShipmentsTable>;
export type NewShipment = Insertable<ShipmentsTable>;
export type ShipmentUpdate = Updateable<ShipmentsTable>;

/** A bought label's files, kept at purchase: the carrier's copy may expire, the simulator keeps none. */
export interface ShipmentLabelsTable {
  shipment_id: number;
  format: 'PNG' | 'PDF' | 'ZPL';
  content: Buffer;
}

/** The invoice of a bought label, written with it; its PDF is drawn from this row. */
export interface InvoicesTable {
  id: Generated<number>;
  shipment_id: number;
  /** 'INV-' and the order number; unique. */
  invoice_no: string;
  rate_cents: number;
  insurance_cents: number;
  discount_cents: number;
  total_cents: number;
  /** The payment provider and the end of its order id. */
  payment_reference: string;
  created_at: Timestamp;
}

export type InvoiceRow = Selectable<InvoicesTable>;

/** A carrier webhook event already taken: an event id is processed once. */
export interface CarrierEventsTable {
  event_id: string;
  description: string;
  received_at: Timestamp;
}
