import { type Kysely, sql } from 'kysely';

/**
 * Label formats (issue 23 item 4). users.label_format: the format View, Print and Download use on
 * Purchased Labels: 'pdf-4x6' (the default, the spec's PDF), 'png-4x6', 'pdf-letter' (8.5x11, two
 * labels a sheet) or 'zpl'. The label files themselves stay in shipment_labels, whose format
 * column has taken 'ZPL' since 0009: the ZPL is fetched from the carrier the first time it is asked.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('label_format', 'text', (c) => c.notNull().defaultTo('pdf-4x6').check(sql`label_format in ('pdf-4x6', 'png-4x6', 'pdf-letter', 'zpl')`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('label_format').execute();
}
