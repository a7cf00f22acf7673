import { z } from 'zod';
import { mailReturnLabel } from '../modules/shipments/label-returns.service.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ sendId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** A return label mailed to the person who will use it (issue 23 item 3): its PDF and QR code attached when the job runs. */
    'return-label-mail': z.infer<typeof payload>;
  }
}

export const returnLabelMailJob = defineJob({
  name: 'return-label-mail',
  payload,
  run: ({ sendId }, context) => mailReturnLabel(context, sendId),
});
