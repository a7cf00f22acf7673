import { z } from 'zod';
import { runBatchRating } from '../modules/shipments/label-batches.service.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ batchId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Verifies and rates a label batch's rows without fresh rates (issue 25 item 1); a long batch goes on in the next run. */
    'label-batch-rate': z.infer<typeof payload>;
  }
}

export const labelBatchRateJob = defineJob({
  name: 'label-batch-rate',
  payload,
  run: ({ batchId }, context) => runBatchRating(context, batchId),
});
