import { boxIdProblem } from '@airbox/contract';
import type { Db } from '../src/db/database.js';
import { hashPassword } from '../src/modules/users/passwords.js';
import { type CreatedUser, type CreateUserInput, createUser } from '../src/modules/users/users.service.js';

/** What the test suites share of their fixtures; each suite's own defaults stay beside it. */

const hashes = new Map<string, Promise<string>>();

/**
 * A user made by createUser, as the operators' command makes one, at the current time. Each
 * password is hashed once per test file (argon2id is slow on purpose).
 */
export async function insertFixtureUser(
  db: Db,
  input: Omit<CreateUserInput, 'password' | 'passwordHash'> & { password: string },
): Promise<CreatedUser> {
  const { password, ...fields } = input;
  let passwordHash = hashes.get(password);
  if (!passwordHash) {
    passwordHash = hashPassword(password);
    hashes.set(password, passwordHash);
  }
  return createUser(db, { ...fields, passwordHash: await passwordHash }, new Date());
}

/**
 * Fresh, valid AirBox IDs in a suite's own range: `first` followed by the 6 digits of
 * base + n × step for n = 1, 2, …, skipping any that boxIdProblem() refuses.
 */
export function boxIdSequence(first: string, base: number, step: number): () => string {
  let serial = 0;
  return () => {
    for (;;) {
      serial += 1;
      const boxId = `${first}${String(base + serial * step).padStart(6, '0')}`;
      if (boxIdProblem(boxId) === null) return boxId;
    }
  };
}
