import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCKER_EVENT_ERRORCODE } from '@airbox/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { recordDelivery } from '../src/modules/lockers/locker-events.service.js';
import * as packagesRepository from '../src/modules/packages/packages.repository.js';
import { buildTestApp, mailsOf, postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer, operationsOf, userRow } from './ledger-fixtures.js';

// The lookup of a delivery already recorded, which a test makes miss once as if it ran before a racing twin's commit.
vi.mock('../src/modules/packages/packages.repository.js', async (importOriginal) => {
  const actual = await importOriginal<typeof packagesRepository>();
  return { ...actual, findPackageByDeliveryKey: vi.fn(actual.findPackageByDeliveryKey) };
});

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
const t = useTestApp(database, { seedDemoData: true, lockerApiKeys: ['another-locker-key-abcdefghijklmnop', KEY] });
let hubId: string;

beforeAll(async () => {
  hubId = (await t.app.db.selectFrom('hubs').select('id').where('business_name', '=', 'AirBox Union Square').executeTakeFirstOrThrow()).id;
});

function event(body: Record<string, unknown>, headers: Record<string, string> = { 'x-api-key': KEY }) {
  return t.app.inject({ method: 'POST', url: '/app/v1/locker/events', headers, payload: body });
}

async function deliver(boxId: string, extra: Record<string, unknown> = {}) {
  const response = await event({ type: 'delivered', boxId, hubId, carrier: 'USPS', trackingNo: '9400111202555842761023', ...extra });
  expect(response.statusCode).toBe(200);
  return response.json() as { errorcode: number; packageId: number; pickupCode: string };
}

async function pickUp(pickupCode: string, pickedUpAt?: string) {
  return event({ type: 'picked_up', hubId, pickupCode, ...(pickedUpAt ? { pickedUpAt } : {}) });
}

async function unpicked(customer: { userId: number; cookie: string }) {
  const response = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: customer.userId }, customer.cookie);
  return response.json().unpickups as number;
}

async function messagesOf(customer: { userId: number; cookie: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/app/v1/getUserMessage',
    headers: { cookie: customer.cookie },
    payload: { user_id: customer.userId },
  });
  return response.json() as { total: number; messages: { message_id: number; messages: string; is_pickup: number; pickup_code: string; tracking_no: string }[] };
}

