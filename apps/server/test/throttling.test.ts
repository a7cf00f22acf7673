import { ACCOUNT_BUDGETS, API_ERRORCODE, LABEL_PURCHASE_ERRORCODE, MESSAGES, OPENAPI_CODE } from '@airbox/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { insertFixtureUser } from './fixtures.js';
import { buildTestApp, describeOnce, linkIn, mailsOf, postForm, signIn, type TestApp, useTestDatabase } from './helper.js';

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

describeOnce.each(stores)('throttling with the $store store', ({ redisUrl }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { seedDemoData: true, authRateLimitPerMinute: 3, loginFailuresPerHour: 3, redisUrl });
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

describeOnce.each(stores)('failed sign-ins with the $store store', ({ redisUrl }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { seedDemoData: true, authRateLimitPerMinute: 1_000, loginFailuresPerHour: 3, redisUrl, redisKeyPrefix: `airbox-test:${Math.random()}:` });
  });
  afterAll(async () => {
    await t.close();
  });

  const attempt = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/app/v1/login', remoteAddress, payload: { name: email, password }, headers: cookie ? { cookie } : {} });

  /** The device proof a sign-in with the right password leaves in the browser, as its Cookie header. */
  const deviceProofOf = async (email: string, remoteAddress: string) => {
    const signedIn = await attempt(email, 'DemoPass1', remoteAddress);
    expect(signedIn.json().errorcode).toBe(1);
    const proof = signedIn.cookies.find((cookie) => cookie.name === 'airbox_device');
    expect(proof?.httpOnly).toBe(true);
    return `airbox_device=${proof!.value}`;
  };

  it('refuses the address that failed LOGIN_FAILURES_PER_HOUR times, even with the right password, and only for that account', async () => {
    const ownersBrowser = await deviceProofOf('admin@example.com', '10.1.9.9');
    for (let i = 0; i < 3; i += 1) expect((await attempt('admin@example.com', 'WrongPass1', '10.1.0.1')).json().errorcode).toBe(0);
    const blocked = await attempt('admin@example.com', 'DemoPass1', '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ errorcode: -429, message: MESSAGES.tooManyFailures });
    expect(blocked.cookies).toHaveLength(0);
    expect((await attempt('business@example.com', 'DemoPass1', '10.1.0.1')).json().errorcode).toBe(1);
    // The owner, from their own browser, is not locked out by somebody else's guesses.
    const owner = await attempt('admin@example.com', 'DemoPass1', '10.1.9.9', ownersBrowser);
    expect(owner.json().errorcode).toBe(1);
    expect(owner.cookies.length).toBeGreaterThan(0);
    // The guessing address stays refused.
    expect((await attempt('admin@example.com', 'DemoPass1', '10.1.0.1')).statusCode).toBe(429);
  });

  it('counts an IPv6 address by its /64: guesses from its other addresses add up, the next /64 is another address', async () => {
    const ownersBrowser = await deviceProofOf('business@example.com', '2001:db8:1:2::99');
    for (let i = 1; i <= 3; i += 1) expect((await attempt('business@example.com', 'WrongPass1', `2001:db8:1:1::${i}`)).json().errorcode).toBe(0);
    expect((await attempt('business@example.com', 'DemoPass1', '2001:db8:1:1:ffff::4', ownersBrowser)).statusCode).toBe(429);
    expect((await attempt('business@example.com', 'DemoPass1', '2001:db8:1:2::5', ownersBrowser)).json().errorcode).toBe(1);
  });

  it('stops guesses from many addresses at LOGIN_FAILURES_PER_HOUR for the account, and lets the owner sign in from a browser that signed in before', async () => {
    const ownersBrowser = await deviceProofOf('pending@example.com', '10.2.9.9');
    for (let i = 0; i < 3; i += 1) expect((await attempt('pending@example.com', 'WrongPass1', `10.2.0.${i}`)).json().errorcode).toBe(0);
    // A new address, even with the right password: refused for the rest of the hour.
    for (const password of ['WrongPass2', 'DemoPass1']) {
      expect((await attempt('pending@example.com', password, '10.2.0.77')).json()).toEqual({ errorcode: -429, message: MESSAGES.tooManyFailures });
    }
    // Another account's proof is no proof for this one, nor is the owner's altered (its signature no longer holds).
    const otherBrowser = await deviceProofOf('business@example.com', '10.2.0.78');
    expect((await attempt('pending@example.com', 'DemoPass1', '10.2.0.78', otherBrowser)).statusCode).toBe(429);
    const altered = ownersBrowser.replace(/=(\d+)\./, (_all, id: string) => `=${Number(id) + 1}.`);
    expect(altered).not.toBe(ownersBrowser);
    expect((await attempt('pending@example.com', 'DemoPass1', '10.2.0.80', altered)).statusCode).toBe(429);
    const owner = await attempt('pending@example.com', 'DemoPass1', '10.2.0.79', ownersBrowser);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user[0].Email).toBe('pending@example.com');
  });

  it('counts guesses sent side by side before checking any: no more than LOGIN_FAILURES_PER_HOUR are checked', async () => {
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt('business@example.com', `WrongPass${i}`, `10.5.0.${i}`)));
    const answers = guesses.map((guess) => guess.json().errorcode);
    expect(answers.filter((code) => code === 0)).toHaveLength(3);
    expect(answers.filter((code) => code === -429)).toHaveLength(7);
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

