import { afterEach, describe, expect, it } from 'vitest';
import { type CpuPool, createCpuPool } from '../../workers/cpu-pool.js';
import { BarcodeRendererBusy, type Code128Renderer, createCode128Renderer } from './code128.js';

const PNG_SIGNATURE = '89504e470d0a1a0a';

describe('Code128 renderer', () => {
  let pool: CpuPool;
  let renderer: Code128Renderer;
  afterEach(async () => {
    await pool.close();
    expect(pool.threads).toBe(0);
  });

  it('draws a PNG on the worker pool and keeps it: the same code answers the same image', async () => {
    pool = createCpuPool({ threads: 1, waiting: 8 });
    renderer = createCode128Renderer({ pool, threads: 1, waiting: 1, cacheBytes: 1024 * 1024 });
    const [first, asked] = await Promise.all([renderer.renderCode128Png('RT-640218'), renderer.renderCode128Png('RT-640218')]);
    expect(first.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    expect(asked).toBe(first);
    expect(await renderer.renderCode128Png('RT-640218')).toBe(first);
    expect(await renderer.renderCode128Png('RT-640219')).not.toEqual(first);
  });

  it('refuses a drawing beyond its threads and waiting places, and draws again once they are free', async () => {
    pool = createCpuPool({ threads: 1, waiting: 8 });
    renderer = createCode128Renderer({ pool, threads: 1, waiting: 1, cacheBytes: 1024 * 1024 });
    const drawings = ['A-1', 'A-2', 'A-3'].map((code) => renderer.renderCode128Png(code));
    await expect(drawings[2]).rejects.toBeInstanceOf(BarcodeRendererBusy);
    await Promise.all(drawings.slice(0, 2));
    expect((await renderer.renderCode128Png('A-3')).subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
  });
});
