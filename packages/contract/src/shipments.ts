/**
 * My Shipments (spec 03 §2, §3, §4, §5, §9): the rules of a purchased label that both the web
 * app and the server apply. Status shown, the actions matrix, refund rules, prices and
 * insurance, comments, weights. No zod here: the call descriptors are in shipments-calls.ts.
 */

/** Texts the spec quotes (spec 03 §2, §5, §8), word for word, and ours beside them. */
export const SHIPMENT_MESSAGES = {
  unableToVerify: 'Unable to verify address!',
  noInvoice: 'This order has no invoice information!',
  shipmentExpired: ' ShipmentID expired',
  failure: ' Failure',
  cannotRefund: 'This shipment cannot be refunded!',
  serviceException: 'Service exception!',
  updateSuccess: 'Update success',
  successModified: 'SUCCESS Successfully Modified',
  success: 'Success',
  successBang: 'success!',
  noOrders: 'There are currently no ongoing orders',
  somethingWrong: 'Oops... Something Wrong',
  // Ours: the spec is silent.
  noLabels: 'You have no purchased labels yet.',
  refundQuestion: 'Request a refund for this label? The carrier reviews it; the money comes back to your payment method within 14 days once approved.',
  refundRequested: 'Refund requested. The carrier reviews it; we will tell you when it is refunded.',
  refundWindowClosed: 'This label is past its refund window.',
  /** A label with a carrier pickup booked or being booked (any carrier) is not refunded: the pickup is cancelled first. */
  refundPickupScheduled: 'This label has a carrier pickup scheduled. Cancel the pickup first, then request the refund.',
  deleteOrderQuestion: 'Delete this order in progress?',
  notFound: 'This shipment does not exist.',
  /** The public tracking page (issue 9) for a link no label has. */
  trackingNotFound: 'This tracking link is not valid. Please check the link in your e-mail.',
  commentsTooLong: 'Comments must be at most 200 characters',
} as const;

/** Spec 03 §3: status_flag on the wire. */
export const STATUS_FLAG = { unpaid: '0', labelCreated: '1', refunded: '2' } as const;
export type StatusFlag = (typeof STATUS_FLAG)[keyof typeof STATUS_FLAG];

/** The carriers a customer filters by (spec 03 §2, §9), as they are sent: UPS is sent as UPSDAP. */
export const SHIPMENT_CARRIER_FILTERS = [
  { label: 'USPS', value: 'USPS' },
  { label: 'FedEx', value: 'FedEx' },
  { label: 'UPS', value: 'UPSDAP' },
] as const;

/** A carrier's wire name ('UPSDAP', 'FedExDefault') as customers know it ('UPS', 'FedEx'). */
export function carrierDisplayName(carrier: string | null | undefined): string {
  if (!carrier) return '';
  if (/^UPS/i.test(carrier)) return 'UPS';
  if (/^FedEx/i.test(carrier)) return 'FedEx';
  return carrier;
}

/** One entry of the renaming list (carrierServiceRenaming): how the portal names a carrier's service. */
export interface ServiceRenaming {
  carrier: string;
  easypost_original: string;
  renamed: string;
}

/** A carrier's service code in words: 'GroundAdvantage' → 'Ground Advantage', 'FEDEX_2_DAY' → 'Fedex 2 Day'; words stay. */
function serviceWords(code: string): string {
  if (/\s/.test(code)) return code;
  return code
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => (/^[A-Z0-9]+$/.test(word) ? `${word.charAt(0)}${word.slice(1).toLowerCase()}` : word))
    .join(' ');
}

/**
 * A carrier's service named once, as every screen, mail, invoice and payment says it (issue 21
 * item 9): the renaming list's name when it has one ('USPS Ground Advantage'), else the carrier's
 * code in words; led by the carrier as customers know it unless the name already starts with it
 * ('FedEx Ground', never 'FedEx FedEx Ground' or 'USPS GroundAdvantage'). A pickup is no product
 * of its own and reads in lower case: 'FedEx pickup'. Carriers compare as customers know them,
 * so 'UPSDAP' and 'UPS' are one.
 */
