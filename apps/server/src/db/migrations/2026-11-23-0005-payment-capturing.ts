import { type Kysely, sql } from 'kysely';
import { identity, isSqlite, timestampType } from '../dialect.js';

const STATUSES_BEFORE = sql`status in ('created', 'approved', 'captured', 'cancelled', 'failed')`;
/**
 * 'capturing': the return has claimed the order and is asking the provider to capture it; a
 * cancel no longer applies. 'approved' was never written and goes.
 */
const STATUSES_AFTER = sql`status in ('created', 'capturing', 'captured', 'cancelled', 'failed')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
async function replaceStatusCheck(db: Kysely<any>, check: typeof STATUSES_AFTER): Promise<void> {
  if (!isSqlite(db)) {
    await sql`alter table payment_orders drop constraint payment_orders_status_check`.execute(db);
    await sql`alter table payment_orders add constraint payment_orders_status_check check (${check})`.execute(db);
    return;
  }
  // SQLite cannot change a CHECK constraint: rebuild the table (sqlite.org/lang_altertable.html,
  // "other kinds of table schema changes"). Kysely runs SQLite migrations outside a transaction,
  // so foreign keys can be switched off around the rebuild and checked before the commit.
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
      .addColumn('plan', 'integer', (c) => c.notNull().references('memberships.id'))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(check))
      .addColumn('created_at', timestampType(db), (c) => c.notNull())
      .addColumn('captured_at', timestampType(db))
      .execute();
    await sql`insert into payment_orders_rebuilt select * from payment_orders`.execute(db);
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

/** Payment orders get the 'capturing' state that closes the return/cancel race (issue 7). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await replaceStatusCheck(db, STATUSES_AFTER);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.updateTable('payment_orders').set({ status: 'created' }).where('status', '=', 'capturing').execute();
  await replaceStatusCheck(db, STATUSES_BEFORE);
}