describe('the locker API key', () => {
  const delivery = { type: 'delivered', boxId: '2135846', hubId: 'x', carrier: 'USPS', trackingNo: '1' };
  it('is required: none, a wrong one, a session cookie instead all answer 401 and record nothing', async () => {
    const customer = await newCustomer(t.app);
    const attempts: Record<string, string>[] = [{}, { 'x-api-key': 'wrong-key-0123456789abcdefghij' }, { authorization: `Basic ${KEY}` }, { cookie: customer.cookie }];
    for (const headers of attempts) {
      const response = await event({ ...delivery, boxId: customer.boxId, hubId }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errorcode: LOCKER_EVENT_ERRORCODE.badApiKey, message: 'A valid locker API key is required.' });
    }
    expect(await unpicked(customer)).toBe(0);
  });

  it('is checked before the body: a bad body without a key is 401, with a key 400', async () => {
    expect((await event({ type: 'lost' }, {})).statusCode).toBe(401);
    expect((await event({ type: 'lost' })).statusCode).toBe(400);
  });

  it('is accepted as a Bearer token too, and any configured key works', async () => {
    const customer = await newCustomer(t.app);
    const response = await event({ ...delivery, boxId: customer.boxId, hubId }, { authorization: `Bearer ${KEY}` });
    expect(response.statusCode).toBe(200);
    const other = await event({ ...delivery, boxId: customer.boxId, hubId }, { 'x-api-key': 'another-locker-key-abcdefghijklmnop' });
    expect(other.statusCode).toBe(200);
  });

  it('refuses everything when no key is configured', async () => {
    const bare = await buildTestApp(database.url(), { seedDemoData: true, lockerApiKeys: [] });
    try {
      const response = await bare.app.inject({ method: 'POST', url: '/app/v1/locker/events', headers: { 'x-api-key': '' }, payload: delivery });
      expect(response.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('a delivery', () => {
  it('records the package with a pickup code, the message, the unpicked count and the delivery operation, and notifies', async () => {
    const customer = await newCustomer(t.app, { credits: 5, notify_by_email: 1, notify_by_text: 1, cell_phone: '415-555-0199', first_name: 'Robin' });
    const answer = await deliver(customer.boxId, { deliveredAt: '2026-01-15T18:00:00Z' });
    expect(answer).toMatchObject({ errorcode: 0, message: 'Event recorded', creditsCharged: 0 });
    expect(answer.pickupCode).toMatch(/^\d{6}$/);
    expect(await unpicked(customer)).toBe(1);

    const inbox = await messagesOf(customer);
    expect(inbox.total).toBe(1);
    expect(inbox.messages[0]).toMatchObject({ is_pickup: 0, pickup_code: answer.pickupCode, tracking_no: '9400111202555842761023', carrier: 'USPS' });
    expect(inbox.messages[0]!.messages).toContain(`Your pickup code is <strong>${answer.pickupCode}</strong>`);
    expect(inbox.messages[0]!.messages).toContain('AirBox Union Square');
    expect(inbox.messages[0]!.messages).toContain('Jan 16, 2026, 12:00 PM PST');

    expect(await operationsOf(t.app, customer.userId)).toEqual([
      expect.objectContaining({ op_type: 1, credits_delta: 0, balance_after: 5, package_id: answer.packageId }),
    ]);

    const mails = (await mailsOf(t)).filter((mail) => mail.to === customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('AirBox: your package is ready for pickup');
    expect(mails[0]!.text).toContain(`Pickup code: ${answer.pickupCode}`);
    const texts = readdirSync(t.config.mailOutboxDir)
      .filter((file) => file.startsWith('sms-'))
      .map((file) => readFileSync(join(t.config.mailOutboxDir, file), 'utf8'))
      .filter((text) => text.startsWith('To: +14155550199'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`Pickup code: ${answer.pickupCode}`);
  });

  it("links its mail to the sending portal's public address, not that of the process that recorded it", async () => {
    // As `npm run locker -- deliver` does: the service called with the command's own environment
    // (another PORT, no PUBLIC_URL), the mail sent by the portal's worker.
    const customer = await newCustomer(t.app, { notify_by_email: 1, notify_by_text: 1, cell_phone: '415-555-0163' });
    const command = { db: t.app.db, config: { ...t.config, publicUrl: 'http://localhost:3999', brandName: 'Elsewhere' }, log: t.app.log };
    const recorded = await recordDelivery(command, { type: 'delivered', boxId: customer.boxId, hubId, carrier: 'USPS', trackingNo: '9400111202555842761099' });
    const mails = (await mailsOf(t)).filter((mail) => mail.to === customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('AirBox: your package is ready for pickup');
    expect(mails[0]!.text).toContain(`Pickup code: ${recorded.pickupCode}`);
    expect(mails[0]!.text).toContain('My Messages: http://localhost:8080/app/message');
    // The command's address, not its port's digits: a random pickup code or AirBox ID may hold "3999".
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('localhost:3999');
    expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain('Elsewhere');
    const texts = readdirSync(t.config.mailOutboxDir)
      .map((file) => readFileSync(join(t.config.mailOutboxDir, file), 'utf8'))
      .filter((text) => text.startsWith('To: +14155550163'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('AirBox: Your USPS package');
  });

  it('sends nothing to a customer who turned both notifications off', async () => {
    const customer = await newCustomer(t.app, { notify_by_email: 0, notify_by_text: 0, cell_phone: '415-555-0142' });
    await deliver(customer.boxId);
    expect((await mailsOf(t)).filter((mail) => mail.to === customer.email)).toHaveLength(0);
    const texts = readdirSync(t.config.mailOutboxDir).filter((file) => file.startsWith('sms-'));
    expect(texts.map((file) => readFileSync(join(t.config.mailOutboxDir, file), 'utf8')).some((text) => text.includes('+14155550142'))).toBe(false);
  });

  it('answers an unknown AirBox ID or hub clearly and records nothing', async () => {
    const customer = await newCustomer(t.app);
    const unknownBox = await event({ type: 'delivered', boxId: '1000000', hubId, carrier: 'USPS', trackingNo: '1' });
    expect(unknownBox.statusCode).toBe(404);
    expect(unknownBox.json()).toEqual({ errorcode: LOCKER_EVENT_ERRORCODE.unknownAirBoxId, message: 'No customer has this AirBox ID.' });
    const unknownHub = await event({ type: 'delivered', boxId: customer.boxId, hubId: 'no-such-hub', carrier: 'USPS', trackingNo: '1' });
    expect(unknownHub.json()).toMatchObject({ errorcode: LOCKER_EVENT_ERRORCODE.unknownHub });
    expect(await unpicked(customer)).toBe(0);
    expect((await messagesOf(customer)).total).toBe(0);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(0);
  });

  it('answers a repeated event (a retry, a replay) with the package it recorded and records nothing again', async () => {
    const customer = await newCustomer(t.app, { credits: 5, notify_by_email: 1 });
    const delivered = { type: 'delivered', boxId: customer.boxId, hubId, carrier: 'USPS', trackingNo: '9400111202555842760001', deliveredAt: '2026-01-15T18:00:00Z', door: { column: 'B', row: 3, low: false } };
    const first = await event(delivered);
    expect(first.statusCode).toBe(200);
    const jobs = await t.app.db.selectFrom('jobs').select('id').execute();
    const retried = await event(delivered);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(first.json());
    // No second notice nor wallet push queued, no second package, message or delivery operation.
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual(jobs);
    expect(await unpicked(customer)).toBe(1);
    expect((await messagesOf(customer)).total).toBe(1);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
    expect((await mailsOf(t)).filter((mail) => mail.to === customer.email)).toHaveLength(1);

    // Replayed after the pickup: the same answer, and nothing waits to be charged as overdue.
    expect((await pickUp(first.json().pickupCode, '2026-01-16T10:00:00Z')).statusCode).toBe(200);
    const replayed = await event(delivered);
    expect(replayed.json()).toEqual(first.json());
    expect(await unpicked(customer)).toBe(0);
    expect((await messagesOf(customer)).total).toBe(1);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(2);
  });

  it('takes the same delivery written another way (the carrier’s case, spaces in the tracking number, the instant in another zone) as a repeat', async () => {
    const customer = await newCustomer(t.app);
    const delivered = { type: 'delivered', boxId: customer.boxId, hubId, carrier: 'UPS', trackingNo: '1Z999AA10123450002', deliveredAt: '2026-01-15T18:20:00Z' };
    const first = await event(delivered);
    expect(first.statusCode).toBe(200);
    const again = await event({ ...delivered, carrier: 'ups', trackingNo: '1z999aa1 0123450002', deliveredAt: '2026-01-15T10:20:00-08:00' });
    expect(again.json()).toEqual(first.json());
    expect(await unpicked(customer)).toBe(1);
  });

  it('records one package when the same delivery is reported twice at once', async () => {
    const customer = await newCustomer(t.app);
    const delivered = { type: 'delivered', boxId: customer.boxId, hubId, carrier: 'UPS', trackingNo: '1Z999AA10123450001', deliveredAt: '2026-01-15T18:05:00Z' };
    const answers = await Promise.all([event(delivered), event(delivered)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(await unpicked(customer)).toBe(1);
    expect((await messagesOf(customer)).total).toBe(1);
    expect(await operationsOf(t.app, customer.userId)).toHaveLength(1);
  });

  it("answers the loser of a race with the winner's package: the database refuses its second row", async () => {
    const customer = await newCustomer(t.app);
    const delivered = { type: 'delivered', boxId: customer.boxId, hubId, carrier: 'FedEx', trackingNo: '771234567890', deliveredAt: '2026-01-15T18:10:00Z' };
    const first = await event(delivered);
    // The twin looked before the winner's row was there.
    vi.mocked(packagesRepository.findPackageByDeliveryKey).mockResolvedValueOnce(undefined);
    const loser = await event(delivered);
    expect(loser.statusCode).toBe(200);
    expect(loser.json()).toEqual(first.json());
    expect(await unpicked(customer)).toBe(1);
    expect((await messagesOf(customer)).total).toBe(1);
  });

  it('records another parcel, or the same parcel delivered again at another time, as a package of its own', async () => {
    const customer = await newCustomer(t.app);
    const first = await deliver(customer.boxId, { trackingNo: '9400111202555842760002', deliveredAt: '2026-01-15T18:00:00Z' });
    const another = await deliver(customer.boxId, { trackingNo: '9400111202555842760003', deliveredAt: '2026-01-15T18:00:00Z' });
    const again = await deliver(customer.boxId, { trackingNo: '9400111202555842760002', deliveredAt: '2026-01-19T17:30:00Z' });
    // Without the controller's time the server cannot tell a retry from a new delivery: each is recorded, as before.
    const untimed = await deliver(customer.boxId, { trackingNo: '9400111202555842760004' });
    const untimedAgain = await deliver(customer.boxId, { trackingNo: '9400111202555842760004' });
    const packages = [first, another, again, untimed, untimedAgain];
    expect(new Set(packages.map((answer) => answer.packageId)).size).toBe(5);
    expect(new Set(packages.map((answer) => answer.pickupCode)).size).toBe(5);
    expect(await unpicked(customer)).toBe(5);
    expect((await messagesOf(customer)).total).toBe(5);
  });

  it('is kept to one package per delivery by the database, whatever the code does', async () => {
    const customer = await newCustomer(t.app);
    const row = (pickupCode: string) => ({
      user_id: customer.userId,
      hub_id: hubId,
      carrier: 'USPS',
      tracking_no: '9400111202555842760005',
      pickup_code: pickupCode,
      delivered_at: '2026-01-15T18:00:00.000Z',
      picked_up_at: null,
      door_column: null,
      door_row: null,
      door_low: null,
      delivery_key: `test-delivery-key-${customer.userId}`,
    });
    await t.app.db.insertInto('locker_packages').values(row('990001')).execute();
    await expect(t.app.db.insertInto('locker_packages').values(row('990002')).execute()).rejects.toThrow();
  });

  it('escapes hostile values in the message HTML', async () => {
    const customer = await newCustomer(t.app);
    await deliver(customer.boxId, { carrier: '<img src=x onerror=alert(1)>', trackingNo: '<script>alert("x")</script>' });
    const [message] = (await messagesOf(customer)).messages;
    expect(message!.messages).not.toMatch(/<script|<img/i);
    expect(message!.messages).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(message!.messages).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The plain fields are data, shown as text by the web app.
    expect(message!.tracking_no).toBe('<script>alert("x")</script>');
  });
});

describe('a pickup', () => {
  it('marks the package and message picked up and charges 1 credit on time (credit plan)', async () => {
    const customer = await newCustomer(t.app, { credits: 5 });
    const { pickupCode, packageId } = await deliver(customer.boxId, { deliveredAt: '2026-01-15T18:00:00Z' });
    const response = await pickUp(pickupCode, '2026-01-16T19:59:00Z');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errorcode: 0, message: 'Event recorded', packageId, pickupCode, creditsCharged: 1, overtimeDays: 0 });
    expect(await unpicked(customer)).toBe(0);
    expect((await messagesOf(customer)).messages[0]).toMatchObject({ is_pickup: 1 });
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
    const operations = await operationsOf(t.app, customer.userId);
    expect(operations.map((op) => [op.op_type, op.credits_delta, op.overtime_days, op.balance_after])).toEqual([
      [1, 0, 0, 5],
      [2, -1, 0, 4],
    ]);
    const history = await postForm(t.app, '/app/v1/getUserOperations', { user_id: customer.userId }, customer.cookie);
    expect(history.json().operations[0]).toMatchObject({
      op_type: 2,
      credits: 1,
      overtime: 0,
      balance: 4,
      delivery_time: '2026-01-15T18:00:00.000Z',
      pickup_time: '2026-01-16T19:59:00.000Z',
    });
  });

  it.each([
    ['the first overdue day', '2026-01-17T10:00:00Z', 1, 2],
    ['the second overdue day', '2026-01-18T10:00:00Z', 2, 3],
    ['a week late (capped at 2 days)', '2026-01-22T10:00:00Z', 2, 3],
  ])('charges %s: 1 credit for the delivery and 1 per overdue day', async (_label, pickedUpAt, overtime, charged) => {
    const customer = await newCustomer(t.app, { credits: 10 });
    const { pickupCode } = await deliver(customer.boxId, { deliveredAt: '2026-01-15T18:00:00Z' });
    const response = await pickUp(pickupCode, pickedUpAt);
    expect(response.json()).toMatchObject({ creditsCharged: charged, overtimeDays: overtime });
    expect((await userRow(t.app, customer.userId)).credits).toBe(10 - charged);
    const pickup = (await operationsOf(t.app, customer.userId)).find((op) => op.op_type === 2)!;
    expect(pickup).toMatchObject({ credits_delta: -charged, credits_owed: charged, overtime_days: overtime, balance_after: 10 - charged });
  });

  it('charges a 6-month member only the overdue days', async () => {
    const customer = await newCustomer(t.app, { credits: 3, membership: 2, membership_expire: '2027-01-01T00:00:00.000Z' });
    const onTime = await deliver(customer.boxId, { deliveredAt: '2026-01-15T18:00:00Z' });
    expect((await pickUp(onTime.pickupCode, '2026-01-16T10:00:00Z')).json()).toMatchObject({ creditsCharged: 0, overtimeDays: 0 });
    const late = await deliver(customer.boxId, { trackingNo: '9400111202555842761030', deliveredAt: '2026-01-15T18:00:00Z' });
    expect((await pickUp(late.pickupCode, '2026-01-17T10:00:00Z')).json()).toMatchObject({ creditsCharged: 1, overtimeDays: 1 });
    expect((await userRow(t.app, customer.userId)).credits).toBe(2);
  });

  it('never takes the balance below 0 and keeps what was owed', async () => {
    const customer = await newCustomer(t.app, { credits: 1 });
    const { pickupCode } = await deliver(customer.boxId, { deliveredAt: '2026-01-15T18:00:00Z' });
    expect((await pickUp(pickupCode, '2026-01-20T10:00:00Z')).json()).toMatchObject({ creditsCharged: 1, overtimeDays: 2 });
    expect((await userRow(t.app, customer.userId)).credits).toBe(0);
    expect((await operationsOf(t.app, customer.userId)).at(-1)).toMatchObject({ credits_delta: -1, credits_owed: 3, balance_after: 0 });
  });

  it('answers an unknown code and a package already picked up clearly, changing nothing', async () => {
    const customer = await newCustomer(t.app, { credits: 5 });
    const { pickupCode } = await deliver(customer.boxId);
    expect((await pickUp(pickupCode)).statusCode).toBe(200);
    const again = await pickUp(pickupCode);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorcode: LOCKER_EVENT_ERRORCODE.alreadyPickedUp, message: 'This package was already picked up.' });
    const unknown = await pickUp(pickupCode === '999999' ? '999998' : '999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorcode: LOCKER_EVENT_ERRORCODE.unknownPickupCode });
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
    expect((await operationsOf(t.app, customer.userId)).filter((op) => op.op_type === 2)).toHaveLength(1);
  });

  it('records one pickup when the same code is reported twice at once', async () => {
    const customer = await newCustomer(t.app, { credits: 5 });
    const { pickupCode } = await deliver(customer.boxId);
    const answers = await Promise.all([pickUp(pickupCode), pickUp(pickupCode)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await userRow(t.app, customer.userId)).credits).toBe(4);
  });
});
