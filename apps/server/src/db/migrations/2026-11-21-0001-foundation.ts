import { type Kysely, sql } from 'kysely';
import { flagCheck, identity, timestampType } from '../dialect.js';

/** Users, hubs, sessions, tokens and the spec 01 reference tables. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const id = identity(db);

  await db.schema
    .createTable('hubs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('location', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  const text = (name: string) => (table: ReturnType<typeof db.schema.createTable>) =>
    table.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
  let users = db.schema
    .createTable('users')
    .addColumn('user_id', 'integer', id)
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(5).check(sql`role_id in (1, 5, 10, 15, 16)`))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0).check(sql`status in (0, 1, 2)`))
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('box_id', 'text', (c) => c.notNull().unique().check(sql`length(box_id) = 7`));
  for (const column of [
    'first_name',
    'last_name',
    'pin',
    'cell_phone',
    'secondary_cell_phone',
    'home_phone',
    'backup_email',
    'address_line_1',
    'address_line_2',
    'city',
    'state',
    'zip_code',
    'community',
  ]) {
    users = text(column)(users);
  }
  await users
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('United States'))
    .addColumn('locker_id', 'text', (c) => c.references('hubs.id').onDelete('set null'))
    .addColumn('is_handicapped', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('is_handicapped')))
    .addColumn('notify_by_email', 'integer', (c) => c.notNull().defaultTo(1).check(flagCheck('notify_by_email')))
    .addColumn('notify_by_text', 'integer', (c) => c.notNull().defaultTo(0).check(flagCheck('notify_by_text')))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('membership', 'integer', (c) => c.check(sql`membership in (1, 2, 3)`))
    .addColumn('membership_expire', ts)
    .addColumn('bcm_user_id', 'integer')
    .addColumn('business_company_id', 'integer')
    .addColumn('unit_id', 'integer')
    .addColumn('building_id', 'integer')
    .addColumn('bc_id', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('activated_at', ts)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('activation', 'reset')`))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('user_tokens_user_purpose').on('user_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('carrier_service_renamings')
    .addColumn('id', 'integer', id)
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('easypost_original', 'text', (c) => c.notNull())
    .addColumn('renamed', 'text', (c) => c.notNull())
    .addColumn('service_search_queries', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('carrier_service_renamings_carrier_original', ['carrier', 'easypost_original'])
    .execute();

  await db.schema
    .createTable('advertisements')
    .addColumn('id', 'integer', id)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(flagCheck('active')))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('locker_packages')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('hub_id', 'text', (c) => c.notNull().references('hubs.id'))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking_no', 'text', (c) => c.notNull())
    .addColumn('pickup_code', 'text', (c) => c.notNull())
    .addColumn('delivered_at', ts, (c) => c.notNull())
    .addColumn('picked_up_at', ts)
    .execute();
  await db.schema
    .createIndex('locker_packages_user_picked_up')
    .on('locker_packages')
    .columns(['user_id', 'picked_up_at'])
    .execute();

  await db.schema
    .createTable('third_party_orders')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('pickup_code', 'text', (c) => c.notNull())
    .addColumn('hub_id', 'text', (c) => c.references('hubs.id'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('third_party_orders_merchant_order', ['merchant_id', 'order_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'third_party_orders',
    'locker_packages',
    'advertisements',
    'carrier_service_renamings',
    'user_tokens',
    'sessions',
    'users',
    'hubs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
