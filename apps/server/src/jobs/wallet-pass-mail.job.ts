import { z } from 'zod';
import { mailWalletPass } from '../modules/wallet/wallet.service.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ userId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** The customer's wallet pass by mail: the pass is made when the job runs. */
    'wallet-pass-mail': z.infer<typeof payload>;
  }
}

export const walletPassMailJob = defineJob({
  name: 'wallet-pass-mail',
  payload,
  run: ({ userId }, context) => mailWalletPass(context, userId),
});
