import type { Kysely } from 'kysely';

/**
 * hubs.hours: when customers can reach the hub's lockers, as they read it ('Every day, 6 AM – 11
 * PM'), for the drop-off choices of a label whose carrier has no pickup (issue 21 item 4). '' when
 * the hub has not said; the screens then show its address alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hubs').addColumn('hours', 'text', (column) => column.notNull().defaultTo('')).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hubs').dropColumn('hours').execute();
}
