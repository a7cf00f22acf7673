import type { Db } from './database.js';
import { isSqlite } from './dialect.js';

/** A list's page and how many rows match, each as a query to run (compiled once, or built for a search). */
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
