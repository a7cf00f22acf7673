import {
  BOX_ID_MESSAGES,
  boxIdProblem,
  MESSAGES,
  REGISTER_ERRORCODE,
  REGISTRATION_MESSAGES as M,
  ROLE,
} from '@airbox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_ID_HOLDS_PER_NETWORK, BOX_ID_RESERVATION_MS } from '../src/modules/box-ids/box-ids.service.js';
import { buildTestApp, cookiesOf, linkIn, login, mailsOf, postForm, signIn, type TestApp, useTestApp, useTestDatabase } from './helper.js';
import { createDirectory, type Directory, freshBoxId, freshEmail, insertCode, insertTestUser } from './registration-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });
let d: Directory;

beforeAll(async () => {
  d = await createDirectory(t.app.db);
});

const PASSWORD = 'Welcome123';

/** A complete individual registration, as the wizard sends it, with a new e-mail and AirBox ID. */
function individual(overrides: Record<string, string | number> = {}): Record<string, string | number> {
  return {
    First_name: 'Robin',
    Last_name: 'Newcomer',
    Email: freshEmail(),
    Password: PASSWORD,
    Cell_phone_number: '4155550123',
    Home_phone_number: '',
    secondaryCellPhone: '415-555-0199',
    Email2: '',
    Address_line_1: '10 Mission St',
    Address_line_2: 'Apt 4',
    State_province_region: 'CA',
    City: 'San Francisco',
    Zip_code: '94110',
    Country: 'United States',
    BOXID: freshBoxId(),
    PinNo: '482915',
    lockerUUID: d.hubs.public.id,
    emailChoose: 1,
    messageChoose: 0,
    isHandicapped: 0,
    isCompany: 0,
    role_id: 5,
    Activation_code: '',
    business_company_id: '',
    unit_id: '',
    building_id: '',
    bc_id: '',
    bcm_user_id: '',
    ...overrides,
  };
}

/** An enterprise registration with the open role-15 code, picking Acme Widgets from the wizard. */
function enterprise(overrides: Record<string, string | number> = {}) {
  return individual({
    Activation_code: 'OPEN15',
    role_id: 15,
    ...d.placements.widgets,
    lockerUUID: d.hubs.north.id,
    ...overrides,
  });
}

/** regist_userInfo, with the cookies of the visitor's getBoxid answer when the id came from there. */
const register = (fields: Record<string, string | number>, cookie?: string) => postForm(t.app, '/app/v1/regist_userInfo', fields, cookie);

async function userByEmail(email: string) {
  return t.app.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** What a refusal must leave unchanged: users, code uses, reservations and the outbox. */
async function state() {
  const users = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const codes = await t.app.db.selectFrom('invitation_codes').select(['code', 'uses']).orderBy('code').execute();
  return { users: Number(users.n), codes, mails: (await mailsOf(t)).length };
}

async function expectRefusedWithoutTrace(fields: Record<string, string | number>, status: number, answer: { errorcode: number; message: string }) {
  const before = await state();
  const response = await register(fields);
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual(answer);
  expect(await state()).toEqual(before);
}

function activationCode(mail: Parameters<typeof linkIn>[0]) {
  return decodeURIComponent(linkIn(mail, 'http://localhost:8080/app/active/').split('/app/active/')[1]!.replace(/\/$/, ''));
}

describe('individual registration', () => {
  it('checks the zip, suggests an AirBox ID, registers, mails the link; activation then login works', async () => {
    expect((await postForm(t.app, '/app/v1/firstLogin', { zip_code: '94110' })).json()).toEqual({ errorcode: 1, message: M.validZip });
    const suggested = await postForm(t.app, '/app/v1/getBoxid', { phoneNumber: '415' });
    const BOXID = suggested.json().BOXID as string;
    expect(suggested.json()).toEqual({ errorcode: 0, message: 'success', BOXID: expect.stringMatching(/^415\d{4}$/) });

    const form = individual({ BOXID, Email: 'Robin.First@Example.com', First_name: 'Robin<script>', messageChoose: 1 });
    const before = (await mailsOf(t)).length;
    const response = await register(form, cookiesOf(suggested));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errorcode: 1, message: M.activationSent });

    const user = await userByEmail('robin.first@example.com');
    expect(user).toMatchObject({
      role_id: ROLE.customer,
      status: 0,
      box_id: BOXID,
      first_name: 'Robinscript',
      cell_phone: '415-555-0123',
      secondary_cell_phone: '415-555-0199',
      pin: '482915',
      locker_id: d.hubs.public.id,
      notify_by_email: 1,
      notify_by_text: 1,
      bcm_user_id: null,
      business_company_id: null,
      bc_id: null,
    });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    // The registration took the suggestion's reservation.
    expect(await t.app.db.selectFrom('box_id_reservations').selectAll().where('box_id', '=', BOXID).execute()).toEqual([]);

    const mails = (await mailsOf(t)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toContain('robin.first@example.com');
    expect(mails[0]?.text).toContain('24 hours');
    expect((await login(t.app, 'robin.first@example.com', PASSWORD)).body.message).toBe(MESSAGES.notActivated);

    const activated = await postForm(t.app, '/app/v1/userActivate', { activateCode: activationCode(mails[0]) });
    expect(activated.json()).toEqual({ errorcode: 1, message: MESSAGES.activated });
    const session = await signIn(t.app, 'Robin.First@example.com', PASSWORD);
    const profile = await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: session.userId }, session.cookie);
    expect(profile.json().users[0]).toMatchObject({ role_id: 5, Status: 1, BOXID, Notification_method: 'Email,Text Message' });
  });

  it.each([1, 10])('ignores role_id %i sent without an invitation code: the account is a customer (role 5)', async (role) => {
    const form = individual({ role_id: role });
    expect((await register(form)).json()).toEqual({ errorcode: 1, message: M.activationSent });
    expect((await userByEmail(String(form.Email)))?.role_id).toBe(ROLE.customer);
  });
});

