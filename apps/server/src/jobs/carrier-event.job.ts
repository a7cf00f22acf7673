import { z } from 'zod';
import { applyTracker } from '../modules/shipments/tracking.service.js';
import { CARRIERS, type Tracker, TRACKER_STATUSES } from '../providers/carriers/carriers-provider.js';
import { defineJob } from './define-job.js';

/** The webhook's body limit bounds the texts. */
const text = z.string();
const nullableText = text.nullable();

/** A tracker as the job carries it (the provider's Tracker). */
const trackerPayload: z.ZodType<Tracker> = z.object({
  trackerId: text.min(1),
  trackingCode: text.min(1),
  carrier: z.enum(CARRIERS).nullable(),
  status: z.enum(TRACKER_STATUSES),
  statusDetail: nullableText,
  shipmentId: nullableText,
  estDeliveryDate: nullableText,
  publicUrl: nullableText,
  events: z.array(
    z.object({ status: z.enum(TRACKER_STATUSES), message: text, datetime: text, city: nullableText, state: nullableText, zip: nullableText }),
  ),
});

const payload = z.object({ eventId: text.min(1), tracker: trackerPayload });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** A carrier's tracker event (webhook or simulator), stored by its id: applies the tracker to its label (nothing when no label has it). */
    'carrier-event': z.infer<typeof payload>;
  }
}

export const carrierEventJob = defineJob({
  name: 'carrier-event',
  payload,
  run: async ({ tracker }, context) => {
    await applyTracker(context, tracker);
  },
});
