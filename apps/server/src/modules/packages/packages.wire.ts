import { pickupCharge, pickupGraceEnd, type WaitingPackage } from '@airbox/contract';
import { membershipActive } from '../operations/ledger.js';
import type { UserRow } from '../users/users.table.js';
import type { WaitingPackageRow } from './packages.repository.js';

/**
 * A waiting package as the dashboard reads it (getUnPickupsById's packages): its free period's
 * end and what a pickup now would cost, by the same rule the pickup charges (pickupCharge).
 */
export function toWaitingPackage(row: WaitingPackageRow, user: Pick<UserRow, 'membership' | 'membership_expire'>, now: Date): WaitingPackage {
  const deliveredAt = new Date(row.delivered_at);
  const charge = pickupCharge({
    deliveredAt,
    pickedUpAt: now,
    coveredByMembership: membershipActive(user, deliveredAt) || membershipActive(user, now),
  });
  return {
    packageId: row.id,
    hubName: row.hub_name,
    hubAddress: `${row.hub_address}, ${row.hub_city}, ${row.hub_state} ${row.hub_zip_code}`,
    carrier: row.carrier,
    trackingNo: row.tracking_no,
    deliveredAt: deliveredAt.toISOString(),
    pickupCode: row.pickup_code,
    freeUntil: pickupGraceEnd(deliveredAt).toISOString(),
    overdueDays: charge.overtimeDays,
    creditsDue: charge.total,
  };
}
