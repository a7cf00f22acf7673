import type { Db } from '../../db/database.js';
import type { NewLockerPackage } from './packages.table.js';

export async function insertLockerPackages(db: Db, packages: NewLockerPackage[]): Promise<void> {
  await db.insertInto('locker_packages').values(packages).execute();
}

/** A waiting package with its hub, oldest delivery first. */
export interface WaitingPackageRow {
  id: number;
  carrier: string;
  tracking_no: string;
  pickup_code: string;
  delivered_at: string;
  hub_name: string;
  hub_address: string;
  hub_city: string;
  hub_state: string;
  hub_zip_code: string;
}

/** Packages waiting in a locker for this user with their hubs, oldest first (the first due). */
export async function listWaitingPackages(db: Db, userId: number): Promise<WaitingPackageRow[]> {
  const rows = await db
    .selectFrom('locker_packages as p')
    .innerJoin('hubs as h', 'h.id', 'p.hub_id')
    .select([
      'p.id',
      'p.carrier',
      'p.tracking_no',
      'p.pickup_code',
      'p.delivered_at',
      'h.business_name as hub_name',
      'h.address as hub_address',
      'h.city as hub_city',
      'h.state as hub_state',
      'h.zip_code as hub_zip_code',
    ])
    .where('p.user_id', '=', userId)
    .where('p.picked_up_at', 'is', null)
    .orderBy('p.delivered_at')
    .orderBy('p.id')
    .execute();
  // pg returns timestamps as Date objects: normalised to ISO text here.
  return rows.map((row) => ({ ...row, delivered_at: new Date(row.delivered_at).toISOString() }));
}
