import { boxIdProblem } from '@airbox/contract';
import { hash, type Options } from '@node-rs/argon2';
import type { Db } from '../src/db/database.js';
import { type CreatedUser, type CreateUserInput, createUser } from '../src/modules/users/users.service.js';

/** What the test suites share of their fixtures; each suite's own defaults stay beside it. */

/**
 * The fixture users' passwords are argon2id hashes (the library's algorithm, as the app's) at
 * argon2's smallest cost, 8 KiB and one pass: a sign-in checks them as it checks any hash, reading
 * the cost from it, in a fraction of a millisecond instead of the tens the production cost takes
 * (on purpose) at each of the suite's sign-ins. What the app hashes itself (a registration, a new
 * password, the demo accounts) keeps the production cost, which password-hashing.test.ts asserts.
 */
const FIXTURE_ARGON2: Options = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** A user made by createUser, as the operators' command makes one, at the current time. */
export async function insertFixtureUser(
  db: Db,
  input: Omit<CreateUserInput, 'password' | 'passwordHash'> & { password: string },
): Promise<CreatedUser> {
  const { password, ...fields } = input;
  return createUser(db, { ...fields, passwordHash: await hash(password, FIXTURE_ARGON2) }, new Date());
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
