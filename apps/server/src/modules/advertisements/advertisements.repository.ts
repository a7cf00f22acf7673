import type { Db } from '../../db/database.js';
import type { AdvertisementRow, NewAdvertisement } from './advertisements.table.js';

/** Active advertisements, newest first: the web app shows the first. */
export async function listActiveAdvertisements(db: Db): Promise<AdvertisementRow[]> {
  return db
    .selectFrom('advertisements')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertAdvertisement(db: Db, advertisement: NewAdvertisement): Promise<void> {
  await db.insertInto('advertisements').values(advertisement).execute();
}
