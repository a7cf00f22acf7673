import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { DIALECT } from './helper.js';

/**
 * The SQLite connection keeps its prepared statements and reads rows as arrays, named by the
 * statement's columns (db/database.ts, issue 24). A schema changed by another connection (a CLI's
 * migration beside the running portal) must not leave a kept statement naming its values wrongly:
 * a column dropped before `Email` would have put the next column's value (the password hash) under it.
 */
describe.runIf(DIALECT === 'sqlite')('SQLite statements kept across a schema change by another connection', () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A database file with one person in `people`, open as `db`; its path, for a second connection. */
  const peopleDatabase = async () => {
    dir = mkdtempSync(join(tmpdir(), 'airbox-statement-cache-'));
    const file = join(dir, 'cache.db');
    db = createDatabase(`sqlite:${file}`);
    await sql`create table people (id integer primary key, nickname text, email text, password_hash text)`.execute(db);
    await sql`insert into people (nickname, email, password_hash) values ('ann', 'ann@example.com', 'secret-hash')`.execute(db);
    return file;
  };
  const rows = async () => (await sql<Record<string, unknown>>`select * from people order by id`.execute(db!)).rows;

  it('names every value by its column after a column is dropped or added elsewhere', async () => {
    const file = await peopleDatabase();
    expect(await rows()).toEqual([{ id: 1, nickname: 'ann', email: 'ann@example.com', password_hash: 'secret-hash' }]);

    const other = new SqliteDatabase(file);
    try {
      other.exec('alter table people drop column nickname');
      expect(await rows()).toEqual([{ id: 1, email: 'ann@example.com', password_hash: 'secret-hash' }]);
      other.exec("alter table people add column city text default 'Oakland'");
      expect(await rows()).toEqual([{ id: 1, email: 'ann@example.com', password_hash: 'secret-hash', city: 'Oakland' }]);
    } finally {
      other.close();
    }
  });

  it("names a table's columns after a change that keeps their count, and still answers statements of named columns and counts", async () => {
    const file = await peopleDatabase();
    const qualified = async () => (await sql<Record<string, unknown>>`select "people".* from people order by id`.execute(db!)).rows;
    const named = async () => (await sql<Record<string, unknown>>`select email, password_hash from people where id = ${1}`.execute(db!)).rows;
    const counted = async () => (await sql<Record<string, unknown>>`select count(*) as n, max(email) as email from people`.execute(db!)).rows;
    expect(await qualified()).toEqual([{ id: 1, nickname: 'ann', email: 'ann@example.com', password_hash: 'secret-hash' }]);
    expect(await named()).toEqual([{ email: 'ann@example.com', password_hash: 'secret-hash' }]);
    expect(await counted()).toEqual([{ n: 1, email: 'ann@example.com' }]);

    const other = new SqliteDatabase(file);
    try {
      // Four columns before and after: only the schema's version tells the kept statement's names are stale.
      other.exec("alter table people drop column nickname; alter table people add column city text default 'Oakland'");
      expect(await named()).toEqual([{ email: 'ann@example.com', password_hash: 'secret-hash' }]);
      expect(await counted()).toEqual([{ n: 1, email: 'ann@example.com' }]);
      expect(await qualified()).toEqual([{ id: 1, email: 'ann@example.com', password_hash: 'secret-hash', city: 'Oakland' }]);
    } finally {
      other.close();
    }
  });
});
