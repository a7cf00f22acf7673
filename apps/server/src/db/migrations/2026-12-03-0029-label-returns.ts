import type { Kysely } from 'kysely';
import { identity, isSqlite, timestampType } from '../dialect.js';

/**
 * QR-code labels and return labels (issue 23 items 2 and 3).
 *
 * shipments.label_qr_code: 1 when the customer asked, at Review and pay, for a QR code to show at
 * the counter instead of a printed label (USPS only). shipment_qr_codes: that QR code's image
 * (PNG), fetched from the carrier with the label and kept, one per shipment.
 *
 * shipments.return_of_id: a return label's outbound label (rated with the carrier's return flag).
 *
 * return_label_sends: each return label mailed to the person who will use it (the mail is a job
 * that reads this row), counted for the day's limit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema.alterTable('shipments').addColumn('label_qr_code', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('shipments')
    .addColumn('return_of_id', 'integer', (c) => c.references('shipments.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('shipment_qr_codes')
    .addColumn('shipment_id', 'integer', (c) => c.primaryKey().references('shipments.id').onDelete('cascade'))
    .addColumn('content', isSqlite(db) ? 'blob' : 'bytea', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('return_label_sends')
    .addColumn('id', 'integer', identity(db))
    .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('copy_me', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_label_sends_user_created').on('return_label_sends').columns(['user_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_label_sends').execute();
  await db.schema.dropTable('shipment_qr_codes').execute();
  await db.schema.alterTable('shipments').dropColumn('return_of_id').execute();
  await db.schema.alterTable('shipments').dropColumn('label_qr_code').execute();
}
