import type { Membership, MembershipPlan } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import type { MembershipRow } from './memberships.table.js';

export async function listMemberships(db: Db): Promise<MembershipRow[]> {
  return db.selectFrom('memberships').selectAll().orderBy('id').execute();
}

export async function findMembership(db: Db, plan: MembershipPlan): Promise<MembershipRow | undefined> {
  return db.selectFrom('memberships').selectAll().where('id', '=', plan).executeTakeFirst();
}

/** The wire shape: dollars with cents. */
export function toMembership(row: MembershipRow): Membership {
  return {
    id: row.id as MembershipPlan,
    name: row.name,
    amount: row.price_cents / 100,
    initial: row.initial_cents / 100,
    credits: row.credits,
    months: row.months,
  };
}
