import type { Kysely } from 'kysely';

/**
 * An AirBox ID suggested by getBoxid is held for the visitor it was suggested to (the SHA-256 of
 * their visitor cookie): registration refuses it to anyone else until the hold expires (issue 7).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('box_id_reservations').addColumn('holder_hash', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('box_id_reservations').dropColumn('holder_hash').execute();
}
