import { MESSAGES } from '@airbox/contract';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import {
  createMemoryFailureCounter,
  createRedisFailureCounter,
  type FailureCounter,
} from '../modules/auth/failure-counter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed sign-ins per account (LOGIN_FAILURES_PER_HOUR). */
    loginFailures: FailureCounter;
  }
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Throttling: per client address on the routes that ask for it (`config.rateLimit`), and per
 * account on login. Both live in Redis when REDIS_URL is set, so instances share the counts.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 }) : undefined;
    if (redis) {
      await redis.connect();
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    }
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
      errorResponseBuilder: () => AppError.tooMany(MESSAGES.tooManyAttempts),
    });
    app.decorate(
      'loginFailures',
      redis
        ? createRedisFailureCounter(redis, config.redisKeyPrefix, HOUR_MS)
        : createMemoryFailureCounter(HOUR_MS, config.clock),
    );
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
