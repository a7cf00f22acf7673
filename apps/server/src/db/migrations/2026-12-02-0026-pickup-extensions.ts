import { type Kysely, sql } from 'kysely';
import { identity, isSqlite, timestampType } from '../dialect.js';

/**
 * Extend a pickup (issue 22 item 2, the paid half).
 *
 * locker_packages.extended_days: the days (0 to 2) the customer paid to keep the package's free
 * period going; its free period is counted that many Pacific days later (freePeriodStart).
 *
 * pickup_extensions: each day paid for, or being paid for with PayPal. `for_day` is the day it
 * pays for (1 or 2, as quoted); `day` is set to it once the day is granted and is unique per
 * package, so a replayed or raced extension can never count twice; a PayPal one is opened 'paying' with its payment order (unique) and ends 'extended',
 * 'refunded' (the money given back: the package was picked up, or could no longer be extended,
 * by the time the money was taken) or 'cancelled'.
 *
 * payment_orders.purpose may now be 'pickup-extension'. PostgreSQL changes the check; SQLite
 * cannot alter a check, so the table is rebuilt from its own definition with the wider check
 * (SQLite's documented procedure: foreign keys off, copy, drop, rename, indexes again, check).
 */

const OLD_PURPOSES = "purpose in ('membership', 'label', 'pickup')";
const NEW_PURPOSES = "purpose in ('membership', 'label', 'pickup', 'pickup-extension')";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
type AnyDb = Kysely<any>;

async function widenSqlitePurposes(db: AnyDb, from: string, to: string): Promise<void> {
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'payment_orders'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  if (!definition.includes(from)) throw new Error(`payment_orders' definition has no check '${from}'`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'payment_orders' and sql is not null`.execute(db);
  const rebuilt = definition.replace(from, to).replace(/^CREATE TABLE\s+("?)payment_orders\1/i, 'CREATE TABLE "payment_orders_rebuilt"');
  if (!rebuilt.includes('payment_orders_rebuilt')) throw new Error('payment_orders could not be renamed in its definition');
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin immediate`.execute(db);
  try {
    await sql.raw(rebuilt).execute(db);
    await sql`insert into payment_orders_rebuilt select * from payment_orders`.execute(db);
    await sql`drop table payment_orders`.execute(db);
    await sql`alter table payment_orders_rebuilt rename to payment_orders`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
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

async function setPurposes(db: AnyDb, from: string, to: string): Promise<void> {
  if (isSqlite(db)) return widenSqlitePurposes(db, from, to);
  await sql`alter table payment_orders drop constraint payment_orders_purpose_check`.execute(db);
  await sql`alter table payment_orders add constraint payment_orders_purpose_check check (${sql.raw(to)})`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await setPurposes(db, OLD_PURPOSES, NEW_PURPOSES);
  await db.schema
    .alterTable('locker_packages')
    .addColumn('extended_days', 'integer', (c) => c.notNull().defaultTo(0).check(sql`extended_days between 0 and 2`))
    .execute();
  await db.schema
    .createTable('pickup_extensions')
    .addColumn('id', 'integer', identity(db))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('locker_packages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('paid_with', 'text', (c) => c.notNull().check(sql`paid_with in ('credits', 'paypal')`))
    .addColumn('payment_order_id', 'integer', (c) => c.unique().references('payment_orders.id'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('paying', 'extended', 'refunded', 'cancelled')`))
    .addColumn('for_day', 'integer', (c) => c.notNull().check(sql`for_day between 1 and 2`))
    .addColumn('day', 'integer', (c) => c.check(sql`day between 1 and 2`))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('settled_at', timestampType(db))
    .execute();
  await db.schema.createIndex('pickup_extensions_package_day').on('pickup_extensions').columns(['package_id', 'day']).unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('pickup_extensions').execute();
  await db.schema.alterTable('locker_packages').dropColumn('extended_days').execute();
  await sql`delete from payment_orders where purpose = 'pickup-extension'`.execute(db);
  await setPurposes(db, NEW_PURPOSES, OLD_PURPOSES);
}
