import { enqueueJob } from '../modules/jobs/jobs.js';
import { listPickupsToRemind } from '../modules/pickups/pickups.repository.js';
import { isEveningBefore, nextDay } from './carrier-pickup-reminder.job.js';
import { defineJob, noPayload } from './define-job.js';

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /**
     * Recurring: each scheduled pickup whose day is tomorrow at its address, from 5 PM there, gets
     * one carrier-pickup-reminder job (its unique key and reminded_at keep it to one).
     */
    'carrier-pickup-reminders': Record<string, never>;
  }
}

export const carrierPickupRemindersJob = defineJob({
  name: 'carrier-pickup-reminders',
  payload: noPayload,
  run: async (_payload, { db, config }) => {
    const now = config.clock();
    // Tomorrow somewhere in the US is between today and the day after in UTC.
    const today = now.toISOString().slice(0, 10);
    const candidates = await listPickupsToRemind(db, today, nextDay(nextDay(today)));
    for (const pickup of candidates) {
      if (isEveningBefore(pickup, now)) {
        await enqueueJob(db, now, 'carrier-pickup-reminder', { pickupId: pickup.id }, { uniqueKey: `carrier-pickup-reminder:${pickup.id}` });
      }
    }
  },
  every: 15 * 60 * 1000,
});
