import { z } from 'zod';
import { voidFailedPickup } from '../modules/pickups/pickup-checkout.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ pickupId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /**
     * Cancels with the carrier a pickup it booked for a booking that ended failed (its payment
     * refunded), once; tried again while a booking may still be completing (settling).
     */
    'pickup-void': z.infer<typeof payload>;
  }
}

export const pickupVoidJob = defineJob({
  name: 'pickup-void',
  payload,
  run: ({ pickupId }, context) => voidFailedPickup(context, pickupId),
});
