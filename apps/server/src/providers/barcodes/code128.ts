import type { RenderOptions } from 'bwip-js';
import { LRUCache } from 'lru-cache';
import type { CpuPool } from '../../workers/cpu-pool.js';

/** The drawing queue is full: the caller answers "try again in a moment" instead of waiting. */
export class BarcodeRendererBusy extends Error {
  override name = 'BarcodeRendererBusy';
}

export interface Code128RendererOptions {
  /** The worker pool that draws (workers/cpu-pool.ts); the app's pool ends its threads. */
  pool: CpuPool;
  /** Drawings at once (the pool's threads). */
  threads: number;
  /** Drawings that may wait for a thread; the next one is refused with BarcodeRendererBusy. */
  waiting: number;
  /** Bytes of drawn PNGs kept for codes asked again. */
  cacheBytes: number;
}

export interface Code128Renderer {
  /** A Code128 barcode of `text` with the text printed under it, as a PNG. */
  renderCode128Png(text: string): Promise<Buffer>;
}

/**
 * Draws Code128 barcodes with bwip-js on the worker pool, so a drawing (milliseconds of CPU) never
 * holds up the event loop, with a bounded queue of its own in front (a full one answers 429, as
 * before; the pool's own bound answers 503) and the latest drawings kept in memory.
 */
export function createCode128Renderer(options: Code128RendererOptions): Code128Renderer {
  let drawing = 0;
  // fetch() draws a code once however many ask for it at the same time, and keeps no failure.
  const cache = new LRUCache<string, Buffer>({
    maxSize: options.cacheBytes,
    sizeCalculation: (png) => png.length,
    fetchMethod: async (text) => {
      if (drawing >= options.threads + options.waiting) throw new BarcodeRendererBusy();
      drawing += 1;
      try {
        const drawn: RenderOptions = { bcid: 'code128', text, scale: 3, height: 12, includetext: true };
        return await options.pool.run({ task: 'barcode', options: drawn });
      } finally {
        drawing -= 1;
      }
    },
  });
  return {
    renderCode128Png: (text) => cache.forceFetch(text),
  };
}
