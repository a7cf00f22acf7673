import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailsOf, type TestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';

/**
 * The arrival notice names the door (issue 22 item 3): when the controller reported the door it
 * used, the mail, the text and the My Messages message say 'Door B3 · low, wheelchair reachable.'
 * (or high, above 48 in); a customer who needs a low door and got a high one is told whom to call;
 * a delivery without a door says nothing of one, as before.
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
let t: TestApp;
let hub: { id: string; business_name: string; phone: string };
let serial = 0;

beforeAll(async () => {
  t = await buildTestApp(database.url(), { seedDemoData: true, lockerApiKeys: [KEY] });
  hub = await t.app.db.selectFrom('hubs').select(['id', 'business_name', 'phone']).where('business_name', '=', 'AirBox Union Square').executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t.close();
});

type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** A delivery with (or without) a door, and the notices it sent: the mail's text, the text message, the stored message. */
async function deliverAndRead(customer: Customer, phone: string, door?: { column: string | number; row: number; low: boolean }) {
  serial += 1;
  const trackingNo = `940011120255584276${String(serial).padStart(4, '0')}`;
  const answer = await t.app.inject({
    method: 'POST',
    url: '/app/v1/locker/events',
    headers: { 'x-api-key': KEY },
    payload: { type: 'delivered', boxId: customer.boxId, hubId: hub.id, carrier: 'USPS', trackingNo, ...(door ? { door } : {}) },
  });
  expect(answer.statusCode).toBe(200);
  const mail = (await mailsOf(t)).filter((m) => m.to === customer.email && m.text.includes(trackingNo));
  expect(mail).toHaveLength(1);
  const texts = readdirSync(t.config.mailOutboxDir)
    .filter((file) => file.startsWith('sms-'))
    .map((file) => readFileSync(join(t.config.mailOutboxDir, file), 'utf8'))
    .filter((text) => text.startsWith(`To: +1${phone.replace(/\D/g, '')}`) && text.includes(trackingNo));
  expect(texts).toHaveLength(1);
  const message = await t.app.db.selectFrom('messages').select('body_html').where('user_id', '=', customer.userId).where('tracking_no', '=', trackingNo).executeTakeFirstOrThrow();
  return { mail: mail[0]!.text, text: texts[0]!, html: message.body_html };
}

const notified = (phone: string, changes: Record<string, unknown> = {}) => newCustomer(t.app, { notify_by_email: 1, notify_by_text: 1, cell_phone: phone, ...changes });

describe('the arrival notice', () => {
  it('names a low door in the mail, the text and the message', async () => {
    const customer = await notified('415-555-0171');
    const { mail, text, html } = await deliverAndRead(customer, '415-555-0171', { column: 'b', row: 3, low: true });
    expect(mail).toContain('Door B3 · low, wheelchair reachable.');
    expect(text).toContain('Door B3 · low, wheelchair reachable.');
    expect(html).toContain('<strong>Door B3 · low, wheelchair reachable.</strong>');
    expect(mail).not.toContain('above wheelchair reach');
  });

  it('names a high door (a numbered column) as high, with no advice to a customer who needs none', async () => {
    const customer = await notified('415-555-0172');
    const { mail, text } = await deliverAndRead(customer, '415-555-0172', { column: 12, row: 1, low: false });
    expect(mail).toContain('Door 12-1 · high, above 48 in.');
    expect(text).toContain('Door 12-1 · high, above 48 in.');
    expect(mail).not.toContain('Call ');
  });

  it("tells a customer who needs a low door and got a high one whom to call, with the hub's phone", async () => {
    const customer = await notified('415-555-0173', { is_handicapped: 1 });
    const { mail, text, html } = await deliverAndRead(customer, '415-555-0173', { column: 'A', row: 1, low: false });
    const advice = `Door A1 is above wheelchair reach: no low door was free when it was delivered. Call ${hub.business_name} at ${hub.phone} and someone will bring it to you or move it to a low door.`;
    for (const notice of [mail, text]) expect(notice).toContain(`Door A1 · high, above 48 in. ${advice}`);
    expect(html).toContain(advice);
  });

  it('says nothing of a door when the controller reported none', async () => {
    const customer = await notified('415-555-0174', { is_handicapped: 1 });
    const { mail, text, html } = await deliverAndRead(customer, '415-555-0174');
    for (const notice of [mail, text, html]) expect(notice).not.toMatch(/Door /);
    expect(mail).toMatch(/Pickup code: \d{6}\. Pick it up by /);
  });
});
