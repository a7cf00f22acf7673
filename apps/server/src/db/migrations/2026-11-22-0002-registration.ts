import { type Kysely, sql } from 'kysely';
import { identity, timestampType } from '../dialect.js';

/**
 * Registration (spec 02): campuses run by property managers, their buildings, units and
 * companies, the hubs serving each building, the served zip codes, invitation codes and the
 * AirBox IDs getBoxid has suggested and keeps for a while.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  const id = identity(db);

  // The property management company a role-10 user works for (verifyCode's bcm_company_name).
  await db.schema
    .alterTable('users')
    .addColumn('business_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('campuses')
    .addColumn('bc_id', 'integer', id)
    .addColumn('bc_name', 'text', (c) => c.notNull())
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    // The property manager (a role-10 user) who runs the campus.
    .addColumn('bcm_user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .execute();
  await db.schema.createIndex('campuses_bcm_user_id').on('campuses').column('bcm_user_id').execute();

  await db.schema
    .createTable('buildings')
    .addColumn('building_id', 'integer', id)
    .addColumn('bc_id', 'integer', (c) => c.notNull().references('campuses.bc_id').onDelete('cascade'))
    .addColumn('building_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('buildings_bc_id').on('buildings').column('bc_id').execute();

  await db.schema
    .createTable('units')
    .addColumn('unit_id', 'integer', id)
    .addColumn('building_id', 'integer', (c) => c.notNull().references('buildings.building_id').onDelete('cascade'))
    .addColumn('unit_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('units_building_id').on('units').column('building_id').execute();

  await db.schema
    .createTable('companies')
    .addColumn('company_id', 'integer', id)
    .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.unit_id'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('airbox_id', 'text', (c) => c.notNull().unique().check(sql`length(airbox_id) = 7`))
    .execute();
  await db.schema.createIndex('companies_unit_id').on('companies').column('unit_id').execute();
  await db.schema
    .createIndex('companies_lower_name')
    .on('companies')
    .expression(sql`lower(company_name)`)
    .execute();

  await db.schema
    .createTable('hub_buildings')
    .addColumn('building_id', 'integer', (c) => c.notNull().references('buildings.building_id').onDelete('cascade'))
    .addColumn('hub_id', 'text', (c) => c.notNull().references('hubs.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('hub_buildings_pk', ['building_id', 'hub_id'])
    .execute();
  await db.schema.createIndex('hub_buildings_hub_id').on('hub_buildings').column('hub_id').execute();

  await db.schema
    .createTable('served_zips')
    .addColumn('zip_code', 'text', (c) => c.primaryKey().check(sql`length(zip_code) = 5`))
    .execute();

  await db.schema
    .createTable('invitation_codes')
    .addColumn('id', 'integer', id)
    // Kept in upper case, so the unique constraint is case-insensitive.
    .addColumn('code', 'text', (c) => c.notNull().unique().check(sql`code = upper(code)`))
    .addColumn('role_id', 'integer', (c) => c.notNull().check(sql`role_id in (15, 16)`))
    .addColumn('bcm_user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('company_id', 'integer', (c) => c.references('companies.company_id'))
    // null: unlimited.
    .addColumn('max_uses', 'integer', (c) => c.check(sql`max_uses > 0`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn('expires_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('invitation_codes_uses_within_max', sql`max_uses is null or uses <= max_uses`)
    .execute();
  await db.schema.createIndex('invitation_codes_bcm_user_id').on('invitation_codes').column('bcm_user_id').execute();
  await db.schema.createIndex('invitation_codes_company_id').on('invitation_codes').column('company_id').execute();

  // An AirBox ID getBoxid suggested: nobody else is offered it until expires_at.
  await db.schema
    .createTable('box_id_reservations')
    .addColumn('box_id', 'text', (c) => c.primaryKey().check(sql`length(box_id) = 7`))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('box_id_reservations_expires_at').on('box_id_reservations').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'box_id_reservations',
    'invitation_codes',
    'served_zips',
    'hub_buildings',
    'companies',
    'units',
    'buildings',
    'campuses',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('business_name').execute();
}
