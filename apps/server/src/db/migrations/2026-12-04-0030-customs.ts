import type { Kysely } from 'kysely';

/**
 * International labels (issue 25 item 3).
 *
 * shipments.from_country, to_country: each address's country, ISO 3166-1 alpha-2; 'US' for
 * every label made before (the portal shipped inside the United States only).
 * shipments.customs: the customs declaration of a parcel abroad, as sent to the carrier
 * (EasyPost's customs_info: contents type, signer, EEL/PFC, items), JSON; null for one at home.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').addColumn('from_country', 'text', (c) => c.notNull().defaultTo('US')).execute();
  await db.schema.alterTable('shipments').addColumn('to_country', 'text', (c) => c.notNull().defaultTo('US')).execute();
  await db.schema.alterTable('shipments').addColumn('customs', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shipments').dropColumn('customs').execute();
  await db.schema.alterTable('shipments').dropColumn('to_country').execute();
  await db.schema.alterTable('shipments').dropColumn('from_country').execute();
}
