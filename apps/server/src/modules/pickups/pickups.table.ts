import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/**
 * A carrier pickup of a bought label (spec 03 §3 Pickup record, issue 10). Its `state`:
 *
 *   FedEx (and any carrier of the carriers provider but UPS), paid: quoted (the carrier gave its
 *   rates) → paying (a payment order awaits approval; back to quoted when the payer cancels) →
 *   booking (payment captured, the carrier is asked, by the return and then by the
 *   pickup-booking job) → scheduled (confirmation kept, shipments.pickup_id set) or failed (the
 *   carrier refused, or did not answer for BOOKING_GIVE_UP_MS: the payment is refunded and
 *   `note` says so).
 *   USPS, free: booking (the row holds the shipment's one live place while USPS is asked) →
 *   scheduled, or failed when USPS refuses. When USPS's answer is lost it stays booking (`note`
 *   says so) until the customer schedules the label again, which sends `usps_request` once more.
 *   scheduled → canceled (our cancel, or USPS answers it cancelled); a paid pickup is not refunded.
 *
 * paying, booking and scheduled are live: a shipment has at most one (a partial unique index).
 */
export type PickupState = 'quoted' | 'paying' | 'booking' | 'scheduled' | 'canceled' | 'failed';

export const LIVE_PICKUP_STATES: readonly PickupState[] = ['paying', 'booking', 'scheduled'];

export interface PickupsTable {
  id: Generated<number>;
  user_id: number;
  shipment_id: number;
  /** USPS, UPS or FedEx (the portal's names). */
  carrier: string;
  /** Who books it: the carriers provider ('simulator', 'easypost') or the USPS one ('simulator', 'usps'). */
  provider: string;
  state: PickupState;
  /** The carriers provider's pickup id (FedEx): the wire's pickupId; unique. Null for USPS. */
  provider_pickup_id: string | null;
  /** The carrier's confirmation: FedEx's once booked, USPS's confirmation number (the wire's pickupId for USPS). */
  confirmation: string | null;
  /** USPS's ETag of the version last read: an update or cancel presents it (If-Match). */
  usps_etag: string | null;
  /**
   * USPS: the request it was scheduled with (UspsPickupRequest JSON), written before USPS is asked,
   * so an attempt whose answer was lost is sent again exactly as it was (usps-pickups.service.ts).
   */
  usps_request: Generated<string | null>;
  /** Where the driver comes, as verified (the hub when use_locker is 1). */
  name: Generated<string>;
  company: Generated<string>;
  street1: string;
  street2: Generated<string>;
  city: string;
  /** The address's state, a 2-letter code. */
  address_state: string;
  zip: string;
  phone: Generated<string>;
  /** 1: the package waits in a locker of the customer's hub, opened with dropoff_code. */
  use_locker: Generated<number>;
  /** The address's time zone (stateTimeZone): the window and the date are in it. */
  time_zone: string;
  /** 'YYYY-MM-DD' at the address. */
  pickup_date: string;
  /** The window at the address, 'YYYY-MM-DD HH:mm:ss' ('' for USPS, which comes on its round). */
  min_datetime: Generated<string>;
  max_datetime: Generated<string>;
  /** Where the package waits (spec 03 §9), the wire's reference. */
  package_location: Generated<string>;
  instructions: Generated<string>;
  /** USPS: the service asked (spec 03 §9); FedEx: the service of the rate paid for. */
  service_type: Generated<string>;
  estimated_weight_lb: Generated<number>;
  package_count: Generated<number>;
  /** The rates the carrier offered (JSON of PickupRate[]): the price charged is one of these, never the request's. */
  rates: Generated<string>;
  rate_id: string | null;
  /** What the customer pays (0 for USPS). */
  price_cents: Generated<number>;
  payment_order_id: number | null;
  /** The payment provider's approval page of the open order, answered again while that order is open. */
  payment_url: string | null;
  /** 6 digits that open a locker door of the hub to leave the package for the driver (use_locker 1). */
  dropoff_code: string | null;
  /** Why a pickup failed (and that its money came back). */
  note: Generated<string>;
  /** Set while one request cancels it with the carrier: a second cancel makes no carrier call. */
  cancel_claimed_at: Timestamp | null;
  /** When the evening-before reminder went (the reminders job, a later issue). */
  reminded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PickupRow = Selectable<PickupsTable>;
export type NewPickup = Insertable<PickupsTable>;
export type PickupUpdate = Updateable<PickupsTable>;

/** An address validateAddress verified for a user, under the carrier's id for it (addrId). Purged after a week. */
export interface VerifiedAddressesTable {
  address_id: string;
  user_id: number;
  name: Generated<string>;
  company: Generated<string>;
  street1: string;
  street2: Generated<string>;
  city: string;
  state: string;
  zip: string;
  phone: Generated<string>;
  created_at: Timestamp;
}

export type VerifiedAddressRow = Selectable<VerifiedAddressesTable>;
export type NewVerifiedAddress = Insertable<VerifiedAddressesTable>;
