import type { Kysely } from 'kysely';

/**
 * The lists' indexes end with the id their order breaks ties by (issue 24): Purchased Labels,
 * messages and operations are read newest first, then by id, and an index of (user, time) alone
 * left PostgreSQL to sort each user's matching rows before it could take a page, reading every one
 * of them (a search's page read all the customer's labels for ten). SQLite's indexes end with the
 * rowid already; the schema stays one for both. Contacts' index has ended with its id since 0003.
 */
const INDEXES = [
  { name: 'shipments_user_created', table: 'shipments', columns: ['user_id', 'created_at'], id: 'id' },
  { name: 'messages_user_date', table: 'messages', columns: ['user_id', 'message_date'], id: 'message_id' },
  { name: 'operations_user_time', table: 'operations', columns: ['user_id', 'op_timestamp'], id: 'op_id' },
  { name: 'saved_orders_user', table: 'saved_orders', columns: ['user_id', 'created_at'], id: 'id' },
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  for (const { name, table, columns, id } of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns([...columns, id]).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  for (const { name, table, columns } of INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on(table).columns([...columns]).execute();
  }
}
