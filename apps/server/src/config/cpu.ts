import { availableParallelism } from 'node:os';

/**
 * How many CPU-heavy tasks may run at once, each kind on its own (password hashes on libuv's
 * threads; the worker pool's drawings and signatures, workers/cpu-pool.ts): every core but one,
 * which stays with the event loop that answers everyone, and at least one.
 */
export const CPU_HEAVY_TASKS_AT_ONCE = Math.max(1, availableParallelism() - 1);
