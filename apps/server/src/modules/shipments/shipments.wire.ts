import {
  APP_PATHS,
  appUrl,
  carrierWireName,
  type CustomsDeclaration,
  customsDeclarationSchema,
  estimatedDeliveryDate,
  fromCents,
  type LabelRate,
  type PredefinedPackageId,
  placeLines,
  predefinedPackageOf,
  type ShipAgain,
  type ShipmentDetail,
  type ShipmentRow as WireShipmentRow,
  STATUS_FLAG,
  type StatusFlag,
  totalPrice,
  type UnpaidLabel,
} from '@airbox/contract';
import { toIso } from '../../db/dialect.js';
import type { ShipmentListRow, UnpaidShipmentRow } from './shipments.repository.js';
import type { ShipmentRow, ShipmentState } from './shipments.table.js';

/**
 * Purchases as the calls answer them (spec 03 §3 Shipment row and Shipment detail). Money goes
 * out as dollars with two decimals ('12.50'), weights in ounces, carriers by their wire names
 * (UPS is UPSDAP). Labels and invoices are served by the GET routes below, to their owner only.
 */

/** The USPS Flat Rate package a purchase ships in, or null: the customer's own box. */
const predefinedPackageIdOf = (row: { predefined_package: string | null }): PredefinedPackageId | null => predefinedPackageOf(row.predefined_package)?.id ?? null;

/** Where a bought label is viewed: its 4x6 PNG (labelURL) and PDF (labelPdfUrl); the invoice's PDF (invoiceUrl). */
export const LABEL_PNG_ROUTE = '/app/v1/shipments/:id/label.png';
export const LABEL_PDF_ROUTE = '/app/v1/shipments/:id/label.pdf';
export const INVOICE_PDF_ROUTE = '/app/v1/shipments/:id/invoice.pdf';

export const labelPngUrl = (shipmentId: number) => LABEL_PNG_ROUTE.replace(':id', String(shipmentId));
export const labelPdfUrl = (shipmentId: number) => LABEL_PDF_ROUTE.replace(':id', String(shipmentId));
export const invoicePdfUrl = (shipmentId: number) => INVOICE_PDF_ROUTE.replace(':id', String(shipmentId));

/**
 * The shipment a getShippingLabel label_url names: a row's labelURL as the list gave it, on its
 * own or inside an absolute URL. Undefined for anything else.
 */
