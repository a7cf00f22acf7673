import type { Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

export type TokenPurpose = 'activation' | 'reset';

/** Activation codes and password reset ids, stored as SHA-256 hashes, single use. */
export interface UserTokensTable {
  token_hash: string;
  purpose: TokenPurpose;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Set when used, or when a newer token or a password change voids it. */
  used_at: Timestamp | null;
}

export type UserTokenRow = Selectable<UserTokensTable>;
export type NewUserToken = Insertable<UserTokensTable>;
