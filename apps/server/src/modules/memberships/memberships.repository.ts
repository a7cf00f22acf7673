import type { MembershipPlan } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { MembershipRow } from './memberships.table.js';

export async function listMemberships(db: Db): Promise<MembershipRow[]> {
  return db.selectFrom('memberships').selectAll().orderBy('id').execute();
}

export async function findMembership(db: Db, plan: MembershipPlan): Promise<MembershipRow | undefined> {
  return db.selectFrom('memberships').selectAll().where('id', '=', plan).executeTakeFirst();
}
