import type { Membership, MembershipPlan } from '@airbox/contract';
import type { MembershipRow } from './memberships.table.js';

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
