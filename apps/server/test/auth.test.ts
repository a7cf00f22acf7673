import { MESSAGES, RESET_LINK_TTL_MS, ACTIVATION_LINK_TTL_MS, SESSION_MAX_AGE_MS } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { insertFixtureUser } from './fixtures.js';
import { buildTestApp, linkIn, login, mailsOf, postForm, sessionCookieOf, signIn, type TestApp, useTestApp, useTestDatabase } from './helper.js';
import { LINK_COOLDOWN_MS, LINKS_PER_DAY } from '../src/modules/tokens/tokens.service.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

const HOUR = 60 * 60 * 1000;

describe('login', () => {
  it('signs an active customer in with a session cookie and the user and locker', async () => {
    const { response, body, cookie } = await login(t.app, 'Demo@Example.com');
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ errorcode: 1, version: '1.0.0' });
    expect(body.user).toHaveLength(1);
    expect(body.user[0]).toMatchObject({ role_id: 5, Status: 1, Email: 'demo@example.com', BOXID: '2135846' });
    expect(body.user[0]).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toMatch(/argon2|password_hash|PinNo/);
    expect(body.locker).toEqual([expect.objectContaining({ business_name: 'AirBox Union Square', zip_code: '94103' })]);
    expect(cookie).toMatch(/^airbox_session=/);
  });

  it('sets an HttpOnly, SameSite=Lax cookie on path / for half a day, not Secure over http', async () => {
    const { response } = await login(t.app, 'demo@example.com');
    const cookie = response.cookies.find((c) => c.name === 'airbox_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: SESSION_MAX_AGE_MS / 1000 });
    expect(cookie?.secure).toBeFalsy();
  });

  it('answers errorcode 0 for a wrong password and for an unknown e-mail, with no cookie', async () => {
    for (const [name, password] of [
      ['demo@example.com', 'WrongPass1'],
      ['nobody@example.com', 'DemoPass1'],
    ]) {
      const { response, body, cookie } = await login(t.app, name!, password);
      expect(response.statusCode).toBe(200);
      expect(body).toEqual({ errorcode: 0, message: MESSAGES.wrongCredentials, version: '1.0.0', user: [], locker: [] });
      expect(cookie).toBeUndefined();
    }
  });

  it('tells an unactivated user so, with the user entry but no session', async () => {
    const { body, cookie } = await login(t.app, 'pending@example.com');
    expect(body).toMatchObject({ errorcode: 1, message: MESSAGES.notActivated });
    expect(body.user[0]).toMatchObject({ Status: 0, role_id: 5 });
    expect(cookie).toBeUndefined();
  });

  it('tells a pending business user to contact support, with no session', async () => {
    const { body, cookie } = await login(t.app, 'business-pending@example.com');
    expect(body).toMatchObject({ errorcode: 1, message: MESSAGES.pendingBusiness('AirBox') });
    expect(body.user[0]).toMatchObject({ Status: 1, role_id: 10 });
    expect(cookie).toBeUndefined();
  });

  it('gives the active business user and the admin a session', async () => {
    for (const email of ['business@example.com', 'admin@example.com']) {
      const { body, cookie } = await login(t.app, email);
      expect(body.errorcode).toBe(1);
      expect(cookie).toBeDefined();
    }
  });

  it('rejects a missing or empty field with 400 in the spec shape', async () => {
    const response = await postForm(t.app, '/app/v1/login', { name: 'demo@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorcode: -400, message: expect.any(String) });
  });

  it('rotates the session at login: the old cookie stops working', async () => {
    const first = await signIn(t.app, 'demo@example.com');
    const again = await t.app.inject({
      method: 'POST',
      url: '/app/v1/login',
      headers: { cookie: first.cookie },
      payload: { name: 'demo@example.com', password: 'DemoPass1' },
    });
    const second = sessionCookieOf(again);
    expect(second).toBeDefined();
    expect(second).not.toBe(first.cookie);
    expect((await postForm(t.app, '/app/v1/getUnPickupsById', { uid: first.userId }, first.cookie)).statusCode).toBe(401);
    expect((await postForm(t.app, '/app/v1/getUnPickupsById', { uid: first.userId }, second)).statusCode).toBe(200);
  });
});

describe('signed-in calls', () => {
  it('getUserByUser_id returns the own profile without private columns', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const response = await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: userId }, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errorcode).toBe(1);
    expect(body.users[0]).toMatchObject({
      user_id: userId,
      Email: 'demo@example.com',
      PinNo: '482915',
      Notification_method: 'Email,Text Message',
      Country: 'United States',
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    expect(body.lockers.length).toBeGreaterThanOrEqual(3);
  });

  it('getUnPickupsById counts the packages still in a locker, and lists them with their codes', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const response = await t.app.inject({ method: 'POST', url: '/app/v1/getUnPickupsById', headers: { cookie }, payload: { uid: userId } });
    expect(response.json()).toEqual({ errorcode: 0, message: expect.any(String), unpickups: 3, packages: expect.any(Array) });
    expect(response.json().packages.map((p: { pickupCode: string }) => p.pickupCode)).toEqual([expect.stringMatching(/^\d{6}$/), expect.stringMatching(/^\d{6}$/), expect.stringMatching(/^\d{6}$/)]);
  });

  it('carrierServiceRenaming and getAdvertisements answer a signed-in user', async () => {
    const { cookie } = await signIn(t.app, 'demo@example.com');
    const renaming = await t.app.inject({ method: 'GET', url: '/app/v1/carrierServiceRenaming', headers: { cookie } });
    expect(renaming.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ carrier: 'USPS', easypost_original: 'Priority', renamed: 'USPS Priority Mail' })]),
    );
    expect(renaming.json().data[0]).not.toHaveProperty('id');
    const ads = await t.app.inject({ method: 'GET', url: '/app/v1/getAdvertisements', headers: { cookie } });
    expect(ads.json()).toMatchObject({ errorcode: 0, ads: [{ content: expect.stringContaining('Holiday hours') }] });
    expect(ads.json().ads[0]).not.toHaveProperty('active');
  });

  const signedInCalls = [
    { method: 'POST' as const, url: '/app/v1/getUserByUser_id', field: 'user_id' },
    { method: 'POST' as const, url: '/app/v1/getUnPickupsById', field: 'uid' },
    { method: 'POST' as const, url: '/app/v1/logout', field: 'user_id' },
    { method: 'GET' as const, url: '/app/v1/carrierServiceRenaming', field: 'userId' },
    { method: 'GET' as const, url: '/app/v1/getAdvertisements', field: 'userID' },
  ];

  it.each(signedInCalls)('$url answers 401 without a session, or with a forged cookie', async ({ method, url, field }) => {
    for (const cookie of [undefined, 'airbox_session=forged.token']) {
      const response =
        method === 'POST'
          ? await postForm(t.app, url, { [field]: 1 }, cookie)
          : await t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errorcode: -401, message: MESSAGES.sessionEnded });
    }
  });

  it.each(signedInCalls)('$url refuses an id naming another user with 403 and nothing of theirs', async ({ method, url, field }) => {
    const victim = await signIn(t.app, 'admin@example.com');
    const attacker = await signIn(t.app, 'demo@example.com');
    for (const forged of [victim.userId, 999_999]) {
      const response =
        method === 'POST'
          ? await postForm(t.app, url, { [field]: forged }, attacker.cookie)
          : await t.app.inject({ method, url: `${url}?${field}=${forged}`, headers: { cookie: attacker.cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errorcode: -403, message: MESSAGES.forbidden });
      expect(response.body).not.toContain('admin@example.com');
    }
    // The forged logout ended nothing: both sessions still work.
    for (const user of [victim, attacker]) {
      expect((await postForm(t.app, '/app/v1/getUnPickupsById', { uid: user.userId }, user.cookie)).statusCode).toBe(200);
    }
  });

  it('checks every id field, also uid, userID and userId sent to getUserByUser_id', async () => {
    const attacker = await signIn(t.app, 'demo@example.com');
    for (const field of ['uid', 'userID', 'userId']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/app/v1/getUserByUser_id',
        headers: { cookie: attacker.cookie },
        payload: { user_id: attacker.userId, [field]: attacker.userId + 1 },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses a session once its user may no longer sign in, on calls that read the account and on those that read only who it is', async () => {
    const customer = await signIn(t.app, 'demo@example.com');
    const calls = ['/app/v1/getUserByUser_id', '/app/v1/getUserMessage'];
    for (const url of calls) expect((await postForm(t.app, url, { user_id: customer.userId }, customer.cookie)).statusCode).toBe(200);
    // An operator takes the account back to not activated (status 0): its open sessions stop at once.
    await t.app.db.updateTable('users').set({ status: 0 }).where('user_id', '=', customer.userId).execute();
    for (const url of calls) expect((await postForm(t.app, url, { user_id: customer.userId }, customer.cookie)).statusCode).toBe(401);
    await t.app.db.updateTable('users').set({ status: 1 }).where('user_id', '=', customer.userId).execute();
  });

  it('ends the session after 2 idle hours and after 12 hours whatever the use', async () => {
    const idle = await signIn(t.app, 'demo@example.com');
    const other = await signIn(t.app, 'demo@example.com');
    t.advance(2 * HOUR + 1000);
    expect((await postForm(t.app, '/app/v1/getUnPickupsById', { uid: idle.userId }, idle.cookie)).statusCode).toBe(401);
    expect((await postForm(t.app, '/app/v1/getUserMessage', { user_id: other.userId }, other.cookie)).statusCode).toBe(401);

    const busy = await signIn(t.app, 'demo@example.com');
    for (let hour = 0; hour < 11; hour += 1) {
      t.advance(HOUR + 5 * 60 * 1000);
      expect((await postForm(t.app, '/app/v1/getUnPickupsById', { uid: busy.userId }, busy.cookie)).statusCode).toBe(200);
    }
    t.advance(HOUR);
    expect((await postForm(t.app, '/app/v1/getUnPickupsById', { uid: busy.userId }, busy.cookie)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session on the server and clears the cookie', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const response = await postForm(t.app, '/app/v1/logout', { user_id: userId }, cookie);
    expect(response.json()).toEqual({ errorcode: 1, message: expect.any(String) });
    const cleared = response.cookies.find((c) => c.name === 'airbox_session');
    expect(cleared?.value).toBe('');
    expect((await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: userId }, cookie)).statusCode).toBe(401);
  });
});

