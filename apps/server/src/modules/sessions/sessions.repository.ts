import { compiledQuery } from '../../db/compiled-query.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../users/users.table.js';
import type { NewSession, SessionRow, SessionUser } from './sessions.table.js';

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** A session found by its token: its two times and its user. */
export interface FoundSession<User extends SessionUser> {
  session: Pick<SessionRow, 'last_seen_at' | 'expires_at'>;
  user: User;
}

/** A session's two times, beside its user's columns in the row of one query. */
type SessionTimes = { session_last_seen_at: SessionRow['last_seen_at']; session_expires_at: SessionRow['expires_at'] };

/** A session's times and its user's id, role and status, by the session's token hash: what every signed-in call asks. */
export function sessionIdentity(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .select(['users.user_id', 'users.role_id', 'users.status'])
    .select(['sessions.last_seen_at as session_last_seen_at', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', tokenHash);
}

const sessionWithIdentity = compiledQuery(1, sessionIdentity);

const sessionWithUser = compiledQuery(1, (db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.last_seen_at as session_last_seen_at', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', tokenHash),
);

/** The session's times and the user's row as the query gave them (a row carrying both, see findSessionWithUser). */
function split<User extends SessionUser>(row: (User & SessionTimes) | undefined): FoundSession<User> | undefined {
  return row && { session: { last_seen_at: row.session_last_seen_at, expires_at: row.session_expires_at }, user: row };
}

/**
 * A session's times and who its user is, in one query: what every signed-in call asks (compiled
 * once). Three of the user's columns, not its 40: on PostgreSQL the whole row cost 23 µs more of
 * the portal's CPU a call (its columns described, decoded and its times parsed; 3.5 µs on SQLite,
 * issue 24), and most calls need only the user's id.
 */
export async function findSessionWithIdentity(db: Db, tokenHash: string): Promise<FoundSession<SessionUser> | undefined> {
  const [row] = await sessionWithIdentity(db, tokenHash);
  return split(row);
}

/**
 * The columns sessionIdentity's row gives a statement that reads it beside other rows (a list's
 * page: db/counted-page.ts), named so that no table's column is taken for them.
 */
export interface SessionIdentityColumns {
  session_user_id: number;
  session_role_id: number;
  session_status: number;
  session_last_seen_at: SessionRow['last_seen_at'];
  session_expires_at: SessionRow['expires_at'];
}

/** The session a statement's row carries beside its own columns (SessionIdentityColumns), when it found one. */
export function foundSessionOf(row: SessionIdentityColumns | undefined): FoundSession<SessionUser> | undefined {
  if (!row) return undefined;
  return {
    session: { last_seen_at: row.session_last_seen_at, expires_at: row.session_expires_at },
    user: { user_id: row.session_user_id, role_id: row.session_role_id, status: row.session_status },
  };
}

/**
 * A session's times and its user's whole row, in one query, for the calls that use the account
 * (their route says so: `account`). The user's row is the query's row as it is, so it also carries
 * the session's two times (session_last_seen_at, session_expires_at): copying its 40 columns into a
 * row without them cost 7-8 µs a call (issue 24). Every answer shapes the user field by field, so
 * they go no further.
 */
export async function findSessionWithUser(db: Db, tokenHash: string): Promise<FoundSession<UserRow> | undefined> {
  const [row] = await sessionWithUser(db, tokenHash);
  return split<UserRow>(row);
}

export async function touchSession(db: Db, tokenHash: string, nowIso: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: nowIso }).where('token_hash', '=', tokenHash).execute();
}

/** Records (or, with null, forgets) that the session proved its user's password at `atIso`. */
export async function setSessionReauthenticatedAt(db: Db, tokenHash: string, atIso: string | null): Promise<void> {
  await db.updateTable('sessions').set({ reauthenticated_at: atIso }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Sessions past their absolute expiry, or not seen since `idleSinceIso`. */
export async function deleteExpiredSessions(db: Db, nowIso: string, idleSinceIso: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('last_seen_at', '<=', idleSinceIso)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the user but the one whose token hash is kept (the caller's own). */
export async function deleteOtherUserSessions(db: Db, userId: number, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).execute();
}
