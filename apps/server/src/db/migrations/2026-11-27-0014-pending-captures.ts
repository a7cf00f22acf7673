import type { Kysely } from 'kysely';
import { timestampType } from '../dialect.js';

/**
 * Pending captures (issue 19): PayPal took the money but has not completed the capture yet (an
 * eCheck not cleared, a review). The order stays 'capturing' with its capture id; while the
 * capture is pending, capture_pending_reason says why PayPal waits (its status_details.reason)
 * and capture_checked_at when PayPal was last asked, so the recurring job asks again at
 * intervals until PayPal completes or declines it. Two nullable columns: no table rebuild.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_orders').addColumn('capture_pending_reason', 'text').execute();
  await db.schema.alterTable('payment_orders').addColumn('capture_checked_at', timestampType(db)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_orders').dropColumn('capture_checked_at').execute();
  await db.schema.alterTable('payment_orders').dropColumn('capture_pending_reason').execute();
}