describe('activation', () => {
  async function pendingUserId(): Promise<number> {
    return (await login(t.app, 'pending@example.com')).body.user[0].user_id;
  }

  it('resendRegristerEmail mails a link at most once a minute; an earlier link keeps working; a link activates once', async () => {
    const userId = await pendingUserId();
    const before = (await mailsOf(t)).length;
    const first = await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: userId });
    expect(first.json()).toEqual({ errorcode: 0, message: MESSAGES.resendSuccess });
    // Anyone may call it with any id: a second call within the minute mails nothing more...
    const again = await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: userId });
    expect(again.json()).toEqual({ errorcode: 0, message: MESSAGES.resendSuccess });
    expect((await mailsOf(t)).slice(before)).toHaveLength(1);
    // ...and one after it voids nothing already mailed.
    t.advance(LINK_COOLDOWN_MS);
    await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: userId });
    const mails = (await mailsOf(t)).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.to).toContain('pending@example.com');
    expect(mails[0]?.html).toContain('AirBox');
    const [firstLink, secondLink] = mails.map((mail) => linkIn(mail, 'http://localhost:8080/app/active/'));
    expect(firstLink).not.toBe(secondLink);
    const code = (link: string) => decodeURIComponent(link.split('/app/active/')[1]!.replace(/\/$/, ''));

    const activated = await postForm(t.app, '/app/v1/userActivate', { activateCode: code(firstLink!) });
    expect(activated.json()).toEqual({ errorcode: 1, message: MESSAGES.activated });
    expect((await login(t.app, 'pending@example.com')).cookie).toBeDefined();

    const reused = await postForm(t.app, '/app/v1/userActivate', { activateCode: code(firstLink!) });
    expect(reused.json()).toEqual({ errorcode: -10, message: MESSAGES.linkInvalid });
  });

  it('answers 0 for a code that names no user', async () => {
    const response = await postForm(t.app, '/app/v1/userActivate', { activateCode: 'no-such-code' });
    expect(response.json()).toEqual({ errorcode: 0, message: MESSAGES.activationUserMissing });
  });

  it('refuses an activation link after 24 hours, and mails no link to an activated user', async () => {
    const { userId } = await insertFixtureUser(t.app.db, { role_id: 10, status: 0, email: 'late@example.com', password: 'DemoPass1', box_id: '3000001' });
    const before = (await mailsOf(t)).length;
    await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: userId });
    const mails = (await mailsOf(t)).slice(before);
    expect(mails).toHaveLength(1);
    const code = decodeURIComponent(linkIn(mails[0], 'http://localhost:8080/app/active/').split('/app/active/')[1]!.replace(/\/$/, ''));
    t.advance(ACTIVATION_LINK_TTL_MS + 1000);
    expect((await postForm(t.app, '/app/v1/userActivate', { activateCode: code })).json().errorcode).toBe(-10);

    const activeId = (await signIn(t.app, 'demo@example.com')).userId;
    await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: activeId });
    expect((await mailsOf(t)).length).toBe(before + 1);
  });

  it('activating a business user makes it pending (Status 1), still without a session', async () => {
    const { userId } = await insertFixtureUser(t.app.db, { role_id: 10, status: 0, email: 'shop@example.com', password: 'DemoPass1', box_id: '3000002' });
    const before = (await mailsOf(t)).length;
    await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: userId });
    const [mail] = (await mailsOf(t)).slice(before);
    const code = decodeURIComponent(linkIn(mail, 'http://localhost:8080/app/active/').split('/app/active/')[1]!.replace(/\/$/, ''));
    expect((await postForm(t.app, '/app/v1/userActivate', { activateCode: code })).json().errorcode).toBe(1);
    const { body, cookie } = await login(t.app, 'shop@example.com');
    expect(body).toMatchObject({ errorcode: 1, message: MESSAGES.pendingBusiness('AirBox'), user: [{ Status: 1 }] });
    expect(cookie).toBeUndefined();
  });

  it('resendRegristerEmail answers the same for an unknown id and sends nothing', async () => {
    const before = (await mailsOf(t)).length;
    const response = await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: 987_654 });
    expect(response.json()).toEqual({ errorcode: 0, message: MESSAGES.resendSuccess });
    expect((await mailsOf(t)).length).toBe(before);
  });

  it('resendRegristerEmail refuses a malformed id with 400', async () => {
    const response = await postForm(t.app, '/app/v1/resendRegristerEmail', { userID: 'abc' });
    expect(response.statusCode).toBe(400);
  });

});

