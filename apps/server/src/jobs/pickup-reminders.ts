import { APP_PATHS, appUrl, pickupReminderWindow } from '@airbox/contract';
import { writeTransaction } from '../db/database.js';
import { toIso } from '../db/dialect.js';
import { findHub } from '../modules/hubs/hubs.repository.js';
import { enqueueJob } from '../modules/jobs/jobs.js';
import { pacificDateTime } from '../modules/messages/messages.html.js';
import { notify } from '../modules/notifications/notify.js';
import { findUserById } from '../modules/users/users.repository.js';
import type { JobContext } from './context.js';

/** A package delivered longer ago than this is past its reminder window whatever the clock says. */
const LOOKBACK_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Recurring: every package still waiting whose reminder window is open now gets one
 * pickup-reminder job; its unique key keeps it to one per package, however often this runs.
 */
export async function enqueuePickupReminders({ db, config }: JobContext): Promise<void> {
  const now = config.clock();
  const waiting = await db
    .selectFrom('locker_packages')
    .select(['id', 'delivered_at'])
    .where('picked_up_at', 'is', null)
    .where('delivered_at', '>', new Date(now.getTime() - LOOKBACK_MS).toISOString())
    .execute();
  for (const pkg of waiting) {
    const { from, until } = pickupReminderWindow(new Date(toIso(pkg.delivered_at)));
    if (now >= from && now < until) {
      await enqueueJob(db, now, 'pickup-reminder', { packageId: pkg.id }, { uniqueKey: `pickup-reminder:${pkg.id}` });
    }
  }
}

/**
 * The morning reminder (beyond the spec): the package is still in the locker and a 1-credit fee
 * starts at 12:00 PM Pacific. By mail and/or text as the customer's notification switches say,
 * each its own job so one failing does not resend the other. Nothing once it is picked up.
 */
export async function sendPickupReminder({ db, config, log }: JobContext, packageId: number): Promise<void> {
  const pkg = await db.selectFrom('locker_packages').selectAll().where('id', '=', packageId).executeTakeFirst();
  if (!pkg || pkg.picked_up_at !== null) return;
  const [user, hub] = await Promise.all([findUserById(db, pkg.user_id), findHub(db, pkg.hub_id)]);
  if (!user || !hub) return;
  const now = config.clock();
  const { until } = pickupReminderWindow(new Date(toIso(pkg.delivered_at)));
  if (now >= until) return;
  const sentence =
    `Your ${pkg.carrier} package ${pkg.tracking_no} is still waiting at ${hub.business_name}, ${hub.address}, ${hub.city}. ` +
    `Pick it up before ${pacificDateTime(until)} to avoid a 1-credit fee; ` +
    `after that, 1 credit a day is charged, up to 2. Pickup code: ${pkg.pickup_code}.`;
  await writeTransaction(db, (trx) =>
    notify(trx, { config, log }, user, {
      subject: 'pick up your package before noon Pacific to avoid a fee',
      lines: [sentence],
      action: { label: 'My Messages', link: appUrl(config.publicUrl, APP_PATHS.message.getHref()) },
    }),
  );
}
