import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

export type PickupExtensionState = 'paying' | 'extended' | 'refunded' | 'cancelled';

/**
 * A day added to a waiting package's free period (issue 22 item 2), paid with credits (extended
 * at once) or with PayPal ('paying' until the money is taken, then 'extended', or 'refunded' when
 * nothing could be extended any more, or 'cancelled'). `day` (1 or 2) is set when granted and is
 * unique per package: a day is never granted twice.
 */
export interface PickupExtensionsTable {
  id: Generated<number>;
  package_id: number;
  user_id: number;
  paid_with: 'credits' | 'paypal';
  payment_order_id: number | null;
  state: PickupExtensionState;
  /** The day it pays for (1 or 2). */
  for_day: number;
  /** for_day once granted (unique per package); null until then, or when never granted. */
  day: number | null;
  /** Credits taken (credits), or 0. */
  credits: Generated<number>;
  /** Money paid (PayPal), in cents, or 0. */
  price_cents: Generated<number>;
  created_at: Timestamp;
  /** When it was extended, refunded or cancelled. */
  settled_at: Timestamp | null;
}

export type PickupExtensionRow = Selectable<PickupExtensionsTable>;
export type NewPickupExtension = Insertable<PickupExtensionsTable>;
