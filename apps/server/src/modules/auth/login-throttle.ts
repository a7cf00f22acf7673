import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@airbox/contract';
import { AppError } from '../../errors.js';
import type { AppContext } from '../../context.js';

export type LoginThrottleDeps = Pick<AppContext, 'config' | 'loginFailures'>;

/** How long each password check of an account under attack waits before it is made. */
export const ACCOUNT_SLOWDOWN_MS = 1_000;

/** Who is guessing: one account from one client address. */
export interface PasswordGuesser {
  email: string;
  address: string;
  /** The browser signed into this account before (its device proof), or the check is made in a session of the account. */
  knownDevice: boolean;
}

const accountKey = (email: string) => `account:${email.toLowerCase()}`;
const addressKey = ({ email, address }: PasswordGuesser) => `address:${email.toLowerCase()}|${address}`;

/**
 * Before a password check (login, verifyPassword, a profile save). After LOGIN_FAILURES_PER_HOUR
 * failures for an account from one address, that address is refused for the rest of the hour.
 * After as many failures for the account from all addresses together, only a known device (a
 * browser that signed into the account before, or a session of it) may still try, each check
 * waiting ACCOUNT_SLOWDOWN_MS first; any other is refused for the rest of the hour. Guesses from
 * many addresses stop at the limit (a wait alone did not slow guesses sent side by side), and the
 * owner still signs in from their own browser, or on a new one once they reset the password.
 */
export async function beforePasswordCheck(deps: LoginThrottleDeps, guesser: PasswordGuesser): Promise<void> {
  const limit = deps.config.loginFailuresPerHour;
  if ((await deps.loginFailures.count(addressKey(guesser))) >= limit) throw AppError.tooMany(MESSAGES.tooManyFailures);
  if ((await deps.loginFailures.count(accountKey(guesser.email))) < limit) return;
  if (!guesser.knownDevice) throw AppError.tooMany(MESSAGES.tooManyFailures);
  await sleep(ACCOUNT_SLOWDOWN_MS);
}

export async function passwordCheckFailed(deps: LoginThrottleDeps, guesser: PasswordGuesser): Promise<void> {
  await Promise.all([deps.loginFailures.increment(addressKey(guesser)), deps.loginFailures.increment(accountKey(guesser.email))]);
}

/**
 * A right password or a password reset proves the owner: the account's count and this
 * address's count start again (other addresses that guessed stay refused).
 */
export async function ownerProven(deps: LoginThrottleDeps, guesser: PasswordGuesser): Promise<void> {
  await Promise.all([deps.loginFailures.clear(addressKey(guesser)), deps.loginFailures.clear(accountKey(guesser.email))]);
}
