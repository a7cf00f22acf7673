import type { Kysely } from 'kysely';

/**
 * International labels (issue 25 item 3): an order in progress keeps what a label abroad needs.
 *
 * saved_orders.from_country, to_country: each side's country, ISO 3166-1 alpha-2; 'US' for every
 * order saved before (the page shipped inside the United States only).
 * saved_orders.customs: the Customs step as typed so far (the contract's customsDraftSchema), JSON;
 * null for an order at home.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('saved_orders').addColumn('from_country', 'text', (c) => c.notNull().defaultTo('US')).execute();
  await db.schema.alterTable('saved_orders').addColumn('to_country', 'text', (c) => c.notNull().defaultTo('US')).execute();
  await db.schema.alterTable('saved_orders').addColumn('customs', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('saved_orders').dropColumn('customs').execute();
  await db.schema.alterTable('saved_orders').dropColumn('to_country').execute();
  await db.schema.alterTable('saved_orders').dropColumn('from_country').execute();
}
