import { type FileHandle, open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

/**
 * SQLite's commits made durable without an fsync on the event loop (issue 24 target 3).
 *
 * better-sqlite3 is synchronous: with `synchronous = FULL` every commit fsyncs the WAL inside the
 * statement, and the event loop, which answers everyone, waits for the disk (4 ms typical on this
 * machine, 10-130 ms under other I/O: a sixth of the loop's time under the bench's steady load).
 * Here SQLite runs with `synchronous = NORMAL` (a commit is written to the WAL but not synced) and
 * the WAL is synced on libuv's thread pool instead: a query or transaction that changed rows
 * resolves only after an fdatasync of the WAL that began after its commit. What a caller awaits is
 * then as durable as with FULL, against a power loss as well as a crash, in the same order (the
 * commit before whatever the caller does next); the one difference is that other requests may read
 * a commit during the milliseconds its sync takes. Syncs asked for while one runs share the next
 * one (a group commit), and the connection is free for other queries while the disk works.
 */

/** One fdatasync of the WAL at a time; who asks while one runs shares the next. */
export interface WalSync {
  /** Resolves once every commit made before this call is on disk. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export function walSync(walFile: string): WalSync {
  let handle: Promise<FileHandle> | undefined;
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const once = async () => {
    // Opened on the first sync, when the WAL exists; SQLite keeps the file (never unlinks it) while the database is open.
    handle ??= open(walFile, 'r+');
    await (await handle).datasync();
  };
  const sync = (): Promise<void> => {
    if (!running) {
      running = once().finally(() => {
        running = undefined;
      });
      return running;
    }
    // The running sync may have begun before this caller's commit: it waits for the one after.
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return sync();
      });
    return next;
  };
  return {
    sync,
    async close() {
      await running?.catch(() => undefined);
      const closing = handle;
      handle = undefined;
      await (await closing?.catch(() => undefined))?.close();
    },
  };
}

/**
 * The main connection's own checkpoints, a backstop only: after this many pages in the WAL (~40 MB)
 * a commit copies them into the database on the event loop, as SQLite does by default after 1000.
 * The checkpointer below keeps the WAL far shorter, so this runs only if it fails or falls behind.
 */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/** How soon after a change the checkpointer copies the WAL into the database (a second's commits at most). */
const CHECKPOINT_AFTER_MS = 1_000;

/**
 * The checkpointer thread's code: a connection of its own to each database it is told of, which on
 * each message copies that WAL's committed pages into the database (a PASSIVE checkpoint: it waits
 * for no reader nor writer, so the main connection carries on meanwhile) and syncs both files as
 * SQLite's own checkpoint does (synchronous = NORMAL: the WAL before copying, the database after).
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const connections = new Map();
parentPort.on('message', ({ id, file, close }) => {
  try {
    if (close) {
      connections.get(id)?.close();
      connections.delete(id);
      parentPort.postMessage({ id, ok: true, closed: true });
      return;
    }
    let db = connections.get(id);
    if (!db) {
      db = new Database(file);
      db.pragma('busy_timeout = 1000');
      db.pragma('synchronous = NORMAL');
      connections.set(id, db);
    }
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: String(error) });
  }
});
`;

interface CheckpointAnswer {
  id: number;
  ok: boolean;
  /** The answer to a close. */
  closed?: boolean;
  error?: string;
}

/**
 * The process's one checkpointer thread, shared by its databases (tests open many), started with
 * the first checkpoint and never holding the process open. Each database's answers go to its own
 * listener; if the thread dies, every listener hears of it (`undefined`).
 */
let thread: { worker: Worker; listeners: Map<number, (answer: CheckpointAnswer | undefined) => void> } | undefined;
let lastId = 0;

function checkpointerThread(): NonNullable<typeof thread> {
  if (thread) return thread;
  const worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
  const started = { worker, listeners: new Map<number, (answer: CheckpointAnswer | undefined) => void>() };
  worker.on('message', (answer: CheckpointAnswer) => started.listeners.get(answer.id)?.(answer));
  const died = () => {
    if (thread === started) thread = undefined;
    for (const listener of started.listeners.values()) listener(undefined);
  };
  worker.on('error', died);
  worker.on('exit', died);
  // After the listeners: a 'message' listener holds the process open again.
  worker.unref();
  thread = started;
  return started;
}

/**
 * Copies a database's WAL into it on the checkpointer thread a second after changes, instead of
 * SQLite's automatic checkpoint, which runs inside the commit that fills 1000 pages and holds the
 * event loop while it copies them and syncs both files (60-75 ms for 1000 pages on this machine).
 * Should the thread fail, the main connection checkpoints by itself again as SQLite does by
 * default, and a warning says why.
 */
export interface Checkpointer {
  /** Rows changed: a checkpoint follows within CHECKPOINT_AFTER_MS. */
  changed(): void;
  /** Ends this database's connection on the thread (before the main connection closes). */
  close(): Promise<void>;
}

export function checkpointer(database: SqliteDatabase.Database): Checkpointer {
  const id = (lastId += 1);
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let failed = false;
  let closed = false;
  let answered: (() => void) | undefined;
  const fail = (why: string) => {
    if (failed) return;
    failed = true;
    if (database.open) database.pragma('wal_autocheckpoint = 1000');
    process.emitWarning(`SQLite checkpoints run on the event loop again: the checkpointer thread ${why}`);
  };
  const onAnswer = (answer: CheckpointAnswer | undefined) => {
    running = false;
    if (!answer) fail('ended');
    else if (!answer.ok) fail(`failed: ${answer.error ?? 'unknown error'}`);
    if (!answer || answer.closed) answered?.();
  };
  const checkpoint = () => {
    timer = undefined;
    if (closed || failed) return;
    // One at a time: a checkpoint asked while one runs waits for the next tick.
    if (running) return void (timer = setTimeout(checkpoint, CHECKPOINT_AFTER_MS).unref());
    running = true;
    const { worker, listeners } = checkpointerThread();
    listeners.set(id, onAnswer);
    worker.postMessage({ id, file: database.name });
  };
  return {
    changed() {
      if (!timer && !closed && !failed) timer = setTimeout(checkpoint, CHECKPOINT_AFTER_MS).unref();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = thread;
      if (!current?.listeners.has(id)) return;
      // The thread answers the close after any checkpoint it is running for this database.
      await new Promise<void>((done) => {
        answered = done;
        current.worker.postMessage({ id, close: true });
      });
      current.listeners.delete(id);
    },
  };
}

/** What the driver needs besides Kysely's config: the connection it wraps, its WAL's sync and checkpointer. */
export interface WalOffTheLoop {
  database: SqliteDatabase.Database;
  wal: WalSync;
  checkpoints: Checkpointer;
}

/**
 * Kysely's SQLite driver with the WAL synced after changes (above): a connection's holder that
 * changed rows and left no transaction open (an autocommit write, a commit) waits for the sync after
 * handing the connection back. SQLite's total_changes() tells whether rows changed (it also counts
 * INSERT ... RETURNING, which better-sqlite3 runs as a reader); a rolled-back transaction that
 * changed rows syncs needlessly, which costs a sync and nothing else.
 */
class WalSyncedSqliteDriver extends SqliteDriver {
  readonly #wal: WalOffTheLoop;
  readonly #totalChanges: SqliteDatabase.Statement<[], number>;
  #changesAtAcquire = 0;

  constructor(config: SqliteDialectConfig, wal: WalOffTheLoop) {
    super(config);
    this.#wal = wal;
    this.#totalChanges = wal.database.prepare<[], number>('select total_changes()').pluck();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    this.#changesAtAcquire = this.#totalChanges.get() ?? 0;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    const { database, wal, checkpoints } = this.#wal;
    // Read before the connection goes to its next holder: these changes are this holder's to sync.
    const changed = database.open && !database.inTransaction && this.#totalChanges.get() !== this.#changesAtAcquire;
    await super.releaseConnection();
    if (!changed) return;
    await wal.sync();
    checkpoints.changed();
  }

  override async destroy(): Promise<void> {
    await this.#wal.wal.close();
    await this.#wal.checkpoints.close();
    await super.destroy();
  }
}

/** Kysely's SQLite dialect on WalSyncedSqliteDriver; the config's database wraps `wal.database`. */
export class WalSyncedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #wal: WalOffTheLoop;

  constructor(config: SqliteDialectConfig, wal: WalOffTheLoop) {
    super(config);
    this.#config = config;
    this.#wal = wal;
  }

  override createDriver(): Driver {
    return new WalSyncedSqliteDriver(this.#config, this.#wal);
  }
}
