import { type Kysely, sql } from 'kysely';
import { flagCheck, identity, timestampType } from '../dialect.js';

/**
 * Carrier pickups (issue 10). verified_addresses keeps each address validateAddress verified, by
 * the carrier's id, for the user who asked: createPickup names one (addressId) and gets it only
 * if it is that user's. pickups is a pickup's state machine (modules/pickups/pickups.table.ts),
 * FedEx through the carriers provider and paid, USPS through the USPS carrier pickup API; at most
 * one live pickup (paying, booking or scheduled) per shipment, which a partial unique index
 * holds however many requests race. shipments.pickup_note says why a shipment's last paid pickup
 * failed and that its money came back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('verified_addresses')
    .addColumn('address_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verified_addresses_created').on('verified_addresses').column('created_at').execute();

  await db.schema
    .createTable('pickups')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('carrier', 'text', (c) => c.notNull().check(sql`carrier in ('USPS', 'UPS', 'FedEx')`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('quoted', 'paying', 'booking', 'scheduled', 'canceled', 'failed')`))
    .addColumn('provider_pickup_id', 'text', (c) => c.unique())
    .addColumn('confirmation', 'text')
    .addColumn('usps_etag', 'text')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('street1', 'text', (c) => c.notNull())
    .addColumn('street2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('address_state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('use_locker', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('use_locker')))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('pickup_date', 'text', (c) => c.notNull())
    .addColumn('min_datetime', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('max_datetime', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('package_location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('service_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('estimated_weight_lb', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('package_count', 'integer', (c) => c.notNull().defaultTo(1).check(sql`package_count >= 1`))
    .addColumn('rates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rate_id', 'text')
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_cents >= 0`))
    .addColumn('payment_order_id', 'integer', (c) => c.unique().references('payment_orders.id'))
    .addColumn('payment_url', 'text')
    .addColumn('dropoff_code', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cancel_claimed_at', ts)
    .addColumn('reminded_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pickups_shipment').on('pickups').columns(['shipment_id', 'created_at']).execute();
  await db.schema.createIndex('pickups_confirmation').on('pickups').column('confirmation').execute();
  await db.schema.createIndex('pickups_state_updated').on('pickups').columns(['state', 'updated_at']).execute();
  // One live pickup per shipment, whoever asks at the same moment: the second insert or move fails.
  await db.schema
    .createIndex('pickups_one_live_per_shipment')
    .on('pickups')
    .column('shipment_id')
    .unique()
    .where(sql<boolean>`state in ('paying', 'booking', 'scheduled')`)
    .execute();

  await db.schema.alterTable('shipments').addColumn('pickup_note', 'text', (c) => c.notNull().defaultTo('')).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').dropColumn('pickup_note').execute();
  await db.schema.dropTable('pickups').execute();
  await db.schema.dropTable('verified_addresses').execute();
}
