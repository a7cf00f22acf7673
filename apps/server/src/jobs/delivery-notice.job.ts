import { z } from 'zod';
import { sendDeliveryNotices } from '../modules/lockers/locker-events.service.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ packageId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /**
     * A package delivered into a locker: the worker renders and queues its mail and text with its
     * own configuration (links to PUBLIC_URL), whichever process recorded the delivery.
     */
    'delivery-notice': z.infer<typeof payload>;
  }
}

export const deliveryNoticeJob = defineJob({
  name: 'delivery-notice',
  payload,
  run: ({ packageId }, context) => sendDeliveryNotices(context, packageId),
});
