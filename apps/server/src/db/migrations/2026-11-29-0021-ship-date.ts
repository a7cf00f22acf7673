import type { Kysely } from 'kysely';

/**
 * shipments.ship_date: the day the customer hands the label to the carrier ('YYYY-MM-DD', the
 * Rates step's ship date, EasyPost's options.label_date), chosen when it is rated (issue 21 item
 * 12). The rates' delivery dates count from it; null for a label rated before it was asked.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').addColumn('ship_date', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').dropColumn('ship_date').execute();
}
