import type { z } from 'zod';
import type { ALL_CALLS } from './calls.js';
import { APP_PATHS } from './paths.js';

type Calls = typeof ALL_CALLS;

/**
 * The calls a page may carry the answers of: calls that only read. The server makes them for a
 * page opened from anywhere, a link on another site included (whose GET carries the session's
 * Lax cookie), without an Origin to refuse: a call that changes anything must never be here.
 */
type ReadingCall = Extract<
  keyof Calls,
  'getUnPickupsByIdCall' | 'getUserByUserIdCall' | 'userGetShipmentCall' | 'getUserOperationsCall' | 'getAdvertisementsCall' | 'carrierServiceRenamingCall'
>;

/** A call a page makes at once, with the fields it sends (its request schema's input; spec 01 §7's encoding applies). */
export type PageCall = { [N in ReadingCall]: { readonly name: N; readonly input: z.input<Calls[N]['request']> } }[ReadingCall];

/** How many of the newest labels the dashboard shows; the rest are a link away (Purchased Labels). */
export const DASHBOARD_RECENT_SHIPMENTS = 3;

/**
 * The calls a signed-in page's first screen makes as soon as it opens, with exactly the fields
 * it sends, by the page's in-app path (issue 24). The server runs them for the session's customer
 * when it sends that page and writes their answers into it (the `first-answers` element), so the
 * screen's first calls are answered without a round trip; the web app's calls find them there
 * (lib/page-answers.ts) by `pageCallKey`. A call the screen makes with other fields is simply
 * asked over the network: a test of the screen pins the two together.
 */
export const PAGE_FIRST_CALLS: Readonly<Record<string, (userId: number) => readonly PageCall[]>> = {
  [APP_PATHS.dashboard.path]: (userId): PageCall[] => [
    { name: 'getUnPickupsByIdCall', input: { uid: userId } },
    { name: 'getUserByUserIdCall', input: { user_id: userId } },
    { name: 'userGetShipmentCall', input: { user_id: userId, start: 0, num: DASHBOARD_RECENT_SHIPMENTS } },
    { name: 'getUserOperationsCall', input: { user_id: userId, otype: 0, start: 0, num: 1, sort: 'op_timestamp', order: 'desc' } },
    { name: 'getAdvertisementsCall', input: {} },
    { name: 'carrierServiceRenamingCall', input: {} },
  ],
};

type FieldValue = string | number | boolean | null | undefined;

/** Form and query encoding of spec 01 §7: null and undefined fields dropped, booleans as 1 or 0. */
export function encodeFields(fields: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields) as [string, FieldValue][]) {
    if (value === null || value === undefined) continue;
    params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params;
}

/** One call with its fields, as the page's answers are keyed: the call's name and its encoded fields. */
export const pageCallKey = (name: string, input: object): string => `${name}?${encodeFields(input).toString()}`;
