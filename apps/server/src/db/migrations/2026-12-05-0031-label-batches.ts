import { type Kysely, sql } from 'kysely';
import { identity, isSqlite, timestampType } from '../dialect.js';

/**
 * Label batches from a spreadsheet (issue 25 item 1).
 *
 * label_batches: one upload of a customer's: its sender (JSON, as the label page's From step),
 * ship date, the rule its rows are rated with (cheapest, fastest, or a carrier's service), its
 * state (draft → rating → rated → paying → buying → finished), the one payment order that pays
 * for every row (unique: a payment pays for one batch), what it cost and what was refunded.
 *
 * label_batch_rows: its rows, numbered as in the file (row_no unique per batch, kept when others
 * are deleted): the cells as text (JSON), their errors (JSON), the carrier's verdict on the
 * address, the rates offered (JSON) with when and for which carrier shipment, the rate its rule
 * picked and its price; after payment queued → bought (shipment_id: the label, a row of shipments)
 * or failed (note says why; refund_state pending → refunded, refund_cents given back once).
 *
 * payment_orders.purpose may now be 'label-batch'. PostgreSQL changes the check; SQLite cannot
 * alter a check, so the table is rebuilt from its own definition with the wider check (as 0026).
 */

const OLD_PURPOSES = "purpose in ('membership', 'label', 'pickup', 'pickup-extension')";
const NEW_PURPOSES = "purpose in ('membership', 'label', 'pickup', 'pickup-extension', 'label-batch')";

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
  const ts = timestampType(db);
  await setPurposes(db, OLD_PURPOSES, NEW_PURPOSES);
  await db.schema
    .createTable('label_batches')
    .addColumn('id', 'integer', identity(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('draft', 'rating', 'rated', 'paying', 'buying', 'finished')`))
    .addColumn('rule', 'text', (c) => c.notNull().defaultTo('cheapest').check(sql`rule in ('cheapest', 'fastest', 'service')`))
    .addColumn('rule_carrier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rule_service', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('ship_date', 'text', (c) => c.notNull())
    .addColumn('payment_order_id', 'integer', (c) => c.unique().references('payment_orders.id'))
    .addColumn('total_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', ts)
    .addColumn('finished_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('label_batches_user_state').on('label_batches').columns(['user_id', 'state']).execute();
  await db.schema
    .createTable('label_batch_rows')
    .addColumn('id', 'integer', identity(db))
    .addColumn('batch_id', 'integer', (c) => c.notNull().references('label_batches.id').onDelete('cascade'))
    .addColumn('row_no', 'integer', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('cell_errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('verify_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('invalid', 'ready', 'rated', 'queued', 'bought', 'failed')`))
    .addColumn('rates', 'text')
    .addColumn('provider_shipment_id', 'text')
    .addColumn('rated_at', ts)
    .addColumn('rate_id', 'text')
    .addColumn('carrier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('service', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_days', 'integer')
    .addColumn('delivery_date', 'text')
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_state', 'text', (c) => c.check(sql`refund_state in ('pending', 'refunded')`))
    .addColumn('refund_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('label_batch_rows_batch_row').on('label_batch_rows').columns(['batch_id', 'row_no']).unique().execute();
  await db.schema.createIndex('label_batch_rows_shipment').on('label_batch_rows').column('shipment_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('label_batch_rows').execute();
  await db.schema.dropTable('label_batches').execute();
  await sql`delete from payment_orders where purpose = 'label-batch'`.execute(db);
  await setPurposes(db, NEW_PURPOSES, OLD_PURPOSES);
}
