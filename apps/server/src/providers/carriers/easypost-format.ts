import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CarrierError, carrierOf, TRACKER_STATUSES, type Tracker, type TrackerEvent, type TrackerStatus, type WebhookHeaders } from './carriers-provider.js';

/**
 * EasyPost's JSON for trackers and webhook events, and its webhook signature. The adapter reads
 * them from EasyPost; the simulator writes its events in the same shape, so one parser serves both.
 */

const nullableText = z.string().nullish().transform((value) => value ?? null);

/** A status EasyPost may add later reads as 'unknown' rather than failing the whole tracker. */
const trackerStatus = z
  .string()
  .nullish()
  .transform((value): TrackerStatus => (TRACKER_STATUSES as readonly string[]).includes(value ?? '') ? (value as TrackerStatus) : 'unknown');

const trackingDetailSchema = z.object({
  message: nullableText,
  status: trackerStatus,
  datetime: z.string().min(1),
  tracking_location: z
    .object({ city: nullableText, state: nullableText, zip: nullableText })
    .nullish()
    .transform((location) => location ?? { city: null, state: null, zip: null }),
});

export const easyPostTrackerSchema = z.object({
  id: z.string().min(1),
  object: z.literal('Tracker'),
  tracking_code: z.string().min(1),
  status: trackerStatus,
  status_detail: nullableText,
  carrier: nullableText,
  shipment_id: nullableText,
  est_delivery_date: nullableText,
  public_url: nullableText,
  tracking_details: z.array(trackingDetailSchema).nullish().transform((details) => details ?? []),
});
export type EasyPostTracker = z.input<typeof easyPostTrackerSchema>;

export function trackerFromEasyPost(tracker: z.output<typeof easyPostTrackerSchema>): Tracker {
  return {
    trackerId: tracker.id,
    trackingCode: tracker.tracking_code,
    carrier: carrierOf(tracker.carrier),
    status: tracker.status,
    statusDetail: tracker.status_detail,
    shipmentId: tracker.shipment_id,
    estDeliveryDate: tracker.est_delivery_date,
    publicUrl: tracker.public_url,
    events: tracker.tracking_details.map((detail) => ({
      status: detail.status,
      message: detail.message ?? '',
      datetime: detail.datetime,
      city: detail.tracking_location.city,
      state: detail.tracking_location.state,
      zip: detail.tracking_location.zip,
    })),
  };
}

/** The tracker as EasyPost writes it (the simulator's events). */
export function easyPostTrackerOf(tracker: Tracker, carrierName: string, updatedAt: string): EasyPostTracker & { updated_at: string } {
  return {
    id: tracker.trackerId,
    object: 'Tracker',
    tracking_code: tracker.trackingCode,
    status: tracker.status,
    status_detail: tracker.statusDetail,
    carrier: carrierName,
    shipment_id: tracker.shipmentId,
    est_delivery_date: tracker.estDeliveryDate,
    public_url: tracker.publicUrl,
    updated_at: updatedAt,
    tracking_details: tracker.events.map((event) => ({
      message: event.message,
      status: event.status,
      datetime: event.datetime,
      tracking_location: { city: event.city, state: event.state, zip: event.zip },
    })),
  };
}

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  object: z.literal('Event'),
  description: z.string(),
  previous_attributes: z.object({ status: z.string().optional() }).nullish(),
  result: z.unknown(),
});

/**
 * The tracker of a tracker.created or tracker.updated event; null for any other event (a batch,
 * a refund, a report); a CarrierError INVALID_REQUEST for a body that is not an EasyPost event.
 */
export function parseTrackerEvent(body: unknown): TrackerEvent | null {
  const event = eventSchema.safeParse(body);
  if (!event.success) throw new CarrierError('INVALID_REQUEST', 'the webhook body is not an EasyPost event');
  const { description } = event.data;
  if (description !== 'tracker.created' && description !== 'tracker.updated') return null;
  const tracker = easyPostTrackerSchema.safeParse(event.data.result);
  if (!tracker.success) throw new CarrierError('INVALID_REQUEST', `the ${description} event holds no valid tracker`);
  const previous = event.data.previous_attributes?.status;
  return {
    eventId: event.data.id,
    description,
    previousStatus: previous === undefined ? null : trackerStatus.parse(previous),
    tracker: trackerFromEasyPost(tracker.data),
  };
}

export const WEBHOOK_SIGNATURE_HEADER = 'x-hmac-signature';
const SIGNATURE_PREFIX = 'hmac-sha256-hex=';

function webhookDigest(rawBody: Buffer | string, secret: string): Buffer {
  // EasyPost's client libraries normalise the secret (NFKD) before keying the HMAC.
  return createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8')).update(rawBody).digest();
}

/** The X-Hmac-Signature EasyPost sends with a body: 'hmac-sha256-hex=' + the hex HMAC-SHA256 of the raw body. */
export function signWebhookBody(rawBody: Buffer | string, secret: string): string {
  return `${SIGNATURE_PREFIX}${webhookDigest(rawBody, secret).toString('hex')}`;
}

/**
 * Whether the raw body (the bytes as received: a re-serialised body may differ, e.g. 136.0 → 136)
 * carries a good signature, compared in constant time. No secret, no header, two headers or a
 * malformed one: false.
 */
export function verifyWebhookSignature(rawBody: Buffer | string, headers: WebhookHeaders, secret: string | undefined): boolean {
  if (!secret) return false;
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === WEBHOOK_SIGNATURE_HEADER)?.[1];
  if (typeof header !== 'string' || !header.startsWith(SIGNATURE_PREFIX)) return false;
  const hex = header.slice(SIGNATURE_PREFIX.length);
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), webhookDigest(rawBody, secret));
}
