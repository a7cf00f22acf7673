import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A notice shown as a banner on the dashboard and the messages page. */
export interface AdvertisementsTable {
  id: Generated<number>;
  content: string;
  active: number;
  created_at: Timestamp;
}

export type AdvertisementRow = Selectable<AdvertisementsTable>;
export type NewAdvertisement = Insertable<AdvertisementsTable>;
