import { z } from 'zod';
import type { JobPayloads } from '../modules/jobs/jobs.js';
import { refundDecided } from '../modules/shipments/refunds.service.js';
import { type AppliedTracker, applyTracker, recordTrackerEvent } from '../modules/shipments/tracking.service.js';
import { CARRIERS, type RefundStatus, type Tracker, TRACKER_STATUSES } from '../providers/carriers/carriers-provider.js';
import { simulatorStepMs } from '../providers/carriers/index.js';
import { isCarriersSimulator, type SimulatorCarriersProvider } from '../providers/carriers/simulator-carriers-provider.js';
import type { JobContext } from './context.js';

/** At most this many labels move in one tick of the recurring job; the rest move at the next. */
export const SIMULATOR_LABELS_PER_TICK = 200;

/** The webhook's body limit bounds the texts. */
const text = z.string();
const nullableText = text.nullable();

/** A tracker as the carrier-event job carries it (the provider's Tracker). */
export const trackerPayloadSchema: z.ZodType<Tracker> = z.object({
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

export const carrierEventPayloadSchema: z.ZodType<JobPayloads['carrier-event']> = z.object({ eventId: text.min(1), tracker: trackerPayloadSchema });

/** The carrier-event job: the event's tracker applied to its label (nothing when no label has it). */
export async function runCarrierEvent(payload: JobPayloads['carrier-event'], context: JobContext): Promise<void> {
  await applyTracker(context, payload.tracker);
}

export interface AdvancedLabel {
  trackingCode: string;
  /** The simulator's tracker status after the step. */
  trackerStatus: string;
  refundStatus: RefundStatus | null;
  /** Whether the tracker moved (a new event was sent to the portal). */
  moved: boolean;
  /** The portal's label after the event was applied (when applied now and the label is ours). */
  label?: AppliedTracker | undefined;
}

/**
 * Moves one simulated label a step (or grants its submitted refund) and sends the resulting
 * tracker event to the portal as the webhook would: stored by its id, applied by the
 * carrier-event job. With `applyNow` it is also applied at once (the carrier command), so the
 * answer tells the label's new status; the job then finds nothing left to change.
 */
export async function advanceSimulatedLabel(
  context: Pick<JobContext, 'db' | 'config' | 'log'>,
  carriers: SimulatorCarriersProvider,
  trackingCode: string,
  options: { applyNow?: boolean } = {},
): Promise<AdvancedLabel> {
  const step = await carriers.advance(trackingCode);
  const event = step.event ? carriers.parseTrackerEvent(step.event) : null;
  const result: AdvancedLabel = { trackingCode, trackerStatus: step.tracker.status, refundStatus: step.refundStatus, moved: event !== null };
  if (step.refundStatus === 'refunded' || step.refundStatus === 'rejected') await refundDecided(context, trackingCode);
  if (!event) return result;
  await recordTrackerEvent(context, event);
  if (options.applyNow) result.label = await applyTracker(context, event.tracker);
  return result;
}

/**
 * The recurring carrier-simulator-advance job: each simulated label that last moved at least
 * CARRIER_SIMULATOR_STEP_MINUTES ago moves one step. Nothing with EasyPost (its trackers move
 * themselves) or with a step of 0 (only on command).
 */
export async function advanceDueSimulatedLabels(context: JobContext): Promise<number> {
  const { carriers, config } = context;
  const stepMs = simulatorStepMs(config);
  if (!isCarriersSimulator(carriers) || stepMs === 0) return 0;
  const due = await carriers.dueTrackingCodes(new Date(config.clock().getTime() - stepMs), SIMULATOR_LABELS_PER_TICK);
  for (const trackingCode of due) {
    try {
      await advanceSimulatedLabel(context, carriers, trackingCode);
    } catch (error) {
      // One label that cannot move keeps none of the others from moving.
      context.log.warn({ err: error, trackingCode }, 'the carriers simulator could not move a label');
    }
  }
  return due.length;
}
