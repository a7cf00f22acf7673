import { z } from 'zod';
import { defineJob } from './define-job.js';

const payload = z.object({ to: z.string(), body: z.string() });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** A text message: to an E.164 number. */
    sms: z.infer<typeof payload>;
  }
}

export const smsJob = defineJob({
  name: 'sms',
  payload,
  run: async (message, context) => {
    await context.sms.send(message);
  },
});
