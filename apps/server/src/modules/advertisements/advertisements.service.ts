import type { Db } from '../../db/database.js';
import { listActiveAdvertisements } from './advertisements.repository.js';
import type { AdvertisementRow } from './advertisements.table.js';

/** The advertisements shown now. */
export async function activeAdvertisements(db: Db): Promise<AdvertisementRow[]> {
  return listActiveAdvertisements(db);
}
