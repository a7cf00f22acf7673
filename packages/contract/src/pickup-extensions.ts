import { z } from 'zod';
import { call } from './call-descriptor.js';
import { API_ERRORCODE } from './errorcodes.js';
import { idField, intField } from './fields.js';
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

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const pickupExtensionQuoteSchema = z.object({
  packageId: z.number().int(),
  /** Days already paid for (0 to PICKUP_EXTENSION_MAX_DAYS - 1 when quoted). */
  extendedDays: z.number().int().min(0),
  maxDays: z.number().int(),
  /** The free period's end now, and after one more day. ISO instants. */
  freeUntil: z.string(),
  newFreeUntil: z.string(),
  /** Paying with credits: this many, out of the balance. */
  credits: z.number().int(),
  balance: z.number().int(),
  /** Paying with PayPal: US dollars (one credit's price on the credit plan), and in cents. */
  price: z.number(),
  priceCents: z.number().int(),
});
export type PickupExtensionQuote = z.infer<typeof pickupExtensionQuoteSchema>;

export const quotePickupExtensionCall = call({
  method: 'GET',
  path: '/app/v1/lockerPackages/extension',
  encoding: 'query',
  signedIn: true,
  successCodes: [PICKUP_EXTENSION_ERRORCODE.ok],
  summary: `What extending one of the signed-in user's waiting packages by a day costs (${PICKUP_EXTENSION_CREDITS} credit, or the credit plan's price with PayPal) and its new free-until, before anything is charged. errorcode 0 with data; -1 (409) the fee started or ${PICKUP_EXTENSION_MAX_DAYS} days already; -404 (404) no such waiting package.`,
  request: z.object({ packageId: idField }),
  response: result.extend({ data: pickupExtensionQuoteSchema }),
});

export const extendPickupRequestSchema = z.object({
  packageId: idField,
  /**
   * The day this pays for: the quote's extendedDays + 1. A request for a day already added changes
   * nothing and charges nothing, so a double click or a second tab never pays twice.
   */
  day: intField.min(1).max(PICKUP_EXTENSION_MAX_DAYS),
  payWith: z.enum(PICKUP_EXTENSION_PAY_WITH),
});
export type ExtendPickupRequest = z.input<typeof extendPickupRequestSchema>;

export const extendPickupCall = call({
  method: 'POST',
  path: '/app/v1/lockerPackages/extend',
  encoding: 'json',
  signedIn: true,
  successCodes: [PICKUP_EXTENSION_ERRORCODE.ok, PICKUP_EXTENSION_ERRORCODE.redirect],
  summary: `Extend one of the signed-in user's waiting packages by a day, before its late fee starts, at most ${PICKUP_EXTENSION_MAX_DAYS} times. day: the day it pays for (the quote's extendedDays + 1); one already added is answered as it stands, nothing charged (credits) or refused -1 (PayPal). payWith 'credits': errorcode 0 with data (the new free-until, days extended, balance), charged at once; 'paypal': errorcode 1 with redirectURL, extended once the payment is captured (given back if the package is picked up or cannot be extended by then). -1 (409) the fee started or the limit reached; -2 (409) not enough credits; -404 (404) no such waiting package.`,
  request: extendPickupRequestSchema,
  response: result.extend({
    data: z.object({ freeUntil: z.string(), extendedDays: z.number().int(), balance: z.number().int() }).optional(),
    redirectURL: z.string().optional(),
  }),
});
