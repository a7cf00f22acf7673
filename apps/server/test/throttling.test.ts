import { MESSAGES } from '@airbox/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureUser } from './fixtures.js';
import { buildTestApp, linkIn, mailsOf, postForm, type TestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const withRedis = await redisAnswers();
if (!withRedis) console.warn(`WARNING: no Redis at ${REDIS_URL}: the Redis throttling tests are skipped.`);

const stores = [
  { store: 'memory', redisUrl: undefined },
  ...(withRedis ? [{ store: 'redis', redisUrl: REDIS_URL }] : []),
];

describe.each(stores)('throttling with the $store store', ({ redisUrl }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { authRateLimitPerMinute: 3, loginFailuresPerHour: 3, redisUrl });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 per client address after AUTH_RATE_LIMIT_PER_MINUTE calls, other addresses unaffected', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/app/v1/checkUser',
        remoteAddress,
        payload: { email: 'demo@example.com' },
      });
    for (let i = 0; i < 3; i += 1) expect((await from('10.0.0.1')).statusCode).toBe(200);
    const limited = await from('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ errorcode: -429, message: MESSAGES.tooManyAttempts });
    expect(limited.headers['content-security-policy']).toBeDefined();
    expect((await from('10.0.0.2')).statusCode).toBe(200);
    // The login route has its own budget per address.
    const loginLimited = [];
    for (let i = 0; i < 4; i += 1) {
      loginLimited.push(
        (await t.app.inject({ method: 'POST', url: '/app/v1/login', remoteAddress: '10.0.0.3', payload: { name: 'x@example.com', password: 'y' } }))
          .statusCode,
      );
    }
    expect(loginLimited).toEqual([200, 200, 200, 429]);
  });

  it('throttles resetPassword, userActivate and resendRegristerEmail per address too', async () => {
    for (const [url, payload] of [
      ['/app/v1/userActivate', { activateCode: 'x' }],
      ['/app/v1/resendRegristerEmail', { userID: 1 }],
    ] as const) {
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await postForm(t.app, url, payload)).statusCode);
      expect(codes.at(-1)).toBe(429);
    }
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      codes.push((await t.app.inject({ method: 'GET', url: '/app/v1/resetPassword?Email=a@b.co&generatedId=x&Password=Abcdefg1', remoteAddress: '10.3.0.1' })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe.each(stores)('failed sign-ins with the $store store', ({ redisUrl }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { authRateLimitPerMinute: 1_000, loginFailuresPerHour: 3, redisUrl, redisKeyPrefix: `airbox-test:${Math.random()}:` });
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/app/v1/login', remoteAddress, payload: { name: email, password } });

  it('refuses the address that failed LOGIN_FAILURES_PER_HOUR times, even with the right password, and only for that account', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt('admin@example.com', 'WrongPass1', '10.1.0.1')).json().errorcode).toBe(0);
    const blocked = await attempt('admin@example.com', 'DemoPass1', '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errorcode: -429, message: MESSAGES.tooManyFailures });
    expect(blocked.cookies).toHaveLength(0);
    expect((await attempt('business@example.com', 'DemoPass1', '10.1.0.1')).json().errorcode).toBe(1);
    // The owner, from their own address, is not locked out by somebody else's guesses.
    const owner = await attempt('admin@example.com', 'DemoPass1', '10.1.9.9');
    expect(owner.json().errorcode).toBe(1);
    expect(owner.cookies.length).toBeGreaterThan(0);
    // The guessing address stays refused.
    expect((await attempt('admin@example.com', 'DemoPass1', '10.1.0.1')).statusCode).toBe(429);
  });

  it('lets the owner sign in after failures from many addresses', async () => {
    for (let i = 0; i < 3; i += 1) expect((await attempt('pending@example.com', 'WrongPass1', `10.2.0.${i}`)).json().errorcode).toBe(0);
    const owner = await attempt('pending@example.com', 'DemoPass1', '10.2.9.9');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user[0].Email).toBe('pending@example.com');
  });

  it('counts the account whatever the case of the e-mail', async () => {
    for (let i = 0; i < 3; i += 1) {
      await attempt(i % 2 ? 'DEMO@example.com' : 'demo@EXAMPLE.com', 'nope', '10.3.0.1');
    }
    expect((await attempt('demo@example.com', 'DemoPass1', '10.3.0.1')).statusCode).toBe(429);
  });

  it('lets the address that failed sign in again once the password is reset', async () => {
    const email = `reset-${redisUrl ? 'redis' : 'memory'}@example.com`;
    await insertFixtureUser(t.app.db, { role_id: 5, status: 1, email, password: 'DemoPass1', box_id: redisUrl ? '9180002' : '9180001' });
    for (let i = 0; i < 3; i += 1) await attempt(email, 'WrongPass1', '10.4.0.1');
    expect((await attempt(email, 'DemoPass1', '10.4.0.1')).json()).toEqual({ errorcode: -429, message: MESSAGES.tooManyFailures });
    const before = (await mailsOf(t)).length;
    await t.app.inject({ method: 'POST', url: '/app/v1/checkUser', remoteAddress: '10.4.0.1', payload: { email } });
    const link = new URL(linkIn((await mailsOf(t)).slice(before)[0], 'http://localhost:8080/app/reset?'));
    const params = new URLSearchParams({ Email: link.searchParams.get('Email')!, generatedId: link.searchParams.get('generatedId')!, Password: 'NewPass123' });
    const reset = await t.app.inject({ method: 'GET', url: `/app/v1/resetPassword?${params.toString()}`, remoteAddress: '10.4.0.1' });
    expect(reset.json().errorcode).toBe(0);
    const signedIn = await attempt(email, 'NewPass123', '10.4.0.1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().message).not.toBe(MESSAGES.tooManyFailures);
    expect(signedIn.json().user[0].Email).toBe(email);
  });
});