describe('enterprise registration', () => {
  it('takes role and property manager from the code, the placement from the chosen company, and counts one use', async () => {
    const form = enterprise();
    const before = await state();
    expect((await register(form)).json()).toEqual({ errorcode: 1, message: M.activationSent });
    expect(await userByEmail(String(form.Email))).toMatchObject({ role_id: ROLE.companyUser, ...d.placements.widgets, community: 'Harbor Campus' });
    const after = await state();
    expect(after.codes.find((code) => code.code === 'OPEN15')?.uses).toBe(before.codes.find((code) => code.code === 'OPEN15')!.uses + 1);
    expect(after.users).toBe(before.users + 1);
  });

  it('accepts the code in any case and needs only the company id', async () => {
    const form = enterprise({ Activation_code: 'open15', unit_id: '', building_id: '', bc_id: '', bcm_user_id: '' });
    expect((await register(form)).json().errorcode).toBe(1);
    expect((await userByEmail(String(form.Email)))?.business_company_id).toBe(d.companies.widgets);
  });

  it('a code naming a company decides role and company whatever the request sends', async () => {
    const form = enterprise({ Activation_code: 'FIX16A', role_id: 15, ...d.placements.far, lockerUUID: d.hubs.south.id });
    expect((await register(form)).json()).toEqual({ errorcode: 1, message: M.activationSent });
    expect(await userByEmail(String(form.Email))).toMatchObject({ role_id: ROLE.companyEmployee, ...d.placements.south });
  });

  it('the role comes from the code even when the request asks for another one', async () => {
    const form = enterprise({ role_id: 16 });
    expect((await register(form)).json().errorcode).toBe(1);
    expect((await userByEmail(String(form.Email)))?.role_id).toBe(ROLE.companyUser);
  });
});

