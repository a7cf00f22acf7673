import type { Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';
import type { UserRow } from '../users/users.table.js';

/** A signed-in session. Only the SHA-256 of the cookie's token is kept. */
export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Absolute expiry: created_at plus the session's maximum age. */
  expires_at: Timestamp;
  /** When verifyPassword last proved the password in this session; null when never (or a later try failed). */
  reauthenticated_at: Timestamp | null;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;

/** What a signed-in call knows of its caller from the session: who, and what role and status (loginDestination). */
export type SessionUser = Pick<UserRow, 'user_id' | 'role_id' | 'status'>;
