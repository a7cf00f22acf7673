import { finishInterruptedCaptures } from '../modules/payments/payments.service.js';
import { defineJob, noPayload } from './define-job.js';

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Recurring: repeats the captures a stopped server or a silent provider left unfinished (payment orders still 'capturing'). */
    'interrupted-captures': Record<string, never>;
  }
}

export const interruptedCapturesJob = defineJob({
  name: 'interrupted-captures',
  payload: noPayload,
  run: (_payload, context) => finishInterruptedCaptures(context),
  every: 5 * 60 * 1000,
});
