import type { JobPayloads } from '../modules/jobs/jobs.js';
import { bookPickup } from '../modules/pickups/carrier-pickups.service.js';
import type { JobContext } from './context.js';

/** pickup-booking: finishes a paid pickup the carrier did not answer (the same rate each time, booked once). */
export function runPickupBooking({ pickupId }: JobPayloads['pickup-booking'], context: JobContext): Promise<void> {
  return bookPickup(context, pickupId);
}