export function carrierServiceName(carrier: string | null | undefined, service: string | null | undefined, renaming: readonly ServiceRenaming[] = []): string {
  const known = carrierDisplayName(carrier);
  const code = (service ?? '').trim();
  const renamed = renaming.find((entry) => entry.easypost_original === code && carrierDisplayName(entry.carrier) === known)?.renamed.trim();
  const name = (renamed || serviceWords(code)).replace(/\bPickup\b/g, 'pickup');
  if (known === '') return name;
  if (name.toLowerCase() === known.toLowerCase()) return known;
  if (name.toLowerCase().startsWith(`${known.toLowerCase()} `)) return renamed ? name : `${known}${name.slice(known.length)}`;
  return [known, name].filter((part) => part !== '').join(' ');
}

/** The portal's carrier name ('UPS') as the wire carries it ('UPSDAP'). */
export function carrierWireName(carrier: string): string {
  return carrier === 'UPS' ? 'UPSDAP' : carrier;
}

/** Carrier (tracker) statuses that mean the parcel is moving or arrived: no refund action then (spec 03 §4). */
const IN_CARRIER_HANDS = new Set(['delivered', 'in_transit', 'pre_transit', 'out_for_delivery', 'available_for_pickup']);
/** Carrier statuses a refund is refused at (spec 03 §5 Refund). */
const REFUND_REFUSED = new Set(['delivered', 'unknown', 'out_for_delivery', 'failure', 'cancelled', 'error', 'return_to_sender']);

/** What the list needs of a row to derive its status and actions. */
export interface ShipmentState {
  status_flag: string;
  easypostStatus: string | null | undefined;
  pickupId?: string | null | undefined;
  refund_status?: string | null | undefined;
  /** The carrier as the wire names it (USPS, UPSDAP, FedEx): UPS labels have no pickup to schedule. */
  rateCarrier?: string | undefined;
  /** Issue 23 item 1: the label's hub drop-off, if any. */
  dropOff?: { state: string; hubName: string } | null | undefined;
}

/**
 * The status a row shows (spec 03 §4): unpaid at flag 0 with no carrier status; label created at
 * flag 1 with no carrier status, or pre_transit or unknown; refunded at flag 2 (refund pending
 * while the carrier has not confirmed it); otherwise the carrier status as it is.
 */
export function shipmentStatus({ status_flag, easypostStatus, refund_status, dropOff }: ShipmentState): string {
  const carrier = easypostStatus ?? '';
  if (status_flag === STATUS_FLAG.refunded) return refund_status === 'submitted' ? 'refund pending' : 'refunded';
  if (status_flag === STATUS_FLAG.unpaid && carrier === '') return 'unpaid';
  if (status_flag === STATUS_FLAG.labelCreated && (carrier === '' || carrier === 'pre_transit' || carrier === 'unknown')) {
    // In an AirBox hub's locker until the carrier's first scan (issue 23 item 1).
    return dropOff?.state === 'dropped_off' ? `Dropped off at ${dropOff.hubName}` : 'label created';
  }
  return carrier.replace(/_/g, ' ');
}

export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'neutral';

/** Status colours group the statuses (spec 03 §4). */
export function statusTone(status: string): StatusTone {
  if (status === 'delivered' || status === 'available for pickup') return 'success';
  if (status === 'in transit' || status === 'out for delivery' || status === 'label created' || status === 'pickup scheduled') return 'info';
  if (status.startsWith('Dropped off at ')) return 'info';
  if (status === 'unpaid' || status === 'refund pending' || status === 'return to sender') return 'warning';
  if (status === 'failure' || status === 'cancelled' || status === 'error') return 'error';
  return 'neutral';
}

export interface ShipmentActions {
  details: boolean;
  editComments: boolean;
  viewLabel: boolean;
  downloadInvoice: boolean;
  /**
   * SCHEDULE PICKUP (no pickup yet) or PICKUP DETAILS (pickupId set); null for neither. 'dropoff'
   * where SCHEDULE PICKUP would be but the carrier has no pickup the portal sells (UPS: 'Door-to-door
   * pickup is currently not available for this carrier!'): the drop-off choices instead.
   */
  pickup: 'schedule' | 'details' | 'dropoff' | null;
  refund: boolean;
}

