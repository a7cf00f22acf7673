import { beforeAll, describe, expect, it } from 'vitest';
import { postForm, useTestApp, useTestDatabase } from './helper.js';
import { customerHub, newCustomer } from './ledger-fixtures.js';

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
const t = useTestApp(database, { lockerApiKeys: [KEY] });
let hubId: string;

beforeAll(async () => {
  hubId = await customerHub(t.app.db);
});

type Customer = Awaited<ReturnType<typeof newCustomer>>;

async function deliver(customer: Customer, carrier: string, deliveredAt: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/app/v1/locker/events',
    headers: { 'x-api-key': KEY },
    payload: { type: 'delivered', boxId: customer.boxId, hubId, carrier, trackingNo: `TN-${deliveredAt}`, deliveredAt },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { pickupCode: string };
}

async function pickUp(pickupCode: string, pickedUpAt: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/app/v1/locker/events',
    headers: { 'x-api-key': KEY },
    payload: { type: 'picked_up', hubId, pickupCode, pickedUpAt },
  });
  expect(response.statusCode).toBe(200);
}

async function messages(customer: Customer, filters: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/app/v1/getUserMessage',
    headers: { cookie: customer.cookie },
    payload: { user_id: customer.userId, ...filters },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { total: number; messages: { message_id: number; carrier: string; message_date: string; is_pickup: number }[] };
  return { total: body.total, dates: body.messages.map((m) => m.message_date), ids: body.messages.map((m) => m.message_id), body };
}

describe('My Messages', () => {
  let dana: Customer;
  let other: Customer;
  beforeAll(async () => {
    dana = await newCustomer(t.app, { credits: 10 });
    other = await newCustomer(t.app, { credits: 10 });
    // Pacific days: Mar 1 noon, Mar 1 11:30 PM (already Mar 2 in UTC), Mar 3 10 AM.
    const first = await deliver(dana, 'USPS', '2026-03-01T20:00:00.000Z');
    await deliver(dana, 'FedEx', '2026-03-02T07:30:00.000Z');
    await deliver(dana, 'DHL', '2026-03-03T18:00:00.000Z');
    await pickUp(first.pickupCode, '2026-03-02T18:00:00.000Z');
    const theirs = await deliver(other, 'USPS', '2026-03-01T21:00:00.000Z');
    await pickUp(theirs.pickupCode, '2026-03-02T18:00:00.000Z');
  });

  it("lists the user's own messages newest first with the total, paged", async () => {
    const all = await messages(dana);
    expect(all.total).toBe(3);
    expect(all.dates).toEqual(['2026-03-03T18:00:00.000Z', '2026-03-02T07:30:00.000Z', '2026-03-01T20:00:00.000Z']);
    const second = await messages(dana, { start: 1, num: 1 });
    expect(second).toMatchObject({ total: 3, dates: ['2026-03-02T07:30:00.000Z'] });
    // A page past the end still says how many there are; a filter that matches nothing says 0.
    expect(await messages(dana, { start: 10, num: 10 })).toMatchObject({ total: 3, ids: [] });
    expect(await messages(dana, { carrier: 'UPS' })).toMatchObject({ total: 0, ids: [] });
    expect(await messages(dana, { carrier: 'UPS', start: 10, num: 10 })).toMatchObject({ total: 0, ids: [] });
    // Each message as it is, nothing added for the count.
    expect(Object.keys(all.body.messages[0] ?? {})).not.toContain('total_count');
  });

  it('filters by carrier, pickup status and an inclusive range of Pacific dates', async () => {
    expect((await messages(dana, { carrier: 'FedEx' })).dates).toEqual(['2026-03-02T07:30:00.000Z']);
    expect((await messages(dana, { is_pickup: '1' })).dates).toEqual(['2026-03-01T20:00:00.000Z']);
    expect((await messages(dana, { is_pickup: '0' })).total).toBe(2);
    expect((await messages(dana, { is_pickup: '' })).total).toBe(3);
    expect((await messages(dana, { start_time: '2026-03-01', end_time: '2026-03-01' })).dates).toEqual([
      '2026-03-02T07:30:00.000Z',
      '2026-03-01T20:00:00.000Z',
    ]);
    expect((await messages(dana, { start_time: '2026-03-02' })).dates).toEqual(['2026-03-03T18:00:00.000Z']);
    expect((await messages(dana, { end_time: '2026-03-02' })).total).toBe(2);
    expect((await messages(dana, { start_time: '2026-03-01', end_time: '2026-03-03', carrier: 'DHL', is_pickup: '0' })).total).toBe(1);
  });

  it('refuses a malformed date and another user id', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/app/v1/getUserMessage', headers: { cookie: dana.cookie }, payload: { user_id: dana.userId, start_time: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    const foreign = await t.app.inject({ method: 'POST', url: '/app/v1/getUserMessage', headers: { cookie: dana.cookie }, payload: { user_id: other.userId } });
    expect(foreign.statusCode).toBe(403);
  });

  it('offers the default carriers plus those of the messages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/v1/stat/getCarrierList', headers: { cookie: dana.cookie } });
    expect(response.json()).toEqual({
      errorcode: 0,
      message: 'success',
      carrierList: ['USPS', 'FedEx', 'UPSDAP', 'DHL'].map((name) => ({ shipping_company_name: name })),
    });
  });
});

