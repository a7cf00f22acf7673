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

/**
 * A user's list's queries compiled once (issue 24: building them cost more than running them).
 * `build` makes them for a user, a page and `valueCount` more values (a filter's), and is given
 * stand-ins for them all (compiledQuery).
 */
export function compiledPage<Row, Values extends readonly unknown[] = []>(
  build: (db: Db, userId: number, limit: number, offset: number, ...values: Values) => PageQueries<Row>,
  valueCount: Values['length'] = 0 as Values['length'],
) {
  const count = compiledQuery(1 + valueCount, (db, userId: number, ...values: Values) => build(db, userId, 0, 0, ...values).counted);
  const page = compiledQuery(3 + valueCount, (db, userId: number, limit: number, offset: number, ...values: Values) => build(db, userId, limit, offset, ...values).page);
  const withCount = compiledQuery(3 + valueCount, (db, userId: number, limit: number, offset: number, ...values: Values) =>
    build(db, userId, limit, offset, ...values).withCount,
  );
  return (db: Db, userId: number, limit: number, offset: number, ...values: Values): CountedPageQueries<Row> => ({
    count: async () => Number((await count(db, userId, ...values))[0]!.count),
    page: () => page(db, userId, limit, offset, ...values),
    withCount: () => withCount(db, userId, limit, offset, ...values),
  });
}

/**
 * The filters a list is narrowed by, each one in use named with its value (or, while the list's
 * queries compile, a stand-in for it). A filter left out, or given as undefined, does not narrow.
 */
export type FilterValues<Name extends string> = Partial<Record<Name, unknown>>;

/**
 * A user's list narrowed by filters, its queries compiled once for each set of filters used (a
 * search built on every call cost about as much as running it, issue 24). `build` is handed the
 * filters' values to put in the queries as values only: stand-ins while it compiles. The set's
 * key is the filters' names, never their values, and the names come from the code, never from a
 * request: at most one compiled set for each combination of the list's filters.
 */
export function compiledFilteredPage<Row, Name extends string>(
  build: (db: Db, userId: number, limit: number, offset: number, filters: FilterValues<Name>) => PageQueries<Row>,
) {
  const compiled = new Map<string, ReturnType<typeof compiledPage<Row, unknown[]>>>();
  return (db: Db, userId: number, limit: number, offset: number, filters: FilterValues<Name>): CountedPageQueries<Row> => {
    const names = (Object.keys(filters) as Name[]).filter((name) => filters[name] !== undefined).sort();
    const key = names.join(',');
    let queries = compiled.get(key);
    if (!queries) {
      queries = compiledPage(
        (database, user, pageLimit, pageOffset, ...values: unknown[]) =>
          build(database, user, pageLimit, pageOffset, Object.fromEntries(names.map((name, index) => [name, values[index]])) as FilterValues<Name>),
        names.length,
      );
      compiled.set(key, queries);
    }
    return queries(db, userId, limit, offset, ...names.map((name) => filters[name]));
  };
}
