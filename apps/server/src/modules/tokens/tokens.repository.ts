import type { Db } from '../../db/database.js';
import type { NewUserToken, TokenPurpose, UserTokenRow } from './tokens.table.js';

export async function insertToken(db: Db, token: NewUserToken): Promise<void> {
  await db.insertInto('user_tokens').values(token).execute();
}

export async function findToken(db: Db, tokenHash: string, purpose: TokenPurpose): Promise<UserTokenRow | undefined> {
  return db
    .selectFrom('user_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * When the user's newest token of this purpose was issued, how many were issued since `sinceIso`,
 * and how many still work at `nowIso` (neither used nor expired).
 */
export async function recentTokens(
  db: Db,
  userId: number,
  purpose: TokenPurpose,
  sinceIso: string,
  nowIso: string,
): Promise<{ latest: Date | string | undefined; since: number; live: number }> {
  const row = await db
    .selectFrom('user_tokens')
    .select((eb) => [
      eb.fn.max('created_at').as('latest'),
      eb.fn.count(eb.case().when('created_at', '>=', sinceIso).then(1).end()).as('since'),
      eb.fn.count(eb.case().when(eb.and([eb('used_at', 'is', null), eb('expires_at', '>', nowIso)])).then(1).end()).as('live'),
    ])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return { latest: row?.latest ?? undefined, since: Number(row?.since ?? 0), live: Number(row?.live ?? 0) };
}

/** Marks every unused token of this purpose used: they stop working. */
export async function voidTokens(db: Db, userId: number, purpose: TokenPurpose, nowIso: string): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: nowIso })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

export async function deleteToken(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('token_hash', '=', tokenHash).execute();
}

/** Tokens that expired before `beforeIso`, used or not. */
export async function deleteTokensExpiredBefore(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('user_tokens').where('expires_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function markTokenUsed(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('user_tokens').set({ used_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
}