describe('refusals create nothing and leave the code uses unchanged', () => {
  it("refuses a taken e-mail, in any case, with 'Duplicated email!'", async () => {
    const first = individual();
    expect((await register(first)).json().errorcode).toBe(1);
    for (const Email of [String(first.Email), String(first.Email).toUpperCase()]) {
      await expectRefusedWithoutTrace(individual({ Email }), 200, { errorcode: 0, message: M.duplicatedEmail });
      await expectRefusedWithoutTrace(enterprise({ Email }), 200, { errorcode: 0, message: M.duplicatedEmail });
    }
  });

  it('refuses a weak password and a bad field with 400 and the rule', async () => {
    await expectRefusedWithoutTrace(individual({ Password: 'alllowercase1' }), 400, { errorcode: -400, message: M.password });
    await expectRefusedWithoutTrace(enterprise({ Password: 'Short1' }), 400, { errorcode: -400, message: M.password });
    await expectRefusedWithoutTrace(individual({ PinNo: '12345' }), 400, { errorcode: -400, message: `PinNo: ${M.pin}` });
    await expectRefusedWithoutTrace(individual({ Cell_phone_number: '415555' }), 400, { errorcode: -400, message: `Cell_phone_number: ${M.phone}` });
  });

  it('refuses reserved and continuous AirBox IDs with 400, and a taken one (user or company) with errorcode 0', async () => {
    await expectRefusedWithoutTrace(individual({ BOXID: '7777777' }), 400, { errorcode: -400, message: `BOXID: ${BOX_ID_MESSAGES.reserved}` });
    await expectRefusedWithoutTrace(individual({ BOXID: '3456789' }), 400, { errorcode: -400, message: `BOXID: ${BOX_ID_MESSAGES.continuous}` });
    const holder = individual();
    expect((await register(holder)).json().errorcode).toBe(1);
    await expectRefusedWithoutTrace(individual({ BOXID: holder.BOXID! }), 200, { errorcode: 0, message: M.boxIdTaken });
    await expectRefusedWithoutTrace(enterprise({ BOXID: holder.BOXID! }), 200, { errorcode: 0, message: M.boxIdTaken });
    await expectRefusedWithoutTrace(individual({ BOXID: '7305186' }), 200, { errorcode: 0, message: M.boxIdTaken });
  });

  it('refuses an unknown hub, and for enterprise a hub that does not serve the building', async () => {
    await expectRefusedWithoutTrace(individual({ lockerUUID: 'no-such-hub' }), 200, { errorcode: 0, message: M.hub });
    await expectRefusedWithoutTrace(enterprise({ lockerUUID: d.hubs.south.id }), 200, { errorcode: 0, message: M.hub });
  });

  it('refuses an invalid, expired or used-up invitation code', async () => {
    for (const Activation_code of ['NOPE99', 'EXPIRD', 'USEDUP', 'OPEN1']) {
      await expectRefusedWithoutTrace(enterprise({ Activation_code }), 200, { errorcode: 0, message: M.invalidInvitationCode });
    }
  });

  it('refuses a company role, or company ids, sent without a code', async () => {
    await expectRefusedWithoutTrace(individual({ role_id: 15 }), 200, { errorcode: 0, message: M.invalidInvitationCode });
    await expectRefusedWithoutTrace(individual({ role_id: 16 }), 200, { errorcode: 0, message: M.invalidInvitationCode });
    await expectRefusedWithoutTrace(enterprise({ Activation_code: '', role_id: 5 }), 200, { errorcode: 0, message: M.invalidInvitationCode });
    await expectRefusedWithoutTrace(individual({ bcm_user_id: d.manager }), 200, { errorcode: 0, message: M.invalidInvitationCode });
  });

  it("refuses a company outside the code's property manager, or campus ids that do not match the company", async () => {
    const outside = enterprise({
      business_company_id: d.companies.far,
      unit_id: '',
      building_id: '',
      bc_id: '',
      bcm_user_id: '',
      lockerUUID: d.hubs.other.id,
    });
    await expectRefusedWithoutTrace(outside, 200, { errorcode: 0, message: M.companyOutsideInvitation });
    await expectRefusedWithoutTrace(enterprise({ unit_id: d.units.n200 }), 200, { errorcode: 0, message: M.companyOutsideInvitation });
    await expectRefusedWithoutTrace(enterprise({ bc_id: d.campuses.elsewhere }), 200, { errorcode: 0, message: M.companyOutsideInvitation });
    await expectRefusedWithoutTrace(enterprise({ bcm_user_id: d.otherManager }), 200, { errorcode: 0, message: M.companyOutsideInvitation });
    await expectRefusedWithoutTrace(enterprise({ business_company_id: 999_999 }), 200, { errorcode: 0, message: M.companyOutsideInvitation });
    await expectRefusedWithoutTrace(enterprise({ business_company_id: '' }), 200, { errorcode: 0, message: M.company });
  });

  it('firstLogin answers 0 for a zip outside the service area and 400 for a malformed one', async () => {
    expect((await postForm(t.app, '/app/v1/firstLogin', { zip_code: '99999' })).json()).toEqual({ errorcode: 0, message: M.invalidZip });
    expect((await postForm(t.app, '/app/v1/firstLogin', { zip_code: '9411' })).statusCode).toBe(400);
  });
});

