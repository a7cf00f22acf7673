import { z } from 'zod';
import { bookPickup } from '../modules/pickups/pickup-checkout.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ pickupId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Books a paid pickup with the carrier (the same rate again, which it books once) until it is booked, refused or given up. */
    'pickup-booking': z.infer<typeof payload>;
  }
}

export const pickupBookingJob = defineJob({
  name: 'pickup-booking',
  payload,
  run: ({ pickupId }, context) => bookPickup(context, pickupId),
});
