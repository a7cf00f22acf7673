import { z } from 'zod';
import { call } from './call-descriptor.js';
import { API_ERRORCODE, READ_ERRORCODE } from './errorcodes.js';
import { emailField, idField, textField } from './fields.js';
import { PHONE_PATTERN } from './registration.js';

/**
 * Share a pickup (issue 22 item 1). The owner of a waiting package gives another person its
 * pickup: by e-mail, by text or a link they copy. The share has its own 6-digit pickup code,
 * valid once and until the package's free period ends; the owner's code keeps working until one
 * of the two opens the door, after which both are dead. The link carries only a random token
 * (256 bits, kept as a SHA-256), and its page names nothing of the owner but their first name.
 */

const result = z.object({ errorcode: z.number().int(), message: z.string() });

/** A package has at most this many live shares (one: a new one needs the old revoked). */
export const PICKUP_SHARES_LIVE_PER_PACKAGE = 1;
/** A customer makes at most this many shares in 24 hours (revoked ones count too). */
export const PICKUP_SHARES_PER_DAY = 10;

/** errorcode of the share calls: 0 done; -1 (409) the package cannot be shared now (message says why); -404 no such waiting package of theirs. */
export const PICKUP_SHARE_ERRORCODE = { ok: 0, refused: -1, notFound: API_ERRORCODE.notFound, limitReached: API_ERRORCODE.limitReached } as const;

export const PICKUP_SHARE_VIA = ['link', 'email', 'text'] as const;
export type PickupShareVia = (typeof PICKUP_SHARE_VIA)[number];

export const PICKUP_SHARE_MESSAGES = {
  notFound: 'That package is not waiting for you in a locker.',
  alreadyShared: 'This pickup is already shared. Revoke that share first to share it with someone else.',
  freePeriodOver: 'The free period of this package has ended, so its pickup can no longer be shared. Pick it up yourself with your code.',
  perDay: (max: number) => `You have shared ${max} pickups in the last 24 hours, the most we allow. Try again tomorrow.`,
  emailRequired: 'Enter the e-mail address to send the pickup to',
  phoneRequired: 'Enter the cell phone number to text the pickup to (###-###-####)',
  shared: {
    link: 'The pickup is shared: copy the link and send it.',
    email: (to: string) => `The pickup is shared: we e-mailed the link to ${to}.`,
    text: (to: string) => `The pickup is shared: we texted the link to ${to}.`,
  },
  revoked: 'The share is revoked: its link and code no longer work. Your own code still does.',
  noLiveShare: 'This pickup is not shared (it was used, revoked or has expired).',
  /** The public page, by the link's state; each says what to do next, nothing about the package. */
  linkNotFound: 'This pickup link does not work. Check that you copied all of it, or ask the person who shared it to send it again.',
  linkExpired: 'This pickup link has expired. Ask the person who shared it to pick the package up or to share it again.',
  linkRevoked: 'This pickup link was cancelled by the person who shared it. Ask them to share it again if you still need it.',
  linkUsed: 'This package has been picked up, so this link no longer works. Nothing more to do here.',
} as const;

const phoneField = textField.trim().regex(PHONE_PATTERN, PICKUP_SHARE_MESSAGES.phoneRequired);

export const sharePickupRequestSchema = z
  .object({
    packageId: idField,
    via: z.enum(PICKUP_SHARE_VIA),
    email: emailField({ required: PICKUP_SHARE_MESSAGES.emailRequired, invalid: PICKUP_SHARE_MESSAGES.emailRequired }).optional(),
    phone: phoneField.optional(),
  })
  .superRefine((value, context) => {
    if (value.via === 'email' && !value.email) context.addIssue({ code: 'custom', path: ['email'], message: PICKUP_SHARE_MESSAGES.emailRequired });
    if (value.via === 'text' && !value.phone) context.addIssue({ code: 'custom', path: ['phone'], message: PICKUP_SHARE_MESSAGES.phoneRequired });
  });
export type SharePickupRequest = z.input<typeof sharePickupRequestSchema>;

/** A live share as its owner sees it on the waiting package. */
export const pickupShareSummarySchema = z.object({
  via: z.enum(PICKUP_SHARE_VIA),
  /** The address or number it was sent to ('' for a copied link). */
  sentTo: z.string(),
  sharedAt: z.string(),
  /** The share's code stops working then (the free period's end). */
  validUntil: z.string(),
});
export type PickupShareSummary = z.infer<typeof pickupShareSummarySchema>;

export const sharePickupCall = call({
  method: 'POST',
  path: '/app/v1/lockerPackages/share',
  encoding: 'json',
  signedIn: true,
  successCodes: [PICKUP_SHARE_ERRORCODE.ok],
  summary:
    "Share the pickup of one of the signed-in user's waiting packages by link, e-mail or text: a pickup code of its own and a public link (shown once). errorcode 0 with data.url and data.pickupCode; -1 (409) already shared or the free period is over; -404 (404) no such waiting package; -409 (409) PICKUP_SHARES_PER_DAY reached.",
  request: sharePickupRequestSchema,
  response: result.extend({ data: pickupShareSummarySchema.extend({ url: z.string(), pickupCode: z.string() }) }),
});

export const revokePickupShareCall = call({
  method: 'POST',
  path: '/app/v1/lockerPackages/share/revoke',
  encoding: 'json',
  signedIn: true,
  successCodes: [PICKUP_SHARE_ERRORCODE.ok],
  summary: "Revoke the live share of one of the signed-in user's waiting packages: its link and code stop working. errorcode 0; -1 (409) no live share; -404 (404) no such waiting package.",
  request: z.object({ packageId: idField }),
  response: result,
});

/** The public page's states: ready to collect, or why not (no details then). */
export const PICKUP_SHARE_STATES = ['ready', 'expired', 'revoked', 'used'] as const;

export const publicPickupShareSchema = z.object({
  state: z.enum(PICKUP_SHARE_STATES),
  /** Only when ready. */
  pickup: z
    .object({
      sharedBy: z.string(),
      pickupCode: z.string(),
      validUntil: z.string(),
      carrier: z.string(),
      hubName: z.string(),
      hubAddress: z.string(),
      hubHours: z.string(),
      hubPhone: z.string(),
      /** A maps link to the hub's address. */
      directionsUrl: z.string(),
      door: z.object({ column: z.string(), row: z.number().int(), low: z.boolean() }).nullable(),
    })
    .nullable(),
});
export type PublicPickupShare = z.infer<typeof publicPickupShareSchema>;

/** The link's token: 43 URL-safe characters (32 random bytes). */
export const pickupShareTokenField = textField.regex(/^[A-Za-z0-9_-]{43}$/);

export const getPublicPickupShareCall = call({
  method: 'GET',
  path: '/app/v1/pickupShare',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary:
    "A shared pickup for the person it was shared with (the token from the link, no sign-in): when ready, the hub, its hours and directions, the share's pickup code and the owner's first name; else only whether it expired, was revoked or was used. -404: no such link.",
  request: z.object({ token: pickupShareTokenField }),
  response: result.extend({ data: publicPickupShareSchema }),
});

/** A maps search for a hub's address (opens the phone's maps app). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}