describe('races', () => {
  it('20 concurrent registrations for one AirBox ID create exactly one user', async () => {
    const BOXID = freshBoxId();
    const before = await state();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => register(index % 2 ? enterprise({ BOXID }) : individual({ BOXID }))),
    );
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.errorcode === REGISTER_ERRORCODE.created)).toHaveLength(1);
    expect(bodies.filter((body) => body.errorcode === REGISTER_ERRORCODE.refused && body.message === M.boxIdTaken)).toHaveLength(19);
    expect((await state()).users).toBe(before.users + 1);
    expect(await t.app.db.selectFrom('users').select('user_id').where('box_id', '=', BOXID).execute()).toHaveLength(1);
  });

  it('10 concurrent registrations with one e-mail create exactly one user', async () => {
    const Email = freshEmail('race');
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(individual({ Email }))));
    const codes = answers.map((answer) => answer.json());
    expect(codes.filter((body) => body.errorcode === REGISTER_ERRORCODE.created)).toHaveLength(1);
    expect(codes.filter((body) => body.message === M.duplicatedEmail)).toHaveLength(9);
  });

  it('a code with 3 uses left admits exactly 3 of 8 concurrent newcomers', async () => {
    await insertCode(t.app.db, { code: 'THREE3', bcm_user_id: d.manager, max_uses: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => register(enterprise({ Activation_code: 'THREE3' }))));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.errorcode === REGISTER_ERRORCODE.created)).toHaveLength(3);
    expect(bodies.filter((body) => body.message === M.invalidInvitationCode)).toHaveLength(5);
    const code = await t.app.db.selectFrom('invitation_codes').select('uses').where('code', '=', 'THREE3').executeTakeFirstOrThrow();
    expect(code.uses).toBe(3);
  });

  it('20 concurrent getBoxid calls hand out 20 different valid ids with the phone digits, each reserved', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => postForm(t.app, '/app/v1/getBoxid', { phoneNumber: '628' })));
    const ids = answers.map((answer) => answer.json().BOXID as string);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) {
      expect(id).toMatch(/^628\d{4}$/);
      expect(boxIdProblem(id)).toBeNull();
    }
    const reserved = await t.app.db.selectFrom('box_id_reservations').select('box_id').where('box_id', 'in', ids).execute();
    expect(reserved).toHaveLength(20);
  });
});

