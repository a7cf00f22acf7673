import { addDays, daysIncluded, VACATION_HOLD_MAX_DAYS } from '@airbox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_HOLD, DEMO_SHARE } from '../src/seed/demo-holds-and-shares.js';
import { buildTestApp, postForm, signIn, type TestApp, useTestDatabase } from './helper.js';

/**
 * Issue 22 in the demo data, as the README's try-it promises a newcomer: demo@example.com's My
 * Profile lists a vacation hold ahead that the hold rules allow (from today, at most 14 days,
 * counted from the clock at seed time, here 11:30 PM Pacific so the Pacific day is the one used),
 * and the dashboard shows a live share of 583920 e-mailed to a friend, whose own code collects it
 * at the locker; the merchant order DEMO-1002 is that package, for its pickup-code page.
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
/** Tuesday 24 November 2026, 11:30 PM Pacific (PST): already the 25th in UTC. */
const SEEDED_AT = new Date('2026-11-25T07:30:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(database.url(), { seedDemoData: true, lockerApiKeys: [KEY], clock: () => new Date(SEEDED_AT) });
});
afterAll(async () => {
  await t.close();
});

describe('the demo data of issue 22', () => {
  it("lists a vacation hold ahead in the demo user's profile, within the rules", async () => {
    const { cookie } = await signIn(t.app, 'demo@example.com');
    const answer = await t.app.inject({ method: 'GET', url: '/app/v1/vacationHolds', headers: { cookie } });
    const { today, data } = answer.json() as { today: string; data: Array<{ startDate: string; endDate: string }> };
    expect(today).toBe('2026-11-24');
    expect(data).toEqual([{ id: expect.any(Number), startDate: addDays(today, DEMO_HOLD.startsInDays), endDate: addDays(today, DEMO_HOLD.startsInDays + DEMO_HOLD.days - 1) }]);
    const [hold] = data;
    expect(hold!.startDate >= today).toBe(true);
    expect(daysIncluded(hold!.startDate, hold!.endDate)).toBeLessThanOrEqual(VACATION_HOLD_MAX_DAYS);
  });

  it('shows a live share of a waiting package on the dashboard, whose own code opens the door once', async () => {
    const { cookie } = await signIn(t.app, 'demo@example.com');
    const user = await t.app.db.selectFrom('users').select('user_id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const packages = (await postForm(t.app, '/app/v1/getUnPickupsById', { uid: user.user_id }, cookie)).json().packages as Array<{
      pickupCode: string;
      freeUntil: string;
      overdueDays: number;
      share: { via: string; sentTo: string; sharedAt: string; validUntil: string } | null;
    }>;
    const shared = packages.filter((pkg) => pkg.share);
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ pickupCode: DEMO_SHARE.pickupCode, overdueDays: 0, share: { via: 'email', sentTo: DEMO_SHARE.sentTo, validUntil: shared[0]!.freeUntil } });
    expect(new Date(shared[0]!.share!.sharedAt).getTime()).toBeLessThanOrEqual(SEEDED_AT.getTime());

    const share = await t.app.db.selectFrom('pickup_shares').select(['hub_id', 'pickup_code']).executeTakeFirstOrThrow();
    expect(share.pickup_code).toMatch(/^\d{6}$/);
    expect(packages.map((pkg) => pkg.pickupCode)).not.toContain(share.pickup_code);
    const collected = await t.app.inject({
      method: 'POST',
      url: '/app/v1/locker/events',
      headers: { 'x-api-key': KEY },
      payload: { type: 'picked_up', hubId: share.hub_id, pickupCode: share.pickup_code },
    });
    expect(collected.json()).toMatchObject({ errorcode: 0 });
    const owners = await t.app.inject({
      method: 'POST',
      url: '/app/v1/locker/events',
      headers: { 'x-api-key': KEY },
      payload: { type: 'picked_up', hubId: share.hub_id, pickupCode: DEMO_SHARE.pickupCode },
    });
    expect(owners.statusCode).toBe(409);
  });

  it("has a merchant order whose pickup-code page is the demo user's waiting package", async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/app/v1/getThirdPartyOrders?orderId=DEMO-1002&mId=DEMO' });
    expect(answer.json().data.list).toEqual([{ orderId: 'DEMO-1002', pickUpCode: DEMO_SHARE.pickupCode }]);
  });
});
