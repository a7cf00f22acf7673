import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** The locker QR code of a user: its version (bumped by a reset) and when it was last reset. */
export interface UserQrCodesTable {
  user_id: number;
  version: Generated<number>;
  reset_at: Timestamp | null;
}

export type UserQrCodeRow = Selectable<UserQrCodesTable>;
