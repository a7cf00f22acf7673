import { doorOutOfReach, freePeriodStart, type LockerDoor, pickupCharge, pickupGraceEnd, type WaitingPackage } from '@airbox/contract';
import { membershipActive } from '../operations/ledger.js';
import type { UserRow } from '../users/users.table.js';
import type { WaitingPackageRow } from './packages.repository.js';

/** The door a package row names, or null when the controller reported none. */
export function packageDoor(row: { door_column: string | null; door_row: number | null; door_low: number | null }): LockerDoor | null {
  if (row.door_column === null || row.door_row === null || row.door_low === null) return null;
  return { column: row.door_column, row: row.door_row, low: row.door_low === 1 };
}

/**
 * A waiting package as the dashboard reads it (getUnPickupsById's packages): its free period's
 * end and what a pickup now would cost, by the same rule the pickup charges (pickupCharge).
 */
export function toWaitingPackage(
  row: WaitingPackageRow,
  user: Pick<UserRow, 'membership' | 'membership_expire' | 'is_handicapped'>,
  now: Date,
): WaitingPackage {
  const deliveredAt = new Date(row.delivered_at);
  const door = packageDoor(row);
  // A package delivered in a vacation hold is free from the hold's end, and a day later for each day extended (issue 22 item 2).
  const freeFrom = freePeriodStart(deliveredAt, row.held_until, row.extended_days);
  const charge = pickupCharge({
    deliveredAt: freeFrom,
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
    freeUntil: pickupGraceEnd(freeFrom).toISOString(),
    overdueDays: charge.overtimeDays,
    creditsDue: charge.total,
    door,
    doorOutOfReach: doorOutOfReach(door, user.is_handicapped === 1),
    hubPhone: row.hub_phone,
    heldUntil: row.held_until,
    extendedDays: row.extended_days,
  };
}
