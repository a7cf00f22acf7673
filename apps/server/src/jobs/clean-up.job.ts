import { DAY_MS, HOUR_MS } from '@airbox/contract';
import { deleteEndedJobs } from '../modules/jobs/jobs.repository.js';
import { deleteExpiredBoxIdReservations } from '../modules/box-ids/box-ids.repository.js';
import { deleteQuotedPickupsBefore, deleteVerifiedAddressesBefore } from '../modules/pickups/pickups.repository.js';
import { deleteExpiredSessions } from '../modules/sessions/sessions.repository.js';
import { deleteUnpaidDraftsBefore } from '../modules/shipments/shipments.repository.js';
import { deleteUnpaidBatches } from '../modules/shipments/label-batches.service.js';
import { deleteSentTextsBefore } from '../modules/texts/sent-texts.repository.js';
import { SESSION_IDLE_MS } from '../modules/sessions/sessions.service.js';
import { deleteTokensExpiredBefore } from '../modules/tokens/tokens.repository.js';
import { deleteNeverActivatedUsers } from '../modules/users/users.repository.js';
import { deleteExpiredWalletPassLinks } from '../modules/wallet/wallet.repository.js';
import { defineJob, type JobContext, noPayload } from './define-job.js';

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Recurring (hourly): deletes the rows that no longer work or are no longer needed. */
    'clean-up': Record<string, never>;
  }
}

/**
 * How long rows that no longer work are kept: an expired activation or reset link still answers
 * "expired" rather than "unknown" for this long, and ended jobs stay to be looked at. A sign-up
 * never activated is kept this long after its last activation link expired (it may still ask for
 * a new one), then deleted with its AirBox ID freed.
 */
export const KEEP_ENDED_MS = 30 * DAY_MS;

/** Addresses verified for a pickup, and pickup quotes nobody paid for, are kept a week: a wizard is done in minutes. */
export const KEEP_PICKUP_DRAFTS_MS = 7 * DAY_MS;

/**
 * Label drafts (a rates call's answer nobody paid for) are kept a day: their rates can be bought
 * for 30 minutes only (RATES_VALID_MS), and a page left open longer rates again. Orders In
 * Progress (saved on purpose) are rows of their own, and a draft with a payment is no longer a
 * draft: both stay.
 */
export const KEEP_RATE_DRAFTS_MS = DAY_MS;

/** The record of each text a job sent (what keeps a retry from sending it twice) is kept a week: a job's tries span hours. */
export const KEEP_SENT_TEXTS_MS = 7 * DAY_MS;

/** The recurring clean-up: sessions, AirBox ID holds and wallet links past their end; sign-ups never activated, old tokens and jobs; pickup drafts and the record of sent texts after a week; label drafts and unpaid label batches after a day. */
export async function cleanUpExpiredRows({ db, config, log }: JobContext): Promise<void> {
  const now = config.clock();
  const nowIso = now.toISOString();
  const longAgoIso = new Date(now.getTime() - KEEP_ENDED_MS).toISOString();
  const deleted = {
    sessions: await deleteExpiredSessions(db, nowIso, new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
    boxIdReservations: await deleteExpiredBoxIdReservations(db, nowIso),
    walletPassLinks: await deleteExpiredWalletPassLinks(db, nowIso),
    // Before the tokens: an account's last activation link is what shows it has been over for 30 days.
    neverActivatedUsers: await deleteNeverActivatedUsers(db, longAgoIso),
    tokens: await deleteTokensExpiredBefore(db, longAgoIso),
    jobs: await deleteEndedJobs(db, longAgoIso),
    verifiedAddresses: await deleteVerifiedAddressesBefore(db, new Date(now.getTime() - KEEP_PICKUP_DRAFTS_MS).toISOString()),
    pickupQuotes: await deleteQuotedPickupsBefore(db, new Date(now.getTime() - KEEP_PICKUP_DRAFTS_MS).toISOString()),
    rateDrafts: await deleteUnpaidDraftsBefore(db, new Date(now.getTime() - KEEP_RATE_DRAFTS_MS).toISOString()),
    // Label batches never paid (issue 25 item 1), as the label drafts: their rates last 30 minutes.
    labelBatches: await deleteUnpaidBatches({ db }, new Date(now.getTime() - KEEP_RATE_DRAFTS_MS).toISOString()),
    sentTexts: await deleteSentTextsBefore(db, new Date(now.getTime() - KEEP_SENT_TEXTS_MS).toISOString()),
  };
  log.info({ deleted }, 'expired rows cleaned up');
}

export const cleanUpJob = defineJob({
  name: 'clean-up',
  payload: noPayload,
  run: (_payload, context) => cleanUpExpiredRows(context),
  every: HOUR_MS,
});
