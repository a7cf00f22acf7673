import type { Redis } from 'ioredis';
import type { FailureCounter } from '../../context.js';

/** The memory FailureCounter, and how many windows it holds (for its tests). */
export interface MemoryFailureCounter extends FailureCounter {
  size(): number;
}

/**
 * A FailureCounter (the app context's) in this process's memory: for one server. It holds only
 * windows not yet over: every window lasts windowMs, so the Map, in the order windows start, is
 * also in the order they end, and each increment first drops the finished ones at its front
 * (each one once, a few at a time). It stops at the first window still running: a count is never
 * dropped before its window is over (that would let a guesser start again), and a clock set back
 * leaves finished windows behind it for later, never a live one dropped.
 */
export function createMemoryFailureCounter(windowMs: number, clock: () => Date): MemoryFailureCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const dropFinished = (now: number) => {
    for (const [key, window] of windows) {
      if (window.endsAt > now) break;
      windows.delete(key);
    }
  };
  return {
    async increment(key) {
      const now = clock().getTime();
      dropFinished(now);
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        // A new window goes to the end of the Map (delete first: set keeps an existing key's place).
        windows.delete(key);
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count;
    },
    async clear(key) {
      windows.delete(key);
    },
    size: () => windows.size,
  };
}

/** A FailureCounter in Redis (REDIS_URL), so that several instances share the count. */
export function createRedisFailureCounter(redis: Redis, keyPrefix: string, windowMs: number): FailureCounter {
  const redisKey = (key: string) => `${keyPrefix}login-failures:${key}`;
  return {
    async increment(key) {
      // The window starts with the first failure: the key is created with its expiry, then counted.
      const results = await redis.multi().set(redisKey(key), '0', 'PX', windowMs, 'NX').incr(redisKey(key)).exec();
      const incremented = results?.[1];
      if (!incremented || incremented[0]) throw incremented?.[0] ?? new Error('Redis transaction failed');
      return Number(incremented[1]);
    },
    async clear(key) {
      await redis.del(redisKey(key));
    },
  };
}
