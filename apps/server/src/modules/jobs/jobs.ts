import type { Db } from '../../db/database.js';
import { insertJob } from './jobs.repository.js';

/**
 * Every kind of job and what it carries, filled in by each job's own file in jobs/ (its name, its
 * payload's schema and type, its run) through declaration merging, so a module enqueues a job by
 * name, its payload typed, without importing the jobs. A payload holds ids and rendered text,
 * never a password or a raw token: the activation and reset jobs issue their link when they run.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here: the job files add its members.
export interface JobPayloads {}

export type JobName = keyof JobPayloads;

/** How often a job is tried before it stays failed with its last error. */
export const DEFAULT_MAX_ATTEMPTS = 12;

export interface EnqueueOptions {
  /** Enqueued once: a second job with the same key is not added. */
  uniqueKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job, in the caller's transaction when `db` is one, so the job exists exactly when the
 * change that causes it is committed. False when its unique key was enqueued before.
 */
export async function enqueueJob<N extends JobName>(
  db: Db,
  now: Date,
  name: N,
  payload: JobPayloads[N],
  options: EnqueueOptions = {},
): Promise<boolean> {
  return insertJob(db, {
    name,
    payload: JSON.stringify(payload),
    unique_key: options.uniqueKey ?? null,
    status: 'queued',
    max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_at: (options.runAt ?? now).toISOString(),
    locked_until: null,
    last_error: null,
    created_at: now.toISOString(),
    finished_at: null,
  });
}
