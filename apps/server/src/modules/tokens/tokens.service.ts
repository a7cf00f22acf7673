import { DAY_MS } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { randomToken, sha256 } from './tokens.crypto.js';
import { deleteToken, findToken, insertToken, recentTokens } from './tokens.repository.js';

export { markTokenUsed } from './tokens.repository.js';
import type { TokenPurpose } from './tokens.table.js';

/** A user gets at most one new link of each purpose in this time: asking again mails nothing. */
export const LINK_COOLDOWN_MS = 60 * 1000;

/**
 * And past this many in a day, only when none mailed still works: the forms that ask for one
 * (forgot password, resend the activation mail) are open to anyone who knows the address or the
 * user id, who could otherwise mail the customer a link a minute all day. Never none at all: an
 * owner whose sign-ins are refused (login-throttle.ts) must be able to reset the password.
 */
export const LINKS_PER_DAY = 5;

/**
 * Issues a single-use token for a user, unless one of the same purpose was issued less than
 * LINK_COOLDOWN_MS ago, or LINKS_PER_DAY were in the last day and one still works (then undefined). Earlier tokens
 * stay valid until they expire or are used, so asking for another link never voids one already
 * mailed. Returns the raw token, which is never stored.
 */
export async function issueToken(
  trx: Db,
  userId: number,
  purpose: TokenPurpose,
  ttlMs: number,
  now: Date,
): Promise<string | undefined> {
  const recent = await recentTokens(trx, userId, purpose, new Date(now.getTime() - DAY_MS).toISOString(), now.toISOString());
  if (recent.latest && now.getTime() - new Date(recent.latest).getTime() < LINK_COOLDOWN_MS) return undefined;
  if (recent.since >= LINKS_PER_DAY && recent.live > 0) return undefined;
  const token = randomToken();
  await insertToken(trx, {
    token_hash: sha256(token),
    purpose,
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    used_at: null,
  });
  return token;
}

/** Deletes a token nobody received (its mail failed). */
export async function withdrawToken(db: Db, token: string): Promise<void> {
  await deleteToken(db, sha256(token));
}

export type TokenCheck =
  | { state: 'valid'; userId: number; tokenHash: string }
  | { state: 'unknown' }
  | { state: 'used' }
  | { state: 'expired' };

/** What a presented token is worth now. Marking it used is the caller's job, in its transaction. */
export async function checkToken(trx: Db, token: string, purpose: TokenPurpose, now: Date): Promise<TokenCheck> {
  const tokenHash = sha256(token);
  const row = await findToken(trx, tokenHash, purpose);
  if (!row) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used' };
  if (toIso(row.expires_at) <= now.toISOString()) return { state: 'expired' };
  return { state: 'valid', userId: row.user_id, tokenHash };
}
