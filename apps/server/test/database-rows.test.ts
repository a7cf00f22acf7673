import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { DIALECT, useTestDatabase } from './helper.js';

/**
 * Both databases hand their rows to the app as arrays, made into objects by a function written
 * for each statement's columns (db/database.ts rowMaker, issue 24). The rows must be the ones the
 * driver itself would have made: the same keys in the same order, a repeated column's last value,
 * any column name, the driver's own types, but for PostgreSQL's times: read as the ISO text SQLite
 * keeps (db/database.ts timestamptzAsIso).
 */
describe('rows made from arrays, as the driver would make them', () => {
  const database = useTestDatabase({ migrated: false });
  let db: Db;
  beforeAll(() => {
    db = createDatabase(database.url());
  });
  afterAll(async () => {
    await db.destroy();
  });

  const at = DIALECT === 'postgres' ? `'2026-11-27T10:00:00Z'::timestamptz` : `'2026-11-27T10:00:00.000Z'`;
  const queries = [
    `select 1 as "id", 'a' as "name", 'b' as "name", 'quote"s' as "a""b", 'proto' as "__proto__", null as "back\\slash", ${at} as "at"`,
    `select 2 as "n", 'x' as "text"`,
  ];

  /** The rows of `text` as the driver makes them, on its own connection. */
  async function driversOwn(text: string): Promise<Record<string, unknown>[]> {
    if (DIALECT === 'sqlite') {
      const own = new SqliteDatabase(database.url().slice('sqlite:'.length));
      try {
        return own.prepare(text).all() as Record<string, unknown>[];
      } finally {
        own.close();
      }
    }
    const own = new pg.Client({ connectionString: database.url() });
    await own.connect();
    try {
      return (await own.query(text)).rows as Record<string, unknown>[];
    } finally {
      await own.end();
    }
  }

  it('gives every key in order, a repeated column its last value, names of any characters and the driver’s types, a time as ISO text', async () => {
    for (const text of [...queries, ...queries]) {
      const ours = (await sql.raw<Record<string, unknown>>(text).execute(db)).rows;
      const theirs = await driversOwn(text);
      // A column named __proto__ is left out (pg keeps it as a key, better-sqlite3 drops it).
      const expected = theirs.map((row) =>
        Object.fromEntries(Object.entries(row).flatMap(([key, value]) => (key === '__proto__' ? [] : [[key, value instanceof Date ? value.toISOString() : value]]))),
      );
      expect(ours).toEqual(expected);
      expect(ours.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
      expect(Object.getPrototypeOf(ours[0])).toBe(Object.prototype);
    }
    const [first] = (await sql.raw<Record<string, unknown>>(queries[0]!).execute(db)).rows;
    expect(first).toMatchObject({ id: 1, name: 'b', 'a"b': 'quote"s', 'back\\slash': null });
    expect(Object.hasOwn(first!, '__proto__')).toBe(false);
    expect(first!.at).toBe('2026-11-27T10:00:00.000Z');
  });

  it.runIf(DIALECT === 'postgres')('reads a time as the ISO text SQLite keeps, to the millisecond, whatever zone and precision it was written with', async () => {
    const read = async (written: string) => (await sql<{ at: unknown }>`select ${written}::timestamptz as at`.execute(db)).rows[0]!.at;
    expect(await read('2026-11-27T10:00:00Z')).toBe('2026-11-27T10:00:00.000Z');
    expect(await read('2026-11-27T10:00:00.5Z')).toBe('2026-11-27T10:00:00.500Z');
    // A millionth of a second is kept to the millisecond, as a Date keeps it.
    expect(await read('2026-01-31T23:59:59.999999Z')).toBe('2026-01-31T23:59:59.999Z');
    expect(await read('2026-11-27T10:00:00+05:30')).toBe('2026-11-27T04:30:00.000Z');
    // Beyond what ISO text says with four digits of a year: a Date, as pg makes it.
    expect(await read('12026-11-27T10:00:00Z')).toEqual(new Date(Date.UTC(12026, 10, 27, 10)));
    // On a connection set to another zone, the time comes as pg's Date: the same instant.
    await db.connection().execute(async (connection) => {
      await sql`set time zone 'America/Chicago'`.execute(connection);
      const [row] = (await sql<{ at: unknown }>`select ${'2026-11-27T10:00:00Z'}::timestamptz as at`.execute(connection)).rows;
      await sql`reset time zone`.execute(connection);
      expect(row!.at).toEqual(new Date('2026-11-27T10:00:00Z'));
    });
  });

  it('counts the rows a write changed, gives what it returned, an empty answer, and the columns a table has after a migration changed it', async () => {
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    const inserted = await db
      .insertInto('notes' as never)
      .values({ id: 1, body: 'first' } as never)
      .returning(['id', 'body'] as never)
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: 1, body: 'first' });
    const updated = await db.updateTable('notes' as never).set({ body: 'changed' } as never).executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(1n);
    expect((await sql`select * from notes where id = ${2}`.execute(db)).rows).toEqual([]);

    const all = () => sql<Record<string, unknown>>`select * from notes`.execute(db).then((result) => result.rows);
    expect(await all()).toEqual([{ id: 1, body: 'changed' }]);
    await sql`alter table notes add column pinned integer not null default 0`.execute(db);
    expect(await all()).toEqual([{ id: 1, body: 'changed', pinned: 0 }]);
    await sql`alter table notes drop column body`.execute(db);
    expect(await all()).toEqual([{ id: 1, pinned: 0 }]);
  });

  it.runIf(DIALECT === 'postgres')('fails a transaction whose kept statement a migration changed with that error, and runs the statement afresh after', async () => {
    await sql`create table tags (id integer primary key, label text not null)`.execute(db);
    await sql`insert into tags values (1, 'fragile')`.execute(db);
    const all = (on: Db) => sql<Record<string, unknown>>`select * from tags`.execute(on).then((result) => result.rows);
    expect(await all(db)).toEqual([{ id: 1, label: 'fragile' }]);
    await sql`alter table tags add column color text not null default 'red'`.execute(db);
    // The pool hands back the connection that prepared it; in a transaction the error ends the transaction.
    await expect(db.transaction().execute((trx) => all(trx))).rejects.toThrow('cached plan must not change result type');
    expect(await all(db)).toEqual([{ id: 1, label: 'fragile', color: 'red' }]);
  });

  it.runIf(DIALECT === 'postgres')('asks PostgreSQL to describe a statement’s columns on its first run only, and reads the same rows after', async () => {
    const described = vi.spyOn(pg.Query.prototype as unknown as { handleRowDescription: (message: unknown) => void }, 'handleRowDescription');
    try {
      const text = `select 7 as "n", 'seven' as "word", null::int as "none", ${at} as "at" from generate_series(1, 3)`;
      const expected = Array.from({ length: 3 }, () => ({ n: 7, word: 'seven', none: null, at: '2026-11-27T10:00:00.000Z' }));
      // The pool's ten connections each prepare the statement; none describes it again.
      const runs = await Promise.all(Array.from({ length: 12 }, () => sql.raw<Record<string, unknown>>(text).execute(db)));
      for (const run of runs) expect(run.rows).toEqual(expected);
      const first = described.mock.calls.length;
      expect(first).toBeGreaterThanOrEqual(1);
      expect((await sql.raw<Record<string, unknown>>(text).execute(db)).rows).toEqual(expected);
      expect((await sql<{ n: number }>`select ${5}::int as n from generate_series(1, ${0}::int)`.execute(db)).rows).toEqual([]);
      expect(described.mock.calls.length).toBe(first + 1);
      for (let i = 0; i < 3; i += 1) expect((await sql.raw<Record<string, unknown>>(text).execute(db)).rows).toEqual(expected);
      expect(described.mock.calls.length).toBe(first + 1);
    } finally {
      described.mockRestore();
    }
  });

  it.runIf(DIALECT === 'postgres')('answers the last statement of a script of several (a script is not prepared)', async () => {
    expect((await sql.raw<{ column1: number }>('values (1); values (2)').execute(db)).rows).toEqual([{ column1: 2 }]);
  });
});
