import type { Kysely } from 'kysely';
import { timestampType } from '../dialect.js';

/**
 * shipments.est_delivery_date: when the carrier expects to deliver the label (its tracker's
 * est_delivery_date, as EasyPost sends it), for the recipient's tracking page (issue 21 item 15).
 * Null until a tracker says; the page then counts the service's delivery days from the purchase.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').addColumn('est_delivery_date', timestampType(db)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').dropColumn('est_delivery_date').execute();
}
