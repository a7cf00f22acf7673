import { HOUR_MS } from '@airbox/contract';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { FailureCounter } from '../../context.js';
import { createMemoryFailureCounter, createRedisFailureCounter } from './failure-counter.js';

const WINDOW_MS = HOUR_MS;

describe('memory failure counter', () => {
  it('counts per key and starts again after the window', async () => {
    let now = 0;
    const counter = createMemoryFailureCounter(WINDOW_MS, () => new Date(now));
    expect(await counter.increment('a')).toBe(1);
    expect(await counter.increment('a')).toBe(2);
    expect(await counter.increment('b')).toBe(1);
    now += WINDOW_MS - 1;
    expect(await counter.increment('a')).toBe(3);
    now += 1;
    expect(await counter.increment('a')).toBe(1);
    expect(await counter.increment('a')).toBe(2);
  });

  it('forgets a key it clears, and only that key', async () => {
    const counter = createMemoryFailureCounter(WINDOW_MS, () => new Date(0));
    await counter.increment('a');
    await counter.increment('a');
    await counter.increment('b');
    await counter.clear('a');
    await counter.clear('never counted');
    expect(await counter.increment('a')).toBe(1);
    expect(await counter.increment('b')).toBe(2);
  });

  it('drops the windows that are over, never one still running', async () => {
    let now = 0;
    const counter = createMemoryFailureCounter(WINDOW_MS, () => new Date(now));
    for (let i = 0; i < 1_000; i += 1) await counter.increment(`early ${i}`);
    now += WINDOW_MS / 2;
    for (let i = 0; i < 1_000; i += 1) await counter.increment(`late ${i}`);
    expect(counter.size()).toBe(2_000);

    // The early windows are over: the next failure, of any key, drops them.
    now += WINDOW_MS / 2;
    expect(await counter.increment('another')).toBe(1);
    expect(counter.size()).toBe(1_001);
    // The late ones still count.
    for (let i = 0; i < 1_000; i += 1) expect(await counter.increment(`late ${i}`)).toBe(2);
    expect(await counter.increment('early 0')).toBe(1);

    now += WINDOW_MS;
    expect(await counter.increment('last')).toBe(1);
    expect(counter.size()).toBe(1);
  });

  it('keeps a running count when the clock is set back, and drops a window it passed over later', async () => {
    let now = WINDOW_MS;
    const counter = createMemoryFailureCounter(WINDOW_MS, () => new Date(now));
    expect(await counter.increment('running')).toBe(1);
    now -= WINDOW_MS / 2;
    expect(await counter.increment('set back')).toBe(1);
    now += WINDOW_MS;
    // 'set back' ended, behind 'running', which still counts.
    expect(await counter.increment('other')).toBe(1);
    expect(await counter.increment('running')).toBe(2);
    expect(await counter.increment('set back')).toBe(1);
    now += WINDOW_MS;
    expect(await counter.increment('last')).toBe(1);
    expect(counter.size()).toBe(1);
  });
});

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
  lazyConnect: true,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
if (!redisUp) console.warn('WARNING: no Redis at 127.0.0.1:6379: the Redis failure counter test is skipped.');
afterAll(() => {
  redis.disconnect();
});

describe.runIf(redisUp)('Redis failure counter', () => {
  it('counts per key, shared by every counter on the same Redis, forgets a key it clears, and expires with the window', async () => {
    const prefix = `airbox-test:${randomBytes(6).toString('hex')}:`;
    const one: FailureCounter = createRedisFailureCounter(redis, prefix, WINDOW_MS);
    const two: FailureCounter = createRedisFailureCounter(redis, prefix, WINDOW_MS);
    expect(await one.increment('a')).toBe(1);
    expect(await two.increment('a')).toBe(2);
    expect(await one.increment('b')).toBe(1);
    const ttl = await redis.pttl(`${prefix}login-failures:a`);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);

    await two.clear('a');
    expect(await one.increment('a')).toBe(1);
    expect(await two.increment('b')).toBe(2);

    const short = createRedisFailureCounter(redis, prefix, 50);
    expect(await short.increment('c')).toBe(1);
    expect(await short.increment('c')).toBe(2);
    await vi.waitFor(async () => expect(await redis.exists(`${prefix}login-failures:c`)).toBe(0), { timeout: 2_000, interval: 10 });
    expect(await short.increment('c')).toBe(1);
  });
});
