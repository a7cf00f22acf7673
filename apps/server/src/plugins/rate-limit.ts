import { ACCOUNT_BUDGET_WINDOW_MS, HOUR_MS, MESSAGES } from '@airbox/contract';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { FailureCounter } from '../context.js';
import { AppError } from '../errors.js';
import { type AccountBudgets, createMemoryAccountBudgets, createRedisAccountBudgets } from '../modules/auth/account-budget.js';
import { createMemoryFailureCounter, createRedisFailureCounter } from '../modules/auth/failure-counter.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed sign-ins per account (LOGIN_FAILURES_PER_HOUR). */
    loginFailures: FailureCounter;
    /** Hourly budgets per account of the calls that cost an outside service (ACCOUNT_BUDGETS). */
    accountBudgets: AccountBudgets;
  }
}

/**
 * Throttling: per client network (an IPv6 address by its /64, see clientNetwork) on the routes
 * that ask for it (`config.rateLimit`), per account on login, and per account on the calls that
 * cost an outside service (accountBudgets).
 * All live in Redis when REDIS_URL is set, so instances share the counts.
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
    app.decorate(
      'accountBudgets',
      redis
        ? createRedisAccountBudgets(redis, config.redisKeyPrefix, ACCOUNT_BUDGET_WINDOW_MS)
        : createMemoryAccountBudgets(ACCOUNT_BUDGET_WINDOW_MS, config.clock),
    );
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
