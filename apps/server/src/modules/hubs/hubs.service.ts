import type { Locker } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { nearestFirst } from './hubs.distance.js';
import { listHubs, listHubsOfBuilding } from './hubs.repository.js';
import { selectableLockers, toLocker } from './hubs.wire.js';

/** Every hub, as the account's record lists its lockers. */
export async function lockerList(db: Db): Promise<Locker[]> {
  return (await listHubs(db)).map(toLocker);
}

/** The lockers a newcomer may pick in a building. */
export async function lockersOfBuilding(db: Db, buildingId: number): Promise<Locker[]> {
  return selectableLockers(await listHubsOfBuilding(db, buildingId));
}

/** The lockers a newcomer may pick, nearest first to a ZIP code when one is given. */
export async function lockersNear(db: Db, zipCode: string | undefined) {
  const lockers = selectableLockers(await listHubs(db));
  return zipCode ? nearestFirst(lockers, zipCode) : lockers;
}
