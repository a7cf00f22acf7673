import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, postForm, signIn, type TestApp, useTestDatabase } from './helper.js';
import { customerHub, newCustomer } from './ledger-fixtures.js';

/*
 * The dashboard's waiting packages (issue 11): getUnPickupsById answers, beside the count, each
 * package waiting for the signed-in user with its hub, pickup code, free period and credits due.
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
/** Monday 23 November 2026, 10:00 AM Pacific (PST). */
let now = new Date('2026-11-23T18:00:00Z');
let t: TestApp;
let hub: { id: string; business_name: string; address: string; city: string; state: string; zip_code: string };

beforeAll(async () => {
  t = await buildTestApp(database.url(), { lockerApiKeys: [KEY], clock: () => new Date(now) });
  const hubId = await customerHub(t.app.db);
  hub = await t.app.db.selectFrom('hubs').select(['id', 'business_name', 'address', 'city', 'state', 'zip_code']).where('id', '=', hubId).executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t.close();
});

async function deliver(boxId: string, trackingNo: string, deliveredAt: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/app/v1/locker/events',
    headers: { 'x-api-key': KEY },
    payload: { type: 'delivered', boxId, hubId: hub.id, carrier: 'UPS', trackingNo, deliveredAt },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { packageId: number; pickupCode: string };
}

async function waiting(customer: { userId: number; cookie: string }) {
  const response = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: customer.userId }, customer.cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as { errorcode: number; unpickups: number; packages: Record<string, unknown>[] };
}

describe('getUnPickupsById', () => {
  it('lists each waiting package with its hub, code, free period and the credits a pickup now costs, oldest first', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 3 });
    // Saturday 21 November 9:00 AM PST: free until Sunday noon, two overdue days by Monday 10 AM.
    const old = await deliver(customer.boxId, '1Z999AA10000000001', '2026-11-21T17:00:00Z');
    // Monday 9:00 AM PST: free until Tuesday noon.
    const fresh = await deliver(customer.boxId, '1Z999AA10000000002', '2026-11-23T17:00:00Z');

    const answer = await waiting(customer);
    expect(answer).toMatchObject({ errorcode: 0, unpickups: 2 });
    expect(answer.packages).toEqual([
      {
        packageId: old.packageId,
        hubName: hub.business_name,
        hubAddress: `${hub.address}, ${hub.city}, ${hub.state} ${hub.zip_code}`,
        carrier: 'UPS',
        trackingNo: '1Z999AA10000000001',
        deliveredAt: '2026-11-21T17:00:00.000Z',
        pickupCode: old.pickupCode,
        // Not shared (issue 22 item 1).
        share: null,
        freeUntil: '2026-11-22T20:00:00.000Z',
        overdueDays: 1,
        creditsDue: 2,
        // No door reported (issue 22 item 3: the delivery named none).
        door: null,
        doorOutOfReach: false,
        hubPhone: expect.any(String),
        // Not delivered during a vacation hold (issue 22 item 2).
        heldUntil: null,
        // Its free period not extended (issue 22 item 2).
        extendedDays: 0,
      },
      expect.objectContaining({ packageId: fresh.packageId, pickupCode: fresh.pickupCode, freeUntil: '2026-11-24T20:00:00.000Z', overdueDays: 0, creditsDue: 1 }),
    ]);

    // Wednesday 11:00 AM PST: the first package's charge stops at two days; the second is one day late.
    now = new Date('2026-11-25T19:00:00Z');
    // The session lasts half a day: a new one for Wednesday.
    const later = await waiting({ userId: customer.userId, cookie: (await signIn(t.app, customer.email)).cookie });
    expect(later.packages.map((p) => [p.overdueDays, p.creditsDue])).toEqual([
      [2, 3],
      [1, 2],
    ]);
  });

  it('charges a running 6-month member only the overdue days', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const member = await newCustomer(t.app, { membership: 2, membership_expire: '2027-05-01T00:00:00.000Z' });
    await deliver(member.boxId, '1Z999AA10000000003', '2026-11-21T17:00:00Z');
    const answer = await waiting(member);
    expect(answer.packages).toEqual([expect.objectContaining({ overdueDays: 1, creditsDue: 1 })]);
  });

  it('keeps the pickup code after its message is deleted, and drops a package once picked up', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app);
    const { pickupCode } = await deliver(customer.boxId, '1Z999AA10000000004', '2026-11-23T17:00:00Z');
    const inbox = await t.app.inject({ method: 'POST', url: '/app/v1/getUserMessage', headers: { cookie: customer.cookie }, payload: { user_id: customer.userId } });
    const messageId = (inbox.json() as { messages: { message_id: number }[] }).messages[0]!.message_id;
    const deleted = await postForm(t.app, '/app/v1/deleteMessage', { message_id: messageId }, customer.cookie);
    expect(deleted.json()).toMatchObject({ errorcode: 1 });
    expect((await waiting(customer)).packages).toEqual([expect.objectContaining({ pickupCode })]);

    const pickedUp = await t.app.inject({
      method: 'POST',
      url: '/app/v1/locker/events',
      headers: { 'x-api-key': KEY },
      payload: { type: 'picked_up', hubId: hub.id, pickupCode },
    });
    expect(pickedUp.statusCode).toBe(200);
    expect(await waiting(customer)).toMatchObject({ unpickups: 0, packages: [] });
  });

  it("shows only the signed-in customer's packages, whatever uid the body names", async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const owner = await newCustomer(t.app);
    const other = await newCustomer(t.app);
    await deliver(owner.boxId, '1Z999AA10000000005', '2026-11-23T17:00:00Z');
    const mismatch = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: owner.userId }, other.cookie);
    expect(mismatch.json().packages ?? []).toEqual([]);
    expect((await waiting(other)).packages).toEqual([]);
  });
});
