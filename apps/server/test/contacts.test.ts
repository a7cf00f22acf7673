import { ACCOUNT_CAPS, API_ERRORCODE, CONTACT_ERRORCODE, CONTACT_MESSAGES, LABEL_PURCHASE_ERRORCODE, MESSAGES } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contactRow, FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { signIn, useTestApp, useTestDatabase } from './helper.js';
import { LABEL_PAGE_ORDER } from './shipment-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });

const CONTACT = {
  name: 'Mom',
  firstName: 'Maria',
  lastName: 'Lopez',
  company: '',
  address1: '55 Elm St',
  address2: 'Apt 2',
  city: 'Portland',
  state: 'OR',
  country: 'USA',
  zipcode: '97201',
  email: 'maria@example.com',
  phone: '503-555-0199',
  residential: true,
};

function postJson(app: FastifyInstance, url: string, payload: object, cookie: string) {
  return app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as Record<string, unknown> });
}

async function newCustomer() {
  const user = await insertAccountUser(t.app.db);
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { ...user, cookie };
}

async function listOf(user: { userId: number; cookie: string }, page = 1, num = 10) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/app/v1/getUserShipmentAddress?userId=${user.userId}&page=${page}&num=${num}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as { errorcode: number; data: { total: number; list: Array<typeof CONTACT & { id: number }> } };
}

describe('My Contacts', () => {
  it('adds, lists newest first with the total, updates and deletes a contact', async () => {
    const user = await newCustomer();
    expect((await listOf(user)).data).toEqual({ total: 0, list: [] });

    const added = await postJson(t.app, '/app/v1/addUserShipmentAddress', { ...CONTACT, user_id: user.userId }, user.cookie);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ errorcode: CONTACT_ERRORCODE.ok, message: 'Add success' });
    t.advance(1000);
    await postJson(t.app, '/app/v1/addUserShipmentAddress', { ...CONTACT, name: 'Office', residential: false, user_id: user.userId }, user.cookie);

    const list = await listOf(user);
    expect(list.errorcode).toBe(0);
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((c) => c.name)).toEqual(['Office', 'Mom']);
    const mom = list.data.list[1]!;
    expect(mom).toEqual({ ...CONTACT, id: expect.any(Number) });
    expect(list.data.list[0]!.residential).toBe(false);
    expect(JSON.stringify(list)).not.toMatch(/user_id|created_at/);

    const paged = await listOf(user, 2, 1);
    expect(paged.data).toMatchObject({ total: 2, list: [expect.objectContaining({ name: 'Mom' })] });
    // A page past the end still says how many there are (PostgreSQL counts beside the page's rows).
    expect((await listOf(user, 5, 10)).data).toEqual({ total: 2, list: [] });

    const updated = await postJson(t.app, '/app/v1/updateUserShipmentAddress', { ...CONTACT, id: mom.id, city: 'Salem' }, user.cookie);
    expect(updated.json()).toEqual({ errorcode: CONTACT_ERRORCODE.ok, message: 'Update success' });
    expect((await listOf(user)).data.list.find((c) => c.id === mom.id)?.city).toBe('Salem');

    const deleted = await postJson(t.app, '/app/v1/deleteUserShipmentAddress', { id: mom.id }, user.cookie);
    expect(deleted.json()).toEqual({ errorcode: CONTACT_ERRORCODE.ok, message: 'Delete success' });
    expect((await listOf(user)).data.list.map((c) => c.name)).toEqual(['Office']);
  });

  it('strips punctuation from the names and trims the values, as the contract says', async () => {
    const user = await newCustomer();
    await postJson(
      t.app,
      '/app/v1/addUserShipmentAddress',
      { ...CONTACT, name: ' Mom!! ', firstName: 'Ma-ria', company: 'ACME, Inc.', city: '  Portland ', user_id: user.userId },
      user.cookie,
    );
    const [contact] = (await listOf(user)).data.list;
    expect(contact).toMatchObject({ name: 'Mom', firstName: 'Maria', company: 'ACME Inc', city: 'Portland' });
  });

  it('refuses invalid contacts with the contract messages and stores nothing', async () => {
    const user = await newCustomer();
    const cases: Array<[Partial<typeof CONTACT>, string]> = [
      [{ name: '  ' }, CONTACT_MESSAGES.nickname],
      [{ address1: '"  "' }, CONTACT_MESSAGES.address1],
      [{ city: '' }, CONTACT_MESSAGES.city],
      [{ state: '' }, CONTACT_MESSAGES.state],
      [{ country: ' ' }, CONTACT_MESSAGES.country],
      [{ phone: '' }, CONTACT_MESSAGES.phone],
      [{ phone: '555-0199' }, CONTACT_MESSAGES.format],
      [{ zipcode: '' }, CONTACT_MESSAGES.zip],
      [{ zipcode: '9720' }, CONTACT_MESSAGES.format],
      [{ email: 'not-an-email' }, CONTACT_MESSAGES.format],
      [{ firstName: 'x'.repeat(51) }, CONTACT_MESSAGES.tooLong],
    ];
    for (const [change, message] of cases) {
      const response = await postJson(t.app, '/app/v1/addUserShipmentAddress', { ...CONTACT, ...change, user_id: user.userId }, user.cookie);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      // The 400 names the field before its rule.
      expect(response.json()).toEqual({ errorcode: -400, message: `${Object.keys(change)[0]}: ${message}` });
    }
    expect((await listOf(user)).data.total).toBe(0);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/v1/getUserShipmentAddress?userId=1&page=1&num=10' });
    expect(response.statusCode).toBe(401);
  });

  it("a second user can neither read, change nor delete the first user's contacts", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    await postJson(t.app, '/app/v1/addUserShipmentAddress', { ...CONTACT, user_id: owner.userId }, owner.cookie);
    const [contact] = (await listOf(owner)).data.list;

    // The owner's id in the request: refused outright.
    const forgedList = await t.app.inject({
      method: 'GET',
      url: `/app/v1/getUserShipmentAddress?userId=${owner.userId}&page=1&num=10`,
      headers: { cookie: intruder.cookie },
    });
    expect(forgedList.statusCode).toBe(403);
    const forgedAdd = await postJson(t.app, '/app/v1/addUserShipmentAddress', { ...CONTACT, name: 'Planted', user_id: owner.userId }, intruder.cookie);
    expect(forgedAdd.statusCode).toBe(403);

    // The intruder's own list never shows it.
    expect((await listOf(intruder)).data).toEqual({ total: 0, list: [] });

    // The owner's contact id: answered exactly as a missing one, and nothing changes.
    const missing = await postJson(t.app, '/app/v1/updateUserShipmentAddress', { ...CONTACT, id: 999_999 }, intruder.cookie);
    const foreignUpdate = await postJson(t.app, '/app/v1/updateUserShipmentAddress', { ...CONTACT, id: contact!.id, city: 'Hacked' }, intruder.cookie);
    const foreignDelete = await postJson(t.app, '/app/v1/deleteUserShipmentAddress', { id: contact!.id }, intruder.cookie);
    const missingDelete = await postJson(t.app, '/app/v1/deleteUserShipmentAddress', { id: 999_999 }, intruder.cookie);
    for (const response of [missing, foreignUpdate, foreignDelete, missingDelete]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorcode: CONTACT_ERRORCODE.notFound, message: CONTACT_MESSAGES.notFound });
    }
    expect(foreignUpdate.body).toBe(missing.body);
    expect(foreignDelete.body).toBe(missingDelete.body);

    const after = await listOf(owner);
    expect(after.data.list).toEqual([contact]);
  });
});

