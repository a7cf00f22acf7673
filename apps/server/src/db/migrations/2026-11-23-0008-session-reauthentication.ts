import type { Kysely } from 'kysely';
import { timestampType } from '../dialect.js';

/**
 * When the session last proved its user's password with verifyPassword (issue 8): a profile save
 * within REAUTHENTICATION_WINDOW_MS of it needs no password of its own (spec 03 §4).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('reauthenticated_at', timestampType(db)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('reauthenticated_at').execute();
}
