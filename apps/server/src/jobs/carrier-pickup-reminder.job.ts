import { DAY_MS, HOUR_MS } from '@airbox/contract';
import { z } from 'zod';
import { writeTransaction } from '../db/database.js';
import { toIso } from '../db/dialect.js';
import { notify } from '../modules/notifications/notify.js';
import { claimPickupReminder, findPickup, listUspsPickupMembers } from '../modules/pickups/pickups.repository.js';
import { addressLine, lockerLine, pickupLink, whenLine } from '../modules/pickups/pickups.service.js';
import type { PickupRow } from '../modules/pickups/pickups.table.js';
import { findShipment } from '../modules/shipments/shipments.repository.js';
import { findUserById } from '../modules/users/users.repository.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ pickupId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** The evening-before reminder of a scheduled carrier pickup, by mail and/or text (enqueued by 'carrier-pickup-reminders'). */
    'carrier-pickup-reminder': z.infer<typeof payload>;
  }
}

/** From this hour at the pickup address, the evening before, the reminder goes. */
const REMINDER_HOUR = 17;
/** A pickup booked this recently was just confirmed by mail: no reminder on top. */
const JUST_BOOKED_MS = HOUR_MS;

/** The date ('YYYY-MM-DD') and hour (0-23) at an instant in a time zone. */
function localDateAndHour(now: Date, timeZone: string): { date: string; hour: number } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  return { date, hour };
}

export const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Whether it is the evening before the pickup's day where it happens, and the pickup was not booked just now. */
export function isEveningBefore(pickup: Pick<PickupRow, 'pickup_date' | 'time_zone' | 'updated_at'>, now: Date): boolean {
  const local = localDateAndHour(now, pickup.time_zone);
  const bookedAt = Date.parse(toIso(pickup.updated_at));
  return nextDay(local.date) === pickup.pickup_date && local.hour >= REMINDER_HOUR && now.getTime() - bookedAt >= JUST_BOOKED_MS;
}

/**
 * The evening-before reminder (issue 10, beyond the spec): the carrier comes tomorrow, when, where,
 * where the package waits, and at a locker the drop-off code. By mail and/or text as the
 * customer's notification switches say. reminded_at is claimed in the same transaction as the
 * messages are queued, so a job run twice sends once; a pickup cancelled or moved meanwhile gets none.
 */
export const carrierPickupReminderJob = defineJob({
  name: 'carrier-pickup-reminder',
  payload,
  run: async ({ pickupId }, { db, config, log }) => {
    const now = config.clock();
    const pickup = await findPickup(db, pickupId);
    if (!pickup || pickup.state !== 'scheduled' || !isEveningBefore(pickup, now)) return;
    // A USPS pickup for several labels is one visit: its first label's reminder names every parcel, the others' none.
    const members = pickup.carrier === 'USPS' && pickup.confirmation ? await listUspsPickupMembers(db, pickup.user_id, pickup.confirmation) : [pickup];
    if ((members[0]?.id ?? pickup.id) !== pickup.id) {
      await claimPickupReminder(db, pickup.id, now.toISOString());
      return;
    }
    const [user, shipment, ...others] = await Promise.all([
      findUserById(db, pickup.user_id),
      findShipment(db, pickup.shipment_id),
      ...members.slice(1).map((member) => findShipment(db, member.shipment_id)),
    ]);
    if (!user || !shipment) return;
    const codes = [shipment, ...others].flatMap((parcel) => (parcel?.tracking_code ? [parcel.tracking_code] : []));
    const parcels = codes.length > 1 ? `parcels ${codes.join(', ')}` : `parcel${codes[0] ? ` ${codes[0]}` : ''}`;
    const sentences = [
      `${pickup.carrier} comes for your ${parcels} tomorrow: ${whenLine(pickup)}, at ${addressLine(pickup)}.`,
      ...(pickup.package_location ? [`Leave it at: ${pickup.package_location}.`] : []),
      ...lockerLine(pickup),
      ...(pickup.confirmation ? [`Confirmation number: ${pickup.confirmation}.`] : []),
    ];
    await writeTransaction(db, async (trx) => {
      if (!(await claimPickupReminder(trx, pickup.id, now.toISOString()))) return;
      for (const member of members.slice(1)) await claimPickupReminder(trx, member.id, now.toISOString());
      await notify(trx, { config, log }, user, {
        subject: `your ${pickup.carrier} pickup is tomorrow`,
        lines: sentences,
        action: { label: 'Pickup details', link: pickupLink(config, pickup, shipment) },
      });
    });
  },
});
