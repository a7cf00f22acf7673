import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from '../jobs/runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** How often an idle worker looks for due jobs. */
export const JOB_POLL_MS = 1000;

/**
 * The job queue's worker (JOB_WORKER, on by default): starts once the app is ready, stops (waiting
 * for the job it runs) when it closes. Every server may run one; claims and leases keep each job
 * to one worker at a time.
 */
export default fp(
  async (app) => {
    const runner = createJobRunner(app, { pollMs: JOB_POLL_MS });
    app.decorate('jobs', runner);
    if (app.config.jobWorker) app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['config', 'database', 'mail', 'payments', 'carriers', 'wallet', 'pass-push', 'checkout'] },
);
