import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A package a carrier delivered into a hub's locker for a user. */
export interface LockerPackagesTable {
  id: Generated<number>;
  user_id: number;
  hub_id: string;
  carrier: string;
  tracking_no: string;
  pickup_code: string;
  delivered_at: Timestamp;
  /** null while the package waits in the locker. */
  picked_up_at: Timestamp | null;
  /** The door the controller reported (issue 22 item 3): column ('B', '12'), row, 1 when low; null when none was reported. */
  door_column: string | null;
  door_row: number | null;
  door_low: number | null;
  /** Delivered during a vacation hold (issue 22 item 2): the hold's last day 'YYYY-MM-DD', the free period counted after it; null otherwise. */
  held_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** Days its free period was extended, paid by the customer (issue 22 item 2): 0 to PICKUP_EXTENSION_MAX_DAYS. */
  extended_days: ColumnType<number, number | undefined, number>;
  /** The delivery the controller reported, one package each (unique; lockers' deliveryKey); null when the server's clock timed it, and before migration 0034. */
  delivery_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export type LockerPackageRow = Selectable<LockerPackagesTable>;
export type NewLockerPackage = Insertable<LockerPackagesTable>;
