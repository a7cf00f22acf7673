import { type Kysely, sql } from 'kysely';
import { timestampType } from '../dialect.js';

/**
 * Refunds through the payment simulator (issue 9): the simulator keeps each order's capture id,
 * as PayPal names a capture, and every refund it made, one per PayPal-Request-Id.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('payment_simulator_orders').addColumn('capture_id', 'text').execute();
  await db.schema
    .createTable('payment_simulator_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('capture_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_simulator_refunds_capture').on('payment_simulator_refunds').column('capture_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_simulator_refunds').execute();
  await db.schema.alterTable('payment_simulator_orders').dropColumn('capture_id').execute();
}