/** The actions matrix of spec 03 §4. */
export function shipmentActions({ status_flag, easypostStatus, pickupId, rateCarrier, dropOff }: ShipmentState): ShipmentActions {
  const carrier = easypostStatus ?? '';
  const labelCreated = status_flag === STATUS_FLAG.labelCreated;
  const hasPickup = Boolean(pickupId);
  // A parcel dropped off at an AirBox hub (or on its way there) goes with the hub's daily pickup (issue 23 item 1).
  if (dropOff && (dropOff.state === 'waiting' || dropOff.state === 'opening' || dropOff.state === 'dropped_off')) {
    return { details: true, editComments: true, viewLabel: labelCreated, downloadInvoice: labelCreated, pickup: null, refund: labelCreated && !IN_CARRIER_HANDS.has(carrier) };
  }
  const schedule = carrierDisplayName(rateCarrier) === 'UPS' ? 'dropoff' : 'schedule';
  return {
    details: true,
    editComments: true,
    viewLabel: labelCreated,
    downloadInvoice: labelCreated,
    pickup: labelCreated && (carrier === '' || hasPickup) ? (hasPickup ? 'details' : schedule) : null,
    refund: labelCreated && !IN_CARRIER_HANDS.has(carrier),
  };
}

/** How many days after purchase a carrier takes back an unused label (USPS 30, UPS and FedEx 90). */
export const REFUND_WINDOW_DAYS: Record<string, number> = { USPS: 30, UPS: 90, FedEx: 90 };

/**
 * Why a refund is refused, or null when it may be asked (spec 03 §5): only a label (flag 1),
 * not at the carrier statuses the spec lists, not in the carrier's hands, within the window.
 */
export function refundRefusal(
  row: ShipmentState & { rateCarrier: string; createTime: string },
  now: Date,
): string | null {
  const carrier = row.easypostStatus ?? '';
  if (row.status_flag !== STATUS_FLAG.labelCreated || REFUND_REFUSED.has(carrier) || IN_CARRIER_HANDS.has(carrier)) {
    return SHIPMENT_MESSAGES.cannotRefund;
  }
  const days = REFUND_WINDOW_DAYS[carrierDisplayName(row.rateCarrier)] ?? 30;
  if (now.getTime() - new Date(row.createTime).getTime() > days * 24 * 60 * 60 * 1000) return SHIPMENT_MESSAGES.refundWindowClosed;
  return null;
}

/** Payment status in the details dialog (spec 03 §4): Refunded when a refund was asked, else paid or unpaid. */
export function paymentStatus(row: { status_flag: string; refund_status?: string | null | undefined }): 'paid' | 'unpaid' | 'Refunded' {
  if (row.refund_status) return 'Refunded';
  return row.status_flag === STATUS_FLAG.unpaid ? 'unpaid' : 'paid';
}

// Money: the wire carries dollars with two decimals ('12.50'); sums are made in cents.

/** '12.5' or 12.5 → 1250; 0 for an empty or unreadable amount. */
export function toCents(amount: string | number | null | undefined): number {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** 1250 → '12.50'; -5 → '-0.05'. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Terms of Use (spec 02 §9): a package is insured for at most $500. */
export const MAX_INSURED_VALUE_CENTS = 50_000;

/**
 * The insurance fee for a declared value (spec 03 §9: the shipment value is insurance times
 * 100, so the fee is 1% of the value; a fee under $1 but not 0 is raised to $1).
 */
export function insuranceFeeCents(valueCents: number): number {
  if (valueCents <= 0) return 0;
  return Math.max(100, Math.round(valueCents / 100));
}

/** The declared value an insurance fee stands for (spec 03 §9). */
export function insuredValueCents(feeCents: number): number {
  return feeCents * 100;
}

/** Total price = retail rate + insurance - charge price, 2 decimals (spec 03 §9). */
export function totalPrice(row: { retailRate: string; insurance: string; chargePrice: string }): string {
  return fromCents(toCents(row.retailRate) + toCents(row.insurance) - toCents(row.chargePrice));
}

/** Comments: whitespace collapsed, at most 200 characters (spec 03 §5, §9). */
export const COMMENTS_MAX = 200;
export function normalizeComments(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** USPS weights are in ounces on the wire, shown in pounds: divided by 16 (spec 03 §9), 2 decimals at most. */
export function ouncesToPounds(ounces: number): number {
  return Math.round((ounces / 16) * 100) / 100;
}

/** A parcel's weight for the form: whole pounds and the ounces left. */
export function splitOunces(ounces: number): { lb: number; oz: number } {
  const lb = Math.floor(ounces / 16);
  return { lb, oz: Math.round((ounces - lb * 16) * 10) / 10 };
}