describe('forgot and reset password', () => {
  async function requestReset(test: TestApp, email: string): Promise<{ Email: string; generatedId: string }> {
    const before = (await mailsOf(test)).length;
    const response = await postForm(test.app, '/app/v1/checkUser', { email });
    expect(response.json()).toEqual({ errorcode: 1, message: MESSAGES.forgotNeutral });
    const mails = (await mailsOf(test)).slice(before);
    expect(mails).toHaveLength(1);
    const link = new URL(linkIn(mails[0], 'http://localhost:8080/app/reset?'));
    return { Email: link.searchParams.get('Email')!, generatedId: link.searchParams.get('generatedId')! };
  }

  function reset(test: TestApp, params: { Email: string; generatedId: string; Password: string }) {
    return test.app.inject({ method: 'GET', url: `/app/v1/resetPassword?${new URLSearchParams(params).toString()}` });
  }

  it(`mails an account at most ${LINKS_PER_DAY} reset links a day, then one at a time once the last has expired, however often anyone asks, with the same neutral answer`, async () => {
    const email = 'asked-often@example.com';
    await insertFixtureUser(t.app.db, { role_id: 5, status: 1, email, password: 'DemoPass1', box_id: '3000003' });
    const before = (await mailsOf(t)).length;
    const ask = async () => {
      const response = await t.app.inject({ method: 'POST', url: '/app/v1/checkUser', remoteAddress: '10.8.0.1', payload: { email } });
      expect(response.json()).toEqual({ errorcode: 1, message: MESSAGES.forgotNeutral });
      await mailsOf(t); // the reset-mail job runs, and makes its link, now
      t.advance(LINK_COOLDOWN_MS);
    };
    for (let i = 0; i < LINKS_PER_DAY + 2; i += 1) await ask();
    const linksTo = async () => (await mailsOf(t)).slice(before).filter((mail) => mail.to.includes(email)).length;
    expect(await linksTo()).toBe(LINKS_PER_DAY);
    // Past them, one more once none mailed works any more (a reset link lasts an hour): the owner can always reset.
    t.advance(RESET_LINK_TTL_MS);
    await ask();
    await ask();
    expect(await linksTo()).toBe(LINKS_PER_DAY + 1);
  });

  it('checkUser gives the same neutral answer for an unknown e-mail and mails nothing', async () => {
    const before = (await mailsOf(t)).length;
    const response = await postForm(t.app, '/app/v1/checkUser', { email: 'nobody@example.com' });
    expect(response.json()).toEqual({ errorcode: 1, message: MESSAGES.forgotNeutral });
    expect((await mailsOf(t)).length).toBe(before);
  });

  it('checkUser refuses an invalid e-mail with 400', async () => {
    const response = await postForm(t.app, '/app/v1/checkUser', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorcode).toBe(-400);
  });

  it('resets with the mailed link, ends every session, mails a notice; the link then answers -9', async () => {
    const test = await buildTestApp(database.url(), { seedDemoData: true });
    try {
      const session = await signIn(test.app, 'business@example.com');
      const link = await requestReset(test, 'business@example.com');
      expect(link.Email).toBe('business@example.com');

      const weak = await reset(test, { ...link, Password: 'alllowercase1' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({ errorcode: -400, message: `Password: ${MESSAGES.resetPasswordRule}` });

      const wrongEmail = await reset(test, { ...link, Email: 'demo@example.com', Password: 'NewPass123' });
      expect(wrongEmail.json()).toEqual({ errorcode: -9, message: MESSAGES.resetIllegal });

      const before = (await mailsOf(test)).length;
      const done = await reset(test, { ...link, Password: 'NewPass123' });
      expect(done.json()).toEqual({ errorcode: 0, message: MESSAGES.resetSuccess });
      const notice = (await mailsOf(test)).slice(before);
      expect(notice).toHaveLength(1);
      expect(notice[0]?.subject).toMatch(/password was changed/i);

      expect((await postForm(test.app, '/app/v1/getUnPickupsById', { uid: session.userId }, session.cookie)).statusCode).toBe(401);
      expect((await login(test.app, 'business@example.com', 'DemoPass1')).body.errorcode).toBe(0);
      expect((await login(test.app, 'business@example.com', 'NewPass123')).cookie).toBeDefined();

      const reused = await reset(test, { ...link, Password: 'Another123' });
      expect(reused.json()).toEqual({ errorcode: -9, message: MESSAGES.resetIllegal });
    } finally {
      await test.close();
    }
  });

  it('answers -10 for a link older than an hour, and -9 for an unknown id', async () => {
    const link = await requestReset(t, 'demo@example.com');
    t.advance(RESET_LINK_TTL_MS + 1000);
    expect((await reset(t, { ...link, Password: 'NewPass123' })).json()).toEqual({
      errorcode: -10,
      message: MESSAGES.resetTimeout,
    });
    expect((await reset(t, { ...link, generatedId: 'made-up', Password: 'NewPass123' })).json()).toEqual({
      errorcode: -9,
      message: MESSAGES.resetIllegal,
    });
    expect((await login(t.app, 'demo@example.com')).cookie).toBeDefined();
  });

  it('a newer reset link leaves the older one working until one of them is used', async () => {
    const older = await requestReset(t, 'admin@example.com');
    t.advance(LINK_COOLDOWN_MS);
    const newer = await requestReset(t, 'admin@example.com');
    expect((await reset(t, { ...older, Password: 'NewPass123' })).json().errorcode).toBe(0);
    expect((await reset(t, { ...newer, Password: 'DemoPass1' })).json().errorcode).toBe(-9);
    expect((await login(t.app, 'admin@example.com', 'NewPass123')).body.errorcode).toBe(1);
  });

  it('mails at most one reset link a minute to an account, whoever asks', async () => {
    await requestReset(t, 'business-pending@example.com');
    const before = (await mailsOf(t)).length;
    const response = await postForm(t.app, '/app/v1/checkUser', { email: 'business-pending@example.com' });
    expect(response.json()).toEqual({ errorcode: 1, message: MESSAGES.forgotNeutral });
    expect(await mailsOf(t)).toHaveLength(before);
  });
});
