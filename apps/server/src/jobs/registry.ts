import type { JobName } from '../modules/jobs/jobs.js';
import { activationMailJob } from './activation-mail.job.js';
import { autoRefundLabelsJob } from './auto-refund-labels.job.js';
import { carrierEventJob } from './carrier-event.job.js';
import { carrierPickupReminderJob } from './carrier-pickup-reminder.job.js';
import { carrierPickupRemindersJob } from './carrier-pickup-reminders.job.js';
import { carrierSimulatorAdvanceJob } from './carrier-simulator-advance.job.js';
import { cleanUpJob } from './clean-up.job.js';
import type { AnyJob } from './define-job.js';
import { deliveryNoticeJob } from './delivery-notice.job.js';
import { hubPickupsJob } from './hub-pickups.job.js';
import { interruptedCapturesJob } from './interrupted-captures.job.js';
import { labelBatchBuyJob } from './label-batch-buy.job.js';
import { labelBatchRateJob } from './label-batch-rate.job.js';
import { labelBatchRefundJob } from './label-batch-refund.job.js';
import { labelPurchaseJob } from './label-purchase.job.js';
import { labelQrMailJob } from './label-qr-mail.job.js';
import { labelVoidJob } from './label-void.job.js';
import { mailJob } from './mail.job.js';
import { paymentRefundJob } from './payment-refund.job.js';
import { pickupBookingJob } from './pickup-booking.job.js';
import { pickupReminderJob } from './pickup-reminder.job.js';
import { pickupRemindersJob } from './pickup-reminders.job.js';
import { pickupVoidJob } from './pickup-void.job.js';
import { refundStatusJob } from './refund-status.job.js';
import { resetMailJob } from './reset-mail.job.js';
import { returnLabelMailJob } from './return-label-mail.job.js';
import { smsJob } from './sms.job.js';
import { trackingNoticeJob } from './tracking-notice.job.js';
import { walletPassMailJob } from './wallet-pass-mail.job.js';
import { walletPassPushJob } from './wallet-pass-push.job.js';

/** Every job, once. The recurring ones are enqueued each poll in this order. */
export const JOBS = [
  // What reaches a customer.
  mailJob,
  smsJob,
  activationMailJob,
  resetMailJob,
  walletPassMailJob,
  walletPassPushJob,
  deliveryNoticeJob,
  trackingNoticeJob,
  pickupReminderJob,
  carrierPickupReminderJob,
  labelQrMailJob,
  returnLabelMailJob,
  // Carriers and payments.
  carrierEventJob,
  labelPurchaseJob,
  labelBatchRateJob,
  labelBatchBuyJob,
  labelBatchRefundJob,
  labelVoidJob,
  pickupBookingJob,
  pickupVoidJob,
  refundStatusJob,
  paymentRefundJob,
  // Recurring.
  cleanUpJob,
  pickupRemindersJob,
  carrierPickupRemindersJob,
  carrierSimulatorAdvanceJob,
  autoRefundLabelsJob,
  interruptedCapturesJob,
  hubPickupsJob,
] as const;

/** The names a job file adds to JobPayloads that JOBS does not list. */
type Unlisted = Exclude<JobName, (typeof JOBS)[number]['name']>;
/** The names a list of jobs holds more than once. */
type ListedTwice<Jobs extends readonly AnyJob[], Seen = never> = Jobs extends readonly [infer First extends AnyJob, ...infer Rest extends readonly AnyJob[]]
  ? (First['name'] extends Seen ? First['name'] : never) | ListedTwice<Rest, Seen | First['name']>
  : never;
/** Compiles only when JOBS lists every job exactly once; else the error names the jobs unlisted or listed twice. */
const _everyJobListedOnce: [Unlisted, ListedTwice<typeof JOBS>] extends [never, never] ? true : { unlisted: Unlisted; listedTwice: ListedTwice<typeof JOBS> } = true;

const byName = new Map<string, AnyJob>(JOBS.map((job) => [job.name, job]));

/** The job of a queued row's name (undefined for a name no job has). */
export function findJob(name: string): AnyJob | undefined {
  return byName.get(name);
}

/** The recurring jobs and how often each is enqueued. */
export const RECURRING_JOBS = JOBS.flatMap((job) => (job.every === undefined ? [] : [{ name: job.name, everyMs: job.every }]));
