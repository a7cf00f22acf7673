import { type Kysely, sql } from 'kysely';

/**
 * operations.shipment_id and operations.pickup_id: what a money line of the ledger was for (issue
 * 21 item 5), so Transaction History can name it ('Shipping label AB… · USPS Ground Advantage',
 * 'Refund of label AB…', 'Carrier pickup · FedEx · Dec 1') instead of a bare 'Purchase'.
 *
 * The lines written before are linked where what they were for is certain: a purchase through the
 * label or pickup whose payment order it names, and a label's refund line by its owner, its
 * moment (the ledger wrote it with the label's refunded_at) and its amount (minus the label's
 * total). A line matching none stays unlinked and reads as a plain refund or purchase.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('operations')
    .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('operations')
    .addColumn('pickup_id', 'integer', (c) => c.references('pickups.id').onDelete('set null'))
    .execute();
  // A deleted label or pickup (an unpaid one, a quote left unpaid) unlinks its lines through these.
  await db.schema.createIndex('operations_shipment_id').on('operations').column('shipment_id').execute();
  await db.schema.createIndex('operations_pickup_id').on('operations').column('pickup_id').execute();

  await sql`
    update operations set shipment_id = (
      select shipments.id from shipments where shipments.payment_order_id = operations.payment_order_id limit 1
    )
    where op_type = 3 and payment_order_id is not null
  `.execute(db);
  await sql`
    update operations set pickup_id = (
      select pickups.id from pickups where pickups.payment_order_id = operations.payment_order_id limit 1
    )
    where op_type = 3 and payment_order_id is not null and shipment_id is null
  `.execute(db);
  await sql`
    update operations set shipment_id = (
      select shipments.id from shipments
      where shipments.user_id = operations.user_id
        and shipments.state = 'refunded'
        and shipments.refunded_at = operations.op_timestamp
        and shipments.total_cents = -operations.quote_cents
      order by shipments.id
      limit 1
    )
    where op_type = 3 and payment_order_id is null and quote_cents < 0
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('operations_pickup_id').execute();
  await db.schema.dropIndex('operations_shipment_id').execute();
  await db.schema.alterTable('operations').dropColumn('pickup_id').execute();
  await db.schema.alterTable('operations').dropColumn('shipment_id').execute();
}
