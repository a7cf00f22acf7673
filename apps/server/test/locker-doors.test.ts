import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { postForm, signIn, useTestApp, useTestDatabase } from './helper.js';
import { unzip } from './pkpass.js';

/**
 * A door you can reach (issue 22 item 3), through the locker events API as a controller calls it:
 * the delivery's answer says whether the recipient needs a low door, the door the controller
 * reports is kept with the package (older controllers send none), a bad door is refused naming
 * its field with nothing kept; the dashboard's waiting packages and the wallet pass name the door,
 * and say so when a customer who needs a low door got a high one. The preference is the profile's
 * isHandicapped, saved from the form body as the spec's clients send it (1/0).
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
const t = useTestApp(database, { seedDemoData: true, lockerApiKeys: [KEY] });
let hub: { id: string; business_name: string; phone: string };

beforeAll(async () => {
  hub = await t.app.db.selectFrom('hubs').select(['id', 'business_name', 'phone']).where('business_name', '=', 'AirBox Union Square').executeTakeFirstOrThrow();
});

let trackingSerial = 0;
function deliver(boxId: string, extra: Record<string, unknown> = {}) {
  trackingSerial += 1;
  return t.app.inject({
    method: 'POST',
    url: '/app/v1/locker/events',
    headers: { 'x-api-key': KEY },
    payload: { type: 'delivered', boxId, hubId: hub.id, carrier: 'USPS', trackingNo: `94001112025558427${String(trackingSerial).padStart(5, '0')}`, ...extra },
  });
}

async function customer() {
  const user = await insertAccountUser(t.app.db, { locker_id: hub.id });
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { ...user, cookie };
}

/** My Profile's form body as a spec-built client sends it: booleans as 1/0, empty fields dropped. */
function saveProfile(user: { userId: number; email: string; boxId: string; cookie: string }, changes: Record<string, string | number>) {
  return postForm(
    t.app,
    '/app/v1/updateSelfUserInfo',
    {
      user_id: user.userId,
      First_name: 'Casey',
      Last_name: 'Customer',
      Email: user.email,
      BOXID: user.boxId,
      Cell_phone_number: '415-555-0101',
      Country: 'United States',
      State_province_region: 'CA',
      City: 'San Francisco',
      Address_line_1: '1 Main St',
      Zip_code: '94105',
      PinNo: '246810',
      emailChoose: 1,
      messageChoose: 0,
      confirmPassword: FIXTURE_PASSWORD,
      ...changes,
    },
    user.cookie,
  );
}

async function profileOf(user: { userId: number; cookie: string }) {
  return (await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: user.userId }, user.cookie)).json().users[0] as { isHandicapped: number };
}

async function waiting(user: { userId: number; cookie: string }) {
  const answer = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: user.userId }, user.cookie);
  return answer.json().packages as Array<{ pickupCode: string; door: unknown; doorOutOfReach: boolean; hubPhone: string }>;
}

const packageRows = (userId: number) => t.app.db.selectFrom('locker_packages').selectAll().where('user_id', '=', userId).execute();

describe('the wheelchair preference', () => {
  it('is saved from the form body as 1 and 0, and a body that leaves it out keeps it', async () => {
    const user = await customer();
    expect((await saveProfile(user, { isHandicapped: 1 })).json()).toMatchObject({ errorcode: 1 });
    expect((await profileOf(user)).isHandicapped).toBe(1);
    expect((await saveProfile(user, { City: 'Oakland' })).json()).toMatchObject({ errorcode: 1 });
    expect((await profileOf(user)).isHandicapped).toBe(1);
    expect((await saveProfile(user, { isHandicapped: 0 })).json()).toMatchObject({ errorcode: 1 });
    expect((await profileOf(user)).isHandicapped).toBe(0);
  });
});

