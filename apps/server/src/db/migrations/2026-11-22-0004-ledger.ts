import { type Kysely, sql } from 'kysely';
import { flagCheck, identity, timestampType } from '../dialect.js';

/**
 * The ledger (issue 4): membership plans, payment orders, the local payment simulator's orders,
 * operations (every credit or money movement and locker event, with the balance after it) and
 * the customers' locker messages. Money is in integer cents.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const id = identity(db);

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id in (1, 2, 3)`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('initial_cents', 'integer', (c) => c.notNull().check(sql`initial_cents > 0`))
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits >= 0`))
    .addColumn('months', 'integer', (c) => c.notNull().check(sql`months >= 0`))
    .execute();
  // The plans are reference data every installation needs, so the migration writes them.
  await db
    .insertInto('memberships')
    .values([
      { id: 1, name: 'Credit Plan', price_cents: 299, initial_cents: 299, credits: 1, months: 0 },
      { id: 2, name: '6 Months', price_cents: 4999, initial_cents: 5994, credits: 0, months: 6 },
      { id: 3, name: '12 Months', price_cents: 8999, initial_cents: 11988, credits: 0, months: 12 },
    ])
    .execute();

  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // Null only between our insert and the provider's answer.
    .addColumn('provider_order_id', 'text', (c) => c.unique())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('plan', 'integer', (c) => c.notNull().references('memberships.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('created', 'approved', 'captured', 'cancelled', 'failed')`),
    )
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('captured_at', ts)
    .execute();
  await db.schema.createIndex('payment_orders_user_id').on('payment_orders').column('user_id').execute();

  await db.schema
    .createTable('payment_simulator_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('CREATED', 'APPROVED', 'COMPLETED', 'DECLINED', 'VOIDED')`),
    )
    .addColumn('capture_request_id', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operations')
    .addColumn('op_id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('op_type', 'integer', (c) => c.notNull())
    .addColumn('op_timestamp', ts, (c) => c.notNull())
    .addColumn('delivery_time', ts)
    .addColumn('pickup_time', ts)
    .addColumn('charge_time', ts)
    .addColumn('op_time', ts)
    .addColumn('quote_cents', 'integer')
    // Signed: + for purchases, - for charges.
    .addColumn('credits_delta', 'integer', (c) => c.notNull().defaultTo(0))
    // What the Terms asked for; more than -credits_delta when the balance ran out.
    .addColumn('credits_owed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('overtime_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('package_id', 'integer', (c) => c.references('locker_packages.id').onDelete('set null'))
    .addColumn('payment_order_id', 'integer', (c) => c.references('payment_orders.id'))
    .execute();
  await db.schema.createIndex('operations_user_time').on('operations').columns(['user_id', 'op_timestamp']).execute();
  // One grant per payment order, whatever races.
  await db.schema
    .createIndex('operations_payment_order_once')
    .on('operations')
    .column('payment_order_id')
    .unique()
    .where('payment_order_id', 'is not', null)
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('message_id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('package_id', 'integer', (c) => c.references('locker_packages.id').onDelete('set null'))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking_no', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('is_pickup', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('is_pickup')))
    .addColumn('pickup_code', 'text', (c) => c.notNull())
    .addColumn('message_date', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_user_date').on('messages').columns(['user_id', 'message_date']).execute();

  // A pickup code names one waiting package at its hub.
  await db.schema
    .createIndex('locker_packages_waiting_code')
    .on('locker_packages')
    .columns(['hub_id', 'pickup_code'])
    .unique()
    .where(sql<boolean>`picked_up_at is null`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('locker_packages_waiting_code').execute();
  for (const table of ['messages', 'operations', 'payment_simulator_orders', 'payment_orders', 'memberships']) {
    await db.schema.dropTable(table).execute();
  }
}
