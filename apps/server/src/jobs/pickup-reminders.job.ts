import { freePeriodStart, pacificDateString, pickupReminderWindow } from '@airbox/contract';
import { toIso } from '../db/dialect.js';
import { enqueueJob } from '../modules/jobs/jobs.js';
import { listPackagesWaitingSince } from '../modules/packages/packages.repository.js';
import { defineJob, type JobContext, noPayload } from './define-job.js';

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Recurring: enqueues a pickup-reminder per package whose free period ends today. */
    'pickup-reminders': Record<string, never>;
  }
}

/** A package delivered longer ago than this is past its reminder window whatever the clock says. */
const LOOKBACK_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Every package still waiting whose reminder window is open now gets one pickup-reminder job; its
 * unique key keeps it to one per package, however often this runs.
 */
export async function enqueuePickupReminders({ db, config }: JobContext): Promise<void> {
  const now = config.clock();
  const lookback = new Date(now.getTime() - LOOKBACK_MS);
  const waiting = await listPackagesWaitingSince(db, lookback.toISOString(), pacificDateString(lookback));
  for (const pkg of waiting) {
    // A package held by a vacation hold is reminded on the morning its free period ends after the hold (issue 22 item 2).
    const { from, until } = pickupReminderWindow(freePeriodStart(new Date(toIso(pkg.delivered_at)), pkg.held_until));
    if (now >= from && now < until) {
      await enqueueJob(db, now, 'pickup-reminder', { packageId: pkg.id }, { uniqueKey: `pickup-reminder:${pkg.id}` });
    }
  }
}

export const pickupRemindersJob = defineJob({
  name: 'pickup-reminders',
  payload: noPayload,
  run: (_payload, context) => enqueuePickupReminders(context),
  every: 15 * 60 * 1000,
});
