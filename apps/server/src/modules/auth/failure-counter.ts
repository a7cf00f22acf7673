import type { Redis } from 'ioredis';
import type { FailureCounter } from '../../context.js';

/** A FailureCounter (the app context's) in this process's memory: for one server. */
export function createMemoryFailureCounter(windowMs: number, clock: () => Date): FailureCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const now = clock().getTime();
    const window = windows.get(key);
    if (window && window.endsAt > now) return window;
    // Drop finished windows now and then, so the map stays as small as the traffic of one window.
    if (windows.size > 10_000) {
      for (const [other, entry] of windows) if (entry.endsAt <= now) windows.delete(other);
    }
    windows.delete(key);
    return undefined;
  };
  return {
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async increment(key) {
      const window = current(key) ?? { count: 0, endsAt: clock().getTime() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return window.count;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/** A FailureCounter in Redis (REDIS_URL), so that several instances share the count. */
export function createRedisFailureCounter(redis: Redis, keyPrefix: string, windowMs: number): FailureCounter {
  const redisKey = (key: string) => `${keyPrefix}login-failures:${key}`;
  return {
    async count(key) {
      return Number((await redis.get(redisKey(key))) ?? 0);
    },
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