describe('getBoxid', () => {
  /** getBoxid from a client address, with the visitor cookie of an earlier answer when given. */
  const suggestFrom = (remoteAddress: string, phoneNumber: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/app/v1/getBoxid',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: `phoneNumber=${phoneNumber}`,
    });
  it('holds a suggested id for the visitor it was suggested to: registration refuses it to anyone else until the hold lapses', async () => {
    const suggested = await suggestFrom('198.51.100.10', '737');
    const BOXID = suggested.json().BOXID as string;
    const visitor = cookiesOf(suggested);
    expect(visitor).toMatch(/airbox_visitor=/);
    const other = cookiesOf(await suggestFrom('198.51.100.11', '737'));
    for (const cookie of [undefined, other]) {
      const refused = await register(individual({ BOXID }), cookie);
      expect(refused.json()).toEqual({ errorcode: 0, message: M.boxIdTaken });
    }
    const email = freshEmail('holder');
    expect((await register(individual({ BOXID, Email: email }), visitor)).json()).toEqual({ errorcode: 1, message: M.activationSent });
    expect((await userByEmail(email))?.box_id).toBe(BOXID);
  });

  it('lets anyone register with an id whose hold has lapsed', async () => {
    const BOXID = (await postForm(t.app, '/app/v1/getBoxid', { phoneNumber: '738' })).json().BOXID as string;
    t.advance(BOX_ID_RESERVATION_MS + 1000);
    expect((await register(individual({ BOXID }))).json()).toEqual({ errorcode: 1, message: M.activationSent });
  });

  it('puts a 1 before digits starting with 0, skips ids held by users, companies and reservations, and says when none is free', async () => {
    // Every valid id starting 1099 but two is reserved; one of the two belongs to a user.
    const candidates = Array.from({ length: 1000 }, (_, n) => `1099${String(n).padStart(3, '0')}`).filter((id) => boxIdProblem(id) === null);
    const [held, free, ...rest] = candidates;
    const later = new Date(t.config.clock().getTime() + BOX_ID_RESERVATION_MS).toISOString();
    await t.app.db.insertInto('box_id_reservations').values(rest.map((box_id) => ({ box_id, expires_at: later }))).execute();
    await insertTestUser(t.app.db, { email: freshEmail('holder'), box_id: held! });

    expect((await postForm(t.app, '/app/v1/getBoxid', { phoneNumber: '099' })).json()).toEqual({ errorcode: 0, message: 'success', BOXID: free });
    expect((await postForm(t.app, '/app/v1/getBoxid', { phoneNumber: '099' })).json()).toEqual({ errorcode: -1, message: M.noFreeBoxId });

    // After 30 minutes the reservations lapse and the ids are offered again.
    t.advance(BOX_ID_RESERVATION_MS + 1000);
    const again = (await postForm(t.app, '/app/v1/getBoxid', { phoneNumber: '099' })).json();
    expect(again.BOXID).toMatch(/^1099\d{3}$/);
    expect(again.BOXID).not.toBe(held);
  });

  const held = async (ids: string[]) =>
    (await t.app.db.selectFrom('box_id_reservations').select('box_id').where('box_id', 'in', ids).where('expires_at', '>', t.config.clock().toISOString()).execute())
      .map((row) => row.box_id)
      .sort();

  it('holds one id per visitor: a new suggestion (a new phone) releases the one before, which anyone may then register', async () => {
    const first = await suggestFrom('198.51.100.20', '737');
    const visitor = cookiesOf(first);
    t.advance(1000);
    const second = await suggestFrom('198.51.100.20', '415', visitor);
    const [firstId, secondId] = [first.json().BOXID as string, second.json().BOXID as string];
    expect(secondId).toMatch(/^415\d{4}$/);
    expect(await held([firstId, secondId])).toEqual([secondId]);
    expect((await register(individual({ BOXID: firstId }))).json()).toEqual({ errorcode: 1, message: M.activationSent });
    expect((await register(individual({ BOXID: secondId }))).json()).toEqual({ errorcode: 0, message: M.boxIdTaken });
  });

  it(`holds at most ${BOX_ID_HOLDS_PER_NETWORK} ids per client network (an IPv6 /64 is one): the next releases the oldest, other networks keep theirs`, async () => {
    const ids: string[] = [];
    for (let n = 0; n <= BOX_ID_HOLDS_PER_NETWORK; n += 1) {
      // A client that drops its cookie each call, from addresses of one /64.
      const answer = await suggestFrom(`2001:db8:7:7::${(n + 1).toString(16)}`, '512');
      ids.push(answer.json().BOXID as string);
      t.advance(1000);
    }
    const neighbour = (await suggestFrom('2001:db8:7:8::1', '512')).json().BOXID as string;
    expect(new Set(ids).size).toBe(BOX_ID_HOLDS_PER_NETWORK + 1);
    expect(await held([...ids, neighbour])).toEqual([...ids.slice(1), neighbour].sort());
    // The released id goes to whoever registers it first.
    expect((await register(individual({ BOXID: ids[0]! }))).json()).toEqual({ errorcode: 1, message: M.activationSent });
  });

  it('refuses anything but 3 digits with 400', async () => {
    for (const phoneNumber of ['41', '4155', 'abc']) {
      expect((await postForm(t.app, '/app/v1/getBoxid', { phoneNumber })).statusCode).toBe(400);
    }
  });
});

describe('businessCampus/verifyCode', () => {
  const verify = (code: string) => t.app.inject({ method: 'GET', url: `/app/v1/businessCampus/verifyCode?code=${code}` });

  it("answers 1 with the property manager's company and the role, in any case", async () => {
    for (const code of ['OPEN15', 'open15']) {
      expect((await verify(code)).json()).toEqual({
        errorcode: 1,
        message: 'success',
        data: [{ bcm_company_name: 'Harbor Properties', bcm_user_id: d.manager, role_id: 15 }],
      });
    }
    expect((await verify('FIX16A')).json().data).toEqual([{ bcm_company_name: 'Southside Studio', bcm_user_id: d.manager, role_id: 16 }]);
  });

  it('answers -1 for an unknown, expired or used-up code, and 400 for a malformed one', async () => {
    for (const code of ['NOPE99', 'EXPIRD', 'USEDUP']) {
      expect((await verify(code)).json()).toEqual({ errorcode: -1, message: M.invalidInvitationCode, data: [] });
    }
    expect((await verify('AB%2FC12')).statusCode).toBe(400);
  });
});

