import type { Kysely } from 'kysely';

/**
 * AirBox ID holds counted per client network (security review: every getBoxid answer held an id
 * for 30 minutes, and a client that dropped its visitor cookie was a new visitor each call, so one
 * address could hold a whole phone prefix's ids).
 *
 * box_id_reservations.holder_network: the SHA-256 of the network the hold was asked from
 * (clientNetwork: an IPv4 address, an IPv6 /64), null for the holds made before. getBoxid keeps
 * at most BOX_ID_HOLDS_PER_NETWORK live holds per network, releasing the oldest past it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('box_id_reservations').addColumn('holder_network', 'text').execute();
  await db.schema.createIndex('box_id_reservations_holder_network').on('box_id_reservations').columns(['holder_network', 'expires_at']).execute();
  await db.schema.createIndex('box_id_reservations_holder_hash').on('box_id_reservations').column('holder_hash').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('box_id_reservations_holder_hash').execute();
  await db.schema.dropIndex('box_id_reservations_holder_network').execute();
  await db.schema.alterTable('box_id_reservations').dropColumn('holder_network').execute();
}
