import { ACCOUNT_CAPS, API_ERRORCODE, LABEL_PURCHASE_ERRORCODE, MESSAGES, OPENAPI_CODE, ROLE, SHIPMENT_MESSAGES, saveOrderForLaterCall } from '@airbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEEP_RATE_DRAFTS_MS } from '../src/jobs/clean-up.job.js';
import { insertCompany, insertUnit } from '../src/modules/campuses/campuses.repository.js';
import { insertContact } from '../src/modules/contacts/contacts.repository.js';
import { listSavedOrders } from '../src/modules/saved-orders/saved-orders.repository.js';
import { saveOrderForLater } from '../src/modules/saved-orders/saved-orders.service.js';
import { isCarriersSimulator } from '../src/providers/carriers/simulator-carriers-provider.js';
import { contactRow, FIXTURE_PASSWORD, insertAccountUser, insertHubsAndBuilding } from './account-fixtures.js';
import { postForm, signIn, useTestApp, useTestDatabase } from './helper.js';
import { insertSavedOrder, LABEL_PAGE_ORDER } from './shipment-fixtures.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });

interface Customer {
  userId: number;
  cookie: string;
}

async function newCustomer(fields: Parameters<typeof insertAccountUser>[1] = {}): Promise<Customer> {
  const user = await insertAccountUser(t.app.db, fields);
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { userId: user.userId, cookie };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function get(customer: Customer, path: string, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `${path}?${params}`, headers: { cookie: customer.cookie } });
}

