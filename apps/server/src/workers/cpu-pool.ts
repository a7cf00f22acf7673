import { API_ERRORCODE } from '@airbox/contract';
import { Piscina } from 'piscina';
import { CPU_HEAVY_TASKS_AT_ONCE } from '../config/cpu.js';
import { AppError } from '../errors.js';
import type { CpuTask } from './cpu-tasks.js';

/**
 * The one worker pool for CPU-heavy work (issue 24 target 3): label and invoice PDFs and PNGs,
 * letter sheets, wallet pass signatures and barcodes run here on worker threads, so that the
 * event loop, which answers everyone, is never held up by tens of milliseconds of drawing.
 * Password hashes need none: @node-rs/argon2 already hashes on libuv's threads (users/passwords.ts).
 *
 * Bounded both ways: CPU_HEAVY_TASKS_AT_ONCE threads (every core but the event loop's, at least
 * one) and WAITING tasks queued behind them; one more is refused at once with 503 and a message
 * that says why, rather than queued for ever. Started on the first task (the server warms it
 * once listening: server.ts), one thread kept from then on; the app closes it
 * (plugins/cpu-pool.ts) and a later task starts it again.
 */

export const CPU_POOL_MESSAGES = {
  busy: 'The server is busy drawing files (labels, invoices, passes) right now. Please try again in a moment.',
} as const;

/** The pool's queue is full: answered 503 with CPU_POOL_MESSAGES.busy. */
export class CpuPoolBusy extends AppError {
  override name = 'CpuPoolBusy';
  constructor() {
    super(503, API_ERRORCODE.unavailable, CPU_POOL_MESSAGES.busy);
  }
}

export interface CpuPoolLimits {
  /** Tasks at once, each on a thread of its own. */
  threads: number;
  /** Tasks that may wait for a thread; the next one is refused with CpuPoolBusy. */
  waiting: number;
}

/** A label purchase draws a PDF and a PNG (~10-40 ms each): 64 waiting is well under two seconds. */
export const CPU_POOL_LIMITS: CpuPoolLimits = { threads: CPU_HEAVY_TASKS_AT_ONCE, waiting: 64 };

/** How long an idle thread beyond the first stays before it ends. */
const IDLE_THREAD_MS = 60_000;

/**
 * The worker entry: the compiled cpu-tasks.js in the built portal; from the TypeScript sources
 * (vitest, tsx) a small .mjs that loads cpu-tasks.ts through tsx (threads do not inherit its loader).
 */
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./cpu-tasks-from-source.mjs', import.meta.url) : new URL('./cpu-tasks.js', import.meta.url);

export interface CpuPool {
  /** Runs one task on a thread; rejects with CpuPoolBusy when the queue is full. */
  run(task: CpuTask): Promise<Buffer>;
  /** Tasks running or waiting now. */
  readonly pending: number;
  /** Threads alive now (0 before the first task and after close). */
  readonly threads: number;
  /** Starts the pool's first thread now, so that the first task does not wait for it (the server does, once listening). */
  warm(): void;
  /** Lets running and queued tasks finish, then ends the threads. */
  close(): Promise<void>;
}

export function createCpuPool(limits: CpuPoolLimits = CPU_POOL_LIMITS): CpuPool {
  let pool: Piscina<CpuTask, Uint8Array> | undefined;
  let pending = 0;
  const started = () =>
    (pool ??= new Piscina<CpuTask, Uint8Array>({
      filename: WORKER_ENTRY.href,
      // One thread stays once started: a thread's start (its modules: pdfkit, bwip-js, fonts)
      // took the label purchase's return from ~40 ms to ~1.1 s, and a portal whose purchases
      // come more than a minute apart paid it on each (issue 24, fourth session).
      minThreads: 1,
      maxThreads: limits.threads,
      idleTimeout: IDLE_THREAD_MS,
    }));
  return {
    async run(task) {
      if (pending >= limits.threads + limits.waiting) throw new CpuPoolBusy();
      pending += 1;
      try {
        // Structured clone hands a Buffer back as a plain Uint8Array: the same bytes, no copy.
        const bytes = await started().run(task);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } finally {
        pending -= 1;
      }
    },
    get pending() {
      return pending;
    },
    get threads() {
      return pool?.threads.length ?? 0;
    },
    warm() {
      started();
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.close();
    },
  };
}

/**
 * The process's pool, shared by every app in it (tests build several): one object for the
 * process's life, its threads started on the first task. Each app holds it while open
 * (plugins/cpu-pool.ts); the last to close ends the threads, and a later task starts them again.
 */
let shared: CpuPool | undefined;
let holders = 0;

export function sharedCpuPool(): CpuPool {
  shared ??= createCpuPool(CPU_POOL_LIMITS);
  return shared;
}

/** Runs a task on the shared pool. */
export function runCpuTask(task: CpuTask): Promise<Buffer> {
  return sharedCpuPool().run(task);
}

export function holdSharedCpuPool(): void {
  holders += 1;
}

/** An app closed: the last one ends the shared pool's threads. */
export async function releaseSharedCpuPool(): Promise<void> {
  holders = Math.max(0, holders - 1);
  if (holders === 0) await shared?.close();
}
