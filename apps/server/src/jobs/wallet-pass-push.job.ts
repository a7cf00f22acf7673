import { z } from 'zod';
import { pushPassUpdate } from '../modules/wallet/pass-web-service.service.js';
import { defineJob } from './define-job.js';

const payload = z.object({ serialNumber: z.string().min(1).max(64), deviceLibraryIdentifier: z.string().min(1).max(100) });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** A push that tells one registered device its wallet pass changed (the push token is read when it runs). */
    'wallet-pass-push': z.infer<typeof payload>;
  }
}

export const walletPassPushJob = defineJob({
  name: 'wallet-pass-push',
  payload,
  run: (job, context) => pushPassUpdate(context, job),
});
