import { open } from 'node:fs/promises';
import { fstatSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../src/db/database.js';
import { DIALECT, useTestDatabase } from './helper.js';

/**
 * SQLite's WAL kept off the event loop (issue 24 target 3, src/db/sqlite-wal-sync.ts): a write
 * resolves only once its commit is synced to disk, the sync runs on libuv's threads (the fdatasync
 * of a FileHandle) and is shared by the writes that wait for it, and the WAL is copied into the
 * database by the checkpointer thread.
 */
describe.runIf(DIALECT === 'sqlite')('SQLite commits synced off the event loop', () => {
  const database = useTestDatabase();
  const t = { db: undefined as unknown as Db };
  let fileHandle: { datasync(): Promise<void> };

  beforeAll(async () => {
    t.db = createDatabase(database.url());
    await sql`create table wal_probe (id integer primary key, note text not null)`.execute(t.db);
    const handle = await open(join(database.dir(), 'probe'), 'w');
    fileHandle = Object.getPrototypeOf(handle) as typeof fileHandle;
    await handle.close();
  });
  /** Syncs still held when a test ends are let go, so that a failed test leaves no write waiting. */
  const releases: (() => void)[] = [];
  afterEach(() => {
    for (const release of releases.splice(0)) release();
    vi.restoreAllMocks();
  });
  afterAll(() => t.db.destroy());

  /**
   * fdatasync of this database's WAL held until `release`, counting them; other files' syncs (other
   * databases of this test process) pass through uncounted.
   */
  function heldSyncs() {
    const real = fileHandle.datasync;
    const wal = statSync(`${database.url().slice('sqlite:'.length)}-wal`).ino;
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    releases.push(release);
    let calls = 0;
    vi.spyOn(fileHandle, 'datasync').mockImplementation(async function (this: typeof fileHandle & { fd: number }) {
      if (fstatSync(this.fd).ino === wal) {
        calls += 1;
        await released;
      }
      return real.call(this);
    });
    return { calls: () => calls, release };
  }

  const settledSoon = async (promise: Promise<unknown>) => {
    let settled = false;
    void promise.then(() => (settled = true), () => (settled = true));
    // Several turns of the event loop: a write that did not wait for its sync has resolved by then.
    for (let turn = 0; turn < 20; turn += 1) await new Promise((done) => setImmediate(done));
    return settled;
  };

  it('resolves a write only once the WAL is synced, and a read without a sync', async () => {
    const syncs = heldSyncs();
    const write = sql`insert into wal_probe (note) values ('first')`.execute(t.db);
    await vi.waitFor(() => expect(syncs.calls()).toBe(1));
    expect(await settledSoon(write)).toBe(false);
    syncs.release();
    await write;
    const read = await sql<{ note: string }>`select note from wal_probe`.execute(t.db);
    expect(read.rows).toEqual([{ note: 'first' }]);
    expect(syncs.calls()).toBe(1);
  });

  it('resolves a transaction once its commit is synced, and writes waiting meanwhile share one more sync', async () => {
    const syncs = heldSyncs();
    const transaction = t.db.transaction().execute(async (trx) => {
      await sql`insert into wal_probe (note) values ('in a transaction')`.execute(trx);
      await sql`insert into wal_probe (note) values ('the same transaction')`.execute(trx);
    });
    await vi.waitFor(() => expect(syncs.calls()).toBe(1));
    expect(await settledSoon(transaction)).toBe(false);
    const waiting = Array.from({ length: 20 }, (_, i) => sql`insert into wal_probe (note) values (${`waiting ${i}`})`.execute(t.db));
    expect(await settledSoon(Promise.race(waiting))).toBe(false);
    syncs.release();
    await Promise.all([transaction, ...waiting]);
    expect(syncs.calls()).toBe(2);
    const count = await sql<{ n: number }>`select count(*) as n from wal_probe`.execute(t.db);
    expect(count.rows[0]?.n).toBe(23);
  });

  it('copies the WAL into the database file on its own thread, a second after the writes', async () => {
    const file = database.url().slice('sqlite:'.length);
    const before = statSync(file).size;
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i += 1) await sql`insert into wal_probe (note) values (${'x'.repeat(10_000)})`.execute(trx);
    });
    // 2 MB committed: only a checkpoint puts it into the database file itself.
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 2_000_000), { timeout: 10_000, interval: 50 });
  });
});
