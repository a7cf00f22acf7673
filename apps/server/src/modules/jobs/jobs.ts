import type { Db } from '../../db/database.js';
import type { Tracker, TrackerStatus } from '../../providers/carriers/carriers-provider.js';
import type { MailMessage } from '../../providers/mail/mail-provider.js';
import type { SmsMessage } from '../../providers/sms/sms-provider.js';
import { insertJob } from './jobs.repository.js';

/**
 * Every kind of job and what it carries. A payload holds ids and rendered text, never a password
 * or a raw token: the activation and reset jobs issue their link when they run.
 */
export interface JobPayloads {
  /** A rendered mail without attachments. */
  mail: Omit<MailMessage, 'attachments'>;
  sms: SmsMessage;
  'activation-mail': { userId: number };
  'reset-mail': { email: string };
  'wallet-pass-mail': { userId: number };
  'pickup-reminder': { packageId: number };
  /**
   * A package delivered into a locker: the worker renders and queues its mail and text with its
   * own configuration (links to PUBLIC_URL), whichever process recorded the delivery.
   */
  'delivery-notice': { packageId: number };
  /**
   * A label's tracker reached a status worth telling (place: the city and state of its event, or
   * ''; at: when it was recorded, which keys the notices): rendered and queued by the worker with
   * its own configuration, as 'delivery-notice'.
   */
  'tracking-notice': { shipmentId: number; status: TrackerStatus; place: string; at: string };
  /** Recurring. */
  'clean-up': Record<string, never>;
  /** Recurring: enqueues a pickup-reminder per package whose free period ends today. */
  'pickup-reminders': Record<string, never>;
  /** A carrier's tracker event (webhook or simulator), stored by its id: applies the tracker to its label. */
  'carrier-event': { eventId: string; tracker: Tracker };
  /** Recurring: the carriers simulator moves each due label one step (CARRIER_SIMULATOR_STEP_MINUTES). */
  'carrier-simulator-advance': Record<string, never>;
  /** Buys a paid label from the carrier (again with the same key) until it is bought or refused. */
  'label-purchase': { shipmentId: number };
  /** Books a paid pickup with the carrier (the same rate again, which it books once) until it is booked, refused or given up. */
  'pickup-booking': { pickupId: number };
  /** Recurring: enqueues a carrier-pickup-reminder per scheduled pickup whose day is tomorrow, from 5 PM at its address. */
  'carrier-pickup-reminders': Record<string, never>;
  /** The evening-before reminder of a scheduled carrier pickup, by mail and/or text. */
  'carrier-pickup-reminder': { pickupId: number };
  /** Gives a captured payment back (once: the refund's key is the order's); amount when it differs from the order's. */
  'payment-refund': { paymentOrderId: number; amountCents?: number | undefined; currency?: string | undefined };
  /** Asks the carrier to void a label it made for a purchase that ended failed (its payment refunded), once it is found. */
  'label-void': { shipmentId: number };
  /** Cancels with the carrier a pickup it booked for a booking that ended failed (its payment refunded), once it is found. */
  'pickup-void': { pickupId: number };
  /** Asks the carrier how a label's refund stands; check counts the tries. */
  'refund-status': { shipmentId: number; check: number };
  /** Recurring (daily): asks the refund of unused labels shortly before the carrier's window closes. */
  'auto-refund-labels': Record<string, never>;
  /** Recurring: repeats the captures a stopped server or a silent provider left unfinished (payment orders still 'capturing'). */
  'interrupted-captures': Record<string, never>;
}

export type JobName = keyof JobPayloads;

/** How often a job is tried before it stays failed with its last error. */
export const DEFAULT_MAX_ATTEMPTS = 12;

export interface EnqueueOptions {
  /** Enqueued once: a second job with the same key is not added. */
  uniqueKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job, in the caller's transaction when `db` is one, so the job exists exactly when the
 * change that causes it is committed. False when its unique key was enqueued before.
 */
export async function enqueueJob<N extends JobName>(
  db: Db,
  now: Date,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<boolean> {
  return insertJob(db, {
    name,
    payload: JSON.stringify(payload),
    unique_key: options.uniqueKey ?? null,
    status: 'queued',
    max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_at: (options.runAt ?? now).toISOString(),
    locked_until: null,
    last_error: null,
    created_at: now.toISOString(),
    finished_at: null,
  });
}
