import { z } from 'zod';
import { call } from './call-descriptor.js';
import { idField, intField } from './fields.js';
import { PICKUP_EXTENSION_CREDITS, PICKUP_EXTENSION_ERRORCODE, PICKUP_EXTENSION_MAX_DAYS, PICKUP_EXTENSION_PAY_WITH } from './pickup-extensions.js';

/* The zod side of pickup-extensions.ts: the quote's and the extension's calls. */

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
