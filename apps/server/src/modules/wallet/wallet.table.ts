import type { Insertable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A generated .pkpass waiting behind a one-time download link; the row goes when it is fetched. */
export interface WalletPassLinksTable {
  /** SHA-256 of the link's random token. */
  token_hash: string;
  user_id: number;
  pass: Buffer;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export type NewWalletPassLink = Insertable<WalletPassLinksTable>;
