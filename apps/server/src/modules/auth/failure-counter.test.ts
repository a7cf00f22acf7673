import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { FailureCounter } from '../../context.js';
import { createMemoryFailureCounter, createRedisFailureCounter } from './failure-counter.js';

const WINDOW_MS = 60 * 60 * 1000;

describe('memory failure counter', () => {
  it('counts per key and starts again after the window', async () => {
    let now = 0;
    const counter = createMemoryFailureCounter(WINDOW_MS, () => new Date(now));
    expect(await counter.count('a')).toBe(0);
    expect(await counter.increment('a')).toBe(1);
    expect(await counter.increment('a')).toBe(2);
    expect(await counter.count('b')).toBe(0);
    now += WINDOW_MS - 1;
    expect(await counter.count('a')).toBe(2);
    now += 1;
    expect(await counter.count('a')).toBe(0);
    expect(await counter.increment('a')).toBe(1);
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
  it('counts per key, shared by every counter on the same Redis, and expires with the window', async () => {
    const prefix = `airbox-test:${randomBytes(6).toString('hex')}:`;
    const one: FailureCounter = createRedisFailureCounter(redis, prefix, WINDOW_MS);
    const two: FailureCounter = createRedisFailureCounter(redis, prefix, WINDOW_MS);
    expect(await one.count('a')).toBe(0);
    expect(await one.increment('a')).toBe(1);
    expect(await two.increment('a')).toBe(2);
    expect(await two.count('a')).toBe(2);
    expect(await one.count('b')).toBe(0);
    const ttl = await redis.pttl(`${prefix}login-failures:a`);
    expect(ttl).toBeGreaterThan(WINDOW_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);

    const short = createRedisFailureCounter(redis, prefix, 50);
    expect(await short.increment('c')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await short.count('c')).toBe(0);
  });
});
