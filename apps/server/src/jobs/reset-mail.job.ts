import { z } from 'zod';
import { sendResetLink } from '../modules/auth/auth.service.js';
import { defineJob } from './define-job.js';

const payload = z.object({ email: z.string() });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** The password reset mail: its link is issued when the job runs, so no queued job holds a token. */
    'reset-mail': z.infer<typeof payload>;
  }
}

export const resetMailJob = defineJob({
  name: 'reset-mail',
  payload,
  run: ({ email }, context) => sendResetLink(context, email),
});
