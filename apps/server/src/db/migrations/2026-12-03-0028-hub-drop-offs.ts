import { type Kysely, sql } from 'kysely';
import { identity, timestampType } from '../dialect.js';

/**
 * Drop it off at your hub (issue 23 item 1).
 *
 * shipments.drop_off_hub_id: the AirBox hub chosen at Review and pay, kept from payment to purchase.
 *
 * hub_drop_offs: one per label bought with a drop-off (shipment_id unique). Its code is looked up
 * by its SHA-256 (code_hash, unique) and kept sealed (AES-256-GCM under SESSION_SECRET, as the
 * wallet pass's token) so the portal can show it again. state: 'waiting' → 'opening' (a compartment
 * was opened for the code, once) → 'dropped_off' (the parcel is in); 'void' when the label was
 * refunded before it was used. hub_pickup_id: the hub's carrier pickup that takes it.
 *
 * hub_pickups: the hub's daily pickup, one per hub, carrier and day (unique), booked through the
 * carriers provider or the USPS pickup adapter: 'booking' → 'booked' or 'failed' (note says why).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('shipments').addColumn('drop_off_hub_id', 'text').execute();

  await db.schema
    .createTable('hub_pickups')
    .addColumn('id', 'integer', identity(db))
    .addColumn('hub_id', 'text', (c) => c.notNull().references('hubs.id'))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('pickup_date', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('booking').check(sql`state in ('booking', 'booked', 'failed')`))
    .addColumn('booked_with', 'text', (c) => c.notNull().check(sql`booked_with in ('carriers', 'usps')`))
    .addColumn('confirmation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parcels', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('booked_at', ts)
    .addUniqueConstraint('hub_pickups_hub_carrier_day', ['hub_id', 'carrier', 'pickup_date'])
    .execute();

  await db.schema
    .createTable('hub_drop_offs')
    .addColumn('id', 'integer', identity(db))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().unique().references('shipments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('hub_id', 'text', (c) => c.notNull().references('hubs.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_sealed', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting').check(sql`state in ('waiting', 'opening', 'dropped_off', 'void')`))
    .addColumn('compartment', 'text', (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('opened_at', ts)
    .addColumn('dropped_off_at', ts)
    .addColumn('door_column', 'text')
    .addColumn('door_row', 'integer')
    .addColumn('door_low', 'integer')
    .addColumn('hub_pickup_id', 'integer', (c) => c.references('hub_pickups.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hub_drop_offs_hub_state').on('hub_drop_offs').columns(['hub_id', 'state']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hub_drop_offs').execute();
  await db.schema.dropTable('hub_pickups').execute();
  await db.schema.alterTable('shipments').dropColumn('drop_off_hub_id').execute();
}