export function shipmentIdOfLabelUrl(labelUrl: string): number | undefined {
  const match = /^(?:https?:\/\/[^/?#]+)?\/app\/v1\/shipments\/(\d{1,9})\/label\.png$/.exec(labelUrl.trim());
  return match ? Number(match[1]) : undefined;
}

/** status_flag from the purchase's state: 0 until bought (and when it failed), 1 bought, 2 refund pending or refunded. */
export function statusFlagOf(state: ShipmentState): StatusFlag {
  if (state === 'bought') return STATUS_FLAG.labelCreated;
  if (state === 'refund_pending' || state === 'refunded') return STATUS_FLAG.refunded;
  return STATUS_FLAG.unpaid;
}

type Side = 'from' | 'to';

/** A side's columns: from_first_name ... from_country, or the same of to. */
type SideColumns = Extract<keyof ShipmentRow, `${Side}_${'first_name' | 'last_name' | 'company' | 'address1' | 'address2' | 'city' | 'state' | 'zipcode' | 'phone' | 'email' | 'country'}`>;

/** A side's column names, worked out once: a name put together on every read (`${side}_city`) cost more than the rest of a row's shaping (issue 24). */
const sideColumns = <S extends Side>(side: S) =>
  ({
    firstName: `${side}_first_name`,
    lastName: `${side}_last_name`,
    company: `${side}_company`,
    address1: `${side}_address1`,
    address2: `${side}_address2`,
    city: `${side}_city`,
    state: `${side}_state`,
    zip: `${side}_zipcode`,
    phone: `${side}_phone`,
    email: `${side}_email`,
    country: `${side}_country`,
  }) as const;
const SIDE_COLUMNS = { from: sideColumns('from'), to: sideColumns('to') };

function sideOf(row: Pick<ShipmentRow, SideColumns>, side: Side) {
  const columns = SIDE_COLUMNS[side];
  return {
    firstName: row[columns.firstName],
    lastName: row[columns.lastName],
    company: row[columns.company],
    address1: row[columns.address1],
    address2: row[columns.address2],
    city: row[columns.city],
    state: row[columns.state],
    zip: row[columns.zip],
    phone: row[columns.phone],
    email: row[columns.email],
    /** Issue 25 item 3: ISO 3166-1 alpha-2. */
    country: row[columns.country],
  };
}

/** Issue 25 item 3: a parcel abroad's customs declaration as rated (JSON); null at home, or when damaged. */
export function customsOf(row: Pick<ShipmentRow, 'customs'>): CustomsDeclaration | null {
  if (!row.customs) return null;
  try {
    const parsed = customsDeclarationSchema.safeParse(JSON.parse(row.customs));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A person's name, or the company when no name was given. */
function nameOf(address: ReturnType<typeof sideOf>): string {
  return `${address.firstName} ${address.lastName}`.trim() || address.company;
}

/** 'San Francisco, CA 94110'; abroad in that country's order, the country last ('Toronto ON M5V 2T6, Canada'). */
function cityLine(address: ReturnType<typeof sideOf>): string {
  if (address.country !== 'US') return placeLines({ ...address, zipcode: address.zip }).join(', ');
  return [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

function streetLines(address: ReturnType<typeof sideOf>): string {
  return [address.address1, address.address2].filter(Boolean).join(', ');
}

function moneyOf(row: Pick<ShipmentRow, 'retail_cents' | 'insurance_cents' | 'discount_cents' | 'list_cents'>) {
  const retailRate = fromCents(row.retail_cents);
  const insurance = fromCents(row.insurance_cents);
  const chargePrice = fromCents(row.discount_cents);
  return { retailRate, listRate: fromCents(row.list_cents), insurance, chargePrice, TotalPrice: totalPrice({ retailRate, insurance, chargePrice }) };
}

/** A sender or recipient of an unpaid purchase, as the label page's steps hold it. */
function unpaidAddress(row: ShipmentRow, side: Side): UnpaidLabel['from'] {
  const { zip, ...address } = sideOf(row, side);
  return { ...address, zipcode: zip, residential: row[`${side}_residential`] === 1 };
}

/**
 * An unpaid purchase with the rates it was offered (`offered`, as the rates call gave them): the
 * rate chosen at the price ordered, and whether its payment is being confirmed (the provider
 * took it: no longer payable or deletable).
 */
export function toUnpaidLabel(row: UnpaidShipmentRow, offered: LabelRate[]): UnpaidLabel {
  const chosen = offered.find((rate) => rate.rateId === row.rate_id);
  return {
    id: row.id,
    orderNo: row.order_no,
    createTime: toIso(row.created_at),
    from: unpaidAddress(row, 'from'),
    to: unpaidAddress(row, 'to'),
    parcel: { length: row.length_in, width: row.width_in, height: row.height_in, weight: row.weight_oz, predefinedPackage: predefinedPackageIdOf(row) },
    insuredValue: fromCents(row.insured_value_cents),
    insurance: fromCents(row.insurance_cents),
    comments: row.comments,
    notifyRecipient: row.notify_recipient === 1,
    orderId: row.saved_order_id,
    rate: {
      rateId: row.rate_id ?? '',
      carrier: row.carrier ? carrierWireName(row.carrier) : '',
      service: row.service,
      rate: fromCents(row.rate_cents),
      retailRate: fromCents(row.retail_cents),
      deliveryDays: row.delivery_days,
      deliveryDate: chosen?.deliveryDate ?? null,
      cheapest: chosen?.cheapest ?? false,
      fastest: chosen?.fastest ?? false,
      dutiesAndTaxes: chosen?.dutiesAndTaxes ?? null,
    },
    rates: offered,
    total: fromCents(row.total_cents),
    shipDate: row.ship_date ?? '',
    payment: row.payment_status === 'capturing' || row.payment_status === 'captured' ? 'confirming' : 'unpaid',
    customs: customsOf(row),
  };
}

/** Ship again (issue 23 item 5): what a new label starts from, taken from this one; no price, it is rated afresh. */
export function toShipAgain(row: ShipmentRow): ShipAgain {
  return {
    id: row.id,
    orderNo: row.order_no,
    from: unpaidAddress(row, 'from'),
    to: unpaidAddress(row, 'to'),
    parcel: { length: row.length_in, width: row.width_in, height: row.height_in, weight: row.weight_oz, predefinedPackage: predefinedPackageIdOf(row) },
    insuredValue: fromCents(row.insured_value_cents),
    carrier: row.carrier ? carrierWireName(row.carrier) : '',
    service: row.service,
    customs: customsOf(row),
  };
}

/**
 * A row of Purchased Labels with what was looked up beside it (its drop-off, QR code and return),
 * made as one object: copying a 40-key row into another to add them cost 4-5 µs a row (issue 24).
 */
export function toShipmentRow(row: ShipmentListRow, extras: Required<Pick<WireShipmentRow, 'dropOff' | 'qrCode' | 'returnOf'>>): WireShipmentRow {
  const from = sideOf(row, 'from');
  const to = sideOf(row, 'to');
  const flag = statusFlagOf(row.state);
  const money = moneyOf(row);
  return {
    shipmentID: row.provider_shipment_id ?? '',
    shippingIndexID: row.id,
    shippingdetails_id: row.id,
    createTime: toIso(row.created_at),
    orderNo: row.order_no,
    rateCarrier: row.carrier ? carrierWireName(row.carrier) : '',
    rateService: row.service,
    retailRate: money.retailRate,
    listRate: money.listRate,
    insurance: money.insurance,
    chargePrice: money.chargePrice,
    TotalPrice: money.TotalPrice,
    trackingNum: row.tracking_code ?? '',
    comments: row.comments,
    status_flag: flag,
    easypostStatus: row.tracker_status,
    pickupId: row.pickup_id ?? '',
    labelURL: row.state === 'bought' ? labelPngUrl(row.id) : '',
    fromAddress1: streetLines(from),
    fromAddress2: cityLine(from),
    toAddress1: streetLines(to),
    toAddress2: cityLine(to),
    fromName: nameOf(from),
    toName: nameOf(to),
    fromPhone: from.phone,
    toPhone: to.phone,
    height: row.height_in,
    length: row.length_in,
    width: row.width_in,
    weight: row.weight_oz,
    predefinedPackage: predefinedPackageIdOf(row),
    refund_status: row.refund_status,
    autoRefund: row.auto_refund === 1,
    purchaseNote: row.purchase_note,
    pickupNote: row.pickup_note,
    dropOff: extras.dropOff,
    qrCode: extras.qrCode,
    returnOf: extras.returnOf,
  };
}

function detailAddress(row: ShipmentRow, side: Side): ShipmentDetail['from_address'] {
  const address = sideOf(row, side);
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    company: address.company,
    street1: address.address1,
    street2: address.address2,
    city: address.city,
    state: address.state,
    zip: address.zip,
    phone: address.phone,
    email: address.email,
    country: address.country,
  };
}

/** The tracker's events as stored (TrackingEvent[] JSON, oldest first); a damaged value reads as none. */
export function trackingEventsOf(json: string): { status: string; message: string; datetime: string }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((event: unknown) => {
    if (typeof event !== 'object' || event === null) return [];
    const { status, message, datetime } = event as Record<string, unknown>;
    return [{ status: String(status ?? ''), message: String(message ?? ''), datetime: String(datetime ?? '') }];
  });
}

/** Spec 03 §3 Shipment detail, with the money and references the details dialog shows beside it. */
export function toShipmentDetail(row: ShipmentRow, extra: { paymentReference: string; publicUrl: string }): ShipmentDetail {
  const money = moneyOf(row);
  const bought = row.state === 'bought';
  return {
    comments: row.comments,
    from_address: detailAddress(row, 'from'),
    to_address: detailAddress(row, 'to'),
    tracker: { status: row.tracker_status, trackingCode: row.tracking_code ?? '', trackingDetails: trackingEventsOf(row.tracking_events) },
    selected_rate: { carrier: row.carrier ? carrierWireName(row.carrier) : '', service: row.service, deliveryDays: row.delivery_days },
    refund_status: row.refund_status,
    discount_amount: money.chargePrice,
    parcel: {
      weight: row.weight_oz,
      height: row.height_in,
      width: row.width_in,
      length: row.length_in,
      createdAt: toIso(row.created_at),
      predefinedPackage: predefinedPackageIdOf(row),
    },
    postage_label: { trackingCode: row.tracking_code ?? '', labelPdfUrl: bought ? labelPdfUrl(row.id) : '' },
    shippingdetails_id: row.id,
    orderNo: row.order_no,
    status_flag: statusFlagOf(row.state),
    retailRate: money.retailRate,
    insurance: money.insurance,
    TotalPrice: money.TotalPrice,
    paymentReference: extra.paymentReference,
    publicTrackingUrl: row.tracking_token ? appUrl(extra.publicUrl, APP_PATHS.track.getHref(row.tracking_token)) : '',
    shipDate: row.ship_date ?? '',
    deliveryDate: promisedDeliveryDate(row),
    customs: customsOf(row),
  };
}

/**
 * The day the rate bought promised: the carrier's delivery date as rated (the rates kept with the
 * row), else its delivery days counted from the ship date; null when the label had no ship date.
 */
function promisedDeliveryDate(row: Pick<ShipmentRow, 'rates' | 'rate_id' | 'ship_date' | 'delivery_days' | 'carrier'>): string | null {
  let offered: unknown;
  try {
    offered = JSON.parse(row.rates);
  } catch {
    offered = [];
  }
  const chosen = Array.isArray(offered) ? (offered as { rateId?: unknown; deliveryDate?: unknown }[]).find((rate) => rate.rateId === row.rate_id) : undefined;
  if (typeof chosen?.deliveryDate === 'string' && chosen.deliveryDate) return chosen.deliveryDate;
  return row.ship_date && row.delivery_days !== null && row.carrier ? estimatedDeliveryDate(row.ship_date, row.delivery_days, row.carrier) : null;
}
