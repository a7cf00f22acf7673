import { MESSAGES, PROFILE_MESSAGES, REAUTHENTICATION_WINDOW_MS, ROLE, UPDATE_PROFILE_ERRORCODE, US_STATES } from '@airbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/modules/users/passwords.js';
import { issueToken, checkToken } from '../src/modules/tokens/tokens.service.js';
import { findUserById } from '../src/modules/users/users.repository.js';
import { FIXTURE_PASSWORD, type FixtureHubs, insertAccountUser, insertHubsAndBuilding, accountBoxId } from './account-fixtures.js';
import { buildTestApp, login, mailsOf, postForm, signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });
let hubs: FixtureHubs;

beforeAll(async () => {
  hubs = await insertHubsAndBuilding(t.app.db);
});

async function newCustomer(fields: Parameters<typeof insertAccountUser>[1] = {}) {
  const user = await insertAccountUser(t.app.db, fields);
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { ...user, cookie };
}

/** The profile form as the web app sends it, filled from the user's current values. */
function profileForm(user: { userId: number; email: string; boxId: string }, changes: Record<string, string | number> = {}) {
  return {
    user_id: user.userId,
    First_name: 'Casey',
    Last_name: 'Customer',
    Email: user.email,
    Password: '',
    BOXID: user.boxId,
    Cell_phone_number: '415-555-0101',
    secondaryCellPhone: '',
    Home_phone_number: '',
    lockerUUID: '',
    Country: 'United States',
    State_province_region: 'CA',
    City: 'San Francisco',
    Address_line_1: '1 Main St',
    Address_line_2: '',
    Zip_code: '94105',
    PinNo: '246810',
    isHandicapped: 0,
    emailChoose: 1,
    messageChoose: 0,
    confirmPassword: FIXTURE_PASSWORD,
    ...changes,
  };
}

const update = (cookie: string, form: Record<string, string | number>) => postForm(t.app, '/app/v1/updateSelfUserInfo', form, cookie);
const stillSignedIn = async (cookie: string, userId: number) =>
  (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: userId }, cookie)).statusCode === 200;

