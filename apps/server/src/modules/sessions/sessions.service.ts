import { HOUR_MS, SESSION_MAX_AGE_MS } from '@airbox/contract';
import type { SessionToConfirm } from '../../db/counted-page.js';
import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { randomToken, sha256 } from '../tokens/tokens.crypto.js';
import type { UserRow } from '../users/users.table.js';
import { deleteSession, findSessionWithIdentity, findSessionWithUser, type FoundSession, insertSession, touchSession } from './sessions.repository.js';
import type { SessionUser } from './sessions.table.js';

/** A session ends 2 hours after its last use, and 12 hours after login whatever happens. */
export const SESSION_IDLE_MS = 2 * HOUR_MS;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

export async function startSession(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomToken();
  await insertSession(db, {
    token_hash: sha256(token),
    user_id: userId,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_MAX_AGE_MS).toISOString(),
  });
  return token;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, sha256(token));
}

/**
 * Who a session token belongs to (SessionUser: id, role and status), or undefined when it is
 * unknown or expired (then deleted).
 */
export async function resumeSession(db: Db, token: string, now: Date): Promise<SessionUser | undefined> {
  const tokenHash = sha256(token);
  return stillOpen(db, tokenHash, await findSessionWithIdentity(db, tokenHash), now);
}

/** resumeSession with the user's whole row, for the calls that use the account. */
export async function resumeSessionWithAccount(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  const tokenHash = sha256(token);
  return stillOpen(db, tokenHash, await findSessionWithUser(db, tokenHash), now);
}

/** A call's session whose lookup waits for a list's statement (SessionToConfirm), or is made alone when no statement ran. */
export interface PendingSession extends SessionToConfirm {
  /** Looks the session up on its own and confirms it: for an answer that ran no list's statement. */
  lookUp(): Promise<number>;
}

/**
 * resumeSession for a session looked up in a list's statement (db/counted-page.ts): `admit` checks
 * the user the session belongs to (undefined: none, or it expired) as every caller is checked, and
 * throws when it is refused.
 */
export function pendingSession(db: Db, token: string, now: Date, admit: (user: SessionUser | undefined) => SessionUser): PendingSession {
  const tokenHash = sha256(token);
  const confirm = async (found: FoundSession<SessionUser> | undefined) => admit(await stillOpen(db, tokenHash, found, now)).user_id;
  return { tokenHash, confirm, lookUp: async () => confirm(await findSessionWithIdentity(db, tokenHash)) };
}

/** The session's user while the session is open (its last use noted at most every TOUCH_EVERY_MS); an expired one is deleted. */
async function stillOpen<User extends SessionUser>(db: Db, tokenHash: string, found: FoundSession<User> | undefined, now: Date): Promise<User | undefined> {
  if (!found) return undefined;
  const { session, user } = found;
  const lastSeen = new Date(toIso(session.last_seen_at)).getTime();
  const expired = toIso(session.expires_at) <= now.toISOString() || lastSeen + SESSION_IDLE_MS <= now.getTime();
  if (expired) {
    await deleteSession(db, tokenHash);
    return undefined;
  }
  if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) await touchSession(db, tokenHash, now.toISOString());
  return user;
}
