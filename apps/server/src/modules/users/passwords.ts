import { MESSAGES } from '@airbox/contract';
import { hash, type Options, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { CPU_HEAVY_TASKS_AT_ONCE } from '../../config/cpu.js';
import { AppError } from '../../errors.js';

/** argon2id (the library's algorithm unless told otherwise) at ASVS 11.4.2's m=19 MiB, t=2; one lane, so one core a hash. */
const ARGON2: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes and checks waiting for their turn; one more is refused with 429. A hash takes about
 * 10 ms of a core, so the last in the queue waits well under a second.
 */
export const PASSWORD_WORK_WAITING = 32;

/**
 * argon2 runs on libuv's thread pool (4 threads): unqueued, a burst of sign-ins kept every core
 * busy hashing and the event loop, which answers everyone else, waited its turn for seconds.
 * So hashes and checks run CPU_HEAVY_TASKS_AT_ONCE at a time, in arrival order.
 */
const argon2Turns = pLimit(CPU_HEAVY_TASKS_AT_ONCE);

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (argon2Turns.pendingCount >= PASSWORD_WORK_WAITING) throw AppError.tooMany(MESSAGES.signInsBusy);
  return argon2Turns(work);
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, ARGON2));
}

/**
 * A hash of a password no account has, made with ARGON2: verify reads m, t and p from it, so a
 * check against it costs what a check against a real hash costs.
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$N/ZV/NaU+YnC2e2UuYWqMA$kqPTS7TcS5dWzLs1vd09hnCDK3ojEJJzrtIc/a2OzrI';

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail) it verifies against a
 * dummy hash, so that an unknown account takes as long to refuse as a known one.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const ok = await inTurn(() => verify(passwordHash ?? DUMMY_HASH, password).catch(() => false));
  return passwordHash !== undefined && ok;
}
