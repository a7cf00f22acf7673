import { DAY_MS } from '@airbox/contract';
import { autoRefundUnusedLabels } from '../modules/shipments/refunds.service.js';
import { defineJob, noPayload } from './define-job.js';

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Recurring (daily): asks the refund of unused labels shortly before the carrier's window closes. */
    'auto-refund-labels': Record<string, never>;
  }
}

export const autoRefundLabelsJob = defineJob({
  name: 'auto-refund-labels',
  payload: noPayload,
  run: (_payload, context) => autoRefundUnusedLabels(context),
  every: DAY_MS,
});
