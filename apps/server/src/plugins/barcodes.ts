import fp from 'fastify-plugin';
import { CPU_HEAVY_TASKS_AT_ONCE } from '../config/cpu.js';
import { type Code128Renderer, createCode128Renderer } from '../providers/barcodes/code128.js';
import { sharedCpuPool } from '../workers/cpu-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    barcodes: Code128Renderer;
  }
}

/** Drawings waiting for a thread: at a few milliseconds each, a wait of well under a second. */
const BARCODES_WAITING = 32;
/** About a thousand route-code barcodes of 3 to 5 KB. */
const BARCODE_CACHE_BYTES = 4 * 1024 * 1024;

/** Code128 barcodes drawn off the event loop on the worker pool (see providers/barcodes), which ends with the app. */
export default fp(
  async (app) => {
    const barcodes = createCode128Renderer({
      pool: sharedCpuPool(),
      threads: CPU_HEAVY_TASKS_AT_ONCE,
      waiting: BARCODES_WAITING,
      cacheBytes: BARCODE_CACHE_BYTES,
    });
    app.decorate('barcodes', barcodes);
  },
  { name: 'barcodes', dependencies: ['cpu-pool'] },
);
