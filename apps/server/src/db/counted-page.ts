import { type Compilable, sql } from 'kysely';
import { type FoundSession, foundSessionOf, type SessionIdentityColumns, sessionIdentity } from '../modules/sessions/sessions.repository.js';
import type { SessionUser } from '../modules/sessions/sessions.table.js';
import { compiledQuery } from './compiled-query.js';
import type { Db } from './database.js';
import { isSqlite } from './dialect.js';

/**
 * Who a list is for: the signed-in user's id, or, on PostgreSQL, the session the call came with,
 * looked up in the list's own statement (issue 24: a round trip to PostgreSQL was a quarter of a
 * list call's CPU, and the session's lookup was one of the two).
 */
export type ListOwner = number | SessionToConfirm;

/** A call's session not looked up yet: the list's statement reads it beside the page and hands it here. */
export interface SessionToConfirm {
  /** The SHA-256 of the session cookie's token. */
  readonly tokenHash: string;
  /**
   * Checks what the statement found of the session (undefined: none) as every signed-in call's
   * session is checked, and gives its user's id, or throws (401, 403). The page is read for that
   * user only, and goes no further unless this answers.
   */
  confirm(found: FoundSession<SessionUser> | undefined): Promise<number>;
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

/** A page of a list and how many rows match. */
export interface CountedPage<Row> {
  total: number;
  rows: Row[];
}

/** The first page's offset as it is written in the statement: a constant, not a value (pagedQuery). */
const FIRST_PAGE = sql.lit(0) as unknown as number;

/**
 * A page's statement compiled twice (compiledQuery): the first page's with `offset 0` written in
 * it, the later pages' with the offset a value. PostgreSQL plans a kept statement once for all its
 * values (a generic plan) only when that plan's estimate is no dearer than planning it for each
 * run's values; it cannot tell what an offset given as a value skips, so it estimates the page
 * dearer when few rows are expected (a search), and planned Purchased Labels' search afresh on
 * every run, half a millisecond of its CPU each time (issue 24). Nearly every call reads the first
 * page.
 */
function pagedQuery<Owner, Values extends readonly unknown[], Row>(
  valueCount: number,
  build: (db: Db, owner: Owner, limit: number, offset: number, ...values: Values) => Compilable<Row>,
) {
  const first = compiledQuery(2 + valueCount, (db, owner: Owner, limit: number, ...values: Values) => build(db, owner, limit, FIRST_PAGE, ...values));
  const later = compiledQuery(3 + valueCount, (db, owner: Owner, limit: number, offset: number, ...values: Values) => build(db, owner, limit, offset, ...values));
  return (db: Db, owner: Owner, limit: number, offset: number, ...values: Values): Promise<Row[]> =>
    offset === 0 ? first(db, owner, limit, ...values) : later(db, owner, limit, offset, ...values);
}

/**
 * A user's list, its queries compiled once (issue 24: building them cost more than running them),
 * read in as few steps as the database needs. `build` makes them for a user, a page and
 * `valueCount` more values (a filter's), and is given stand-ins for them all (compiledQuery); the
 * user is given to it as a value, or as a column of the statement the session is read in, so it
 * must only hand it to Kysely (`where('user_id', '=', userId)`).
 *
 * SQLite runs in process: the count from the index, then the page's few rows, cost less than one
 * statement counting every matching row beside the page. PostgreSQL: the page with the count as a
 * subquery, one round trip instead of two (a window would read every matching row first), and for
 * a session to confirm (ListOwner) the session's lookup with the page for its user beside it,
 * joined laterally: no row when no session matches, one without the page's columns when the page
 * is empty, else the page's rows in the page's own order (the lateral join runs it once for the
 * one session row, as a nested loop, which keeps it; the lists' tests read their order through it
 * on PostgreSQL). A page past the end has no row to carry the count: only then is it asked on its own.
 *
 * The rows keep their `total_count` (and the session's columns) on PostgreSQL: every list shapes
 * its answer field by field.
 */
export function compiledPage<Row, Values extends readonly unknown[] = []>(
  build: (db: Db, userId: number, limit: number, offset: number, ...values: Values) => PageQueries<Row>,
  valueCount: Values['length'] = 0 as Values['length'],
) {
  const count = compiledQuery(1 + valueCount, (db, userId: number, ...values: Values) => build(db, userId, 0, 0, ...values).counted);
  const page = pagedQuery(valueCount, (db, userId: number, limit, offset, ...values: Values) => build(db, userId, limit, offset, ...values).page);
  const withCount = pagedQuery(valueCount, (db, userId: number, limit, offset, ...values: Values) => build(db, userId, limit, offset, ...values).withCount);
  const withSession = pagedQuery(valueCount, (db, tokenHash: string, limit, offset, ...values: Values) => {
    // The session's user as the page's user: a column of the lookup, not a value.
    const userOfSession = sql.ref<number>('me.user_id') as unknown as number;
    const statement = sql<Row & { total_count: unknown } & SessionIdentityColumns>`select me.user_id as session_user_id, me.role_id as session_role_id,
      me.status as session_status, me.session_last_seen_at, me.session_expires_at, page.*
      from ${sessionIdentity(db, tokenHash)} as me left join lateral ${build(db, userOfSession, limit, offset, ...values).withCount} as page on true`;
    return { compile: () => statement.compile(db) };
  });
  const total = async (db: Db, userId: number, values: Values) => Number((await count(db, userId, ...values))[0]!.count);

  return async (db: Db, owner: ListOwner, limit: number, offset: number, ...values: Values): Promise<CountedPage<Row>> => {
    if (isSqlite(db)) {
      if (typeof owner !== 'number') throw new Error('compiledPage: a session is looked up with the page on PostgreSQL only');
      return { total: await total(db, owner, values), rows: await page(db, owner, limit, offset, ...values) };
    }
    let userId: number;
    let rows: (Row & { total_count: unknown })[];
    if (typeof owner === 'number') {
      userId = owner;
      rows = await withCount(db, owner, limit, offset, ...values);
    } else {
      const found = await withSession(db, owner.tokenHash, limit, offset, ...values);
      userId = await owner.confirm(foundSessionOf(found[0]));
      rows = found[0]?.total_count === null ? [] : found;
    }
    if (rows[0]) return { total: Number(rows[0].total_count), rows };
    return { total: offset === 0 ? 0 : await total(db, userId, values), rows: [] };
  };
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
  return (db: Db, owner: ListOwner, limit: number, offset: number, filters: FilterValues<Name>): Promise<CountedPage<Row>> => {
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
    return queries(db, owner, limit, offset, ...names.map((name) => filters[name]));
  };
}
