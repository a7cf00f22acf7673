import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** An order of a partner merchant placed in a locker (the public /ShowQRcode page). */
export interface ThirdPartyOrdersTable {
  id: Generated<number>;
  order_id: string;
  /** The merchant's id, `mId` on the wire. */
  merchant_id: string;
  pickup_code: string;
  hub_id: string | null;
  created_at: Timestamp;
}

export type ThirdPartyOrderRow = Selectable<ThirdPartyOrdersTable>;
export type NewThirdPartyOrder = Insertable<ThirdPartyOrdersTable>;
