import type { Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A delivery hub with lockers; users.locker_id points at it. */
export interface HubsTable {
  /** A UUID, as the spec's lockerUUID. */
  id: string;
  business_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  location: string | null;
  created_at: Timestamp;
}

export type HubRow = Selectable<HubsTable>;
export type NewHub = Insertable<HubsTable>;
