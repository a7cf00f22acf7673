import { HOUR_MS } from '@airbox/contract';
import { bookHubPickups } from '../modules/shipments/hub-pickups.service.js';
import { defineJob, noPayload } from './define-job.js';

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Recurring: once a day (from HUB_PICKUP_BOOKING_HOUR) each hub's dropped-off parcels get one pickup per carrier; bookings that failed are tried again. */
    'hub-pickups': Record<string, never>;
  }
}

export const hubPickupsJob = defineJob({
  name: 'hub-pickups',
  payload: noPayload,
  run: async (_payload, context) => {
    await bookHubPickups(context);
  },
  // Hourly: the day's pickup is made once (unique by hub, carrier and day) at the first tick from the booking hour.
  every: HOUR_MS,
});
