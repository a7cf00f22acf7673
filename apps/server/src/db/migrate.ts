import { type Migration, Migrator, sql } from 'kysely';
import type { Db } from './database.js';
import { isSqlite } from './dialect.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * How long a PostgreSQL migration waits for a table another session holds (ALTER TABLE needs it
 * alone) before it fails: while it waits, every later query of that table queues behind it, the
 * running servers' too. The start then fails and is tried again, and the servers go on meanwhile.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 5_000;

/** Each migration first sets its transaction's lock timeout (the migrator runs them in one on PostgreSQL). */
function withLockTimeout(list: Record<string, Migration>): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(list).map(([name, migration]) => [
      name,
      {
        ...migration,
        up: async (db) => {
          await sql.raw(`set local lock_timeout = ${MIGRATION_LOCK_TIMEOUT_MS}`).execute(db);
          await migration.up(db);
        },
      },
    ]),
  );
}

/** Brings the schema to the latest version; throws (so the process exits non-zero) on failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const list = isSqlite(db) ? migrations : withLockTimeout(migrations);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new MigrationError(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}
