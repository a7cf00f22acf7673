import type { Kysely } from 'kysely';

/**
 * One package per physical delivery (security review: locker `delivered` events were not
 * idempotent, so a controller's retry or a replayed request made a second package, code, message
 * and notice, later charged as overdue).
 *
 * locker_packages.delivery_key: what identifies the delivery the controller reported, set by the
 * server from the event when the controller sent its own deliveredAt: the hub, the recipient, the
 * carrier, the tracking number and that instant (lockers/locker-events.service.ts, deliveryKey).
 * null for a delivery timed by the server's clock and for every package recorded before, so the
 * duplicates the old code may have left do not stop this migration. The unique index makes two
 * identical events racing each other record one package; the loser answers with the winner's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('locker_packages').addColumn('delivery_key', 'text').execute();
  await db.schema.createIndex('locker_packages_delivery_key').on('locker_packages').column('delivery_key').unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('locker_packages_delivery_key').execute();
  await db.schema.alterTable('locker_packages').dropColumn('delivery_key').execute();
}
