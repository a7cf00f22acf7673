import fp from 'fastify-plugin';
import { holdSharedCpuPool, releaseSharedCpuPool } from '../workers/cpu-pool.js';

/** The worker pool for CPU-heavy work (workers/cpu-pool.ts): started on its first task, ended with the app. */
export default fp(
  async (app) => {
    holdSharedCpuPool();
    app.addHook('onClose', () => releaseSharedCpuPool());
  },
  { name: 'cpu-pool' },
);
