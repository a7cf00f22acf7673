import type { Generated, Insertable, Selectable } from 'kysely';
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
  /** When customers can reach the hub's lockers, as they read it ('Every day, 6 AM – 11 PM'); '' unknown. */
  hours: Generated<string>;
  /** The number customers call for help at the hub, as they read it ('(415) 555-0134'); '' none listed. */
  phone: Generated<string>;
  created_at: Timestamp;
}

export type HubRow = Selectable<HubsTable>;
export type NewHub = Insertable<HubsTable>;
