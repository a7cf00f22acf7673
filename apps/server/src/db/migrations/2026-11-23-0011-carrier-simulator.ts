import { type Kysely, sql } from 'kysely';
import { flagCheck, timestampType } from '../dialect.js';

/**
 * The carriers simulator keeps its side (shipments, trackers, pickups) in the database, as
 * EasyPost keeps it on its own: a restart forgets nothing and every server sees the same labels
 * (issue 9). Each object is JSON under (kind, id); `active` marks a tracker that time still moves
 * (the recurring advance job lists them by updated_at); `expires_at` lets rated shipments nobody
 * bought be forgotten. Also an index to find a shipment by the tracker a webhook names.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('carrier_simulator_objects')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('active')))
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts)
    .addPrimaryKeyConstraint('carrier_simulator_objects_pk', ['kind', 'id'])
    .addCheckConstraint('carrier_simulator_objects_kind', sql`kind in ('shipment', 'tracker', 'tracker_id', 'purchase_key', 'pickup', 'failure')`)
    .execute();
  await db.schema.createIndex('carrier_simulator_objects_due').on('carrier_simulator_objects').columns(['kind', 'active', 'updated_at']).execute();
  await db.schema.createIndex('carrier_simulator_objects_expires').on('carrier_simulator_objects').column('expires_at').execute();
  await db.schema.createIndex('shipments_tracker_id').on('shipments').column('tracker_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('shipments_tracker_id').execute();
  await db.schema.dropTable('carrier_simulator_objects').execute();
}
