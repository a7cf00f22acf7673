import { claimJob, failJobAttempt, finishJob } from '../modules/jobs/jobs.repository.js';
import { enqueueJob } from '../modules/jobs/jobs.js';
import type { JobRow } from '../modules/jobs/jobs.table.js';
import { sendingTextsOnce } from '../modules/texts/texts.service.js';
import { senderDomain, withMessageIds } from '../providers/mail/mail-provider.js';
import type { JobContext } from './define-job.js';
import { findJob, RECURRING_JOBS } from './registry.js';

/**
 * The jobs one worker runs at once, each of another kind (its name): a long one (a label batch
 * bought row by row, up to a minute a run) leaves the others going (a customer's activation mail
 * waited behind it when jobs ran one at a time), while the jobs of one kind (mails) keep their
 * order. Each holds its own lease; several servers already run jobs side by side.
 */
export const JOBS_AT_ONCE = 4;

/** A worker's hold on a job; a worker that dies lets it go to another after this. */
export const JOB_LEASE_MS = 5 * 60 * 1000;

/** The wait before attempt n + 1: 15 s, 30 s, 1 min, … at most 30 min (12 attempts span about 2.5 hours). */
export function retryDelayMs(attempts: number): number {
  return Math.min(15_000 * 2 ** (attempts - 1), 30 * 60 * 1000);
}

/**
 * The Message-ID of the n-th mail (from 0) a job sends: the job's id and the moment it was
 * enqueued (so a database restored or started afresh, which gives ids again, gives other
 * Message-IDs), at the sender's domain. Every run of the job gives its mails the same ids, so a
 * mail sent again after a crash between the SMTP server's 250 and the job's end (the job runs
 * again when its lease ends) is one a mail server can recognise and drop.
 */
export function jobMessageId(job: Pick<JobRow, 'id' | 'created_at'>, n: number, domain: string): string {
  const enqueued = new Date(job.created_at).getTime().toString(36);
  return `<job-${job.id}.${enqueued}${n > 0 ? `.${n + 1}` : ''}@${domain}>`;
}

/**
 * The key of the n-th text (from 0) a job sends, made as its mails' Message-IDs: the same on
 * every run, so each text is sent once (modules/texts/texts.service.ts).
 */
export function jobTextKey(job: Pick<JobRow, 'id' | 'created_at'>, n: number): string {
  return `job-${job.id}.${new Date(job.created_at).getTime().toString(36)}${n > 0 ? `.${n + 1}` : ''}`;
}

export interface JobRunner {
  /** Polls for due jobs every `pollMs` until stop(). */
  start(): void;
  /** Stops polling and waits for the jobs being run. */
  stop(): Promise<void>;
  /** Runs every due job now, including those the poller is running, and returns when none is left. */
  drain(): Promise<void>;
  /** Looks for due jobs soon (after a request enqueued one). */
  nudge(): void;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
}

/**
 * The worker: claims due jobs (each with a lease), up to JOBS_AT_ONCE running at once, runs each as its job's file says
 * (found by name in registry.ts, its payload read back through the job's schema), and marks them
 * done, or queues them again with a growing delay, or failed after their last attempt. Each poll
 * first enqueues the current tick of every recurring job (a job with `every`) under a unique key,
 * so with several servers each tick is enqueued, and so run, once.
 */