const ordersOf = async (customer: Customer, id?: number) => {
  const response = await get(customer, '/openapi/easyPost/getOrderForLater', { userId: customer.userId, ...(id ? { id } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const deleteOrder = (customer: Customer, id: number) =>
  t.app.inject({ method: 'POST', url: '/openapi/easyPost/deleteOrderForLater', headers: { cookie: customer.cookie }, payload: { id } });

describe('Orders In Progress', () => {
  let owner: Customer;
  let other: Customer;
  let older: number;
  let newer: number;

  beforeAll(async () => {
    owner = await newCustomer();
    other = await newCustomer();
    older = await insertSavedOrder(t.app.db, owner.userId, { created_at: minutesAgo(30), comments: 'Books for Sam', insured_value_cents: 2_550, weight_oz: 36, to_residential: 1 });
    newer = await insertSavedOrder(t.app.db, owner.userId, { created_at: minutesAgo(5), to_phone: '' });
  });

  it('lists the owner’s orders newest first, in the spec’s fields', async () => {
    const body = await ordersOf(owner);
    expect(body).toMatchObject({ code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, message: 'success' });
    expect(body.data.map((order: { id: number }) => order.id)).toEqual([newer, older]);
    expect(body.data[1]).toEqual({
      id: older,
      createtime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      length: 12,
      width: 10,
      height: 6,
      weight: 36,
      predefinedPackage: null,
      fromfirstname: 'Casey',
      fromlastname: 'Customer',
      fromcompany: '',
      fromaddress1: '1 Main St',
      fromaddress2: 'Apt 2',
      fromcity: 'San Francisco',
      fromstate: 'CA',
      fromzipcode: '94105',
      fromphone: '415-555-0101',
      tofirstname: 'Maria',
      tolastname: 'Lopez',
      tocompany: '',
      toaddress1: '55 Elm St',
      toaddress2: '',
      tocity: 'Portland',
      tostate: 'OR',
      tozipcode: '97201',
      tophone: '503-555-0199',
      comments: 'Books for Sam',
      fromemail: 'casey@example.com',
      toemail: 'maria@example.com',
      toresidential: true,
      insuredValue: '25.50',
      // Issue 25 item 3: both sides at home, no declaration.
      fromcountry: 'US',
      tocountry: 'US',
      customs: null,
    });
  });

  it('answers one order by id, and nothing for another’s id', async () => {
    expect((await ordersOf(owner, older)).data.map((order: { id: number }) => order.id)).toEqual([older]);
    expect((await ordersOf(other, older)).data).toEqual([]);
    expect((await ordersOf(other)).data).toEqual([]);
    const forged = await get(owner, '/openapi/easyPost/getOrderForLater', { userId: other.userId });
    expect(forged.statusCode).toBe(403);
  });

  it('deletes the owner’s order once; another’s id is refused and the order stays', async () => {
    const refused = await deleteOrder(other, newer);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ code: OPENAPI_CODE.error, errorcode: OPENAPI_CODE.error, message: 'This order in progress does not exist.' });
    expect((await ordersOf(owner)).data).toHaveLength(2);

    expect((await deleteOrder(owner, newer)).json()).toEqual({ code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, message: 'success' });
    expect((await ordersOf(owner)).data.map((order: { id: number }) => order.id)).toEqual([older]);
    expect((await deleteOrder(owner, newer)).json().code).toBe(OPENAPI_CODE.error);
    expect((await deleteOrder(owner, 0)).statusCode).toBe(400);
  });

  it('saveOrderForLater keeps the page’s fields, then updates the same order; another’s id writes nothing', async () => {
    const deps = { db: t.app.db, config: t.app.config };
    const input = saveOrderForLaterCall.request.parse({
      from: { firstName: 'Casey', lastName: 'Customer', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101' },
      to: { company: 'Bayview Robotics', address1: '1800 Owens St', city: 'San Francisco', state: 'CA', residential: 0 },
      parcel: { length: '8', width: 6, height: 4, weightLb: 2, weightOz: 4.5 },
      insuredValue: '120.5',
      comments: '  gift   wrap ',
    });
    const id = await saveOrderForLater(deps, owner.userId, input);
    expect(id).toEqual(expect.any(Number));
    const [saved] = await listSavedOrders(t.app.db, owner.userId, id);
    expect(saved).toMatchObject({
      length_in: 8,
      width_in: 6,
      height_in: 4,
      weight_oz: 36.5,
      insured_value_cents: 12_050,
      comments: 'gift wrap',
      from_first_name: 'Casey',
      to_company: 'Bayview Robotics',
      to_phone: '',
      to_residential: 0,
    });

    expect(await saveOrderForLater(deps, owner.userId, { ...input, id, comments: 'ready to rate' })).toBe(id);
    expect((await listSavedOrders(t.app.db, owner.userId, id))[0]?.comments).toBe('ready to rate');
    expect(await saveOrderForLater(deps, other.userId, { ...input, id, comments: 'hijacked' })).toBeUndefined();
    expect((await listSavedOrders(t.app.db, owner.userId, id))[0]?.comments).toBe('ready to rate');
    expect(await listSavedOrders(t.app.db, other.userId)).toEqual([]);
  });
});

describe('validateAddress', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await newCustomer();
  });

  const validate = (fields: Record<string, string>) => postForm(t.app, '/openapi/easyPost/validateAddress', fields, customer.cookie);

  it('answers result 1 with an address id for a deliverable address', async () => {
    const response = await validate({ street1: '1800 Owens St', street2: 'Suite 100', city: 'San Francisco', state: 'CA', zip: '94158', country: 'US', name: 'Jordan Lee' });
    expect(response.json()).toEqual({
      code: OPENAPI_CODE.ok,
      errorcode: OPENAPI_CODE.ok,
      message: 'success',
      data: { result: 1, addrId: expect.stringMatching(/\S/), suggestion: null, reasons: [] },
    });
  });

  it('gives the carrier’s spelling as a suggestion when it corrected the address', async () => {
    const response = await validate({ street1: '1800 owens st', city: 'san francisco', state: 'CA', zip: '94158' });
    const body = response.json();
    expect(body.data).toMatchObject({ result: 1, suggestion: { street1: '1800 Owens St', street2: '', city: 'San Francisco', state: 'CA', zip: '94158' } });
    expect(body.data.reasons.length).toBeGreaterThan(0);
  });

  it('answers result 0 with "Unable to verify address!" and the reasons for an undeliverable one', async () => {
    const response = await validate({ street1: 'Main St', city: 'Nowhere', state: 'CA', zip: '00000' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: OPENAPI_CODE.ok,
      errorcode: OPENAPI_CODE.ok,
      message: 'Unable to verify address!',
      data: { result: 0, addrId: '', suggestion: null, reasons: expect.arrayContaining(['Street address needs a house number']) },
    });
  });

  it('answers 503 "Service exception!" when the carrier service fails', async () => {
    if (!isCarriersSimulator(t.app.carriers)) throw new Error('the tests run on the carriers simulator');
    t.app.carriers.failNext('verifyAddress', 'UNAVAILABLE');
    const response = await validate({ street1: '1800 Owens St', city: 'San Francisco', state: 'CA', zip: '94158' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ errorcode: OPENAPI_CODE.error, message: SHIPMENT_MESSAGES.serviceException });
  });

  it('names a bad field, and needs a session', async () => {
    const bad = await validate({ street1: '', city: 'San Francisco', state: 'CA', zip: '9415' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/street1: .*zip: Enter the correct format/);
    const anonymous = await postForm(t.app, '/openapi/easyPost/validateAddress', { street1: '1 Main St', city: 'SF', state: 'CA', zip: '94105' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('getUserShipmentAddress (contact search) and getMyAddress', () => {
  let owner: Customer;
  let other: Customer;

  beforeAll(async () => {
    owner = await newCustomer();
    other = await newCustomer();
    await insertContact(t.app.db, contactRow(owner.userId, { name: 'Mom', first_name: 'Maria', last_name: 'Demo', phone: '503-555-0142' }));
    await insertContact(t.app.db, contactRow(owner.userId, { name: 'Office', company: 'Bayview Robotics', city: 'San Francisco', state: 'CA', address1: '1800 Owens St', phone: '(415) 555-0190' }));
    await insertContact(t.app.db, contactRow(owner.userId, { name: 'Gym', address1: '1530 Broadway', city: 'Seattle', state: 'WA' }));
    await insertContact(t.app.db, contactRow(other.userId, { name: 'Mom', first_name: 'Other', last_name: 'Mother', company: 'Bayview Robotics' }));
  });

  const search = async (customer: Customer, query: Record<string, string | number>) => {
    const response = await get(customer, '/openapi/easyPost/getUserShipmentAddress', { userId: customer.userId, ...query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const names = (body: { data: { name: string }[] }) => body.data.map((contact) => contact.name);

  it('finds the owner’s contacts by nickname, name, company, street, city or phone', async () => {
    const all = await search(owner, { page: 1, size: 10 });
    expect(all).toMatchObject({ code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, total: 3 });
    expect(names(all)).toEqual(['Gym', 'Mom', 'Office']);
    expect(all.data[1]).toMatchObject({ name: 'Mom', firstName: 'Maria', lastName: 'Demo', phone: '503-555-0142', residential: false });
    expect(names(await search(owner, { search: 'maria' }))).toEqual(['Mom']);
    expect(names(await search(owner, { search: 'DEMO' }))).toEqual(['Mom']);
    expect(names(await search(owner, { search: 'bayview' }))).toEqual(['Office']);
    expect(names(await search(owner, { search: 'owens' }))).toEqual(['Office']);
    expect(names(await search(owner, { search: 'seattle' }))).toEqual(['Gym']);
    expect(names(await search(owner, { search: '4155550190' }))).toEqual(['Office']);
    // Special characters are stripped (spec 03 §5): '(415) 555-0190' searches 415 5550190.
    expect(names(await search(owner, { search: '(415) 555-0190' }))).toEqual(['Office']);
    expect(names(await search(owner, { search: '%' }))).toEqual(['Gym', 'Mom', 'Office']);
    expect((await search(owner, { search: 'nobody' })).total).toBe(0);
  });

  it('pages with page and size, the total unchanged; another customer sees only theirs', async () => {
    const second = await search(owner, { page: 2, size: 2 });
    expect(second.total).toBe(3);
    expect(names(second)).toEqual(['Office']);
    const theirs = await search(other, { search: 'bayview' });
    expect(theirs.total).toBe(1);
    expect(theirs.data[0].firstName).toBe('Other');
    expect((await get(owner, '/openapi/easyPost/getUserShipmentAddress', { userId: other.userId })).statusCode).toBe(403);
  });

  it('getMyAddress answers the customer’s own address, then their hub with the AirBox ID', async () => {
    const hubs = await insertHubsAndBuilding(t.app.db);
    const user = await insertAccountUser(t.app.db, { locker_id: hubs.otherHub, address_line_2: 'Apt 4', cell_phone: '415-555-0111' });
    const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
    const hub = await t.app.db.selectFrom('hubs').selectAll().where('id', '=', hubs.otherHub).executeTakeFirstOrThrow();
    const response = await get({ userId: user.userId, cookie }, '/openapi/easyPost/getMyAddress', { userId: user.userId });
    expect(response.json()).toEqual({
      code: OPENAPI_CODE.ok,
      errorcode: OPENAPI_CODE.ok,
      message: 'success',
      data: [
        { kind: 'home', firstName: 'Casey', lastName: 'Customer', company: '', address1: '1 Main St', address2: 'Apt 4', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0111', email: user.email, hours: '' },
        { kind: 'hub', firstName: 'Casey', lastName: 'Customer', company: hub.business_name, address1: hub.address, address2: `#${user.boxId}`, city: hub.city, state: hub.state, zipcode: hub.zip_code, phone: '415-555-0111', email: user.email, hours: hub.hours },
      ],
    });
  });

  it('getMyAddress: a company user’s address carries the company’s name; no hub, no second address', async () => {
    const hubs = await insertHubsAndBuilding(t.app.db);
    const unitId = await insertUnit(t.app.db, { building_id: hubs.buildingId, unit_name: 'Suite 9' });
    const companyId = await insertCompany(t.app.db, { unit_id: unitId, company_name: 'Zilker Health', airbox_id: '5126047' });
    const companyUser = await newCustomer({ role_id: ROLE.companyUser, business_company_id: companyId, unit_id: unitId, building_id: hubs.buildingId, locker_id: null });
    const body = (await get(companyUser, '/openapi/easyPost/getMyAddress', { userId: companyUser.userId })).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ kind: 'home', company: 'Zilker Health' });
    // A customer (role 5) with a company id does not get it.
    const customer = await newCustomer({ business_company_id: companyId, locker_id: null });
    expect((await get(customer, '/openapi/easyPost/getMyAddress', { userId: customer.userId })).json().data[0].company).toBe('');
    expect((await get(customer, '/openapi/easyPost/getMyAddress', { userId: companyUser.userId })).statusCode).toBe(403);
  });
});

const post = (customer: Customer, path: string, payload: object) => t.app.inject({ method: 'POST', url: path, headers: { cookie: customer.cookie }, payload });
const saveForLater = (customer: Customer, payload: object = LABEL_PAGE_ORDER) => post(customer, '/openapi/easyPost/saveOrderForLater', payload);
const savedCount = async (customer: Customer) =>
  Number((await t.app.db.selectFrom('saved_orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', customer.userId).executeTakeFirstOrThrow()).n);

describe('the cap on Orders In Progress (issue 18)', () => {
  it(`refuses a new order past ${ACCOUNT_CAPS.savedOrders}, even 20 saves at once, writing nothing; an update, or a save after a delete, still works`, async () => {
    const customer = await newCustomer();
    for (let i = 1; i < ACCOUNT_CAPS.savedOrders; i += 1) await insertSavedOrder(t.app.db, customer.userId, { created_at: minutesAgo(60 + i) });

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => saveForLater(customer, { ...LABEL_PAGE_ORDER, comments: `try ${i}` })));
    const kept = answers.filter((answer) => answer.statusCode === 200);
    expect(kept).toHaveLength(1);
    const { data } = kept[0]!.json();
    expect(kept[0]!.json()).toEqual({ code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, message: SHIPMENT_MESSAGES.successBang, data: { id: expect.any(Number) } });
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ errorcode: API_ERRORCODE.limitReached, message: MESSAGES.savedOrdersFull(ACCOUNT_CAPS.savedOrders) });
    }
    expect(MESSAGES.savedOrdersFull(ACCOUNT_CAPS.savedOrders)).toBe(
      'You have 200 saved orders, the most we keep. Delete some under My Shipments → Orders In Progress before saving another.',
    );
    const listed = await ordersOf(customer);
    expect(listed.data).toHaveLength(ACCOUNT_CAPS.savedOrders);
    expect(listed.data[0].id).toBe(data.id);
    expect(await savedCount(customer)).toBe(ACCOUNT_CAPS.savedOrders);

    // At the cap, the customer still changes an order they keep, and saves a new one once they deleted one.
    const updated = await saveForLater(customer, { ...LABEL_PAGE_ORDER, id: data.id, comments: 'ready to rate' });
    expect(updated.json()).toMatchObject({ code: OPENAPI_CODE.ok, data: { id: data.id } });
    expect((await saveForLater(customer)).statusCode).toBe(409);
    expect((await deleteOrder(customer, listed.data.at(-1).id)).json().code).toBe(OPENAPI_CODE.ok);
    expect((await saveForLater(customer)).json()).toMatchObject({ code: OPENAPI_CODE.ok });
    expect(await savedCount(customer)).toBe(ACCOUNT_CAPS.savedOrders);

    // Another customer is not touched by this one's cap.
    expect((await saveForLater(await newCustomer())).json()).toMatchObject({ code: OPENAPI_CODE.ok });
  });

  it(`getOrderForLater answers at most ${ACCOUNT_CAPS.savedOrders} orders, the newest, for an account that kept more before the cap`, async () => {
    const customer = await newCustomer();
    const extra = 50;
    const ids: number[] = [];
    for (let i = 0; i < ACCOUNT_CAPS.savedOrders + extra; i += 1) ids.push(await insertSavedOrder(t.app.db, customer.userId, { created_at: minutesAgo(1000 - i) }));
    const listed = await ordersOf(customer);
    expect(listed.data.map((order: { id: number }) => order.id)).toEqual(ids.slice(extra).reverse());
  });
});

describe('the clean-up of label drafts (issue 18)', () => {
  // Last in this file: it moves the clock a day on.
  it('forgets a rates call’s draft nobody paid for after a day; a draft being paid for and Orders In Progress stay', async () => {
    const customer = await newCustomer();
    const rate = async () => {
      const response = await post(customer, '/app/v1/labelPurchase/rates', LABEL_PAGE_ORDER);
      expect(response.json(), response.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.ok });
      return response.json().data as { draftId: number; rates: { rateId: string }[] };
    };
    const unpaid = await rate();
    const paying = await rate();
    const bought = await post(customer, '/app/v1/labelPurchase/buy', { draftId: paying.draftId, rateId: paying.rates[0]!.rateId });
    expect(bought.json(), bought.body).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.redirect });
    const saved = (await saveForLater(customer)).json().data.id as number;
    const shipments = async () =>
      (await t.app.db.selectFrom('shipments').select(['id', 'state']).where('user_id', '=', customer.userId).orderBy('id').execute()).map((row) => row.id);
    expect(await shipments()).toEqual([unpaid.draftId, paying.draftId]);

    t.advance(KEEP_RATE_DRAFTS_MS - 60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await shipments()).toEqual([unpaid.draftId, paying.draftId]);
    t.advance(2 * 60 * 60 * 1000);
    await t.app.jobs.drain();
    expect(await shipments()).toEqual([paying.draftId]);
    expect(await t.app.db.selectFrom('saved_orders').select('id').where('id', '=', saved).execute()).toHaveLength(1);

    // The page that still holds the old draft is told its rates expired, and rates again.
    const { cookie } = await signIn(t.app, (await t.app.db.selectFrom('users').select('email').where('user_id', '=', customer.userId).executeTakeFirstOrThrow()).email, FIXTURE_PASSWORD);
    const late = await post({ ...customer, cookie }, '/app/v1/labelPurchase/buy', { draftId: unpaid.draftId, rateId: unpaid.rates[0]!.rateId });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorcode: LABEL_PURCHASE_ERRORCODE.expired });
  });
});
