import { z } from 'zod';
import { checkRefundStatus } from '../modules/shipments/refunds.service.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ shipmentId: jobId, check: z.number().int().positive() });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Asks the carrier how a label's refund stands; check counts the tries. */
    'refund-status': z.infer<typeof payload>;
  }
}

export const refundStatusJob = defineJob({
  name: 'refund-status',
  payload,
  run: ({ shipmentId, check }, context) => checkRefundStatus(context, shipmentId, check),
});
