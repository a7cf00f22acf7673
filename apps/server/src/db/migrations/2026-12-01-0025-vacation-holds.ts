import type { Kysely } from 'kysely';
import { identity, timestampType } from '../dialect.js';

/**
 * Vacation holds (issue 22 item 2). vacation_holds: the days a customer is away, start_date and
 * end_date as 'YYYY-MM-DD' Pacific days, both included. locker_packages.held_until: for a package
 * delivered on a day of a hold, that hold's last day (its free period is counted from the
 * midnight after it); null for a package delivered outside any hold.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('vacation_holds')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vacation_holds_user').on('vacation_holds').columns(['user_id', 'end_date']).execute();
  await db.schema.alterTable('locker_packages').addColumn('held_until', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('locker_packages').dropColumn('held_until').execute();
  await db.schema.dropTable('vacation_holds').execute();
}
