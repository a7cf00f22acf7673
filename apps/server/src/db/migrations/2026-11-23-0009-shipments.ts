import { type Kysely, sql } from 'kysely';
import { flagCheck, identity, isSqlite, timestampType } from '../dialect.js';

/**
 * Labels (issue 9): shipments with their purchase state machine, their label files and
 * invoices, orders in progress, carrier webhook events stored by id, and payment orders that pay
 * for a label as well as for a plan (and can be refunded).
 */

const PAYMENT_STATUSES = sql`status in ('created', 'capturing', 'captured', 'cancelled', 'failed', 'refunded')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
type AnyDb = Kysely<any>;

const ADDRESS_COLUMNS = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'state', 'zipcode', 'phone', 'email'] as const;

/**
 * payment_orders: `plan` becomes optional (a label has none), with `purpose`, the shipment paid
 * for, the provider's capture id and the refund's key and time. SQLite cannot drop a NOT NULL:
 * the table is rebuilt as in migration 0005.
 */
async function widenPaymentOrders(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  if (!isSqlite(db)) {
    await sql`alter table payment_orders alter column plan drop not null`.execute(db);
    await sql`alter table payment_orders drop constraint payment_orders_status_check`.execute(db);
    await sql`alter table payment_orders add constraint payment_orders_status_check check (${PAYMENT_STATUSES})`.execute(db);
    await db.schema
      .alterTable('payment_orders')
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('membership').check(sql`purpose in ('membership', 'label', 'pickup')`))
      .execute();
    for (const [name, type] of [['capture_id', 'text'], ['refund_request_id', 'text'], ['refunded_at', ts]] as const) {
      await db.schema.alterTable('payment_orders').addColumn(name, type).execute();
    }
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin immediate`.execute(db);
  try {
    await db.schema
      .createTable('payment_orders_rebuilt')
      .addColumn('id', 'integer', identity(db))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_order_id', 'text', (c) => c.unique())
      .addColumn('request_id', 'text', (c) => c.notNull().unique())
      .addColumn('plan', 'integer', (c) => c.references('memberships.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(PAYMENT_STATUSES))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('captured_at', ts)
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('membership').check(sql`purpose in ('membership', 'label', 'pickup')`))
      .addColumn('capture_id', 'text')
      .addColumn('refund_request_id', 'text')
      .addColumn('refunded_at', ts)
      .execute();
    await sql`insert into payment_orders_rebuilt (id, user_id, provider, provider_order_id, request_id, plan, quantity, amount_cents, currency, status, created_at, captured_at)
      select id, user_id, provider, provider_order_id, request_id, plan, quantity, amount_cents, currency, status, created_at, captured_at from payment_orders`.execute(db);
    await sql`drop table payment_orders`.execute(db);
    await sql`alter table payment_orders_rebuilt rename to payment_orders`.execute(db);
    await db.schema.createIndex('payment_orders_user_id').on('payment_orders').column('user_id').execute();
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`rebuilding payment_orders broke ${broken.rows.length} foreign keys`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  const ts = timestampType(db);
  await widenPaymentOrders(db);

  let shipments = db.schema
    .createTable('shipments')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('box_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('draft', 'paying', 'buying', 'bought', 'failed', 'refund_pending', 'refunded')`),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_shipment_id', 'text')
    .addColumn('rates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rated_at', ts)
    .addColumn('rate_id', 'text')
    .addColumn('carrier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('service', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_days', 'integer')
    .addColumn('rate_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retail_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('list_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('insured_value_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`insured_value_cents between 0 and 50000`))
    .addColumn('insurance_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tracking_code', 'text')
    .addColumn('tracker_id', 'text')
    .addColumn('tracker_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_events', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('refund_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_requested_at', ts)
    .addColumn('refunded_at', ts)
    .addColumn('auto_refund', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('auto_refund')))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pickup_id', 'text')
    .addColumn('length_in', 'double precision', (c) => c.notNull())
    .addColumn('width_in', 'double precision', (c) => c.notNull())
    .addColumn('height_in', 'double precision', (c) => c.notNull())
    .addColumn('weight_oz', 'double precision', (c) => c.notNull())
    .addColumn('payment_order_id', 'integer', (c) => c.unique().references('payment_orders.id'))
    .addColumn('saved_order_id', 'integer')
    .addColumn('notify_recipient', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('notify_recipient')))
    .addColumn('tracking_token', 'text', (c) => c.unique())
    .addColumn('purchase_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('bought_at', ts);
  for (const side of ['from', 'to'] as const) {
    for (const column of ADDRESS_COLUMNS) shipments = shipments.addColumn(`${side}_${column}`, 'text', (c) => c.notNull().defaultTo(''));
    shipments = shipments.addColumn(`${side}_residential`, 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck(`${side}_residential`)));
  }
  await shipments.execute();
  await db.schema.createIndex('shipments_user_created').on('shipments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('shipments_tracking_code').on('shipments').column('tracking_code').execute();
  await db.schema.createIndex('shipments_provider_shipment').on('shipments').columns(['provider', 'provider_shipment_id']).unique().execute();
  await db.schema.createIndex('shipments_state_bought').on('shipments').columns(['state', 'bought_at']).execute();

  await db.schema
    .createTable('shipment_labels')
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('PNG', 'PDF', 'ZPL')`))
    .addColumn('content', isSqlite(db) ? 'blob' : 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('shipment_labels_pk', ['shipment_id', 'format'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', identity(db))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().unique().references('shipments.id').onDelete('cascade'))
    .addColumn('invoice_no', 'text', (c) => c.notNull().unique())
    .addColumn('rate_cents', 'integer', (c) => c.notNull())
    .addColumn('insurance_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_reference', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  let savedOrders = db.schema
    .createTable('saved_orders')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('length_in', 'double precision', (c) => c.notNull())
    .addColumn('width_in', 'double precision', (c) => c.notNull())
    .addColumn('height_in', 'double precision', (c) => c.notNull())
    .addColumn('weight_oz', 'double precision', (c) => c.notNull())
    .addColumn('insured_value_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull());
  for (const side of ['from', 'to'] as const) {
    for (const column of ADDRESS_COLUMNS) savedOrders = savedOrders.addColumn(`${side}_${column}`, 'text', (c) => c.notNull().defaultTo(''));
    savedOrders = savedOrders.addColumn(`${side}_residential`, 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck(`${side}_residential`)));
  }
  await savedOrders.execute();
  await db.schema.createIndex('saved_orders_user').on('saved_orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('carrier_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('received_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('auto_refund_labels', 'integer', (c) => c.notNull().defaultTo(1).check(flagCheck('auto_refund_labels')))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('auto_refund_labels').execute();
  for (const table of ['carrier_events', 'saved_orders', 'invoices', 'shipment_labels', 'shipments']) await db.schema.dropTable(table).execute();
}
