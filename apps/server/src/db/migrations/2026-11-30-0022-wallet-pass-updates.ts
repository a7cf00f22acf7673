import { type Kysely, sql } from 'kysely';
import { timestampType } from '../dialect.js';

/**
 * Wallet passes that stay current (issue 22 item 4): Apple's PassKit web service.
 *
 * - wallet_passes: one updatable pass per customer, named by a random serial number. Its
 *   authenticationToken is kept as a SHA-256 (to check what a device presents) and sealed with a
 *   key derived from SESSION_SECRET (to build the same pass again: Apple lets every field of a
 *   pass change except the serial number and the token). updated_at is the pass's update tag and
 *   Last-Modified: whole seconds, rising by at least one second at each change.
 * - wallet_pass_registrations: the devices (deviceLibraryIdentifier) that asked for the pass's
 *   updates, with the push token to wake each; a few per pass (the service drops the oldest).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('wallet_passes')
    .addColumn('serial_number', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.user_id').onDelete('cascade'))
    .addColumn('auth_token_hash', 'text', (c) => c.notNull())
    .addColumn('auth_token_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wallet_pass_registrations')
    .addColumn('device_library_id', 'text', (c) => c.notNull())
    .addColumn('serial_number', 'text', (c) => c.notNull().references('wallet_passes.serial_number').onDelete('cascade'))
    .addColumn('push_token', 'text', (c) => c.notNull().check(sql`length(push_token) between 64 and 200`))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('wallet_pass_registrations_pk', ['device_library_id', 'serial_number'])
    .execute();
  await db.schema.createIndex('wallet_pass_registrations_serial').on('wallet_pass_registrations').columns(['serial_number', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_pass_registrations').execute();
  await db.schema.dropTable('wallet_passes').execute();
}