describe('the delivery call', () => {
  it("from an older controller (no door): recorded as before, answered the recipient's need, no door named", async () => {
    const user = await customer();
    const answer = await deliver(user.boxId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ errorcode: 0, recipient: { needsLowCompartment: false }, door: null });
    const withNull = await deliver(user.boxId, { door: null });
    expect(withNull.statusCode).toBe(200);
    expect((await packageRows(user.userId)).map((row) => [row.door_column, row.door_row, row.door_low])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect((await waiting(user)).map((pkg) => [pkg.door, pkg.doorOutOfReach])).toEqual([
      [null, false],
      [null, false],
    ]);
  });

  it('answers needsLowCompartment for a customer who asked in My Profile, and keeps the low door used', async () => {
    const user = await customer();
    await saveProfile(user, { isHandicapped: 1 });
    const answer = await deliver(user.boxId, { door: { column: 'b', row: 3, low: true } });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ errorcode: 0, recipient: { needsLowCompartment: true }, door: { column: 'B', row: 3, low: true } });
    const [row] = await packageRows(user.userId);
    expect(row).toMatchObject({ door_column: 'B', door_row: 3, door_low: 1 });
    expect(await waiting(user)).toEqual([
      expect.objectContaining({ pickupCode: body.pickupCode, door: { column: 'B', row: 3, low: true }, doorOutOfReach: false, hubPhone: hub.phone }),
    ]);
  });

  it('keeps a numbered column, and says when a customer who needs a low door got a high one', async () => {
    const user = await customer();
    await saveProfile(user, { isHandicapped: 1 });
    const answer = await deliver(user.boxId, { door: { column: 12, row: 1, low: false } });
    expect(answer.json()).toMatchObject({ recipient: { needsLowCompartment: true }, door: { column: '12', row: 1, low: false } });
    const [pkg] = await waiting(user);
    expect(pkg).toMatchObject({ door: { column: '12', row: 1, low: false }, doorOutOfReach: true, hubPhone: '(415) 555-0134' });
    // Once the customer no longer asks for a low door, a high one is simply where the package is.
    await saveProfile(user, { isHandicapped: 0 });
    expect((await waiting(user))[0]?.doorOutOfReach).toBe(false);
  });

  it.each([
    [{ column: 'ABC', row: 3, low: true }, 'door.column'],
    [{ column: 0, row: 3, low: true }, 'door.column'],
    [{ column: 'B', row: 0, low: true }, 'door.row'],
    [{ column: 'B', row: 100, low: true }, 'door.row'],
    [{ column: 'B', row: 3, low: 'yes' }, 'door.low'],
    [{ column: 'B', row: 3 }, 'door.low'],
    ['B3', 'door'],
  ])('refuses the door %o with 400 naming %s, and keeps nothing', async (door, field) => {
    const user = await customer();
    const answer = await deliver(user.boxId, { door });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message.startsWith(field)).toBe(true);
    expect(await packageRows(user.userId)).toEqual([]);
    const messages = await t.app.db.selectFrom('messages').select('message_id').where('user_id', '=', user.userId).execute();
    expect(messages).toEqual([]);
  });
});

describe('the wallet pass', () => {
  it("names each package's door, and the hub's phone when a low door was needed", async () => {
    const user = await customer();
    await saveProfile(user, { isHandicapped: 1 });
    await deliver(user.boxId, { door: { column: 'B', row: 3, low: true } });
    await deliver(user.boxId, { door: { column: 'A', row: 1, low: false } });
    const link = (await t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${user.userId}&OS=mac`, headers: { cookie: user.cookie } })).json().data as string;
    const file = await t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length) });
    const pass = JSON.parse(unzip(file.rawPayload).get('pass.json')!.toString('utf8')) as {
      generic: { auxiliaryFields: Array<{ key: string; value: string }>; backFields: Array<{ key: string; value: string }> };
    };
    expect(pass.generic.auxiliaryFields.find((field) => field.key === 'door')?.value).toBe('B3 · low, wheelchair reachable');
    const [first, second] = ['package1', 'package2'].map((key) => pass.generic.backFields.find((field) => field.key === key)?.value ?? '');
    expect(first).toContain('Door B3 · low, wheelchair reachable');
    expect(first).not.toContain('Call ');
    expect(second).toContain('Door A1 · high, above 48 in');
    expect(second).toContain('Door A1 is above wheelchair reach');
    expect(second).toContain('Call AirBox Union Square at (415) 555-0134');
  });
});
