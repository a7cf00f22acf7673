import type { Membership } from '@airbox/contract';
import type { Db } from '../../db/database.js';
import { listMemberships } from './memberships.repository.js';
import { toMembership } from './memberships.wire.js';

/** The plans a customer may buy, as the calls answer them. */
export async function membershipPlans(db: Db): Promise<Membership[]> {
  return (await listMemberships(db)).map(toMembership);
}
