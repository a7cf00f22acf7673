import { LOGIN_ERRORCODE, MESSAGES } from '@airbox/contract';
import type * as Argon2 from '@node-rs/argon2';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CPU_HEAVY_TASKS_AT_ONCE } from '../src/config/cpu.js';
import { AppError } from '../src/errors.js';
import { hashPassword, PASSWORD_WORK_WAITING, verifyPassword } from '../src/modules/users/passwords.js';
import { DEMO_PASSWORD, useTestApp, useTestDatabase } from './helper.js';

/**
 * The real argon2, counting the hashes and checks running at once. The files of a worker share the
 * modules they import (isolate: false in vitest.config.ts): this file evaluates them afresh, so
 * that they import the mock, and leaves them to be evaluated afresh, without it, after it.
 */
const argon2Work = vi.hoisted(() => {
  vi.resetModules();
  return { running: 0, most: 0 };
});
afterAll(() => {
  vi.doUnmock('@node-rs/argon2');
  vi.resetModules();
});
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const counted =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      argon2Work.running += 1;
      argon2Work.most = Math.max(argon2Work.most, argon2Work.running);
      try {
        return await work(...args);
      } finally {
        argon2Work.running -= 1;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

function startCounting() {
  argon2Work.most = 0;
}

describe('password hashing', () => {
  it(`runs at most ${CPU_HEAVY_TASKS_AT_ONCE} hashes and checks at once, the others wait their turn`, async () => {
    const stored = await hashPassword('Stored1pass');
    startCounting();
    const hashes = Array.from({ length: 8 }, (_, i) => hashPassword(`Password${i}`));
    const checks = Array.from({ length: 8 }, (_, i) => verifyPassword(stored, i % 2 ? 'Stored1pass' : 'Wrong1pass'));
    const [hashed, checked] = await Promise.all([Promise.all(hashes), Promise.all(checks)]);
    expect(argon2Work.most).toBe(CPU_HEAVY_TASKS_AT_ONCE);
    expect(hashed.every((h) => h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'))).toBe(true);
    expect(checked).toEqual(Array.from({ length: 8 }, (_, i) => i % 2 === 1));
  });

  it('refuses the work that finds the queue full with 429, and takes work again once it drains', async () => {
    const capacity = CPU_HEAVY_TASKS_AT_ONCE + PASSWORD_WORK_WAITING;
    const settled = await Promise.allSettled(Array.from({ length: capacity + 3 }, (_, i) => hashPassword(`Burst${i}pass`)));
    expect(settled.filter((result) => result.status === 'fulfilled')).toHaveLength(capacity);
    const refusals = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ statusCode: 429, errorcode: -429, message: MESSAGES.signInsBusy });
    }
    expect(await verifyPassword(await hashPassword('After1burst'), 'After1burst')).toBe(true);
  });

  it('answers a sign-in burst beyond the queue with 429 in the spec shape, and signs the others in', async () => {
    startCounting();
    const burst = 2 * (CPU_HEAVY_TASKS_AT_ONCE + PASSWORD_WORK_WAITING);
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/app/v1/login',
          remoteAddress: `10.7.${i}.1`,
          payload: { name: 'demo@example.com', password: DEMO_PASSWORD },
        }),
      ),
    );
    const busy = answers.filter((answer) => answer.statusCode === 429);
    const signedIn = answers.filter((answer) => answer.statusCode === 200 && answer.json().errorcode === LOGIN_ERRORCODE.signedIn);
    expect(busy.length).toBeGreaterThan(0);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(busy.length + signedIn.length).toBe(burst);
    for (const answer of busy) {
      expect(answer.json()).toEqual({ errorcode: -429, message: MESSAGES.signInsBusy });
      expect(answer.cookies).toHaveLength(0);
    }
    expect(argon2Work.most).toBe(CPU_HEAVY_TASKS_AT_ONCE);
  });
});