describe('verifyPassword', () => {
  it('answers 1 for the right password and 0 "Incorrect password" for a wrong one', async () => {
    const user = await newCustomer();
    const right = await postForm(t.app, '/app/v1/verifyPassword', { userId: user.userId, password: FIXTURE_PASSWORD }, user.cookie);
    expect(right.json()).toEqual({ errorcode: 1, message: expect.any(String) });
    const wrong = await postForm(t.app, '/app/v1/verifyPassword', { userId: user.userId, password: 'WrongPass1' }, user.cookie);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ errorcode: 0, message: 'Incorrect password' });
  });

  it("refuses another user's id (403) and a caller without a session (401)", async () => {
    const user = await newCustomer();
    const other = await newCustomer();
    const forged = await postForm(t.app, '/app/v1/verifyPassword', { userId: other.userId, password: FIXTURE_PASSWORD }, user.cookie);
    expect(forged.statusCode).toBe(403);
    const anonymous = await postForm(t.app, '/app/v1/verifyPassword', { userId: user.userId, password: FIXTURE_PASSWORD });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts wrong answers against the account with the sign-in failures, then refuses with 429', async () => {
    const limited = await buildTestApp(database.url(), { seedDemoData: false, loginFailuresPerHour: 3 });
    try {
      const user = await insertAccountUser(limited.app.db);
      const { cookie } = await signIn(limited.app, user.email, FIXTURE_PASSWORD);
      await login(limited.app, user.email, 'WrongPass1'); // one failure at sign-in
      for (let i = 0; i < 2; i += 1) {
        const wrong = await postForm(limited.app, '/app/v1/verifyPassword', { userId: user.userId, password: 'WrongPass1' }, cookie);
        expect(wrong.json().errorcode).toBe(0);
      }
      const blocked = await postForm(limited.app, '/app/v1/verifyPassword', { userId: user.userId, password: FIXTURE_PASSWORD }, cookie);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ errorcode: -429, message: MESSAGES.tooManyFailures });
      // The failures count for sign-in too.
      expect((await login(limited.app, user.email, FIXTURE_PASSWORD)).response.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('updateSelfUserInfo', () => {
  it('saves the profile with the right password: fields, hub, notification method', async () => {
    const user = await newCustomer();
    // Sent as the form's fields, read back under the same names.
    const changes = {
      First_name: 'Robin',
      Last_name: 'Rivera',
      City: 'Oakland',
      Zip_code: '94607',
      PinNo: '135790',
      secondaryCellPhone: '510-555-0102',
      lockerUUID: hubs.otherHub,
      isHandicapped: 1,
    };
    const response = await update(user.cookie, profileForm(user, { ...changes, emailChoose: 0, messageChoose: 1 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.updated, message: 'Update success' });
    const profile = (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: user.userId }, user.cookie)).json().users[0];
    expect(profile).toMatchObject({ ...changes, Notification_method: 'Text Message' });
    // Back to no hub and both notification methods.
    await update(user.cookie, profileForm(user, { lockerUUID: '', emailChoose: 1, messageChoose: 1 }));
    const again = (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: user.userId }, user.cookie)).json().users[0];
    expect(again).toMatchObject({ lockerUUID: null, Notification_method: 'Email,Text Message' });
  });

  it('needs the right confirmation password, even from a client that skips the dialog', async () => {
    const user = await newCustomer();
    const wrong = await update(user.cookie, profileForm(user, { First_name: 'Mallory', confirmPassword: 'WrongPass1' }));
    expect(wrong.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.incorrectPassword, message: 'Incorrect password' });
    const empty = await update(user.cookie, profileForm(user, { First_name: 'Mallory', confirmPassword: '' }));
    expect(empty.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.incorrectPassword, message: 'Incorrect password' });
    const { confirmPassword: _skipped, ...withoutDialog } = profileForm(user, { First_name: 'Mallory' });
    const skipped = await update(user.cookie, withoutDialog);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.incorrectPassword, message: 'Incorrect password' });
    expect((await findUserById(t.app.db, user.userId))?.first_name).toBe('Casey');
  });

  it('never writes role, status, credits, membership or company ids, whatever the request sends', async () => {
    const user = await newCustomer({ credits: 3 });
    const response = await update(
      user.cookie,
      profileForm(user, {
        First_name: 'Eve',
        role_id: ROLE.admin,
        Status: 2,
        credits: 9999,
        membership: 3,
        membership_expire: '2099-01-01T00:00:00.000Z',
        business_company_id: 1,
        building_id: hubs.buildingId,
        unit_id: 1,
        bc_id: 1,
        bcm_user_id: 1,
        password_hash: 'x',
      }),
    );
    expect(response.json().errorcode).toBe(UPDATE_PROFILE_ERRORCODE.updated);
    const row = await findUserById(t.app.db, user.userId);
    expect(row).toMatchObject({
      first_name: 'Eve',
      role_id: ROLE.customer,
      status: 1,
      credits: 3,
      membership: null,
      membership_expire: null,
      business_company_id: null,
      building_id: null,
      unit_id: null,
      bc_id: null,
      bcm_user_id: null,
    });
    expect(await verifyPassword(row?.password_hash, FIXTURE_PASSWORD)).toBe(true);
  });

  it("refuses another user's id (403) and leaves both profiles as they were", async () => {
    const user = await newCustomer();
    const victim = await newCustomer();
    const forged = await update(user.cookie, profileForm(victim, { First_name: 'Mallory' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ errorcode: -403, message: MESSAGES.forbidden });
    expect((await findUserById(t.app.db, victim.userId))?.first_name).toBe('Casey');
  });

  it('refuses a taken e-mail, a taken AirBox ID and a reserved AirBox ID', async () => {
    const user = await newCustomer();
    const other = await newCustomer();
    const email = await update(user.cookie, profileForm(user, { Email: other.email.toUpperCase() }));
    expect(email.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.refused, message: PROFILE_MESSAGES.duplicatedEmail });
    const boxId = await update(user.cookie, profileForm(user, { BOXID: other.boxId }));
    expect(boxId.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.refused, message: PROFILE_MESSAGES.boxIdTaken });
    for (const reserved of ['7777777', '2345678']) {
      const response = await update(user.cookie, profileForm(user, { BOXID: reserved }));
      expect(response.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.refused, message: PROFILE_MESSAGES.boxIdReserved });
    }
    const row = await findUserById(t.app.db, user.userId);
    expect(row).toMatchObject({ email: user.email, box_id: user.boxId });
  });

  it('lets a customer whose AirBox ID is reserved keep it and save other changes', async () => {
    const user = await newCustomer();
    await t.app.db.updateTable('users').set({ box_id: '8888888' }).where('user_id', '=', user.userId).execute();
    const response = await update(user.cookie, profileForm({ ...user, boxId: '8888888' }, { City: 'Oakland' }));
    expect(response.json().errorcode).toBe(1);
    expect(await findUserById(t.app.db, user.userId)).toMatchObject({ box_id: '8888888', city: 'Oakland' });
  });

  it('changes the AirBox ID to a free one', async () => {
    const user = await newCustomer();
    const boxId = accountBoxId();
    expect((await update(user.cookie, profileForm(user, { BOXID: boxId }))).json().errorcode).toBe(1);
    expect((await findUserById(t.app.db, user.userId))?.box_id).toBe(boxId);
  });

  it("offers roles 15 and 16 their building's hubs only, everyone else every hub", async () => {
    const worker = await newCustomer({ role_id: ROLE.companyEmployee, building_id: hubs.buildingId });
    const outside = await update(worker.cookie, profileForm(worker, { lockerUUID: hubs.otherHub }));
    expect(outside.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.refused, message: PROFILE_MESSAGES.hubNotAllowed });
    const inside = await update(worker.cookie, profileForm(worker, { lockerUUID: hubs.buildingHubs[1]! }));
    expect(inside.json().errorcode).toBe(1);

    const list = await t.app.inject({ method: 'GET', url: `/app/v1/getLockerInfoByUser?user_id=${worker.userId}`, headers: { cookie: worker.cookie } });
    expect(list.json().errorcode).toBe(0);
    expect(list.json().locker_info.map((hub: { id: string }) => hub.id).sort()).toEqual([...hubs.buildingHubs].sort());

    const customer = await newCustomer();
    const all = await t.app.inject({ method: 'GET', url: `/app/v1/getLockerInfoByUser?user_id=${customer.userId}`, headers: { cookie: customer.cookie } });
    const ids = all.json().locker_info.map((hub: { id: string }) => hub.id);
    expect(ids).toEqual(expect.arrayContaining([...hubs.buildingHubs, hubs.otherHub]));
    expect(all.json().locker_info[0]).toEqual({
      id: expect.any(String),
      business_name: expect.any(String),
      address: expect.any(String),
      city: 'Oakland',
      state: 'CA',
      zip_code: '94607',
      location: '',
    });
    const unknownHub = await update(customer.cookie, profileForm(customer, { lockerUUID: 'no-such-hub' }));
    expect(unknownHub.json().errorcode).toBe(UPDATE_PROFILE_ERRORCODE.refused);

    const forged = await t.app.inject({ method: 'GET', url: `/app/v1/getLockerInfoByUser?user_id=${worker.userId}`, headers: { cookie: customer.cookie } });
    expect(forged.statusCode).toBe(403);
  });

  it("a new password ends the user's other sessions, keeps the current one, voids reset links and mails the old address", async () => {
    const user = await newCustomer();
    const { cookie: otherDevice } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    const resetLink = (await issueToken(t.app.db, user.userId, 'reset', 3_600_000, t.config.clock()))!;
    const before = (await mailsOf(t)).length;

    const response = await update(user.cookie, profileForm(user, { Password: 'BrandNew2pass' }));
    expect(response.json().errorcode).toBe(1);

    expect(await stillSignedIn(user.cookie, user.userId)).toBe(true);
    expect(await stillSignedIn(otherDevice, user.userId)).toBe(false);
    expect((await checkToken(t.app.db, resetLink, 'reset', t.config.clock())).state).toBe('used');
    expect((await login(t.app, user.email, FIXTURE_PASSWORD)).body.errorcode).toBe(0);
    expect((await login(t.app, user.email, 'BrandNew2pass')).body.errorcode).toBe(1);

    const mails = (await mailsOf(t)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: user.email, subject: 'Your AirBox account was changed' });
    expect(mails[0]!.text).toContain('password was');
    expect(mails[0]!.text).not.toContain('BrandNew2pass');
  });

  it('a new e-mail ends the other sessions too and tells the old address', async () => {
    const user = await newCustomer();
    const { cookie: otherDevice } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    const before = (await mailsOf(t)).length;
    const newEmail = `Moved.${user.userId}@Example.com`;
    const response = await update(user.cookie, profileForm(user, { Email: newEmail }));
    expect(response.json().errorcode).toBe(1);
    expect((await findUserById(t.app.db, user.userId))?.email).toBe(newEmail.toLowerCase());
    expect(await stillSignedIn(user.cookie, user.userId)).toBe(true);
    expect(await stillSignedIn(otherDevice, user.userId)).toBe(false);
    const mails = (await mailsOf(t)).slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([user.email]);
    expect(mails[0]!.text).toContain('e-mail address was');
  });

  it('a change of neither e-mail nor password keeps the other sessions and sends no mail', async () => {
    const user = await newCustomer();
    const { cookie: otherDevice } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    const before = (await mailsOf(t)).length;
    expect((await update(user.cookie, profileForm(user, { City: 'Berkeley' }))).json().errorcode).toBe(1);
    expect(await stillSignedIn(otherDevice, user.userId)).toBe(true);
    expect((await mailsOf(t)).length).toBe(before);
  });
});

