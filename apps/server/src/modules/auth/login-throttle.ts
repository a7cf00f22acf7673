import { setTimeout as sleep } from 'node:timers/promises';
import { DAY_MS, MESSAGES } from '@airbox/contract';
import { AppError } from '../../errors.js';
import type { AppContext } from '../../context.js';
import { sha256 } from '../tokens/tokens.crypto.js';
import type { UserRow } from '../users/users.table.js';

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
const addressKey = ({ email, address }: Pick<PasswordGuesser, 'email' | 'address'>) => `address:${email.toLowerCase()}|${address}`;

/**
 * Before a password check (login, verifyPassword, a profile save), counted as a failure until the
 * owner is proven (ownerProven): counted before the check, so that guesses sent side by side are
 * each counted before any is checked. Past LOGIN_FAILURES_PER_HOUR for an account from one
 * address, that address is refused for the rest of the hour. Past as many for the account from
 * all addresses together, only a known device (a browser that signed into the account before, or
 * a session of it) may still try, each check waiting ACCOUNT_SLOWDOWN_MS first; any other is
 * refused for the rest of the hour. The owner still signs in from their own browser, or on a new
 * one once they reset the password.
 */
export async function beforePasswordCheck(deps: LoginThrottleDeps, guesser: PasswordGuesser): Promise<void> {
  const limit = deps.config.loginFailuresPerHour;
  const [fromAddress, forAccount] = await Promise.all([deps.loginFailures.increment(addressKey(guesser)), deps.loginFailures.increment(accountKey(guesser.email))]);
  if (fromAddress > limit) throw AppError.tooMany(MESSAGES.tooManyFailures);
  if (forAccount <= limit) return;
  if (!guesser.knownDevice) throw AppError.tooMany(MESSAGES.tooManyFailures);
  await sleep(ACCOUNT_SLOWDOWN_MS);
}

/**
 * A right password or a password reset proves the owner: the account's count and this
 * address's count start again (other addresses that guessed stay refused).
 */
export async function ownerProven(deps: LoginThrottleDeps, guesser: Pick<PasswordGuesser, 'email' | 'address'>): Promise<void> {
  await Promise.all([deps.loginFailures.clear(addressKey(guesser)), deps.loginFailures.clear(accountKey(guesser.email))]);
}

/** How long a browser's device proof counts: half a year from the sign-in that gave it. */
export const DEVICE_PROOF_MS = 183 * DAY_MS;

/** Which password an account has: a proof given with another (before a reset or a change) proves nothing. */
const passwordGeneration = (user: Pick<UserRow, 'password_hash'>) => sha256(user.password_hash).slice(0, 16);

/**
 * The device proof a browser gets when it signs in with the right password (kept in a signed
 * cookie, plugins/session.ts): the account's id, when, and the password's generation.
 */
export function deviceProofOf(user: Pick<UserRow, 'user_id' | 'password_hash'>, now: Date): string {
  return `${user.user_id}.${now.getTime()}.${passwordGeneration(user)}`;
}

/** Whether a browser's proof names this account, with its current password, given less than DEVICE_PROOF_MS ago. */
export function provesDevice(proof: string | undefined, user: Pick<UserRow, 'user_id' | 'password_hash'>, now: Date): boolean {
  const [userId, givenAt, generation] = proof?.split('.') ?? [];
  const age = now.getTime() - Number(givenAt);
  return userId === String(user.user_id) && generation === passwordGeneration(user) && age >= 0 && age < DEVICE_PROOF_MS;
}
