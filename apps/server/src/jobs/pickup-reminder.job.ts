import { APP_PATHS, appUrl, freePeriodStart, PICKUP_EXTENSION_CREDITS, PICKUP_EXTENSION_MAX_DAYS, pickupReminderWindow } from '@airbox/contract';
import { z } from 'zod';
import { writeTransaction } from '../db/database.js';
import { toIso } from '../db/dialect.js';
import { findHub } from '../modules/hubs/hubs.repository.js';
import { pacificDateTime } from '../modules/messages/messages.html.js';
import { notify } from '../modules/notifications/notify.js';
import { findLockerPackage } from '../modules/packages/packages.repository.js';
import { findUserById } from '../modules/users/users.repository.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ packageId: jobId });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** The morning reminder of a package still waiting in its locker (enqueued by 'pickup-reminders'). */
    'pickup-reminder': z.infer<typeof payload>;
  }
}

/**
 * The morning reminder (beyond the spec): the package is still in the locker and a 1-credit fee
 * starts at 12:00 PM Pacific. By mail and/or text as the customer's notification switches say,
 * each its own job so one failing does not resend the other. Nothing once it is picked up. While
 * its free period can still be extended (issue 22 item 2), the reminder offers that, its action
 * leading to the dashboard where the package's EXTEND A DAY is.
 */
export const pickupReminderJob = defineJob({
  name: 'pickup-reminder',
  payload,
  run: async ({ packageId }, { db, config, log }) => {
    const pkg = await findLockerPackage(db, packageId);
    if (!pkg || pkg.picked_up_at !== null) return;
    const [user, hub] = await Promise.all([findUserById(db, pkg.user_id), findHub(db, pkg.hub_id)]);
    if (!user || !hub) return;
    const now = config.clock();
    const extendedDays = Number(pkg.extended_days);
    const { until } = pickupReminderWindow(freePeriodStart(new Date(toIso(pkg.delivered_at)), pkg.held_until, extendedDays));
    if (now >= until) return;
    const sentence =
      `Your ${pkg.carrier} package ${pkg.tracking_no} is still waiting at ${hub.business_name}, ${hub.address}, ${hub.city}. ` +
      `Pick it up before ${pacificDateTime(until)} to avoid a 1-credit fee; ` +
      `after that, 1 credit a day is charged, up to 2. Pickup code: ${pkg.pickup_code}.`;
    const daysLeft = PICKUP_EXTENSION_MAX_DAYS - extendedDays;
    const extendable = daysLeft > 0;
    const offer =
      `Can't make it today? Extend its free period by a day before then for ${PICKUP_EXTENSION_CREDITS} credit (or with PayPal) ` +
      `from your dashboard: ${daysLeft === PICKUP_EXTENSION_MAX_DAYS ? `up to ${PICKUP_EXTENSION_MAX_DAYS} days` : 'one more day'} can be added.`;
    await writeTransaction(db, (trx) =>
      notify(trx, { config, log }, user, {
        subject: 'pick up your package before noon Pacific to avoid a fee',
        lines: extendable ? [sentence, offer] : [sentence],
        action: extendable
          ? { label: 'Extend a day', link: appUrl(config.publicUrl, APP_PATHS.dashboard.getHref()) }
          : { label: 'My Messages', link: appUrl(config.publicUrl, APP_PATHS.message.getHref()) },
      }),
    );
  },
});
