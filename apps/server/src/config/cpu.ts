import { availableParallelism } from 'node:os';

/**
 * How many CPU-heavy tasks (password hashes, barcode drawings) may run at once, each kind on its
 * own: every core but one, which stays with the event loop that answers everyone, and at least one.
 */
export const CPU_HEAVY_TASKS_AT_ONCE = Math.max(1, availableParallelism() - 1);
