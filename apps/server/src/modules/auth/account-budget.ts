import { ACCOUNT_BUDGETS, type AccountBudgetName, MESSAGES } from '@airbox/contract';
import type { Redis } from 'ioredis';
import { AppError } from '../../errors.js';

/**
 * Hourly budgets per account (ACCOUNT_BUDGETS) of the calls that cost an outside service
 * something: carrier calls, checkouts, wallet passes. In memory for one server, in Redis
 * (REDIS_URL) so that several instances share them. A window starts with the account's first
 * call and lasts ACCOUNT_BUDGET_WINDOW_MS.
 */
export interface AccountBudgets {
  /**
   * Takes `units` of `limit` from `key`'s current window: 'taken', or how long until the window
   * ends when fewer than `units` are left (nothing is taken then).
   */
  take(key: string, units: number, limit: number): Promise<{ taken: true } | { taken: false; retryAfterMs: number }>;
}

export function createMemoryAccountBudgets(windowMs: number, clock: () => Date): AccountBudgets {
  const windows = new Map<string, { used: number; endsAt: number }>();
  return {
    async take(key, units, limit) {
      const now = clock().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        // Drop finished windows now and then, so the map stays as small as one window's accounts.
        if (windows.size > 10_000) {
          for (const [other, entry] of windows) if (entry.endsAt <= now) windows.delete(other);
        }
        window = { used: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      if (window.used + units > limit) return { taken: false, retryAfterMs: window.endsAt - now };
      window.used += units;
      return { taken: true };
    },
  };
}

/**
 * Checks and takes in one step on the Redis server, so concurrent calls on several instances
 * never take more than the limit. Answers -1 when taken, else the window's milliseconds left.
 */
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local units = tonumber(ARGV[1])
if used + units > tonumber(ARGV[2]) then
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then return tonumber(ARGV[3]) end
  return left
end
redis.call('INCRBY', KEYS[1], units)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return -1
`;

export function createRedisAccountBudgets(redis: Redis, keyPrefix: string, windowMs: number): AccountBudgets {
  return {
    async take(key, units, limit) {
      const answer = Number(await redis.eval(TAKE_SCRIPT, 1, `${keyPrefix}account-budget:${key}`, units, limit, windowMs));
      return answer < 0 ? { taken: true } : { taken: false, retryAfterMs: answer };
    },
  };
}

const USED_UP: Record<AccountBudgetName, (minutes: number) => string> = {
  carrierCalls: MESSAGES.carrierCallsUsedUp,
  checkouts: MESSAGES.checkoutsUsedUp,
  walletPasses: MESSAGES.walletPassesUsedUp,
};

/**
 * Takes `units` from the account's budget `name`, or throws 429 saying when to try again (the
 * window's end, in whole minutes). The budget is keyed by the session's user id, whatever the
 * client's address.
 */
export async function spendAccountBudget(
  budgets: AccountBudgets,
  userId: number,
  name: AccountBudgetName,
  units: number,
): Promise<void> {
  const outcome = await budgets.take(`${name}:${userId}`, units, ACCOUNT_BUDGETS[name]);
  if (outcome.taken) return;
  throw AppError.tooMany(USED_UP[name](Math.max(1, Math.ceil(outcome.retryAfterMs / 60_000))));
}
