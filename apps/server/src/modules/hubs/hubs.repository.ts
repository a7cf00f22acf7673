import { compiledQuery } from '../../db/compiled-query.js';
import type { Db } from '../../db/database.js';
import type { NewHubBuilding } from '../campuses/campuses.table.js';
import type { HubRow, NewHub } from './hubs.table.js';

export async function findHub(db: Db, hubId: string): Promise<HubRow | undefined> {
  return db.selectFrom('hubs').selectAll().where('id', '=', hubId).executeTakeFirst();
}

/** Every hub by name: the account's record lists them on every call, so the query is compiled once (issue 24). */
const everyHub = compiledQuery(0, (db) => db.selectFrom('hubs').selectAll().orderBy('business_name').orderBy('id'));

export async function listHubs(db: Db): Promise<HubRow[]> {
  return everyHub(db);
}

export async function insertHubs(db: Db, hubs: NewHub[]): Promise<void> {
  await db.insertInto('hubs').values(hubs).execute();
}

export async function linkHubsToBuildings(db: Db, links: NewHubBuilding[]): Promise<void> {
  if (links.length > 0) await db.insertInto('hub_buildings').values(links).execute();
}

/** The hubs serving a building, by name. */
export async function listHubsOfBuilding(db: Db, buildingId: number): Promise<HubRow[]> {
  return db
    .selectFrom('hubs')
    .innerJoin('hub_buildings', 'hub_buildings.hub_id', 'hubs.id')
    .selectAll('hubs')
    .where('hub_buildings.building_id', '=', buildingId)
    .orderBy('hubs.business_name')
    .orderBy('hubs.id')
    .execute();
}

export async function hubServesBuilding(db: Db, hubId: string, buildingId: number): Promise<boolean> {
  const row = await db
    .selectFrom('hub_buildings')
    .select('hub_id')
    .where('hub_id', '=', hubId)
    .where('building_id', '=', buildingId)
    .executeTakeFirst();
  return row !== undefined;
}
