import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, SqliteAdapter, sql } from 'kysely';

/** Helpers that hide the two dialects' differences from migrations and repositories. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema, migrations use Kysely<any>
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
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

/** Drivers return Date (pg) or text (SQLite): the repositories hand out ISO strings. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null): string | null {
  return value === null ? null : toIso(value);
}
