import type { Compilable } from 'kysely';
import { compiledQuery } from './compiled-query.js';
import type { Db } from './database.js';
import { isSqlite } from './dialect.js';

/** A list's page and how many rows match, each as a query to run. */
export interface CountedPageQueries<Row> {
  /** How many rows match. */
  count: () => Promise<number>;
  /** The page's rows. */
  page: () => Promise<Row[]>;
  /** The page's rows, each with the count beside it as `total_count` (a subquery, run once). */
  withCount: () => Promise<(Row & { total_count: unknown })[]>;
}

/**
 * A page of a list and how many rows match, in as few steps as the database needs (issue 24).
 *
 * SQLite runs in process: the count from the index, then the page's few rows, cost less than one
 * statement counting every matching row beside the page. PostgreSQL: the page with the count as a
 * subquery, one round trip instead of two (a window would read every matching row first). A page
 * past the end has no row to carry the count: only then is it asked on its own.
 *
 * The rows keep their `total_count` on PostgreSQL: every list shapes its answer field by field.
 */
export async function countedPage<Row>(db: Db, offset: number, queries: CountedPageQueries<Row>): Promise<{ total: number; rows: Row[] }> {
  if (isSqlite(db)) {
    const total = await queries.count();
    return { total, rows: await queries.page() };
  }
  const rows = await queries.withCount();
  if (rows[0]) return { total: Number(rows[0].total_count), rows };
  return { total: offset === 0 ? 0 : await queries.count(), rows };
}

/** A query as Kysely builds it: run as it is, or compiled once. */
interface BuiltQuery<R> extends Compilable<R> {
  execute(): Promise<R[]>;
}

/** A list's three queries as Kysely builds them: the count, the page, and the page with the count beside each row. */
export interface PageQueries<Row> {
  counted: BuiltQuery<{ count: string | number | bigint }>;
  page: BuiltQuery<Row>;
  withCount: BuiltQuery<Row & { total_count: unknown }>;
}

/** A list's queries built for one call (a search's, whose conditions depend on what is searched). */
export function builtPage<Row>(queries: PageQueries<Row>): CountedPageQueries<Row> {
  return {
    count: async () => Number((await queries.counted.execute())[0]!.count),
    page: () => queries.page.execute(),
    withCount: () => queries.withCount.execute(),
  };
}

/**
 * A user's list's queries compiled once (issue 24: building them cost more than running them).
 * `build` makes them for a user and a page, and is given stand-ins for the three (compiledQuery).
 */
export function compiledPage<Row>(build: (db: Db, userId: number, limit: number, offset: number) => PageQueries<Row>) {
  const count = compiledQuery(1, (db, userId: number) => build(db, userId, 0, 0).counted);
  const page = compiledQuery(3, (db, userId: number, limit: number, offset: number) => build(db, userId, limit, offset).page);
  const withCount = compiledQuery(3, (db, userId: number, limit: number, offset: number) => build(db, userId, limit, offset).withCount);
  return (db: Db, userId: number, limit: number, offset: number): CountedPageQueries<Row> => ({
    count: async () => Number((await count(db, userId))[0]!.count),
    page: () => page(db, userId, limit, offset),
    withCount: () => withCount(db, userId, limit, offset),
  });
}
