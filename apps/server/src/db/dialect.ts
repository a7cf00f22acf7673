import { type ColumnDataType, type ColumnDefinitionBuilder, type ColumnType, type Kysely, SqliteAdapter, sql } from 'kysely';

/** Helpers that hide the two dialects' differences from migrations and repositories. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema, migrations use Kysely<any>
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * A query whose rows are held for the rest of the write transaction it runs in: FOR UPDATE on
 * PostgreSQL, or FOR NO KEY UPDATE where rows that name them by a foreign key must not wait
 * (lockUser); as it is on SQLite, whose write transactions begin IMMEDIATE and hold the database.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see isSqlite
export function heldRows<Q extends { forUpdate(): Q; forNoKeyUpdate(): Q }>(db: Kysely<any>, query: Q, lock: 'update' | 'no key update' = 'update'): Q {
  if (isSqlite(db)) return query;
  return lock === 'update' ? query.forUpdate() : query.forNoKeyUpdate();
}

/** timestamptz on PostgreSQL, ISO-8601 text on SQLite. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see isSqlite
export function timestampType(db: Kysely<any>): ColumnDataType {
  return isSqlite(db) ? 'text' : 'timestamptz';
}

/** An integer primary key the database numbers: identity on PostgreSQL, autoincrement on SQLite. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see isSqlite
export function identity(db: Kysely<any>) {
  const sqlite = isSqlite(db);
  return (column: ColumnDefinitionBuilder) =>
    sqlite ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity();
}

/** A 0/1 integer column standing for a boolean. */
export function flagCheck(column: string) {
  return sql`${sql.ref(column)} in (0, 1)`;
}

/**
 * A timestamp column of every module's table: written as ISO text, read back as that text (pg's
 * through database.ts timestamptzAsIso), or as a Date where pg's is not UTC ISO text; see toIso.
 */
export type Timestamp = ColumnType<Date | string, string, string>;

/**
 * A timestamp as Date.prototype.toISOString writes one (years 0000-9999), on the 1st to the 28th:
 * a later day may not be in its month (February 30th), and goes through Date as before.
 */
const ISO_UTC = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Drivers return ISO text, or a Date (pg, for what is not UTC ISO text): the repositories hand out ISO strings. */
export function toIso(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  // SQLite's text is what toISOString wrote: handed out as it is (parsing it into a Date to write it
  // again was 1.5 µs a timestamp, a tenth of a list page's shaping, issue 24).
  return ISO_UTC.test(value) ? value : new Date(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIso(value);
}

/**
 * The `table.column` whose unique constraint (or primary key) an insert or update broke, or
 * undefined for any other error. SQLite says 'UNIQUE constraint failed: users.email'; PostgreSQL
 * gives code 23505 with the table and 'Key (email)=(…) already exists.'
 */
export function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, table, detail } = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && typeof message === 'string') {
    return /constraint failed: ([\w.]+)/.exec(message)?.[1];
  }
  if (code === '23505' && typeof table === 'string' && typeof detail === 'string') {
    const column = /^Key \(([^)]+)\)/.exec(detail)?.[1];
    return column ? `${table}.${column}` : undefined;
  }
  return undefined;
}
