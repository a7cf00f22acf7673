import { heldAtHub } from '../modules/shipments/hub-pickups.service.js';
import { refundDecided } from '../modules/shipments/refunds.service.js';
import { type AppliedTracker, applyTracker, recordTrackerEvent } from '../modules/shipments/tracking.service.js';
import type { RefundStatus } from '../providers/carriers/carriers-provider.js';
import { simulatorStepMs } from '../providers/carriers/index.js';
import { isCarriersSimulator, type SimulatorCarriersProvider } from '../providers/carriers/simulator-carriers-provider.js';
import { defineJob, type JobContext, noPayload } from './define-job.js';

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Recurring: the carriers simulator moves each due label one step (CARRIER_SIMULATOR_STEP_MINUTES). */
    'carrier-simulator-advance': Record<string, never>;
  }
}

/** At most this many labels move in one tick of the recurring job; the rest move at the next. */
const SIMULATOR_LABELS_PER_TICK = 200;

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
 * Each simulated label that last moved at least CARRIER_SIMULATOR_STEP_MINUTES ago moves one
 * step; the number of labels due. Nothing with EasyPost (its trackers move themselves) or with a
 * step of 0 (only on command).
 */
export async function advanceDueSimulatedLabels(context: JobContext): Promise<number> {
  const { carriers, config } = context;
  const stepMs = simulatorStepMs(config);
  if (!isCarriersSimulator(carriers) || stepMs === 0) return 0;
  const due = await carriers.dueTrackingCodes(new Date(config.clock().getTime() - stepMs), SIMULATOR_LABELS_PER_TICK);
  // A parcel an AirBox hub holds until its daily pickup is not scanned before it (issue 23 item 1).
  const held = await heldAtHub(context.db, due);
  for (const trackingCode of due) {
    if (held.has(trackingCode)) continue;
    try {
      await advanceSimulatedLabel(context, carriers, trackingCode);
    } catch (error) {
      // One label that cannot move keeps none of the others from moving.
      context.log.warn({ err: error, trackingCode }, 'the carriers simulator could not move a label');
    }
  }
  return due.length;
}

export const carrierSimulatorAdvanceJob = defineJob({
  name: 'carrier-simulator-advance',
  payload: noPayload,
  run: async (_payload, context) => {
    await advanceDueSimulatedLabels(context);
  },
  every: 5 * 60 * 1000,
});
