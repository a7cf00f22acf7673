import { z } from 'zod';
import { voidFailedLabel } from '../modules/shipments/label-checkout.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ shipmentId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /**
     * Asks the carrier to void a label it made for a purchase that ended failed (its payment
     * refunded), once; tried again while a purchase may still be making one (settling).
     */
    'label-void': z.infer<typeof payload>;
  }
}

export const labelVoidJob = defineJob({
  name: 'label-void',
  payload,
  run: ({ shipmentId }, context) => voidFailedLabel(context, shipmentId),
});
