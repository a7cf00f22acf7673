import { type Kysely, sql } from 'kysely';
import { flagCheck, identity, isSqlite, timestampType } from '../dialect.js';

/**
 * End-of-day scan forms (issue 25 item 2).
 *
 * scan_forms: one USPS scan form of a customer's labels: creating (the row is written, with its
 * labels, before the carrier is asked: a replay or a second request finds it), created (the
 * carrier's id kept), failed (the carrier refused: its labels are freed, note says why).
 * scan_form_labels: the labels a form lists, in order; shipment_id is unique, so a label is on at
 * most one scan form whatever the races.
 * carrier_simulator_objects.kind: the carriers simulator keeps its scan forms too (scan_form, the
 * key of the request that made it, and which form each shipment is on).
 */
const OLD_KINDS = `'shipment', 'tracker', 'tracker_id', 'purchase_key', 'pickup', 'failure'`;
const NEW_KINDS = `${OLD_KINDS}, 'scan_form', 'scan_form_key', 'scan_form_shipment'`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
async function simulatorKinds(db: Kysely<any>, kinds: string): Promise<void> {
  if (!isSqlite(db)) {
    await sql`alter table carrier_simulator_objects drop constraint carrier_simulator_objects_kind`.execute(db);
    await sql`alter table carrier_simulator_objects add constraint carrier_simulator_objects_kind check (kind in (${sql.raw(kinds)}))`.execute(db);
    return;
  }
  // SQLite cannot change a check constraint: the table is made again with the new one and its rows copied.
  const ts = timestampType(db);
  await db.schema
    .createTable('carrier_simulator_objects_next')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('active')))
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts)
    .addPrimaryKeyConstraint('carrier_simulator_objects_pk', ['kind', 'id'])
    .addCheckConstraint('carrier_simulator_objects_kind', sql`kind in (${sql.raw(kinds)})`)
    .execute();
  await sql`insert into carrier_simulator_objects_next (kind, id, data, active, updated_at, expires_at)
    select kind, id, data, active, updated_at, expires_at from carrier_simulator_objects where kind in (${sql.raw(kinds)})`.execute(db);
  await db.schema.dropTable('carrier_simulator_objects').execute();
  await db.schema.alterTable('carrier_simulator_objects_next').renameTo('carrier_simulator_objects').execute();
  await db.schema.createIndex('carrier_simulator_objects_due').on('carrier_simulator_objects').columns(['kind', 'active', 'updated_at']).execute();
  await db.schema.createIndex('carrier_simulator_objects_expires').on('carrier_simulator_objects').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('scan_forms')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_scan_form_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('creating', 'created', 'failed')`))
    .addColumn('ship_date', 'text', (c) => c.notNull())
    .addColumn('from_line', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scan_forms_user').on('scan_forms').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('scan_form_labels')
    .addColumn('scan_form_id', 'integer', (c) => c.notNull().references('scan_forms.id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_form_labels_pk', ['scan_form_id', 'shipment_id'])
    .execute();
  // A label is on one scan form at most: two requests at once cannot both list it.
  await db.schema.createIndex('scan_form_labels_shipment').unique().on('scan_form_labels').column('shipment_id').execute();
  await simulatorKinds(db, NEW_KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await simulatorKinds(db, OLD_KINDS);
  await db.schema.dropTable('scan_form_labels').execute();
  await db.schema.dropTable('scan_forms').execute();
}
