import { API_ERRORCODE } from './errorcodes.js';
import { onFirstUse } from './format.js';
import { OVERDUE_CREDITS_PER_DAY, pickupGraceEnd, PICKUP_TIME_ZONE } from './locker-events.js';
import { freePeriodStart } from './vacation-holds.js';

/**
 * Extend a pickup (issue 22 item 2, the paid half). Before its late fee starts, the customer can
 * keep a waiting package's free period going one more day, at most PICKUP_EXTENSION_MAX_DAYS
 * times: paid with credits (1 credit a day, the late fee's own unit) or with PayPal (the price of
 * one credit on the credit plan) through the checkout. The price and the new free-until are
 * quoted before anything is charged. Each day paid moves the free period's start a Pacific day on
 * (freePeriodStart's third argument), so the dashboard, the reminder, the wallet pass and the
 * charge at pickup all follow it.
 */

export const PICKUP_EXTENSION_MAX_DAYS = 2;
/** Credits a day of extension costs when paid with credits. */
export const PICKUP_EXTENSION_CREDITS = OVERDUE_CREDITS_PER_DAY;

export const PICKUP_EXTENSION_PAY_WITH = ['credits', 'paypal'] as const;
export type PickupExtensionPayWith = (typeof PICKUP_EXTENSION_PAY_WITH)[number];

/**
 * errorcode of the extension calls: 0 extended (credits) or quoted; 1 go to redirectURL (PayPal);
 * -1 (409) refused now (the fee started, the limit reached), the message says why; -2 (409) not
 * enough credits; -404 (404) no such waiting package of theirs.
 */
export const PICKUP_EXTENSION_ERRORCODE = { ok: 0, redirect: 1, refused: -1, notEnoughCredits: -2, notFound: API_ERRORCODE.notFound } as const;

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: PICKUP_TIME_ZONE }));
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: PICKUP_TIME_ZONE, timeZoneName: 'short' }));
/** 'Wed, Dec 2, 12:00 PM PST': a free period's end as the messages say it. */
export function freeUntilText(at: Date): string {
  return `${dayFormat().format(at)}, ${timeFormat().format(at)}`;
}

export const PICKUP_EXTENSION_MESSAGES = {
  notFound: 'That package is not waiting for you in a locker.',
  feeStarted: 'The free period of this package has already ended, so it can no longer be extended. Pick it up soon: the late fee grows by 1 credit a day, up to 2.',
  limitReached: `This package's free period has already been extended ${PICKUP_EXTENSION_MAX_DAYS} days, the most we allow. Please pick it up before it ends.`,
  notEnoughCredits: (balance: number) =>
    `You have ${balance} credit${balance === 1 ? '' : 's'}: a day of extension costs ${PICKUP_EXTENSION_CREDITS}. Pay with PayPal instead, or buy credits first.`,
  extended: (until: Date) => `Extended: your package is free until ${freeUntilText(until)}.`,
  alreadyExtended: 'That day has already been added to this package’s free period: nothing more was charged.',
  /** The PayPal return, by how the payment ended (the dashboard shows it). */
  paypalExtended: 'Payment received: your package’s free period is extended by a day.',
  paypalRefunded:
    'Your package could not be extended (it was picked up, or its free period had ended or been extended the most we allow before your payment came through). Your PayPal payment is being refunded; we have e-mailed you.',
  paypalCancelled: 'The payment was cancelled: nothing was charged and the free period is unchanged.',
  paypalPending: 'Your payment is being confirmed: the free period is extended once PayPal completes it.',
} as const;

/** The outcome of a PayPal extension as the dashboard's ?extension= says it. */
export const PICKUP_EXTENSION_RESULTS = ['extended', 'refunded', 'cancelled', 'pending'] as const;
export type PickupExtensionResult = (typeof PICKUP_EXTENSION_RESULTS)[number];

export const PICKUP_EXTENSION_RESULT_MESSAGES: Record<PickupExtensionResult, string> = {
  extended: PICKUP_EXTENSION_MESSAGES.paypalExtended,
  refunded: PICKUP_EXTENSION_MESSAGES.paypalRefunded,
  cancelled: PICKUP_EXTENSION_MESSAGES.paypalCancelled,
  pending: PICKUP_EXTENSION_MESSAGES.paypalPending,
};

/** The free period's end after `extendedDays` paid days (the rule everything uses). */
export function extendedFreeUntil(deliveredAt: Date, heldUntil: string | null | undefined, extendedDays: number): Date {
  return pickupGraceEnd(freePeriodStart(deliveredAt, heldUntil, extendedDays));
}

/**
 * Whether a waiting package can be extended at `now`, and if not why: 'feeStarted' once its free
 * period ended, 'limitReached' after PICKUP_EXTENSION_MAX_DAYS days. (The dashboard shows the
 * action only when null; the server decides.)
 */
export function extensionRefusal(input: { freeUntil: Date; extendedDays: number; now: Date }): 'feeStarted' | 'limitReached' | null {
  if (input.extendedDays >= PICKUP_EXTENSION_MAX_DAYS) return 'limitReached';
  if (input.now.getTime() >= input.freeUntil.getTime()) return 'feeStarted';
  return null;
}
