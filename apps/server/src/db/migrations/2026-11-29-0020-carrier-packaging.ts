import type { Kysely } from 'kysely';
import { identity, timestampType } from '../dialect.js';

/**
 * Carrier packaging and saved packages (issue 21 item 12). shipments.predefined_package and
 * saved_orders.predefined_package: the USPS Flat Rate package a label or an order in progress
 * ships in, by EasyPost's predefined_package name (its inside size in the *_in columns), null for
 * the customer's own box. saved_packages: a customer's named parcels for the Package step, a name
 * used once per customer whatever its case (name_key, the name in lower case).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').addColumn('predefined_package', 'text').execute();
  await db.schema.alterTable('saved_orders').addColumn('predefined_package', 'text').execute();
  await db.schema
    .createTable('saved_packages')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('predefined_package', 'text')
    .addColumn('length_in', 'double precision', (c) => c.notNull())
    .addColumn('width_in', 'double precision', (c) => c.notNull())
    .addColumn('height_in', 'double precision', (c) => c.notNull())
    .addColumn('weight_oz', 'double precision', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_packages_user_name').unique().on('saved_packages').columns(['user_id', 'name_key']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_packages').execute();
  await db.schema.alterTable('saved_orders').dropColumn('predefined_package').execute();
  await db.schema.alterTable('shipments').dropColumn('predefined_package').execute();
}
