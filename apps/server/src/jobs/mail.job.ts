import { z } from 'zod';
import { defineJob } from './define-job.js';

const payload = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), link: z.string().optional() });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** A rendered mail without attachments. */
    mail: z.infer<typeof payload>;
  }
}

export const mailJob = defineJob({
  name: 'mail',
  payload,
  run: (mail, context) => context.mail.send(mail),
});
