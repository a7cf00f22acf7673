import type { WaitingPackage } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../users/users.table.js';
import { liveSharesOfUser } from '../pickup-shares/pickup-shares.service.js';
import { listWaitingPackages } from './packages.repository.js';
import { toWaitingPackage } from './packages.wire.js';

/** The packages waiting in a locker for the user, oldest first, with what picking each up costs at `now`. */
export async function waitingPackages(db: Db, user: UserRow, now: Date): Promise<WaitingPackage[]> {
  const [rows, shares] = await Promise.all([listWaitingPackages(db, user.user_id), liveSharesOfUser(db, user.user_id)]);
  return rows.map((row) => ({ ...toWaitingPackage(row, user, now), share: shares.get(row.id) ?? null }));
}
