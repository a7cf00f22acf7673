import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * One piece of work to do after an answer: queued until run_at, running while a worker holds its
 * lease (locked_until), then done, or queued again with a later run_at after a failure, until
 * max_attempts failures leave it failed with its last error.
 */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON of the job's payload (never a password or a raw token). */
  payload: string;
  unique_key: string | null;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
