import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKER_EVENT_ERRORCODE, LOCKER_EVENT_MESSAGES } from '@airbox/contract';
import { buildTestApp, postForm, type TestApp, useTestDatabase } from './helper.js';
import { customerHub, newCustomer } from './ledger-fixtures.js';

/**
 * The controller's question before it chooses a door (issue 22 items 2 and 3), as a controller
 * asks it: GET /app/v1/locker/recipient?boxId=&hubId=[&at=] with the locker API key answers whether
 * the recipient needs a low compartment and the vacation hold a delivery then would fall in (its
 * last day), the same as the delivery's own answer; nothing is recorded. A missing key is 401, an
 * unknown AirBox ID or hub 404 with the events' errorcodes, a bad field 400 naming it.
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
/** Monday 23 November 2026, 10:00 AM Pacific (PST). */
const NOW = new Date('2026-11-23T18:00:00Z');
let t: TestApp;
let hubId: string;

beforeAll(async () => {
  t = await buildTestApp(database.url(), { lockerApiKeys: [KEY], clock: () => new Date(NOW) });
  hubId = await customerHub(t.app.db);
});
afterAll(async () => {
  await t.close();
});

function ask(query: Record<string, string>, headers: Record<string, string> = { 'x-api-key': KEY }) {
  return t.app.inject({ method: 'GET', url: `/app/v1/locker/recipient?${new URLSearchParams(query).toString()}`, headers });
}

/** Everything a delivery would have written for this customer: none of it may appear. */
async function traces(userId: number) {
  const [packages, messages, operations, jobs] = await Promise.all([
    t.app.db.selectFrom('locker_packages').select('id').where('user_id', '=', userId).execute(),
    t.app.db.selectFrom('messages').select('message_id').where('user_id', '=', userId).execute(),
    t.app.db.selectFrom('operations').select('op_id').where('user_id', '=', userId).execute(),
    t.app.db.selectFrom('jobs').select('id').where('name', '=', 'delivery-notice').execute(),
  ]);
  return { packages: packages.length, messages: messages.length, operations: operations.length, deliveryNotices: jobs.length };
}

describe('the recipient before a delivery', () => {
  it('answers a customer with no need and no hold, and records nothing', async () => {
    const customer = await newCustomer(t.app);
    const before = await traces(customer.userId);
    const answer = await ask({ boxId: customer.boxId, hubId });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      errorcode: LOCKER_EVENT_ERRORCODE.recorded,
      message: LOCKER_EVENT_MESSAGES.recipientFound,
      boxId: customer.boxId,
      hubId,
      recipient: { needsLowCompartment: false },
      hold: null,
    });
    expect(await traces(customer.userId)).toEqual(before);
  });

  it("says a low compartment is needed and the hold's last day, as the delivery then answers", async () => {
    const customer = await newCustomer(t.app, { is_handicapped: 1 });
    const hold = await postForm(t.app, '/app/v1/vacationHolds/save', { startDate: '2026-11-23', endDate: '2026-11-30' }, customer.cookie);
    expect(hold.json()).toMatchObject({ errorcode: 0 });

    const answer = await ask({ boxId: customer.boxId, hubId });
    expect(answer.json()).toMatchObject({ errorcode: 0, recipient: { needsLowCompartment: true }, hold: { until: '2026-11-30' } });
    // A delivery planned for the hold's last evening (Pacific) is held; the next morning's is not.
    expect((await ask({ boxId: customer.boxId, hubId, at: '2026-12-01T07:30:00Z' })).json().hold).toEqual({ until: '2026-11-30' });
    expect((await ask({ boxId: customer.boxId, hubId, at: '2026-12-01T16:00:00-08:00' })).json().hold).toBeNull();
    expect(await traces(customer.userId)).toMatchObject({ packages: 0, messages: 0 });

    // The delivery that follows answers the same.
    const delivered = await t.app.inject({
      method: 'POST',
      url: '/app/v1/locker/events',
      headers: { 'x-api-key': KEY },
      payload: { type: 'delivered', boxId: customer.boxId, hubId, carrier: 'USPS', trackingNo: '9400111202555842769901', door: { column: 'B', row: 3, low: true } },
    });
    expect(delivered.json()).toMatchObject({ recipient: answer.json().recipient, hold: answer.json().hold });
  });

  it('refuses an unknown AirBox ID or hub with 404 and the events\' errorcodes', async () => {
    const customer = await newCustomer(t.app);
    const unknownBox = await ask({ boxId: '1000000', hubId });
    expect(unknownBox.statusCode).toBe(404);
    expect(unknownBox.json()).toEqual({ errorcode: LOCKER_EVENT_ERRORCODE.unknownAirBoxId, message: LOCKER_EVENT_MESSAGES.unknownAirBoxId });
    const unknownHub = await ask({ boxId: customer.boxId, hubId: 'no-such-hub' });
    expect(unknownHub.statusCode).toBe(404);
    expect(unknownHub.json()).toEqual({ errorcode: LOCKER_EVENT_ERRORCODE.unknownHub, message: LOCKER_EVENT_MESSAGES.unknownHub });
  });

  it.each([
    [{ boxId: '12345', hubId: 'h' }, 'boxId'],
    [{ hubId: 'h' }, 'boxId'],
    [{ boxId: '2135846' }, 'hubId'],
    [{ boxId: '2135846', hubId: 'h', at: 'tomorrow' }, 'at'],
  ])('refuses %o with 400 naming %s', async (query, field) => {
    const answer = await ask(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(field);
  });

  it('wants the locker API key: none or a wrong one is 401, and says nothing about the customer', async () => {
    const customer = await newCustomer(t.app, { is_handicapped: 1 });
    for (const headers of [{}, { 'x-api-key': 'wrong-key' }, { authorization: 'Bearer wrong-key' }] as Record<string, string>[]) {
      const answer = await ask({ boxId: customer.boxId, hubId }, headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ errorcode: LOCKER_EVENT_ERRORCODE.badApiKey, message: LOCKER_EVENT_MESSAGES.badApiKey });
    }
    expect((await ask({ boxId: customer.boxId, hubId }, { authorization: `Bearer ${KEY}` })).json().recipient).toEqual({ needsLowCompartment: true });
  });
});