describe('campus directory and lockers', () => {
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('campus/list lists every campus by name without its manager', async () => {
    expect(await get('/app/v1/businessCampus/campus/list')).toEqual({
      errorcode: 0,
      message: 'success',
      data: [
        { bc_id: d.campuses.elsewhere, bc_name: 'Elsewhere Campus', address1: '1 Far Rd', address2: '', city: 'New York', state: 'NY', zip_code: '10001' },
        { bc_id: d.campuses.harbor, bc_name: 'Harbor Campus', address1: '500 Harbor Way', address2: 'Gate 2', city: 'San Francisco', state: 'CA', zip_code: '94110' },
      ],
    });
  });

  it('building/list and unit/list list a campus, a building', async () => {
    expect((await get(`/app/v1/businessCampus/building/list?bc_id=${d.campuses.harbor}`)).data).toEqual([
      { building_id: d.buildings.north, building_name: 'North' },
      { building_id: d.buildings.south, building_name: 'South' },
    ]);
    expect((await get('/app/v1/businessCampus/building/list?bc_id=999999')).data).toEqual([]);
    expect((await get(`/app/v1/businessCampus/unit/list?building_id=${d.buildings.north}&size=500`)).data).toEqual({
      total: 3,
      list: [
        { unit_id: d.units.n100, unit_name: 'Suite 100' },
        { unit_id: d.units.n200, unit_name: 'Suite 200' },
        { unit_id: d.units.n300, unit_name: 'Suite 300' },
      ],
    });
    expect((await get(`/app/v1/businessCampus/unit/list?building_id=${d.buildings.north}&size=2`)).data.list).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: '/app/v1/businessCampus/unit/list' })).statusCode).toBe(400);
  });

  it("company/info gives a company's campus, building, unit and name", async () => {
    expect(await get(`/app/v1/businessCampus/company/info?company_id=${d.companies.south}`)).toEqual({
      errorcode: 0,
      message: 'success',
      data: [
        {
          bc_id: d.campuses.harbor,
          building_id: d.buildings.south,
          unit_id: d.units.s10,
          bc_name: 'Harbor Campus',
          building_name: 'South',
          unit_name: 'Suite 10',
          company_name: 'Southside Studio',
        },
      ],
    });
    expect((await get('/app/v1/businessCampus/company/info?company_id=999999')).data).toEqual([]);
  });

  it('company/list searches by name (any case, % literal), AirBox ID, property manager or unit; size limits, total counts', async () => {
    const list = (query: string) => get(`/app/v1/businessCampus/company/list?${query}`);
    const acme = await list('company_name=ACME&size=10');
    expect(acme.data).toEqual({
      total: 3,
      list: [
        { company_id: d.companies.far, company_name: 'Acme Elsewhere', airbox_id: '7305190' },
        { company_id: d.companies.gadgets, company_name: 'acme Gadgets', airbox_id: '7305187' },
        { company_id: d.companies.widgets, company_name: 'Acme Widgets', airbox_id: '7305186' },
      ],
    });
    expect((await list('company_name=acme&size=2')).data).toMatchObject({ total: 3, list: [{ company_name: 'Acme Elsewhere' }, { company_name: 'acme Gadgets' }] });
    expect((await list('company_name=0%25')).data.list.map((c: { company_name: string }) => c.company_name)).toEqual(['100% Organic']);
    expect((await list('company_name=a_m')).data.total).toBe(0);
    expect((await list('airbox_id=7305189')).data).toEqual({
      total: 1,
      list: [{ company_id: d.companies.south, company_name: 'Southside Studio', airbox_id: '7305189' }],
    });
    expect((await list(`bcm_user_id=${d.manager}&size=500`)).data.total).toBe(4);
    expect((await list(`bcm_user_id=${d.otherManager}`)).data.list).toEqual([expect.objectContaining({ company_name: 'Acme Elsewhere' })]);
    expect((await list(`unit_id=${d.units.n100}&size=500`)).data.list.map((c: { company_id: number }) => c.company_id)).toEqual([
      d.companies.gadgets,
      d.companies.widgets,
    ]);
    expect((await list(`company_name=acme&bcm_user_id=${d.manager}`)).data.total).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/app/v1/businessCampus/company/list?airbox_id=12345' })).statusCode).toBe(400);
  });

  it("getLockerInfoByBuilding lists a building's hubs; getLockerInfoByMode every complete hub, nulls as ''", async () => {
    const byBuilding = await get(`/app/v1/getLockerInfoByBuilding?business_building_id=${d.buildings.north}`);
    expect(byBuilding).toEqual({
      errorcode: 0,
      message: 'success',
      locker_info: [
        { id: d.hubs.north.id, business_name: 'Harbor North Lockers', address: '1 Test St', city: 'San Francisco', state: 'CA', zip_code: '94110', location: '37.7,-122.4' },
        { id: d.hubs.public.id, business_name: 'Public Library Lockers', address: '1 Test St', city: 'San Francisco', state: 'CA', zip_code: '94103', location: '37.7,-122.4' },
      ],
    });
    const all = (await get('/app/v1/getLockerInfoByMode')).locker_info as { id: string; location: string }[];
    expect(all.map((hub) => hub.id).sort()).toEqual([d.hubs.north.id, d.hubs.south.id, d.hubs.public.id, d.hubs.other.id].sort());
    expect(all.find((hub) => hub.id === d.hubs.south.id)?.location).toBe('');
  });
});