export function createJobRunner(context: JobContext, options: { pollMs: number }): JobRunner {
  const { db, config, log } = context;
  const mailDomain = senderDomain(config.mailFrom) ?? new URL(config.publicUrl).hostname;
  /** Each job running, by its run, with its name: one job of a kind at a time. */
  const running = new Map<Promise<void>, string>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let lookAgain = false;
  let stopped = true;

  async function execute(job: JobRow): Promise<void> {
    const definition = findJob(job.name);
    const now = () => config.clock().toISOString();
    try {
      if (!definition) throw new Error(`no handler for job '${job.name}'`);
      if (job.attempts > job.max_attempts) throw new Error('its worker stopped during the last attempt');
      const payload = definition.payload.parse(JSON.parse(job.payload));
      // The job's mails, on every run, carry the job's Message-IDs; its texts are sent once by key.
      const mail = withMessageIds(context.mail, (n) => jobMessageId(job, n, mailDomain));
      const sms = sendingTextsOnce(context.sms, { db, clock: config.clock, log }, (n) => jobTextKey(job, n), job.id);
      const jobContext: JobContext = { db, config, log, mail, sms, wallet: context.wallet, passPushes: context.passPushes, payments: context.payments, carriers: context.carriers };
      // The job's run takes what its own schema parsed; TypeScript cannot pair the two across the union of jobs.
      await (definition.run as (payload: unknown, context: JobContext) => Promise<void>)(payload, jobContext);
      await finishJob(db, job.id, now());
    } catch (error) {
      const last = job.attempts >= job.max_attempts;
      const retry = last ? { finishedAtIso: now() } : { runAtIso: new Date(config.clock().getTime() + retryDelayMs(job.attempts)).toISOString() };
      await failJobAttempt(db, job.id, errorText(error), retry);
      log[last ? 'error' : 'warn']({ err: error, job: job.id, name: job.name, attempt: job.attempts }, last ? 'job failed for good' : 'job failed; it will be tried again');
    }
  }

  /** The tick of each recurring job this worker last enqueued: each is written once per tick. */
  const scheduled = new Map<string, number>();
  async function scheduleRecurring(): Promise<void> {
    const now = config.clock();
    for (const { name, everyMs } of RECURRING_JOBS) {
      const tick = Math.floor(now.getTime() / everyMs);
      if (scheduled.get(name) === tick) continue;
      await enqueueJob(db, now, name, {}, { uniqueKey: `${name}:${tick}`, maxAttempts: 3 });
      scheduled.set(name, tick);
    }
  }

  /**
   * Claims due jobs while fewer than JOBS_AT_ONCE run, each of a kind none running is, and starts
   * each; true when it started one. A job's end looks for more at once (a job it enqueued, one
   * that waited for its kind or a free place).
   */
  async function startDue(): Promise<boolean> {
    await scheduleRecurring();
    let started = false;
    while (running.size < JOBS_AT_ONCE) {
      const now = config.clock();
      const job = await claimJob(db, now.toISOString(), new Date(now.getTime() + JOB_LEASE_MS).toISOString(), [...running.values()]);
      if (!job) break;
      started = true;
      const run: Promise<void> = execute(job)
        // Its end not written (the database away): logged, and the job is run again when its lease ends.
        .catch((error: unknown) => log.error({ err: error, job: job.id, name: job.name }, "the job worker could not record a job's end"))
        .finally(() => {
          running.delete(run);
          runner.nudge();
        });
      running.set(run, job.name);
    }
    return started;
  }

  function poll(): void {
    timer = undefined;
    if (stopped || polling) return;
    polling = startDue()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'the job worker could not poll'))
      .finally(() => {
        polling = undefined;
        if (!stopped) timer = setTimeout(poll, lookAgain ? 0 : options.pollMs);
        lookAgain = false;
      });
  }

  const runner: JobRunner = {
    start() {
      stopped = false;
      timer = setTimeout(poll, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await polling;
      await Promise.all(running.keys());
    },
    async drain() {
      for (;;) {
        const started = await startDue();
        if (running.size === 0 && !started && !polling) return;
        await Promise.all([...running.keys(), polling]);
      }
    },
    nudge() {
      if (stopped) return;
      // A poll under way may have missed what this nudge is for (a job of its kind ended): it looks again when it ends.
      if (polling) return void (lookAgain = true);
      if (timer) clearTimeout(timer);
      timer = setTimeout(poll, 0);
    },
  };
  return runner;
}