describe('deleting messages', () => {
  it("deletes one, then several comma-joined, and never another user's", async () => {
    const mine = await newCustomer(t.app);
    const theirs = await newCustomer(t.app);
    for (const day of ['01', '02', '03', '04']) await deliver(mine, 'USPS', `2026-04-${day}T18:00:00.000Z`);
    await deliver(theirs, 'USPS', '2026-04-01T18:00:00.000Z');
    const [a, b, c, d] = (await messages(mine)).ids;
    const [foreign] = (await messages(theirs)).ids;

    const one = await postForm(t.app, '/app/v1/deleteMessage', { message_id: String(a) }, mine.cookie);
    expect(one.json()).toEqual({ errorcode: 1, message: 'Successfully deleted' });
    const many = await postForm(t.app, '/app/v1/deleteMessage', { message_id: `${b},${c},${foreign}` }, mine.cookie);
    expect(many.json()).toEqual({ errorcode: 1, message: 'Messages deleted successfully' });
    expect((await messages(mine)).ids).toEqual([d]);
    expect((await messages(theirs)).ids).toEqual([foreign]);

    const onlyForeign = await postForm(t.app, '/app/v1/deleteMessage', { message_id: String(foreign) }, mine.cookie);
    expect(onlyForeign.json()).toMatchObject({ errorcode: 0 });
    const unknown = await postForm(t.app, '/app/v1/deleteMessage', { message_id: '999999' }, mine.cookie);
    expect(unknown.json()).toEqual(onlyForeign.json());
    expect((await messages(theirs)).ids).toEqual([foreign]);

    expect((await postForm(t.app, '/app/v1/deleteMessage', { message_id: '1;drop' }, mine.cookie)).statusCode).toBe(400);
    expect((await postForm(t.app, '/app/v1/deleteMessage', { message_id: String(d) })).statusCode).toBe(401);
  });

  it("deletes every picked-up message of the user only, keeping waiting ones and others'", async () => {
    const mine = await newCustomer(t.app, { credits: 5 });
    const theirs = await newCustomer(t.app, { credits: 5 });
    const picked = await deliver(mine, 'USPS', '2026-05-01T18:00:00.000Z');
    await deliver(mine, 'FedEx', '2026-05-02T18:00:00.000Z');
    const theirPicked = await deliver(theirs, 'USPS', '2026-05-01T18:00:00.000Z');
    await pickUp(picked.pickupCode, '2026-05-01T20:00:00.000Z');
    await pickUp(theirPicked.pickupCode, '2026-05-01T20:00:00.000Z');

    expect((await postForm(t.app, '/app/v1/deleteAllMessage', { user_id: theirs.userId }, mine.cookie)).statusCode).toBe(403);
    const response = await postForm(t.app, '/app/v1/deleteAllMessage', { user_id: mine.userId }, mine.cookie);
    expect(response.json()).toEqual({ errorcode: 1, message: 'Messages deleted successfully' });
    expect((await messages(mine)).body.messages.map((m) => [m.carrier, m.is_pickup])).toEqual([['FedEx', 0]]);
    expect((await messages(theirs)).total).toBe(1);
  });
});

