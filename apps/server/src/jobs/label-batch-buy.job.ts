import { z } from 'zod';
import { runBatchBuying } from '../modules/shipments/label-batch-checkout.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ batchId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Buys a paid label batch's rows one by one (issue 25 item 1); a long batch goes on in the next run. */
    'label-batch-buy': z.infer<typeof payload>;
  }
}

export const labelBatchBuyJob = defineJob({
  name: 'label-batch-buy',
  payload,
  run: ({ batchId }, context) => runBatchBuying(context, batchId),
});
