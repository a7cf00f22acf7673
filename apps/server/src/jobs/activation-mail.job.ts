import { z } from 'zod';
import { sendActivationLink } from '../modules/auth/auth.service.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ userId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** The account's activation mail: its link is issued when the job runs, so no queued job holds a token. */
    'activation-mail': z.infer<typeof payload>;
  }
}

export const activationMailJob = defineJob({
  name: 'activation-mail',
  payload,
  run: ({ userId }, context) => sendActivationLink(context, userId),
});
