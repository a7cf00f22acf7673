import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A zip code of the service area (firstLogin). */
export interface ServedZipsTable {
  zip_code: string;
}

/** An invitation code a property manager hands out: it grants role 15 or 16 on one of their campuses. */
export interface InvitationCodesTable {
  id: Generated<number>;
  /** Upper case; matched case-insensitively. */
  code: string;
  role_id: number;
  bcm_user_id: number;
  /** The company the code is for; null lets the newcomer pick any company of the manager. */
  company_id: number | null;
  /** null: unlimited. */
  max_uses: number | null;
  uses: Generated<number>;
  /** null: never expires. */
  expires_at: Timestamp | null;
  created_at: Timestamp;
}

export type InvitationCodeRow = Selectable<InvitationCodesTable>;
export type NewInvitationCode = Insertable<InvitationCodesTable>;
