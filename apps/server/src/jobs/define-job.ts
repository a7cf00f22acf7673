import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { JobName, JobPayloads } from '../modules/jobs/jobs.js';

/** What a job may use: the app's database, configuration, log and providers. */
export type JobContext = Pick<AppContext, 'db' | 'config' | 'log' | 'mail' | 'sms' | 'wallet' | 'passPushes' | 'payments' | 'carriers'>;

/**
 * One kind of job, in its own file: its name, the schema its queued payload is read back through,
 * and what it does. A job may run more than once (a retry, a worker that died mid-run): its run is
 * idempotent or harmless twice. A recurring job names how often (`every`, in ms): each server's
 * worker enqueues it once per tick of that length, with an empty payload.
 */
export interface Job<N extends JobName> {
  name: N;
  /** What the job's file adds to JobPayloads under its name: a queued payload is parsed with it before the job runs. */
  payload: z.ZodType<JobPayloads[N]>;
  run: (payload: JobPayloads[N], context: JobContext) => Promise<void>;
  /** Recurring every this many ms; only a job whose payload is empty (Record<string, never>) may recur. */
  every?: JobPayloads[N] extends Record<string, never> ? number : never;
}

/** Any one job, whichever its name. */
export type AnyJob = { [N in JobName]: Job<N> }[JobName];

/** A job, its name tying its payload to the type its file adds to JobPayloads. */
export function defineJob<N extends JobName>(job: Job<N>): Job<N> {
  return job;
}

/** A row's id in a payload. */
export const jobId = z.number().int().positive();

/** The payload of a job that carries nothing (every recurring job). */
export const noPayload = z.record(z.string(), z.never());