describe('transaction history', () => {
  let customer: Customer;
  beforeAll(async () => {
    customer = await newCustomer(t.app, { credits: 20 });
    // 3 deliveries and 3 pickups, on time (1 credit), one day late (2) and two days late (3).
    // Recorded as they happen, so each balance follows the one before.
    const first = await deliver(customer, 'USPS', '2026-06-10T18:00:00.000Z');
    await pickUp(first.pickupCode, '2026-06-10T19:00:00.000Z');
    const second = await deliver(customer, 'USPS', '2026-06-11T18:00:00.000Z');
    const third = await deliver(customer, 'USPS', '2026-06-12T18:00:00.000Z');
    await pickUp(second.pickupCode, '2026-06-13T18:00:00.000Z');
    await pickUp(third.pickupCode, '2026-06-16T18:00:00.000Z');
    const stranger = await newCustomer(t.app, { credits: 5 });
    await deliver(stranger, 'USPS', '2026-06-20T18:00:00.000Z');
  });

  async function history(fields: Record<string, string | number> = {}) {
    const response = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId, ...fields }, customer.cookie);
    expect(response.statusCode).toBe(200);
    return response.json() as { total: number; operations: { op_type: number; op_timestamp: string; credits: number; balance: number; overtime: number }[] };
  }

  it('lists the own operations newest first with the total, and pages them', async () => {
    const all = await history();
    expect(all.total).toBe(6);
    expect(all.operations.map((op) => [op.op_type, op.credits, op.overtime, op.balance])).toEqual([
      [2, 3, 2, 14],
      [2, 2, 1, 17],
      [1, 0, 0, 19],
      [1, 0, 0, 19],
      [2, 1, 0, 19],
      [1, 0, 0, 20],
    ]);
    const page = await history({ start: 2, num: 2 });
    expect(page.total).toBe(6);
    expect(page.operations.map((op) => op.op_timestamp)).toEqual(['2026-06-12T18:00:00.000Z', '2026-06-11T18:00:00.000Z']);
  });

  it('sorts by a chosen column either way and filters by type', async () => {
    const oldest = await history({ sort: 'op_timestamp', order: 'asc', num: 1 });
    expect(oldest.operations[0]!.op_timestamp).toBe('2026-06-10T18:00:00.000Z');
    const byBalance = await history({ sort: 'balance', order: 'asc', num: 2 });
    expect(byBalance.operations.map((op) => op.balance)).toEqual([14, 17]);
    const pickups = await history({ otype: 2 });
    expect(pickups.total).toBe(3);
    const unknownColumn = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId, sort: 'password_hash' }, customer.cookie);
    expect(unknownColumn.statusCode).toBe(400);
  });

  it('answers the same as JSON through getMyOperations, and refuses another user id', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/app/v1/getMyOperations',
      headers: { cookie: customer.cookie },
      payload: { user_id: customer.userId, num: 3 },
    });
    expect(json.json()).toMatchObject({ errorcode: 0, total: 6 });
    expect(json.json().operations).toHaveLength(3);
    const other = await newCustomer(t.app);
    expect((await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId }, other.cookie)).statusCode).toBe(403);
    const own = await postForm(t.app, '/app/v1/getUserOperations', { user_id: other.userId }, other.cookie);
    expect(own.json()).toEqual({ errorcode: 0, message: 'success', total: 0, operations: [] });
  });
});
