import { z } from 'zod';
import { sendActivationLink, sendResetLink } from '../modules/auth/auth.service.js';
import type { JobName, JobPayloads } from '../modules/jobs/jobs.js';
import { sendDeliveryNotices } from '../modules/lockers/locker-events.service.js';
import { finishInterruptedCaptures } from '../modules/payments/payments.service.js';
import { sendTrackingNotices } from '../modules/shipments/tracking.service.js';
import { mailWalletPass } from '../modules/wallet/wallet.service.js';
import { TRACKER_STATUSES } from '../providers/carriers/carriers-provider.js';
import { enqueueCarrierPickupReminders, sendCarrierPickupReminder } from './carrier-pickup-reminders.js';
import { cleanUpExpiredRows } from './clean-up.js';
import type { JobContext } from './context.js';
import { runAutoRefunds, runLabelPurchase, runLabelVoid, runPaymentRefund, runRefundStatus } from './label-jobs.js';
import { runPickupBooking, runPickupVoid } from './pickup-jobs.js';
import { enqueuePickupReminders, sendPickupReminder } from './pickup-reminders.js';
import { advanceDueSimulatedLabels, carrierEventPayloadSchema, runCarrierEvent } from './tracking-jobs.js';

/** How a job of one kind is read back from the queue and run. */
export interface JobHandler<N extends JobName> {
  payload: z.ZodType<JobPayloads[N]>;
  run(payload: JobPayloads[N], context: JobContext): Promise<void>;
}

const nothing = z.record(z.string(), z.never());
const id = z.number().int().positive();

/** Every job's handler. A handler may run more than once for one job: each is idempotent or harmless twice. */
export const JOB_HANDLERS: { [N in JobName]: JobHandler<N> } = {
  mail: {
    payload: z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), link: z.string().optional() }),
    run: (mail, context) => context.mail.send(mail),
  },
  sms: {
    payload: z.object({ to: z.string(), body: z.string() }),
    run: async (message, context) => {
      await context.sms.send(message);
    },
  },
  'activation-mail': {
    payload: z.object({ userId: id }),
    run: ({ userId }, context) => sendActivationLink(context, userId),
  },
  'reset-mail': {
    payload: z.object({ email: z.string() }),
    run: ({ email }, context) => sendResetLink(context, email),
  },
  'wallet-pass-mail': {
    payload: z.object({ userId: id }),
    run: ({ userId }, context) => mailWalletPass(context, userId),
  },
  'pickup-reminder': {
    payload: z.object({ packageId: id }),
    run: ({ packageId }, context) => sendPickupReminder(context, packageId),
  },
  'delivery-notice': {
    payload: z.object({ packageId: id }),
    run: ({ packageId }, context) => sendDeliveryNotices(context, packageId),
  },
  'tracking-notice': {
    payload: z.object({ shipmentId: id, status: z.enum(TRACKER_STATUSES), place: z.string(), at: z.string() }),
    run: (notice, context) => sendTrackingNotices(context, notice),
  },
  'clean-up': { payload: nothing, run: (_payload, context) => cleanUpExpiredRows(context) },
  'pickup-reminders': { payload: nothing, run: (_payload, context) => enqueuePickupReminders(context) },
  'carrier-event': { payload: carrierEventPayloadSchema, run: runCarrierEvent },
  'carrier-simulator-advance': {
    payload: nothing,
    run: async (_payload, context) => {
      await advanceDueSimulatedLabels(context);
    },
  },
  'label-purchase': { payload: z.object({ shipmentId: id }), run: runLabelPurchase },
  'pickup-booking': { payload: z.object({ pickupId: id }), run: runPickupBooking },
  'carrier-pickup-reminders': { payload: nothing, run: (_payload, context) => enqueueCarrierPickupReminders(context) },
  'carrier-pickup-reminder': { payload: z.object({ pickupId: id }), run: ({ pickupId }, context) => sendCarrierPickupReminder(context, pickupId) },
  'payment-refund': {
    payload: z.object({ paymentOrderId: id, amountCents: z.number().int().positive().optional(), currency: z.string().optional() }),
    run: runPaymentRefund,
  },
  'label-void': { payload: z.object({ shipmentId: id }), run: runLabelVoid },
  'pickup-void': { payload: z.object({ pickupId: id }), run: runPickupVoid },
  'refund-status': { payload: z.object({ shipmentId: id, check: z.number().int().positive() }), run: runRefundStatus },
  'auto-refund-labels': { payload: nothing, run: (_payload, context) => runAutoRefunds(context) },
  'interrupted-captures': { payload: nothing, run: (_payload, context) => finishInterruptedCaptures(context) },
};

const MINUTE_MS = 60 * 1000;

/** Jobs every server enqueues once per tick (a unique key per tick keeps it to one run). */
export const RECURRING_JOBS: {
  name: 'clean-up' | 'pickup-reminders' | 'carrier-pickup-reminders' | 'carrier-simulator-advance' | 'auto-refund-labels' | 'interrupted-captures';
  everyMs: number;
}[] = [
  { name: 'clean-up', everyMs: 60 * MINUTE_MS },
  { name: 'pickup-reminders', everyMs: 15 * MINUTE_MS },
  { name: 'carrier-pickup-reminders', everyMs: 15 * MINUTE_MS },
  { name: 'carrier-simulator-advance', everyMs: 5 * MINUTE_MS },
  { name: 'auto-refund-labels', everyMs: 24 * 60 * MINUTE_MS },
  { name: 'interrupted-captures', everyMs: 5 * MINUTE_MS },
];
