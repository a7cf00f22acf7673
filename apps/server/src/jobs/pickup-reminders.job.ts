import { DAY_MS, freePeriodStart, pacificDateString, pickupReminderWindow } from '@airbox/contract';
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
const LOOKBACK_MS = 3 * DAY_MS;

/**
 * Every package still waiting whose reminder window is open now gets one pickup-reminder job; its
 * unique key keeps it to one per package, however often this runs.
 */
export async function enqueuePickupReminders({ db, config }: JobContext): Promise<void> {
  const now = config.clock();
  const lookback = new Date(now.getTime() - LOOKBACK_MS);
  const waiting = await listPackagesWaitingSince(db, lookback.toISOString(), pacificDateString(lookback));
  for (const pkg of waiting) {
    // A package held by a vacation hold is reminded on the morning its free period ends after the
    // hold, an extended one on the morning its extended period ends (issue 22 item 2): once for
    // each end, so a package extended after its reminder is reminded again before its new end.
    const { from, until } = pickupReminderWindow(freePeriodStart(new Date(toIso(pkg.delivered_at)), pkg.held_until, pkg.extended_days));
    if (now >= from && now < until) {
      const key = pkg.extended_days > 0 ? `pickup-reminder:${pkg.id}:extended-${pkg.extended_days}` : `pickup-reminder:${pkg.id}`;
      await enqueueJob(db, now, 'pickup-reminder', { packageId: pkg.id }, { uniqueKey: key });
    }
  }
}

export const pickupRemindersJob = defineJob({
  name: 'pickup-reminders',
  payload: noPayload,
  run: (_payload, context) => enqueuePickupReminders(context),
  every: 15 * 60 * 1000,
});
