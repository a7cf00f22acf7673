import { z } from 'zod';
import { mailLabelReadyQr } from '../modules/shipments/label-returns.service.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({
  shipmentId: jobId,
  to: z.string(),
  firstName: z.string(),
  subject: z.string(),
  lines: z.array(z.string()),
  action: z.object({ label: z.string(), link: z.string() }),
});

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** The label-ready mail of a QR-code label (issue 23 item 2) or a hub drop-off's (item 1), its QR code attached. */
    'label-qr-mail': z.infer<typeof payload>;
  }
}

export const labelQrMailJob = defineJob({
  name: 'label-qr-mail',
  payload,
  run: (input, context) => mailLabelReadyQr(context, input),
});
