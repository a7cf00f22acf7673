import { z } from 'zod';
import { refundBatchRow } from '../modules/shipments/label-batch-checkout.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ rowId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Gives back the amount of a batch row the carrier refused (issue 25 item 1): part of the batch's payment, once. */
    'label-batch-refund': z.infer<typeof payload>;
  }
}

export const labelBatchRefundJob = defineJob({
  name: 'label-batch-refund',
  payload,
  run: ({ rowId }, context) => refundBatchRow(context, rowId),
});
