import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A waiting package's pickup shared by its owner (issue 22 item 1); live while ended_at is null. */
export interface PickupSharesTable {
  id: Generated<number>;
  package_id: number;
  user_id: number;
  hub_id: string;
  pickup_code: string;
  /** SHA-256 (hex) of the link's token; the token itself is never kept. */
  token_hash: string;
  via: 'link' | 'email' | 'text';
  sent_to: string;
  created_at: Timestamp;
  /** The package's free period's end: the share's code and link stop then. */
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  ended_by: 'shared-code' | 'owner-code' | 'revoked' | null;
}

export type PickupShareRow = Selectable<PickupSharesTable>;
export type NewPickupShare = Insertable<PickupSharesTable>;
