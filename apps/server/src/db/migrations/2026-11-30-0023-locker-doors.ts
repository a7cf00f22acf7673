import type { Kysely } from 'kysely';

/**
 * A door you can reach (issue 22 item 3). locker_packages.door_column, door_row and door_low: the
 * door the locker controller reported for a delivery (column as text, 'B' or '12'; row; 1 for a
 * low, wheelchair-reachable door), all null when it reported none. hubs.phone: the number a
 * customer calls for help at the hub ('' when none is listed), shown when a package they cannot
 * reach went behind a high door.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('locker_packages').addColumn('door_column', 'text').execute();
  await db.schema.alterTable('locker_packages').addColumn('door_row', 'integer').execute();
  await db.schema.alterTable('locker_packages').addColumn('door_low', 'integer').execute();
  await db.schema.alterTable('hubs').addColumn('phone', 'text', (column) => column.notNull().defaultTo('')).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hubs').dropColumn('phone').execute();
  await db.schema.alterTable('locker_packages').dropColumn('door_low').execute();
  await db.schema.alterTable('locker_packages').dropColumn('door_row').execute();
  await db.schema.alterTable('locker_packages').dropColumn('door_column').execute();
}
