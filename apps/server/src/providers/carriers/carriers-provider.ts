import type { CustomsDeclaration } from '@airbox/contract';

/**
 * What the portal asks a shipping carrier service (EasyPost, or the local simulator): verify an
 * address, rate a parcel, buy a label, fetch it, refund it, track it, schedule a pickup, and
 * read the service's webhooks. Money is in integer cents, sizes in inches, weights in ounces.
 */

/** The carriers the portal sells labels for (EasyPost's UPSDAP and FedExDefault accounts count as UPS and FedEx). */
export const CARRIERS = ['USPS', 'UPS', 'FedEx'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** A tracker's status, as EasyPost names them (spec 03 §4 shows them as they are). */
export const TRACKER_STATUSES = [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];

/** A label refund's status: asked ('submitted'), granted, refused, or one the carrier does not take. */
export const REFUND_STATUSES = ['submitted', 'refunded', 'rejected', 'not_applicable'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** 4x6 label files: a 300 dpi PNG, a PDF of 288 x 432 points, or ZPL for thermal printers. */
export const LABEL_FORMATS = ['PNG', 'PDF', 'ZPL'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const LABEL_CONTENT_TYPES: Record<LabelFormat, string> = {
  PNG: 'image/png',
  PDF: 'application/pdf',
  ZPL: 'application/zpl',
};

/** Terms of Use (spec 02 §9): a package is insured for at most $500. */
export const MAX_INSURANCE_CENTS = 50_000;

export interface PostalAddress {
  name?: string | undefined;
  company?: string | undefined;
  street1: string;
  street2?: string | undefined;
  city: string;
  /** A USPS state code ('CA'); a state's name is accepted and corrected by verification. */
  state: string;
  /** 5 digits, or ZIP+4 ('94107-1234'). */
  zip: string;
  /** ISO 3166-1 alpha-2; 'US' when absent. Another country than the sender's needs customs (RateShipmentInput.customs). */
  country?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  residential?: boolean | undefined;
}

/**
 * The service's word on an address: deliverable as given ('verified', possibly in its standard
 * spelling), deliverable once corrected ('suggestion': show the customer the corrected address
 * and the reasons), or not deliverable ('refused', with the reasons).
 */
export type AddressVerification =
  | { result: 'verified'; addressId: string; address: PostalAddress }
  | { result: 'suggestion'; addressId: string; address: PostalAddress; reasons: string[] }
  | { result: 'refused'; reasons: string[] };

export interface Parcel {
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  weightOz: number;
  /**
   * A carrier's own packaging by EasyPost's predefined_package name ('SmallFlatRateBox'): the
   * service is then sent only its name and the weight (the sides above are its inside size, for
   * the portal's records), and only that carrier rates it.
   */
  predefinedPackage?: string | undefined;
}

export interface RateShipmentInput {
  from: PostalAddress;
  to: PostalAddress;
  parcel: Parcel;
  /**
   * The day the label is handed to the carrier ('YYYY-MM-DD'; EasyPost's options.label_date): the
   * rates' delivery dates count from it. Left out: today, as EasyPost does.
   */
  shipDate?: string | undefined;
  /**
   * A return label (EasyPost's is_return): `from` is who sends the return (the outbound label's
   * recipient), `to` who gets it back. EasyPost is given the outbound label's addresses and swaps
   * them itself, as its docs ask; the adapter does that turn.
   */
  isReturn?: boolean | undefined;
  /**
   * The customs declaration (EasyPost's customs_info, its fields as EasyPost names them), for a
   * parcel between two countries: the service refuses such a parcel without it, or with what a
   * carrier will not take (an HS code missing, a value over the carrier's limit).
   */
  customs?: CustomsInfo | undefined;
}

/** EasyPost's CustomsInfo with its CustomsItems, as the contract's declaration reads (issue 25 item 3). */
export type CustomsInfo = CustomsDeclaration;

export interface ShipmentRate {
  rateId: string;
  shipmentId: string;
  carrier: Carrier;
  /** The service as the carrier service names it ('Priority', 'GroundAdvantage', '2ndDayAir', 'FEDEX_GROUND'). */
  service: string;
  /** What the label costs. */
  priceCents: number;
  /** The carrier's counter price, when it gives one. */
  retailPriceCents: number | null;
  /** The carrier's published price, when it gives one. */
  listPriceCents: number | null;
  currency: 'USD';
  deliveryDays: number | null;
  /** The day the carrier expects to deliver ('YYYY-MM-DD'), when it gives one. */
  deliveryDate: string | null;
  /**
   * Issue 25 item 3: the duties and taxes the carrier estimates the recipient pays for a parcel
   * abroad (cents); null or absent when it does not rate them.
   */
  dutiesCents?: number | null | undefined;
}

export interface RatedShipment {
  shipmentId: string;
  /** Cheapest first. */
  rates: ShipmentRate[];
  /** Why a carrier gave no rate ('USPS: a parcel over 70 lb'), for the logs and the customer. */
  messages: string[];
}

export interface BuyRateInput {
  shipmentId: string;
  rateId: string;
  /** The value to insure, 0 to MAX_INSURANCE_CENTS. */
  insuranceCents: number;
  /**
   * The purchase's own key (e.g. the label purchase row's id): the simulator buys once per key;
   * EasyPost takes none, so the adapter reconciles by shipment instead (see Postage.reconciled).
   */
  idempotencyKey: string;
}

/** A bought label. A shipment is bought at most once, whatever the number of calls. */
export interface Postage {
  shipmentId: string;
  trackingCode: string;
  trackerId: string | null;
  labelId: string;
  carrier: Carrier;
  service: string;
  postageCents: number;
  /** The insured value. */
  insuredCents: number;
  /** What the insurance cost, when the service reports it. */
  insuranceFeeCents: number;
  /** Where the service keeps the label files (EasyPost); the simulator keeps none: use fetchLabel. */
  labelUrls: Partial<Record<LabelFormat, string>>;
  /**
   * True when this answer was read back from a shipment bought before (a repeated call, or a
   * purchase whose answer was lost): nothing was charged by this call. The rate may then be
   * another than the one asked: record the carrier, service and price given here.
   */
  reconciled: boolean;
}

export interface LabelFile {
  format: LabelFormat;
  contentType: string;
  bytes: Buffer;
}

export interface TrackingEvent {
  status: TrackerStatus;
  message: string;
  /** ISO 8601. */
  datetime: string;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export interface Tracker {
  trackerId: string;
  trackingCode: string;
  carrier: Carrier | null;
  status: TrackerStatus;
  statusDetail: string | null;
  shipmentId: string | null;
  estDeliveryDate: string | null;
  publicUrl: string | null;
  /** Oldest first. */
  events: TrackingEvent[];
}

export type TrackReference = { trackerId: string } | { trackingCode: string; carrier?: Carrier | undefined };

/** A tracker event from a webhook: stored by eventId (the service sends an event more than once). */
export interface TrackerEvent {
  eventId: string;
  description: 'tracker.created' | 'tracker.updated';
  previousStatus: TrackerStatus | null;
  tracker: Tracker;
}

export interface CreatePickupInput {
  /** A bought shipment. */
  shipmentId: string;
  address: PostalAddress;
  /** The earliest and latest moments the carrier may come. */
  minDatetime: Date;
  maxDatetime: Date;
  /** Where the package is, for the driver (spec 03 §9 package locations). */
  reference?: string | undefined;
  /** At most 120 characters (spec 03 §5). */
  instructions?: string | undefined;
}

export interface PickupRate {
  rateId: string;
  carrier: Carrier;
  service: string;
  priceCents: number;
  currency: 'USD';
}

export type PickupStatus = 'unknown' | 'scheduled' | 'canceled';

export interface CreatedPickup {
  pickupId: string;
  status: PickupStatus;
  /** Empty when no carrier comes to this address at that time ('Pickup is not available for this service!'). */
  rates: PickupRate[];
}

/** A pickup as the carrier service holds it: booked ('scheduled', with its confirmation), not (yet) booked ('unknown'), or canceled. */
export interface FoundPickup {
  status: PickupStatus;
  confirmation: string | null;
}

export interface BoughtPickup {
  pickupId: string;
  status: PickupStatus;
  confirmation: string;
  carrier: Carrier;
  service: string;
  priceCents: number;
}

/** A scan form's status, as EasyPost names them: being made, made (its PDF ready), or failed (its message says why). */
export type ScanFormStatus = 'creating' | 'created' | 'failed';

export interface CreateScanFormInput {
  /** Bought USPS shipments of one sender address, dated today or later, on no other scan form. */
  shipmentIds: string[];
  /** The portal's own key for this form (its row id): the simulator makes one form per key; EasyPost takes none. */
  idempotencyKey: string;
}

/**
 * An end-of-day scan form (EasyPost's ScanForm, USPS's SCAN form / PS Form 5630): one document
 * the carrier scans once to accept every parcel it lists.
 */
export interface ScanFormResult {
  scanFormId: string;
  status: ScanFormStatus;
  trackingCodes: string[];
  /** Where the service keeps the PDF (EasyPost); null while creating, and for the simulator (use fetchScanForm). */
  formUrl: string | null;
  batchId: string | null;
  /** Why it failed, when it did. */
  message: string | null;
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** Every call of the provider, by name: what the simulator can be told to fail. */
export const CARRIER_STEPS = [
  'verifyAddress',
  'rateShipment',
  'buyRate',
  'findLabel',
  'fetchLabel',
  'fetchLabelQrCode',
  'refund',
  'getRefundStatus',
  'track',
  'createPickup',
  'buyPickup',
  'findPickup',
  'cancelPickup',
  'createScanForm',
  'findScanForm',
  'findScanFormOf',
  'fetchScanForm',
] as const;
export type CarrierStep = (typeof CARRIER_STEPS)[number];

/** Sends labels, rates, refunds and pickups to a carrier service: the simulator by default, EasyPost with CARRIERS_PROVIDER=easypost. */
export interface CarriersProvider {
  readonly name: 'simulator' | 'easypost';
  verifyAddress(address: PostalAddress): Promise<AddressVerification>;
  /** A shipment with the rates of every carrier and service that takes the parcel. */
  rateShipment(input: RateShipmentInput): Promise<RatedShipment>;
  /** Buys one of the shipment's rates, with insurance; a shipment already bought answers its postage (reconciled). */
  buyRate(input: BuyRateInput): Promise<Postage>;
  /**
   * The label the carrier holds for a shipment (reconciled), or null when it has none or does not
   * know the shipment: a purchase refused or unanswered may still have made one.
   */
  findLabel(shipmentId: string): Promise<Postage | null>;
  /** The bought label of a shipment as a file (4x6). */
  fetchLabel(shipmentId: string, format: LabelFormat): Promise<LabelFile>;
  /**
   * The QR code a counter scans to print the bought label (USPS's Label Broker; EasyPost's
   * 'label_qr_code' form), as a PNG. INVALID_REQUEST for a carrier that makes none (QR_CODE_CARRIERS).
   */
  fetchLabelQrCode(shipmentId: string): Promise<LabelFile>;
  /** Asks for the label's money back; asking again answers the refund's current status. */
  refund(shipmentId: string): Promise<RefundStatus>;
  /** The refund's status, or null when none was asked. */
  getRefundStatus(shipmentId: string): Promise<RefundStatus | null>;
  track(reference: TrackReference): Promise<Tracker>;
  createPickup(input: CreatePickupInput): Promise<CreatedPickup>;
  /**
   * Books one of the pickup's rates; booking the same rate again answers the same confirmation
   * (EasyPost refuses a second buy: the adapter answers the booking the pickup reads).
   */
  buyPickup(pickupId: string, rateId: string): Promise<BoughtPickup>;
  /**
   * The pickup as the carrier holds it, or null when it does not know it: a booking refused or
   * unanswered may still have been made.
   */
  findPickup(pickupId: string): Promise<FoundPickup | null>;
  cancelPickup(pickupId: string): Promise<PickupStatus>;
  /**
   * One scan form for the shipments (EasyPost POST /scan_forms): refused (INVALID_REQUEST, naming
   * why) when one is not a bought USPS label, is refunded, is on another scan form already, or
   * the shipments have different from-addresses. It may answer 'creating': read it with findScanForm.
   */
  createScanForm(input: CreateScanFormInput): Promise<ScanFormResult>;
  /** The scan form as the service holds it now, or null when it does not know it. */
  findScanForm(scanFormId: string): Promise<ScanFormResult | null>;
  /**
   * The scan form listing these shipments (one asked for whose answer was lost), or null when the
   * service holds none: asked before a second POST, which the carrier refuses (already on a form).
   */
  findScanFormOf(input: { shipmentIds: string[]; trackingCodes: string[] }): Promise<ScanFormResult | null>;
  /** The made scan form as a PDF; INVALID_REQUEST while it is not made. */
  fetchScanForm(scanFormId: string): Promise<LabelFile>;
  /** Whether a webhook's raw body carries the service's signature (X-Hmac-Signature); false without a secret. */
  verifyWebhook(rawBody: Buffer | string, headers: WebhookHeaders): boolean;
  /** The tracker in a verified webhook's body; null for an event about something else. */
  parseTrackerEvent(body: unknown): TrackerEvent | null;
}

export const CARRIER_ERROR_CODES = [
  /** The address is not deliverable. */
  'ADDRESS.VERIFY.FAILURE',
  /** The shipment already has a label (buyRate reconciles it: callers never see this one). */
  'SHIPMENT.POSTAGE.EXISTS',
  /** The carrier refused to make the label. */
  'SHIPMENT.POSTAGE.FAILURE',
  /** The carrier account cannot pay (HTTP 402). */
  'PAYMENT_REQUIRED',
  /** Too many calls: try again later (HTTP 429). */
  'RATE_LIMITED',
  /** The service did not answer, timed out or failed (HTTP 5xx): try again later. */
  'UNAVAILABLE',
  /** No such shipment, rate, tracker or pickup. */
  'NOT_FOUND',
  /** The request was refused as it is (HTTP 400/422): trying again changes nothing. */
  'INVALID_REQUEST',
  /** The API key was refused (HTTP 401/403): a configuration fault. */
  'UNAUTHORIZED',
] as const;
export type CarrierErrorCode = (typeof CARRIER_ERROR_CODES)[number];

const RETRYABLE: ReadonlySet<CarrierErrorCode> = new Set(['RATE_LIMITED', 'UNAVAILABLE']);

/**
 * How long a purchase (a label, a pickup booking) the service refused or left unanswered may
 * still be completing there, its label or booking not visible yet: EasyPost takes no idempotency
 * key, answers a buy within a minute (its own client waits 60 s) and finishes one whose caller
 * hung up. Until then a refusal without a label is not taken for one (CarrierError.unsettled),
 * and a void that finds nothing looks again.
 */
export const CARRIER_SETTLE_MS = 10 * 60 * 1000;

/**
 * A carrier service refused or failed a call. `retryable`: the same call may succeed later.
 * `unsettled`: a purchase was refused, but an earlier call of the same purchase (one whose answer
 * was lost) may still be completing at the service and shows nothing yet: retryable, and a
 * refusal only when no earlier call was made or once CARRIER_SETTLE_MS have passed.
 */
export class CarrierError extends Error {
  override name = 'CarrierError';
  readonly retryable: boolean;
  readonly unsettled: boolean;
  constructor(
    readonly code: CarrierErrorCode,
    message: string,
    readonly details: { providerCode?: string | undefined; statusCode?: number | undefined; reasons?: string[] | undefined; unsettled?: boolean | undefined } = {},
  ) {
    super(message);
    this.unsettled = details.unsettled === true;
    this.retryable = RETRYABLE.has(code) || this.unsettled;
  }
}

/** The insured value must be whole cents from 0 to $500 (Terms of Use). */
export function checkInsurance(insuranceCents: number | undefined): number {
  const cents = insuranceCents ?? 0;
  if (!Number.isInteger(cents) || cents < 0 || cents > MAX_INSURANCE_CENTS) {
    throw new CarrierError('INVALID_REQUEST', `insurance must be whole cents from 0 to ${MAX_INSURANCE_CENTS}`);
  }
  return cents;
}

/** A parcel must have positive, finite sizes and weight. */
export function checkParcel(parcel: Parcel): Parcel {
  const values = [parcel.lengthIn, parcel.widthIn, parcel.heightIn, parcel.weightOz];
  if (!values.every((value) => Number.isFinite(value) && value > 0)) {
    throw new CarrierError('INVALID_REQUEST', 'a parcel needs a positive length, width, height and weight');
  }
  return parcel;
}

/** The portal's carrier for a service's carrier name ('UPSDAP' → UPS); null for one the portal does not sell. */
export function carrierOf(name: string | null | undefined): Carrier | null {
  if (!name) return null;
  if (name === 'USPS') return 'USPS';
  if (/^UPS/i.test(name)) return 'UPS';
  if (/^FedEx/i.test(name)) return 'FedEx';
  return null;
}

/** '5.93' or '0.50000' → cents (rounded); null for anything that is not a plain non-negative amount. */
export function centsOfAmount(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,6})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

/** 1250 → '12.50'. */
export function amountOfCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
