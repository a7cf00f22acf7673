import type { RenderOptions } from 'bwip-js';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';

/** The drawing queue is full: the caller answers "try again in a moment" instead of waiting. */
export class BarcodeRendererBusy extends Error {
  override name = 'BarcodeRendererBusy';
}

export interface Code128RendererOptions {
  /** Drawings at once, each on a worker thread of its own. */
  threads: number;
  /** Drawings that may wait for a thread; the next one is refused with BarcodeRendererBusy. */
  waiting: number;
  /** Bytes of drawn PNGs kept for codes asked again. */
  cacheBytes: number;
}

export interface Code128Renderer {
  /** A Code128 barcode of `text` with the text printed under it, as a PNG. */
  renderCode128Png(text: string): Promise<Buffer>;
  /** Ends the worker threads. */
  close(): Promise<void>;
}

/** How long an idle worker thread stays before it ends (a process that draws nothing keeps none). */
const IDLE_THREAD_MS = 60_000;

/**
 * Draws Code128 barcodes with bwip-js on worker threads, so a drawing (milliseconds of CPU) never
 * holds up the event loop, with a bounded queue in front and the latest drawings kept in memory.
 */
export function createCode128Renderer(options: Code128RendererOptions): Code128Renderer {
  // Each worker runs bwip-js's own toBuffer(renderOptions): no worker file of ours, so the same
  // code runs from src under tsx and vitest, and from the built dist under plain node.
  const pool = new Piscina<RenderOptions, Uint8Array>({
    filename: import.meta.resolve('bwip-js'),
    name: 'toBuffer',
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: IDLE_THREAD_MS,
  });
  let drawing = 0;
  // fetch() draws a code once however many ask for it at the same time, and keeps no failure.
  const cache = new LRUCache<string, Buffer>({
    maxSize: options.cacheBytes,
    sizeCalculation: (png) => png.length,
    fetchMethod: async (text) => {
      if (drawing >= options.threads + options.waiting) throw new BarcodeRendererBusy();
      drawing += 1;
      try {
        const png = await pool.run({ bcid: 'code128', text, scale: 3, height: 12, includetext: true });
        return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      } finally {
        drawing -= 1;
      }
    },
  });
  return {
    renderCode128Png: (text) => cache.forceFetch(text),
    close: () => pool.close(),
  };
}
