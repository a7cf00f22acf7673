import type { Insertable, Selectable } from 'kysely';
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

/** A customer's updatable pass (Apple's PassKit web service): one per customer. */
export interface WalletPassesTable {
  /** Random: the pass's serialNumber. */
  serial_number: string;
  user_id: number;
  /** SHA-256 (hex) of the pass's authenticationToken. */
  auth_token_hash: string;
  /** The authenticationToken sealed (AES-256-GCM, key from SESSION_SECRET), to build the same pass again. */
  auth_token_sealed: string;
  created_at: Timestamp;
  /** The pass's last change: its update tag and Last-Modified (whole seconds). */
  updated_at: Timestamp;
}

/** A device that asked for a pass's updates. */
export interface WalletPassRegistrationsTable {
  device_library_id: string;
  serial_number: string;
  /** The APNs device token that wakes the device's Wallet. */
  push_token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WalletPassRow = Selectable<WalletPassesTable>;
export type NewWalletPass = Insertable<WalletPassesTable>;
export type NewWalletPassRegistration = Insertable<WalletPassRegistrationsTable>;
export type WalletPassRegistrationRow = Selectable<WalletPassRegistrationsTable>;
