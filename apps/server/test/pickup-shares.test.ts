import { API_ERRORCODE, getPublicPickupShareCall, PICKUP_SHARE_ERRORCODE, PICKUP_SHARE_MESSAGES, PICKUP_SHARES_PER_DAY, revokePickupShareCall, sharePickupCall } from '@airbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { postForm, signIn, useTestApp, useTestDatabase } from './helper.js';

/**
 * Share a pickup (issue 22 item 1), as the web app and a locker controller call it: the owner
 * shares a waiting package (link, e-mail, text), the public link answers only the owner's first
 * name, the hub and the share's own code; the locker events API opens the door once with either
 * code, after which both are dead; revoked and expired shares refuse; caps and a race.
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
const t = useTestApp(database, { seedDemoData: true, lockerApiKeys: [KEY] });
let hub: { id: string; business_name: string; hours: string };

beforeAll(async () => {
  hub = await t.app.db.selectFrom('hubs').select(['id', 'business_name', 'hours']).where('business_name', '=', 'AirBox Union Square').executeTakeFirstOrThrow();
});

let serial = 0;
async function deliver(boxId: string, extra: Record<string, unknown> = {}) {
  serial += 1;
  const answer = await t.app.inject({
    method: 'POST',
    url: '/app/v1/locker/events',
    headers: { 'x-api-key': KEY },
    payload: { type: 'delivered', boxId, hubId: hub.id, carrier: 'USPS', trackingNo: `9400111202555842${String(serial).padStart(6, '0')}`, ...extra },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { packageId: number; pickupCode: string };
}

const collect = (pickupCode: string) =>
  t.app.inject({ method: 'POST', url: '/app/v1/locker/events', headers: { 'x-api-key': KEY }, payload: { type: 'picked_up', hubId: hub.id, pickupCode } });

async function customer(fields: Record<string, unknown> = {}) {
  const user = await insertAccountUser(t.app.db, { locker_id: hub.id, first_name: 'Robin', last_name: 'Secretsurname', ...fields });
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  return { ...user, cookie };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const share = (user: Customer, body: Record<string, unknown>) =>
  t.app.inject({ method: sharePickupCall.method, url: sharePickupCall.path, headers: { cookie: user.cookie }, payload: body });
const revoke = (user: Customer, packageId: number) =>
  t.app.inject({ method: revokePickupShareCall.method, url: revokePickupShareCall.path, headers: { cookie: user.cookie }, payload: { packageId } });
const page = (token: string) => t.app.inject({ method: 'GET', url: `${getPublicPickupShareCall.path}?token=${encodeURIComponent(token)}` });
const tokenOf = (url: string) => url.split('/pickup/')[1] ?? '';

async function waiting(user: Customer) {
  const answer = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: user.userId }, user.cookie);
  return answer.json().packages as Array<{ packageId: number; pickupCode: string; share: unknown }>;
}

async function queued(name: 'mail' | 'sms') {
  const rows = await t.app.db.selectFrom('jobs').select(['payload']).where('name', '=', name).orderBy('id').execute();
  return rows.map((row) => JSON.parse(row.payload) as { to: string; body?: string; text?: string; subject?: string });
}

describe('sharing a pickup', () => {
  it('by link: its own code, a public page naming only the first name, and the shared code collects once (the owner’s then dead)', async () => {
    const owner = await customer();
    const pkg = await deliver(owner.boxId, { door: { column: 'B', row: 3, low: true } });
    const answer = await share(owner, { packageId: pkg.packageId, via: 'link' });
    expect(answer.statusCode).toBe(200);
    const made = answer.json().data as { url: string; pickupCode: string; via: string; validUntil: string };
    expect(made.pickupCode).toMatch(/^\d{6}$/);
    expect(made.pickupCode).not.toBe(pkg.pickupCode);
    expect(tokenOf(made.url)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a digest is kept.
    const row = await t.app.db.selectFrom('pickup_shares').selectAll().where('package_id', '=', pkg.packageId).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(tokenOf(made.url));

    expect((await waiting(owner))[0]?.share).toMatchObject({ via: 'link', sentTo: '' });

    const publicAnswer = await page(tokenOf(made.url));
    expect(publicAnswer.statusCode).toBe(200);
    const text = publicAnswer.body;
    expect(publicAnswer.json().data).toMatchObject({
      state: 'ready',
      pickup: { sharedBy: 'Robin', pickupCode: made.pickupCode, hubName: hub.business_name, hubHours: hub.hours, door: { column: 'B', row: 3, low: true } },
    });
    for (const secret of ['Secretsurname', owner.email, owner.boxId, pkg.pickupCode]) expect(text).not.toContain(secret);

    const opened = await collect(made.pickupCode);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ errorcode: 0, packageId: pkg.packageId });
    expect((await collect(made.pickupCode)).statusCode).toBe(404);
    expect((await collect(pkg.pickupCode)).statusCode).toBe(409);
    expect((await page(tokenOf(made.url))).json().data).toEqual({ state: 'used', pickup: null });
    // The owner is told, and by which code.
    expect((await queued('mail')).filter((mail) => mail.to === owner.email).map((mail) => mail.text ?? '').join('\n')).toContain('the pickup code you shared');
  });

  it("collected with the owner's code: the share's code and link are dead, and the owner is told which code", async () => {
    const owner = await customer();
    const pkg = await deliver(owner.boxId);
    const made = (await share(owner, { packageId: pkg.packageId, via: 'email', email: 'friend@example.com' })).json().data as { url: string; pickupCode: string };
    const mails = await queued('mail');
    expect(mails.some((mail) => mail.to === 'friend@example.com' && (mail.text ?? '').includes(made.url))).toBe(true);
    expect((await collect(pkg.pickupCode)).statusCode).toBe(200);
    expect((await collect(made.pickupCode)).statusCode).toBe(404);
    expect((await page(tokenOf(made.url))).json().data).toEqual({ state: 'used', pickup: null });
    expect((await queued('mail')).filter((mail) => mail.to === owner.email).map((mail) => mail.text ?? '').join('\n')).toContain('your own pickup code');
  });

  it('by text: the link is texted to the number', async () => {
    const owner = await customer();
    const pkg = await deliver(owner.boxId);
    const answer = await share(owner, { packageId: pkg.packageId, via: 'text', phone: '415-555-0177' });
    expect(answer.statusCode).toBe(200);
    const { url } = answer.json().data as { url: string };
    expect((await queued('sms')).filter((sms) => sms.to === '+14155550177').map((sms) => sms.body)).toEqual([expect.stringContaining(url)]);
    expect((await share(owner, { packageId: pkg.packageId, via: 'text' })).statusCode).toBe(400);
  });

  it('revoked: the link says so and the code is refused; the owner’s code still works', async () => {
    const owner = await customer();
    const pkg = await deliver(owner.boxId);
    const made = (await share(owner, { packageId: pkg.packageId, via: 'link' })).json().data as { url: string; pickupCode: string };
    // One live share per package.
    const again = await share(owner, { packageId: pkg.packageId, via: 'link' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorcode: PICKUP_SHARE_ERRORCODE.refused, message: PICKUP_SHARE_MESSAGES.alreadyShared });
    expect((await revoke(owner, pkg.packageId)).json()).toMatchObject({ errorcode: 0, message: PICKUP_SHARE_MESSAGES.revoked });
    expect((await revoke(owner, pkg.packageId)).statusCode).toBe(409);
    expect((await page(tokenOf(made.url))).json().data).toEqual({ state: 'revoked', pickup: null });
    expect((await collect(made.pickupCode)).statusCode).toBe(404);
    expect((await waiting(owner))[0]?.share).toBeNull();
    expect((await collect(pkg.pickupCode)).statusCode).toBe(200);
  });

  it("refuses others' packages, collected ones, and a bad token answers 404 saying nothing", async () => {
    const owner = await customer();
    const other = await customer();
    const pkg = await deliver(owner.boxId);
    expect((await share(other, { packageId: pkg.packageId, via: 'link' })).statusCode).toBe(404);
    expect((await revoke(other, pkg.packageId)).statusCode).toBe(404);
    expect((await collect(pkg.pickupCode)).statusCode).toBe(200);
    const collected = await share(owner, { packageId: pkg.packageId, via: 'link' });
    expect(collected.statusCode).toBe(404);
    expect(collected.json()).toMatchObject({ errorcode: PICKUP_SHARE_ERRORCODE.notFound });
    const unknown = await page('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorcode: API_ERRORCODE.notFound, message: PICKUP_SHARE_MESSAGES.linkNotFound });
    expect((await page('short')).statusCode).toBe(400);
    // Signed out: the owner's calls refuse.
    const signedOut = await t.app.inject({ method: 'POST', url: sharePickupCall.path, payload: { packageId: pkg.packageId, via: 'link' } });
    expect(signedOut.statusCode).toBe(401);
  });

  it('caps the shares a customer makes in a day', async () => {
    const owner = await customer();
    for (let index = 0; index < PICKUP_SHARES_PER_DAY; index += 1) {
      const pkg = await deliver(owner.boxId);
      expect((await share(owner, { packageId: pkg.packageId, via: 'link' })).statusCode).toBe(200);
    }
    const pkg = await deliver(owner.boxId);
    const refused = await share(owner, { packageId: pkg.packageId, via: 'link' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorcode: API_ERRORCODE.limitReached, message: PICKUP_SHARE_MESSAGES.perDay(PICKUP_SHARES_PER_DAY) });
  });

  it('races: both codes at once open the door once; a share used while revoked ends one way', async () => {
    const owner = await customer();
    const pkg = await deliver(owner.boxId);
    const made = (await share(owner, { packageId: pkg.packageId, via: 'link' })).json().data as { pickupCode: string };
    const both = await Promise.all([collect(made.pickupCode), collect(pkg.pickupCode)]);
    expect(both.map((answer) => answer.statusCode).filter((status) => status === 200)).toHaveLength(1);
    const picks = await t.app.db.selectFrom('locker_packages').select('picked_up_at').where('id', '=', pkg.packageId).execute();
    expect(picks[0]?.picked_up_at).not.toBeNull();

    const second = await deliver(owner.boxId);
    const made2 = (await share(owner, { packageId: second.packageId, via: 'link' })).json().data as { pickupCode: string };
    const [used, revoked] = await Promise.all([collect(made2.pickupCode), revoke(owner, second.packageId)]);
    expect([used.statusCode, revoked.statusCode].filter((status) => status === 200)).toHaveLength(1);
    const row = await t.app.db.selectFrom('pickup_shares').select(['ended_by']).where('package_id', '=', second.packageId).executeTakeFirstOrThrow();
    expect(row.ended_by).toBe(used.statusCode === 200 ? 'shared-code' : 'revoked');
  });

  it('expires with the free period: the link says so and the code is refused; a share is refused after it', async () => {
    const owner = await customer();
    const pkg = await deliver(owner.boxId);
    const made = (await share(owner, { packageId: pkg.packageId, via: 'link' })).json().data as { url: string; pickupCode: string };
    t.advance(3 * 24 * 3_600_000);
    const { cookie } = await signIn(t.app, owner.email, FIXTURE_PASSWORD);
    expect((await page(tokenOf(made.url))).json().data).toEqual({ state: 'expired', pickup: null });
    expect((await collect(made.pickupCode)).statusCode).toBe(404);
    const late = await deliver(owner.boxId, { deliveredAt: new Date(Date.now() - 3 * 24 * 3_600_000).toISOString() });
    await revoke({ ...owner, cookie }, pkg.packageId);
    const refused = await share({ ...owner, cookie }, { packageId: late.packageId, via: 'link' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: PICKUP_SHARE_MESSAGES.freePeriodOver });
    // The owner's code still works after the share expired.
    expect((await collect(pkg.pickupCode)).statusCode).toBe(200);
  });
});
