import { holdSharedCpuPool, sharedCpuPool } from '../src/workers/cpu-pool.js';

/**
 * Run before each test file, in the worker process that runs it. The worker holds the shared CPU
 * pool (src/workers/cpu-pool.ts) for its whole life, as the portal's process does while it serves:
 * the pool's thread started by one file's label or invoice serves the next files too. Without the
 * hold, each file's last app to close ended the thread and the next file's first task started
 * another, which loads pdfkit, pdf-lib and passkit-generator through tsx (about 1.5 s of CPU): 113
 * starts in a run of the suite, about 40 % of its CPU (2026-11-29).
 *
 * Files share the worker's modules (isolate: false in vitest.config.ts), so the hold is taken once
 * a pool; a file whose mocks load the modules afresh gets a pool of its own, held the same way.
 * cpu-pool.test.ts lets go of it to see the threads end with the app.
 */
const held = ((globalThis as { airboxHeldCpuPools?: WeakSet<object> }).airboxHeldCpuPools ??= new WeakSet());
if (!held.has(sharedCpuPool())) {
  held.add(sharedCpuPool());
  holdSharedCpuPool();
}
