import { type Kysely, sql } from 'kysely';
import { flagCheck, timestampType } from '../dialect.js';

/**
 * The USPS carrier pickup simulator keeps its pickups in the database, as USPS keeps them on its
 * own (issue 10): a restart forgets none and every server sees the same ones. A pickup is USPS's
 * JSON under its confirmation number, with the ETag of its current version (an update or a
 * cancel must present it; the one-hour life USPS gives an ETag runs from etag_issued_at) and
 * whether it is cancelled. usps_simulator_failures holds the failure queued for each step
 * (the simulator's failNextDurably): one per step, used once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('usps_simulator_pickups')
    .addColumn('confirmation_number', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('etag_issued_at', ts, (c) => c.notNull())
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('cancelled')))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('usps_simulator_failures')
    .addColumn('step', 'text', (c) => c.primaryKey().check(sql`step in ('checkEligibility', 'schedule', 'inquire', 'update', 'cancel')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('after_effect', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('after_effect')))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('usps_simulator_failures').execute();
  await db.schema.dropTable('usps_simulator_pickups').execute();
}