const verify = (user: { userId: number; cookie: string }, password = FIXTURE_PASSWORD) =>
  postForm(t.app, '/app/v1/verifyPassword', { userId: user.userId, password }, user.cookie);

/** The user's record from getUserByUser_id, sent back as a form with null and empty fields dropped (spec 01 §7). */
async function recordAsSentBack(user: { userId: number; cookie: string }, changes: Record<string, string | number> = {}) {
  const record = (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: user.userId }, user.cookie)).json().users[0];
  const fields: Record<string, string | number> = {};
  for (const [field, value] of Object.entries({ ...record, ...changes })) {
    if (value !== null && value !== undefined && value !== '') fields[field] = value as string | number;
  }
  return fields;
}

describe('the spec sequence: verifyPassword, then updateSelfUserInfo without the password', () => {
  it("saves a record built from getUserByUser_id's own answer (nulls dropped) after a correct verifyPassword", async () => {
    const user = await newCustomer({ locker_id: null, secondary_cell_phone: '', address_line_2: '' });
    expect((await verify(user)).json().errorcode).toBe(1);
    const body = await recordAsSentBack(user, { City: 'Oakland', Notification_method: 'Text Message' });
    expect(body).not.toHaveProperty('lockerUUID');
    expect(body).not.toHaveProperty('confirmPassword');
    const response = await update(user.cookie, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errorcode: UPDATE_PROFILE_ERRORCODE.updated, message: 'Update success' });
    const profile = (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: user.userId }, user.cookie)).json().users[0];
    // The change is made; what was left out (no hub, empty lines) stays as it was.
    expect(profile).toMatchObject({ City: 'Oakland', Notification_method: 'Text Message', lockerUUID: null, secondaryCellPhone: '', Address_line_2: '' });
    expect(await verifyPassword((await findUserById(t.app.db, user.userId))?.password_hash, FIXTURE_PASSWORD)).toBe(true);
  });

  it("answers 'Incorrect password' without verifyPassword, after a failed one, and once the 5 minutes are over", async () => {
    const user = await newCustomer();
    const body = async () => recordAsSentBack(user, { First_name: 'Mallory' });
    const incorrect = { errorcode: UPDATE_PROFILE_ERRORCODE.incorrectPassword, message: 'Incorrect password' };
    expect((await update(user.cookie, await body())).json()).toEqual(incorrect);

    expect((await verify(user, 'WrongPass1')).json().errorcode).toBe(0);
    expect((await update(user.cookie, await body())).json()).toEqual(incorrect);

    // A wrong password after a right one forgets the right one.
    expect((await verify(user)).json().errorcode).toBe(1);
    expect((await verify(user, 'WrongPass1')).json().errorcode).toBe(0);
    expect((await update(user.cookie, await body())).json()).toEqual(incorrect);

    expect((await verify(user)).json().errorcode).toBe(1);
    t.advance(REAUTHENTICATION_WINDOW_MS);
    expect((await update(user.cookie, await body())).json()).toEqual(incorrect);
    expect((await findUserById(t.app.db, user.userId))?.first_name).toBe('Casey');
  });

  it('re-authenticates only the session that verified, for 5 minutes', async () => {
    const user = await newCustomer();
    const { cookie: otherDevice } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    expect((await verify(user)).json().errorcode).toBe(1);
    const fromOther = await update(otherDevice, await recordAsSentBack(user, { City: 'Fremont' }));
    expect(fromOther.json().errorcode).toBe(UPDATE_PROFILE_ERRORCODE.incorrectPassword);
    t.advance(REAUTHENTICATION_WINDOW_MS - 1_000);
    expect((await update(user.cookie, await recordAsSentBack(user, { City: 'Fremont' }))).json().errorcode).toBe(1);
    expect((await update(user.cookie, await recordAsSentBack(user, { City: 'Hayward' }))).json().errorcode).toBe(1);
    expect((await findUserById(t.app.db, user.userId))?.city).toBe('Hayward');
  });

  it('a new e-mail saved this way still ends the other sessions and tells the old address; privileged fields stay', async () => {
    const user = await newCustomer({ credits: 4 });
    const { cookie: otherDevice } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    const before = (await mailsOf(t)).length;
    expect((await verify(user)).json().errorcode).toBe(1);
    const newEmail = `verified.${user.userId}@example.com`;
    const body = await recordAsSentBack(user, { Email: newEmail, credits: 999, role_id: ROLE.admin, Status: 2, membership: 3 });
    expect((await update(user.cookie, body)).json().errorcode).toBe(1);
    expect(await findUserById(t.app.db, user.userId)).toMatchObject({ email: newEmail, credits: 4, role_id: ROLE.customer, status: 1, membership: null });
    expect(await stillSignedIn(user.cookie, user.userId)).toBe(true);
    expect(await stillSignedIn(otherDevice, user.userId)).toBe(false);
    expect((await mailsOf(t)).slice(before).map((mail) => mail.to)).toEqual([user.email]);
  });

  it('sets the switches from Notification_method, or from emailChoose and messageChoose when sent', async () => {
    const user = await newCustomer();
    const method = async () => (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: user.userId }, user.cookie)).json().users[0].Notification_method;
    const save = (fields: Record<string, string | number>) => update(user.cookie, { user_id: user.userId, confirmPassword: FIXTURE_PASSWORD, ...fields });
    expect((await save({ Notification_method: 'Email,Text Message' })).json().errorcode).toBe(1);
    expect(await method()).toBe('Email,Text Message');
    expect((await save({ Notification_method: '' })).json().errorcode).toBe(1);
    expect(await method()).toBe('');
    expect((await save({ Notification_method: 'Email', messageChoose: 1 })).json().errorcode).toBe(1);
    expect(await method()).toBe('Email,Text Message');
    // Neither sent: as they were.
    expect((await save({ City: 'Alameda' })).json().errorcode).toBe(1);
    expect(await method()).toBe('Email,Text Message');
    const bad = await save({ Notification_method: 'Fax' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Notification_method: /);
  });

  it('a 400 names each bad field and its rule', async () => {
    const user = await newCustomer();
    const response = await update(user.cookie, { ...profileForm(user), City: 'x'.repeat(256), PinNo: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorcode: -400, message: `City: at most 255 characters; PinNo: ${PROFILE_MESSAGES.pin}` });
    const missing = await postForm(t.app, '/app/v1/verifyPassword', { userId: user.userId }, user.cookie);
    expect(missing.json()).toEqual({ errorcode: -400, message: 'password: required' });
  });
});

describe('getStates', () => {
  it('lists the US states and DC as code and name, without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/v1/getStates' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errorcode).toBe(0);
    expect(body.data).toHaveLength(US_STATES.length);
    expect(body.data).toContainEqual({ code: 'DC', name: 'District of Columbia' });
  });
});