describe('the cap on My Contacts (issue 18)', () => {
  /** A customer whose address book holds `count` contacts already. */
  async function customerWith(count: number) {
    const user = await newCustomer();
    const at = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const rows = Array.from({ length: count }, (_, i) =>
      contactRow(user.userId, { name: `Contact ${i}`, first_name: 'Pat', last_name: `Number${i}`, address1: `${i + 1} Elm St`, created_at: at, updated_at: at }),
    );
    for (let i = 0; i < rows.length; i += 250) await t.app.db.insertInto('contacts').values(rows.slice(i, i + 250)).execute();
    return user;
  }

  it(`refuses a contact past ${ACCOUNT_CAPS.contacts}, even 20 added at once, writing nothing; a change or a delete still works`, async () => {
    const user = await customerWith(ACCOUNT_CAPS.contacts - 1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postJson(t.app, '/app/v1/addUserShipmentAddress', { ...CONTACT, name: `Racer ${i}`, user_id: user.userId }, user.cookie)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json())).toEqual([{ errorcode: CONTACT_ERRORCODE.ok, message: 'Add success' }]);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ errorcode: API_ERRORCODE.limitReached, message: MESSAGES.contactsFull(ACCOUNT_CAPS.contacts) });
    }
    expect(MESSAGES.contactsFull(ACCOUNT_CAPS.contacts)).toBe('You have 1000 contacts, the most we keep. Delete some under My Contacts before adding another.');
    const full = await listOf(user, 1, 5);
    expect(full.data.total).toBe(ACCOUNT_CAPS.contacts);
    expect(full.data.list.filter((contact) => contact.name.startsWith('Racer'))).toHaveLength(1);

    const [newest] = full.data.list;
    const updated = await postJson(t.app, '/app/v1/updateUserShipmentAddress', { ...CONTACT, id: newest!.id, city: 'Salem' }, user.cookie);
    expect(updated.json()).toEqual({ errorcode: CONTACT_ERRORCODE.ok, message: 'Update success' });
    expect((await postJson(t.app, '/app/v1/deleteUserShipmentAddress', { id: newest!.id }, user.cookie)).json().errorcode).toBe(CONTACT_ERRORCODE.ok);
    expect((await postJson(t.app, '/app/v1/addUserShipmentAddress', { ...CONTACT, user_id: user.userId }, user.cookie)).statusCode).toBe(200);
    expect((await listOf(user)).data.total).toBe(ACCOUNT_CAPS.contacts);
  });

  it('the rates call with "save recipient" gives the rates when the book is full, saves nothing and says so', async () => {
    const user = await customerWith(ACCOUNT_CAPS.contacts);
    const rated = await postJson(t.app, '/app/v1/labelPurchase/rates', { ...LABEL_PAGE_ORDER, saveRecipient: true }, user.cookie);
    expect(rated.json(), rated.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok, data: { rates: expect.arrayContaining([expect.objectContaining({ carrier: 'USPS' })]) } });
    expect(rated.json().data.messages).toContain(`The recipient was not saved. ${MESSAGES.contactsFull(ACCOUNT_CAPS.contacts)}`);
    expect((await listOf(user)).data.total).toBe(ACCOUNT_CAPS.contacts);
  });
});
