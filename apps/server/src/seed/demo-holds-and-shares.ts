import { randomInt } from 'node:crypto';
import { addDays, freePeriodStart, holdDatesProblem, HOUR_MS, pacificDateString, pickupGraceEnd } from '@airbox/contract';
import type { Db } from '../db/database.js';
import { toIso } from '../db/dialect.js';
import { pickupCodeTaken } from '../modules/pickup-shares/pickup-shares.service.js';
import { randomToken, sha256 } from '../modules/tokens/tokens.crypto.js';

/** The demo user's vacation hold: this many days from the seed's day, for this many days (within VACATION_HOLD_MAX_DAYS). */
export const DEMO_HOLD = { startsInDays: 10, days: 5 } as const;
/** Whom the demo user shared a waiting package's pickup with, and which package (by its pickup code). */
export const DEMO_SHARE = { pickupCode: '583920', sentTo: 'sam@example.com' } as const;

/**
 * Issue 22 in the demo data, so a newcomer sees it without setting it up: a vacation hold ahead
 * in My Profile (days counted from the seed's clock, so it is always valid: from today, at most
 * 14 days), and a live share of the newest waiting package, e-mailed to a friend, which the
 * dashboard, My Messages and the wallet pass show with REVOKE. The share's link token is drawn
 * and dropped, as a real share's is after its mail: only its hash is kept, so the demo link
 * cannot be guessed either. Part of seedDemoData's transaction.
 */
export async function seedDemoHoldAndShare(trx: Db, userId: number, now: Date): Promise<void> {
  const today = pacificDateString(now);
  const startDate = addDays(today, DEMO_HOLD.startsInDays);
  const endDate = addDays(startDate, DEMO_HOLD.days - 1);
  const problem = holdDatesProblem(startDate, endDate, today);
  if (problem) throw new Error(`the demo vacation hold breaks the rules: ${problem}`);
  await trx.insertInto('vacation_holds').values({ user_id: userId, start_date: startDate, end_date: endDate, created_at: now.toISOString() }).execute();

  const pkg = await trx
    .selectFrom('locker_packages')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pickup_code', '=', DEMO_SHARE.pickupCode)
    .where('picked_up_at', 'is', null)
    .executeTakeFirstOrThrow();
  const deliveredAt = new Date(toIso(pkg.delivered_at));
  const sharedAt = new Date(Math.max(deliveredAt.getTime(), now.getTime() - HOUR_MS));
  let pickupCode: string;
  do pickupCode = String(randomInt(100_000, 1_000_000));
  while (await pickupCodeTaken(trx, pkg.hub_id, pickupCode));
  await trx
    .insertInto('pickup_shares')
    .values({
      package_id: pkg.id,
      user_id: userId,
      hub_id: pkg.hub_id,
      pickup_code: pickupCode,
      token_hash: sha256(randomToken()),
      via: 'email',
      sent_to: DEMO_SHARE.sentTo,
      created_at: sharedAt.toISOString(),
      // As a share made now: valid until the package's free period ends.
      expires_at: pickupGraceEnd(freePeriodStart(deliveredAt, pkg.held_until)).toISOString(),
      ended_at: null,
      ended_by: null,
    })
    .execute();
}
