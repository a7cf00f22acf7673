import { type Kysely, sql } from 'kysely';
import { flagCheck, identity, isSqlite, timestampType } from '../dialect.js';

/**
 * The signed-in account (spec 03): My Contacts, the locker QR code's version and reset time, and
 * the one-time download links of Apple Wallet passes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const id = identity(db);

  // The address book: each contact belongs to one user and goes with it.
  let contacts = db.schema
    .createTable('contacts')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'));
  for (const column of [
    'name',
    'first_name',
    'last_name',
    'company',
    'address1',
    'address2',
    'city',
    'state',
    'country',
    'zipcode',
    'email',
    'phone',
  ]) {
    contacts = contacts.addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
  }
  await contacts
    .addColumn('residential', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('residential')))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // The list is read per user, newest first.
  await db.schema.createIndex('contacts_user_created').on('contacts').columns(['user_id', 'created_at', 'id']).execute();

  // The QR code's version: a reset bumps it, so the code made with the old one stops verifying.
  await db.schema
    .createTable('user_qr_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1).check(sql`version >= 1`))
    .addColumn('reset_at', ts)
    .execute();

  // A one-time, expiring link to a generated .pkpass (only the SHA-256 of the link's token is kept).
  await db.schema
    .createTable('wallet_pass_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('pass', isSqlite(db) ? 'blob' : 'bytea', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wallet_pass_links_user_id').on('wallet_pass_links').column('user_id').execute();
  await db.schema.createIndex('wallet_pass_links_expires_at').on('wallet_pass_links').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['wallet_pass_links', 'user_qr_codes', 'contacts']) {
    await db.schema.dropTable(table).execute();
  }
}
