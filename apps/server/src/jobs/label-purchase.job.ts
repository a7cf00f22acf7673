import { z } from 'zod';
import { purchaseLabel } from '../modules/shipments/label-checkout.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ shipmentId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Buys a paid label the carrier did not answer (again with the same key) until it is bought or refused. */
    'label-purchase': z.infer<typeof payload>;
  }
}

export const labelPurchaseJob = defineJob({
  name: 'label-purchase',
  payload,
  run: ({ shipmentId }, context) => purchaseLabel(context, shipmentId),
});
