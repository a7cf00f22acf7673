import { describe, expect, it } from 'vitest';
import { postForm, signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
const t = useTestApp(database, { seedDemoData: true, lockerApiKeys: [KEY] });

describe("the demo customer's ledger", () => {
  it('has a message per seeded package, the operations and a balance that ends at its credits', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    const inbox = await t.app.inject({ method: 'POST', url: '/app/v1/getUserMessage', headers: { cookie }, payload: { user_id: userId } });
    const messages = inbox.json().messages as { pickup_code: string; is_pickup: number }[];
    expect(messages.map((m) => [m.pickup_code, m.is_pickup])).toEqual([
      ['583920', 0],
      ['204871', 0],
      ['771035', 0],
      ['118402', 1],
    ]);
    const unpicked = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: userId }, cookie);
    expect(unpicked.json().unpickups).toBe(3);

    const history = await postForm(t.app, '/app/v1/getUserOperations', { user_id: userId }, cookie);
    const { total, operations } = history.json() as { total: number; operations: { op_type: number; credits: number; balance: number; quote: number | null }[] };
    expect(total).toBe(6);
    expect(operations.map((op) => op.op_type)).toEqual([1, 1, 1, 2, 1, 11]);
    expect(operations[0]!.balance).toBe(12);
    expect(operations.at(-1)).toMatchObject({ op_type: 11, credits: 13, quote: 38.87, balance: 13 });
  });

  it('picks up a seeded package through the locker events, as the README shows', async () => {
    const hub = await t.app.db.selectFrom('locker_packages').select('hub_id').where('pickup_code', '=', '583920').executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'POST',
      url: '/app/v1/locker/events',
      headers: { 'x-api-key': KEY },
      payload: { type: 'picked_up', hubId: hub.hub_id, pickupCode: '583920' },
    });
    expect(response.json()).toMatchObject({ errorcode: 0, creditsCharged: 1, overtimeDays: 0 });
  });
});
