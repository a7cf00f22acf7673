import type { Db } from '../../db/database.js';
import { isSqlite } from '../../db/dialect.js';
import type { JobRow, NewJob } from './jobs.table.js';

/** Adds a job; false when its unique_key was enqueued before (then nothing is added). */
export async function insertJob(db: Db, job: NewJob): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values(job)
    .onConflict((conflict) => conflict.column('unique_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the next due job: a queued one whose run_at has come, or a running one whose worker's
 * lease ran out (that worker died). One statement: on PostgreSQL the row is locked with SKIP
 * LOCKED so concurrent workers take different jobs; SQLite runs one writer at a time. Jobs named
 * in `besides` (the kinds the worker is running) are left for later, so a worker runs the jobs of
 * one kind in order, one after another (a customer's mails go out in the order they were written).
 */
export async function claimJob(db: Db, nowIso: string, leaseUntilIso: string, besides: readonly string[] = []): Promise<JobRow | undefined> {
  let next = db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', nowIso)]),
      ]),
    )
    .$if(besides.length > 0, (query) => query.where('name', 'not in', besides))
    .orderBy('run_at')
    .orderBy('id')
    .limit(1);
  if (!isSqlite(db)) next = next.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_until: leaseUntilIso }))
    .where('id', '=', next)
    .returningAll()
    .executeTakeFirst();
}

export async function finishJob(db: Db, id: number, nowIso: string): Promise<void> {
  await db.updateTable('jobs').set({ status: 'done', locked_until: null, finished_at: nowIso }).where('id', '=', id).execute();
}

/** After a failed attempt: queued again for `runAtIso`, or failed for good with its error. */
export async function failJobAttempt(db: Db, id: number, error: string, retry: { runAtIso: string } | { finishedAtIso: string }): Promise<void> {
  await db
    .updateTable('jobs')
    .set(
      'runAtIso' in retry
        ? { status: 'queued', locked_until: null, last_error: error, run_at: retry.runAtIso }
        : { status: 'failed', locked_until: null, last_error: error, finished_at: retry.finishedAtIso },
    )
    .where('id', '=', id)
    .execute();
}

/** Forgets jobs that ended (done or failed) before `beforeIso`. */
export async function deleteEndedJobs(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('status', 'in', ['done', 'failed']).where('finished_at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
