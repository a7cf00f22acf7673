import type { Locker } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { HubRow, NewHub } from './hubs.table.js';

export async function findHub(db: Db, hubId: string): Promise<HubRow | undefined> {
  return db.selectFrom('hubs').selectAll().where('id', '=', hubId).executeTakeFirst();
}

export async function listHubs(db: Db): Promise<HubRow[]> {
  return db.selectFrom('hubs').selectAll().orderBy('business_name').orderBy('id').execute();
}

export async function insertHubs(db: Db, hubs: NewHub[]): Promise<void> {
  await db.insertInto('hubs').values(hubs).execute();
}

export function toLocker(hub: HubRow): Locker {
  return {
    id: hub.id,
    business_name: hub.business_name,
    address: hub.address,
    city: hub.city,
    state: hub.state,
    zip_code: hub.zip_code,
    location: hub.location,
  };
}