describeOnce.each(stores)('the per-account budget of carrier calls with the $store store (issue 18)', ({ store, redisUrl }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(database.url(), { seedDemoData: true, redisUrl });
  });
  afterAll(async () => {
    await t.close();
  });

  async function newCustomer() {
    const user = await insertAccountUser(t.app.db);
    const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    return { ...user, cookie };
  }
  type Customer = Awaited<ReturnType<typeof newCustomer>>;

  /** Every call from an address of its own: the per-address throttle never counts twice. */
  let addresses = 0;
  const nextAddress = () => {
    addresses += 1;
    return `10.${store === 'redis' ? 60 : 50}.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const form = (path: string, fields: Record<string, string>, customer: Customer) =>
    t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress: nextAddress(),
      headers: { cookie: customer.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const validateAddress = (customer: Customer) =>
    form('/openapi/easyPost/validateAddress', { street1: '1800 Owens St', city: 'San Francisco', state: 'CA', zip: '94158', country: 'US' }, customer);
  const uspsAvailability = (customer: Customer) =>
    form('/openapi/USPS/CarrierPickupAvailability', { firmname: '', address1: '1 Main St', address2: '', city: 'San Francisco', state: 'CA', zip5: '94105' }, customer);
  const rates = (customer: Customer) =>
    t.app.inject({
      method: 'POST',
      url: '/app/v1/labelPurchase/rates',
      remoteAddress: nextAddress(),
      headers: { cookie: customer.cookie },
      payload: {
        from: { firstName: 'Casey', lastName: 'Customer', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
        to: { firstName: 'Maria', lastName: 'Lopez', address1: '55 Elm St', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199', residential: true },
        parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
      },
    });
  const usedUp = { errorcode: API_ERRORCODE.tooManyRequests, message: MESSAGES.carrierCallsUsedUp(60) };

  it(`takes a rating as 3 carrier calls and an address check or a USPS availability as 1, refuses the account 429 past ${ACCOUNT_BUDGETS.carrierCalls} an hour whatever its address, never past it at once, and only that account`, async () => {
    const customer = await newCustomer();
    const rated = await rates(customer);
    expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
    expect((await uspsAvailability(customer)).json(), 'USPS availability').toMatchObject({ code: OPENAPI_CODE.ok });
    // 4 taken; up to 10 short of the budget one address check at a time, from a new address each.
    for (let used = 4; used < ACCOUNT_BUDGETS.carrierCalls - 10; used += 1) {
      const checked = await validateAddress(customer);
      expect(checked.statusCode, `call ${used + 1}: ${checked.body}`).toBe(200);
    }
    // 20 at once for the last 10: exactly 10 are made.
    const race = await Promise.all(Array.from({ length: 20 }, () => validateAddress(customer)));
    expect(race.filter((answer) => answer.statusCode === 200)).toHaveLength(10);
    for (const refused of race.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(usedUp);
    }
    expect(usedUp.message).toBe('You have checked addresses and asked for rates as often as one account may in an hour. Please try again in 60 minutes.');
    for (const call of [validateAddress, uspsAvailability, rates]) {
      const refused = await call(customer);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(usedUp);
    }
    // No draft was made by the refused rating.
    expect(await t.app.db.selectFrom('shipments').select('id').where('user_id', '=', customer.userId).execute()).toHaveLength(1);

    // Another customer is not touched.
    expect((await validateAddress(await newCustomer())).json()).toMatchObject({ code: OPENAPI_CODE.ok, data: { result: 1 } });

    if (store === 'memory') {
      // The memory store follows the app's clock: an hour on, the budget is whole again (Redis keys expire in real time).
      t.advance(60 * 60 * 1000);
      expect((await validateAddress(customer)).statusCode).toBe(200);
    }
  });

  it(`refuses the account's checkouts past ${ACCOUNT_BUDGETS.checkouts} an hour and its wallet passes past ${ACCOUNT_BUDGETS.walletPasses}`, async () => {
    const customer = await newCustomer();
    const buyCredits = () => form('/app/v1/buyMembership', { userID: String(customer.userId), number: '1', plan: '1' }, customer);
    for (let i = 0; i < ACCOUNT_BUDGETS.checkouts; i += 1) expect((await buyCredits()).statusCode, `checkout ${i + 1}`).toBe(200);
    const refused = await buyCredits();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorcode: API_ERRORCODE.tooManyRequests, message: MESSAGES.checkoutsUsedUp(60) });
    expect(await t.app.db.selectFrom('payment_orders').select('id').where('user_id', '=', customer.userId).execute()).toHaveLength(ACCOUNT_BUDGETS.checkouts);

    const pass = () => t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${customer.userId}&OS=win`, remoteAddress: nextAddress(), headers: { cookie: customer.cookie } });
    for (let i = 0; i < ACCOUNT_BUDGETS.walletPasses; i += 1) expect((await pass()).statusCode, `pass ${i + 1}`).toBe(200);
    const noMore = await pass();
    expect(noMore.statusCode).toBe(429);
    expect(noMore.json()).toEqual({ errorcode: API_ERRORCODE.tooManyRequests, message: MESSAGES.walletPassesUsedUp(60) });
  });
});
