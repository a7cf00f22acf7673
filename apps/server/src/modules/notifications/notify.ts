import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { usPhoneE164 } from '../../providers/sms/sms-provider.js';
import { enqueueJob } from '../jobs/jobs.js';
import type { UserRow } from '../users/users.table.js';
import { brandedMail, type MailAction } from './mail-layout.js';

/*
 * Telling customers (DESIGN.md): the one way the portal reaches a customer about their parcels,
 * pickups, refunds and payments.
 *
 *   await notify(trx, deps, user, {
 *     subject: `your ${carrier} label ${orderNo} was refunded`,   // the mail's subject is 'AirBox: ' + this
 *     lines: [sentence],                                            // the mail's paragraphs, plain text
 *     action: { label: 'Purchased Labels', link },                  // optional button
 *     text: sentence,                                               // optional: the text message ('AirBox: ' + this); default lines joined
 *     by: 'mail',                                                   // optional: 'settings' (default) or 'mail'
 *     key: `refund:${shipmentId}`,                                  // optional: a notice queued once
 *   });
 *
 * - Who hears: by the customer's notification switches (notify_by_email, notify_by_text), or with
 *   `by: 'mail'` a mail whatever they say and no text: what the customer just did or paid for
 *   (a receipt, a label bought or refused, a pickup booked, failed or cancelled, a payment that did
 *   not go through). A text goes only to a US cell phone; another number is logged and skipped.
 * - How: each mail and each text is its own job ('mail', 'sms') enqueued in `trx`, the caller's
 *   transaction, so the notice exists exactly when the change that causes it is committed, and
 *   the text never waits on the mail. The worker sends a job's mail with one Message-ID on every
 *   try and a job's text once (jobs/runner.ts, modules/texts/texts.service.ts). Call it inside
 *   the change's transaction (writeTransaction), with the user read there when it matters.
 * - The mail's layout is mail-layout.ts's brandedMail, greeting the customer by first name; the
 *   brand starts the subject and the text ('AirBox: …'), which callers therefore leave out.
 * - A rendered notice's words and links come from the configuration of the process that runs
 *   notify: a change recorded by a command (`npm run locker -- deliver`) enqueues a job that
 *   notifies from the portal's worker (see 'delivery-notice' and 'tracking-notice').
 *
 * mailNotice sends a notice to an address that is not a customer's current one (a label's
 * recipient): always by mail, greeting 'Hello,'.
 */

/** What notify needs of the app: the brand and public address of the mail, the clock, the log. */
export type NotifyDeps = Pick<AppContext, 'config' | 'log'>;

/** Of a customer: where to reach them and what they chose (their profile's notification switches). */
export type NoticeRecipient = Pick<UserRow, 'user_id' | 'email' | 'first_name' | 'cell_phone' | 'notify_by_email' | 'notify_by_text'>;

export type NoticeAction = MailAction;

/** Something to tell a customer; plain text throughout (the layout escapes the mail's HTML). */
export interface Notice {
  /** The mail's subject after the brand: 'your package is ready for pickup' → 'AirBox: your package is ready for pickup'. */
  subject: string;
  /** The mail's paragraphs, in order. */
  lines: string[];
  /** The mail's button and its link (the text part shows 'label: link'). */
  action?: NoticeAction | undefined;
  /** The text message after the brand ('AirBox: …'); the lines joined by spaces when unset. */
  text?: string | undefined;
  /** 'settings' (default): mail and/or text as the customer's switches say; 'mail': a mail whatever they say, never a text. */
  by?: 'settings' | 'mail' | undefined;
  /**
   * Names the notice so queueing it again adds nothing: the mail's job is keyed `${key}:mail`, the
   * text's `${key}:sms`. For a notice a job may queue twice (a job run again); a notice whose
   * transaction claims its change first (a row moved once) needs none.
   */
  key?: string | undefined;
}

/** Which of the notice's jobs were queued (false also when its key was queued before). */
export interface Notified {
  mail: boolean;
  text: boolean;
}

/** Queues a mail of the notice to `to`, in the caller's transaction. */
async function enqueueNoticeMail(trx: Db, deps: NotifyDeps, to: string, notice: Notice, firstName: string | undefined): Promise<boolean> {
  const { config } = deps;
  const mail = brandedMail(config, to, { subject: `${config.brandName}: ${notice.subject}`, lines: notice.lines, action: notice.action, firstName });
  return enqueueJob(trx, config.clock(), 'mail', mail, notice.key ? { uniqueKey: `${notice.key}:mail` } : {});
}

/**
 * Tells a customer: a mail and/or a text as their notification switches say (or, with
 * `by: 'mail'`, a mail whatever they say), each a job queued in `trx`, the change's transaction.
 */
export async function notify(trx: Db, deps: NotifyDeps, user: NoticeRecipient, notice: Notice): Promise<Notified> {
  const byMail = notice.by === 'mail';
  const mail = byMail || user.notify_by_email === 1 ? await enqueueNoticeMail(trx, deps, user.email, notice, user.first_name) : false;
  if (byMail || user.notify_by_text !== 1) return { mail, text: false };
  const phone = usPhoneE164(user.cell_phone);
  if (!phone) {
    deps.log.warn({ userId: user.user_id, notice: notice.key ?? notice.subject }, 'text notification wanted but the cell phone is not a US number');
    return { mail, text: false };
  }
  const body = `${deps.config.brandName}: ${notice.text ?? notice.lines.join(' ')}`;
  const text = await enqueueJob(trx, deps.config.clock(), 'sms', { to: phone, body }, notice.key ? { uniqueKey: `${notice.key}:sms` } : {});
  return { mail, text };
}

/**
 * Mails a notice to an address that is not a customer's current one (a label's recipient), in
 * the caller's transaction, whatever anyone's switches say; greeting 'Hello,'.
 */
export async function mailNotice(trx: Db, deps: NotifyDeps, to: string, notice: Omit<Notice, 'by' | 'text'>): Promise<boolean> {
  return enqueueNoticeMail(trx, deps, to, notice, undefined);
}
