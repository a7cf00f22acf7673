import type { JobPayloads } from '../modules/jobs/jobs.js';
import { bookPickup, voidFailedPickup } from '../modules/pickups/pickup-checkout.js';
import type { JobContext } from './context.js';

/** pickup-booking: finishes a paid pickup the carrier did not answer (the same rate each time, booked once). */
export function runPickupBooking({ pickupId }: JobPayloads['pickup-booking'], context: JobContext): Promise<void> {
  return bookPickup(context, pickupId);
}

/**
 * pickup-void: cancels with the carrier a pickup it booked for a failed booking, if it booked one
 * (once); tried again while a booking may still be completing (settling).
 */
export function runPickupVoid({ pickupId }: JobPayloads['pickup-void'], context: JobContext): Promise<void> {
  return voidFailedPickup(context, pickupId);
}
