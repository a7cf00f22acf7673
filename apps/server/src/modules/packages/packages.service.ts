import type { WaitingPackage } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../users/users.table.js';
import { listWaitingPackages } from './packages.repository.js';
import { toWaitingPackage } from './packages.wire.js';

/** The packages waiting in a locker for the user, oldest first, with what picking each up costs at `now`. */
export async function waitingPackages(db: Db, user: UserRow, now: Date): Promise<WaitingPackage[]> {
  return (await listWaitingPackages(db, user.user_id)).map((row) => toWaitingPackage(row, user, now));
}
