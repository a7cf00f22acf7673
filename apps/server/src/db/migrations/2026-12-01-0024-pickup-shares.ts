import { type Kysely, sql } from 'kysely';
import { identity, timestampType } from '../dialect.js';

/**
 * Share a pickup (issue 22 item 1). pickup_shares: a waiting package's pickup given by its owner
 * to another person, with a pickup code of its own (unique among the hub's live shares) and the
 * SHA-256 of its link's token. A share is live while ended_at is null; ended_by then says why
 * ('shared-code': collected with it, 'owner-code': collected with the owner's, 'revoked').
 * At most one live share per package (pickup_shares_live_package).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('pickup_shares')
    .addColumn('id', 'integer', identity(db))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('locker_packages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('hub_id', 'text', (c) => c.notNull())
    .addColumn('pickup_code', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('link', 'email', 'text')`))
    .addColumn('sent_to', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('ended_at', ts)
    .addColumn('ended_by', 'text', (c) => c.check(sql`ended_by in ('shared-code', 'owner-code', 'revoked')`))
    .execute();
  await db.schema.createIndex('pickup_shares_live_package').on('pickup_shares').column('package_id').unique().where(sql<boolean>`ended_at is null`).execute();
  await db.schema.createIndex('pickup_shares_live_code').on('pickup_shares').columns(['hub_id', 'pickup_code']).unique().where(sql<boolean>`ended_at is null`).execute();
  await db.schema.createIndex('pickup_shares_user_created').on('pickup_shares').columns(['user_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pickup_shares').execute();
}