describe('throttling per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp(database.url(), { seedDemoData: false, authRateLimitPerMinute: 2 });
  });
  afterAll(async () => {
    await limited.close();
  });

  const statuses = async (count: number, call: () => Promise<{ statusCode: number }>) => {
    const codes: number[] = [];
    for (let i = 0; i < count; i += 1) codes.push((await call()).statusCode);
    return codes;
  };

  it('limits verifyCode and regist_userInfo like sign-in, and the directory (company, campus, building, unit and locker lists) and getBoxid at 6 times that', async () => {
    const remoteAddress = '10.9.9.9';
    expect(await statuses(3, () => limited.app.inject({ method: 'GET', url: '/app/v1/businessCampus/verifyCode?code=OPEN15', remoteAddress }))).toEqual([200, 200, 429]);
    const form = new URLSearchParams(Object.entries(individual()).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(await statuses(3, () => limited.app.inject({ method: 'POST', url: '/app/v1/regist_userInfo', remoteAddress, headers, payload: form }))).toEqual([200, 200, 429]);
    const search = await statuses(13, () => limited.app.inject({ method: 'GET', url: '/app/v1/businessCampus/company/list?company_name=acme', remoteAddress }));
    expect(search).toEqual([...Array<number>(12).fill(200), 429]);
    const boxIds = await statuses(13, () => limited.app.inject({ method: 'POST', url: '/app/v1/getBoxid', remoteAddress, headers, payload: 'phoneNumber=415' }));
    expect(boxIds.at(-1)).toBe(429);
    // The rest of the directory likewise (companies are numbered, units come 500 a call).
    for (const url of [
      '/app/v1/businessCampus/company/info?company_id=1',
      '/app/v1/businessCampus/campus/list',
      '/app/v1/businessCampus/building/list?bc_id=1',
      '/app/v1/businessCampus/unit/list?building_id=1',
      '/app/v1/getLockerInfoByBuilding?business_building_id=1',
      '/app/v1/getLockerInfoByMode?zip_code=94103',
    ]) {
      expect(await statuses(13, () => limited.app.inject({ method: 'GET', url, remoteAddress })), url).toEqual([...Array<number>(12).fill(200), 429]);
    }
    // Another address is not affected.
    expect((await limited.app.inject({ method: 'GET', url: '/app/v1/businessCampus/verifyCode?code=OPEN15', remoteAddress: '10.9.9.8' })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: its other addresses share the count, the next /64 has its own', async () => {
    const verify = (remoteAddress: string) => limited.app.inject({ method: 'GET', url: '/app/v1/businessCampus/verifyCode?code=OPEN15', remoteAddress });
    expect((await verify('2001:db8:5:6::1')).statusCode).toBe(200);
    expect((await verify('2001:db8:5:6:aaaa::2')).statusCode).toBe(200);
    expect((await verify('2001:0db8:0005:0006:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await verify('2001:db8:5:7::1')).statusCode).toBe(200);
  });
});
