import { z } from 'zod';
import { sendTrackingNotices } from '../modules/shipments/tracking.service.js';
import { TRACKER_STATUSES } from '../providers/carriers/carriers-provider.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ shipmentId: jobId, status: z.enum(TRACKER_STATUSES), place: z.string(), at: z.string() });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /**
     * A label's tracker reached a status worth telling (place: the city and state of its event, or
     * ''; at: when it was recorded, which keys the notices): rendered and queued by the worker with
     * its own configuration, as 'delivery-notice'.
     */
    'tracking-notice': z.infer<typeof payload>;
  }
}

export const trackingNoticeJob = defineJob({
  name: 'tracking-notice',
  payload,
  run: (notice, context) => sendTrackingNotices(context, notice),
});
