import { z } from 'zod';
import { call } from './call-descriptor.js';
import { BUY_MEMBERSHIP_ERRORCODE, READ_ERRORCODE } from './errorcodes.js';
import { MEMBERSHIP_PLAN, type MembershipPlan } from './constants.js';
import { idField, intField } from './fields.js';
import { onFirstUse } from './format.js';

/** Memberships (spec 03 §2, §4, §9): the credit plan and the 6- and 12-month memberships. */
export const MEMBERSHIP_MESSAGES = {
  heading: 'Pick the best plan for you',
  terms: 'You must agree with the terms and conditions to continue.',
  failureTitle: 'Something Wrong',
  failure: 'Something Wrong, please try again.',
  pickupWithin: 'Pick up within 3 days',
} as const;

export const membershipSchema = z.object({
  id: z.union([z.literal(MEMBERSHIP_PLAN.credit), z.literal(MEMBERSHIP_PLAN.sixMonths), z.literal(MEMBERSHIP_PLAN.twelveMonths)]),
  name: z.string(),
  /** Price in US dollars with cents, per unit (per credit for the credit plan). */
  amount: z.number(),
  /** Original price before any discount, in US dollars. */
  initial: z.number(),
  /** Credits granted per unit bought. */
  credits: z.number().int(),
  /** Length of the membership in months; 0 for the credit plan. */
  months: z.number().int(),
});
export type Membership = z.infer<typeof membershipSchema>;

/** A plan id from the route (/buymembership/{id}) or a request. */
export const planField = z.coerce
  .number<string | number>()
  .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)])) as z.ZodType<MembershipPlan, string | number>;

/** The quantity of a purchase: credits for the credit plan (at least 1), always 1 for a membership. */
export const quantityField = intField.min(1).max(1000);

/** Total in cents of `quantity` units at `amount` dollars each (money is counted in whole cents). */
export function orderTotalCents(amount: number, quantity: number): number {
  return Math.round(amount * 100) * quantity;
}

const usd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * Money as people read it, the one way the portal shows it: '$12.50' for 1250 cents, '$4,540.00' for
 * 454000, '-$5.00' for -500 (callers that show their own sign pass Math.abs). An amount from the wire
 * ('12.50') is shown as formatUsd(toCents(amount)). Files and API answers keep plain numbers (fromCents).
 */
export function formatUsd(cents: number): string {
  // A whole number of cents; `|| 0` so that -0 (and -0.4) is '$0.00', not '-$0.00'.
  return usd().format((Math.round(cents) || 0) / 100);
}

const result = z.object({ errorcode: z.number().int(), message: z.string() });

export const getMembershipsCall = call({
  method: 'GET',
  path: '/app/v1/getMemberships',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'The three plans with their prices.',
  request: z.object({}),
  response: result.extend({ memberships: z.array(membershipSchema) }),
});

export const buyMembershipCall = call({
  method: 'POST',
  path: '/app/v1/buyMembership',
  encoding: 'form',
  signedIn: true,
  successCodes: [BUY_MEMBERSHIP_ERRORCODE.redirect],
  summary:
    'Start paying for a plan: errorcode 1 with redirectURL, the payment provider\'s approval page. The purchase is granted only once the server has captured the payment.',
  // number may be left out: a membership is always 1, and so is a credit purchase without one.
  request: z.object({ userID: idField, number: quantityField.default(1), plan: planField }),
  response: result.extend({ redirectURL: z.string().optional() }),
});
