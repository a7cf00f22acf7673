import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorPassPushProvider } from '../src/providers/pass-push/simulator-pass-push-provider.js';
import { FIXTURE_PASSWORD, type FixtureHubs, insertAccountUser, insertHubsAndBuilding } from './account-fixtures.js';
import { signIn, useTestApp, useTestDatabase } from './helper.js';
import { unzip } from './pkpass.js';

/**
 * The wallet pass that stays current (issue 22 item 4), tested as Apple's devices call the PassKit
 * web service: register, a delivery through the locker events API, the serial number listed as
 * updated since the old tag, the new pass served with the new package, 304 when unchanged, a push
 * recorded by the simulator, unregister, and what is refused.
 */

const database = useTestDatabase();
const KEY = 'locker-test-key-0123456789abcdef';
const t = useTestApp(database, { seedDemoData: false, lockerApiKeys: [KEY] });
const TYPE = 'pass.com.airbox.test';
let hubs: FixtureHubs;

beforeAll(async () => {
  hubs = await insertHubsAndBuilding(t.app.db);
});

interface PassJson {
  serialNumber: string;
  webServiceURL: string;
  authenticationToken: string;
  barcodes: Array<{ format: string; message: string }>;
  generic: {
    secondaryFields: Array<{ key: string; value: string | number }>;
    auxiliaryFields: Array<{ key: string; value: string }>;
    backFields: Array<{ key: string; label: string; value: string }>;
  };
}

const passJsonOf = (file: Buffer) => JSON.parse(unzip(file).get('pass.json')!.toString('utf8')) as PassJson;
const pushes = () => (t.app.passPushes as SimulatorPassPushProvider).pushes;
const hex = (start: string) => `${start}${'0123456789abcdef'.repeat(5)}`.slice(0, 64);

/** A customer with a pass downloaded from the portal, as Wallet installs it. */
async function customerWithPass() {
  const user = await insertAccountUser(t.app.db, { locker_id: hubs.buildingHubs[0]!, first_name: 'Wren' });
  const { cookie } = await signIn(t.app, user.email, FIXTURE_PASSWORD);
  const answer = await t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${user.userId}&OS=mac`, headers: { cookie } });
  const link = (answer.json() as { data: string }).data;
  const download = await t.app.inject({ method: 'GET', url: link.slice(t.config.publicUrl.length) });
  expect(download.statusCode).toBe(200);
  const qr = await t.app.inject({ method: 'GET', url: `/app/v1/getUserQRcode?user_id=${user.userId}&update=0`, headers: { cookie } });
  return { ...user, cookie, pass: passJsonOf(download.rawPayload), qrcode: (qr.json() as { qrcode: string }).qrcode };
}

const registrationUrl = (device: string, serial: string, type = TYPE) => `/passkit/v1/devices/${device}/registrations/${type}/${serial}`;

function register(device: string, serial: string, token: string | undefined, pushToken = hex('aa'), type = TYPE) {
  return t.app.inject({
    method: 'POST',
    url: registrationUrl(device, serial, type),
    headers: token === undefined ? {} : { authorization: `ApplePass ${token}` },
    payload: { pushToken },
  });
}

function listUpdated(device: string, since?: string) {
  return t.app.inject({ method: 'GET', url: `/passkit/v1/devices/${device}/registrations/${TYPE}${since === undefined ? '' : `?passesUpdatedSince=${since}`}` });
}

function latest(serial: string, token: string, ifModifiedSince?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/passkit/v1/passes/${TYPE}/${serial}`,
    headers: { authorization: `ApplePass ${token}`, ...(ifModifiedSince ? { 'if-modified-since': ifModifiedSince } : {}) },
  });
}

function lockerEvent(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/app/v1/locker/events', headers: { 'x-api-key': KEY }, payload: body });
}

describe('the pass', () => {
  it('carries the web service, a random token and serial, and the locker QR code as its barcode', async () => {
    const one = await customerWithPass();
    const two = await customerWithPass();
    expect(one.pass.webServiceURL).toBe(`${t.config.publicUrl}/passkit`);
    expect(one.pass.authenticationToken).toMatch(/^[\w-]{43}$/);
    expect(one.pass.serialNumber).toMatch(/^ab-[\w-]{24}$/);
    expect(one.pass.serialNumber).not.toContain('airbox-user');
    expect(two.pass.authenticationToken).not.toBe(one.pass.authenticationToken);
    expect(one.pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: one.qrcode });
    // Downloaded again, it is the same pass (Wallet replaces it), with the same token.
    const again = await t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${one.userId}&OS=mac`, headers: { cookie: one.cookie } });
    const file = await t.app.inject({ method: 'GET', url: (again.json() as { data: string }).data.slice(t.config.publicUrl.length) });
    expect(passJsonOf(file.rawPayload)).toMatchObject({ serialNumber: one.pass.serialNumber, authenticationToken: one.pass.authenticationToken });
    // Only its hash and a sealed copy are stored.
    const row = await t.app.db.selectFrom('wallet_passes').selectAll().where('user_id', '=', one.userId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(one.pass.authenticationToken);
  });
});

describe("Apple's PassKit web service", () => {
  it('register, a delivery, the serial listed as updated, the new pass, 304, a push, a pickup, unregister', async () => {
    const customer = await customerWithPass();
    const { serialNumber: serial, authenticationToken: token } = customer.pass;
    const device = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

    const created = await register(device, serial, token);
    expect(created.statusCode).toBe(201);
    expect((await register(device, serial, token)).statusCode).toBe(200);

    const first = await listUpdated(device);
    expect(first.statusCode).toBe(200);
    const { serialNumbers, lastUpdated: oldTag } = first.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([serial]);
    expect((await listUpdated(device, oldTag)).statusCode).toBe(204);

    const before = await latest(serial, token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = String(before.headers['last-modified']);
    expect(passJsonOf(before.rawPayload).generic.secondaryFields.find((f) => f.key === 'waiting')?.value).toBe(0);
    expect((await latest(serial, token, lastModified)).statusCode).toBe(304);

    const pushesBefore = pushes().length;
    t.advance(5_000);
    const delivery = await lockerEvent({ type: 'delivered', boxId: customer.boxId, hubId: hubs.buildingHubs[0], carrier: 'USPS', trackingNo: '9400111202555842761234' });
    expect(delivery.statusCode).toBe(200);
    const { pickupCode } = delivery.json() as { pickupCode: string };

    const changed = await listUpdated(device, oldTag);
    expect(changed.statusCode).toBe(200);
    const { serialNumbers: updated, lastUpdated: newTag } = changed.json() as { serialNumbers: string[]; lastUpdated: string };
    expect(updated).toEqual([serial]);
    expect(Number(newTag)).toBeGreaterThan(Number(oldTag));
    expect((await listUpdated(device, newTag)).statusCode).toBe(204);

    const fresh = await latest(serial, token, lastModified);
    expect(fresh.statusCode).toBe(200);
    expect(Date.parse(String(fresh.headers['last-modified']))).toBeGreaterThan(Date.parse(lastModified));
    const pass = passJsonOf(fresh.rawPayload);
    expect(pass).toMatchObject({ serialNumber: serial, authenticationToken: token });
    expect(pass.barcodes[0]!.message).toBe(customer.qrcode);
    expect(pass.generic.auxiliaryFields.find((f) => f.key === 'pickupCode')?.value).toBe(pickupCode);
    const listed = pass.generic.backFields.find((f) => f.key === 'package1')!;
    expect(listed.label).toBe('Package 1: USPS …1234');
    expect(listed.value).toContain('Fixture Hub North');
    expect(listed.value).toContain(`Pickup code: ${pickupCode}`);
    expect(listed.value).toMatch(/Free until: \d{1,2}\/\d{1,2}\/\d{4} 12:00 PM P[SD]T/);
    expect(listed.value).toContain('Due at pickup now: 1 credit');
    expect((await latest(serial, token, String(fresh.headers['last-modified']))).statusCode).toBe(304);

    // The push: queued with the delivery, sent by the worker, recorded by the simulator.
    await t.app.jobs.drain();
    const sent = pushes().slice(pushesBefore);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ topic: TYPE, tokenEnd: hex('aa').slice(-8), payload: '{}' });
    const recorded = readFileSync(join(t.config.mailOutboxDir, 'wallet-pushes.jsonl'), 'utf8');
    expect(recorded).toContain(sent[0]!.id);
    expect(recorded).not.toContain(hex('aa'));

    // The pickup takes the package off the pass, with another push.
    t.advance(5_000);
    expect((await lockerEvent({ type: 'picked_up', hubId: hubs.buildingHubs[0], pickupCode })).statusCode).toBe(200);
    expect((await listUpdated(device, newTag)).json()).toMatchObject({ serialNumbers: [serial] });
    const after = passJsonOf((await latest(serial, token)).rawPayload);
    expect(after.generic.auxiliaryFields.find((f) => f.key === 'pickupCode')).toBeUndefined();
    await t.app.jobs.drain();
    expect(pushes().length - pushesBefore).toBe(2);

    const unregister = await t.app.inject({ method: 'DELETE', url: registrationUrl(device, serial), headers: { authorization: `ApplePass ${token}` } });
    expect(unregister.statusCode).toBe(200);
    expect((await listUpdated(device)).statusCode).toBe(204);
    const twice = await t.app.inject({ method: 'DELETE', url: registrationUrl(device, serial), headers: { authorization: `ApplePass ${token}` } });
    expect(twice.statusCode).toBe(401);
    // A change now pushes nothing.
    t.advance(5_000);
    await lockerEvent({ type: 'delivered', boxId: customer.boxId, hubId: hubs.buildingHubs[0], carrier: 'UPS', trackingNo: '1Z999AA10123456784' });
    await t.app.jobs.drain();
    expect(pushes().length - pushesBefore).toBe(2);
  });

  it('401 for a wrong or missing token, another pass type, an unknown pass or device', async () => {
    const one = await customerWithPass();
    const two = await customerWithPass();
    const device = 'feedfacecafebeef0123456789abcdef';
    for (const token of [undefined, 'x'.repeat(43), two.pass.authenticationToken, `${one.pass.authenticationToken}x`]) {
      expect((await register(device, one.pass.serialNumber, token)).statusCode).toBe(401);
    }
    const bearer = await t.app.inject({
      method: 'POST',
      url: registrationUrl(device, one.pass.serialNumber),
      headers: { authorization: `Bearer ${one.pass.authenticationToken}` },
      payload: { pushToken: hex('bb') },
    });
    expect(bearer.statusCode).toBe(401);
    expect((await register(device, 'ab-unknownserial', one.pass.authenticationToken)).statusCode).toBe(401);
    expect((await register(device, one.pass.serialNumber, one.pass.authenticationToken, hex('bb'), 'pass.com.other.type')).statusCode).toBe(401);
    expect((await latest(one.pass.serialNumber, two.pass.authenticationToken)).statusCode).toBe(401);
    expect((await latest(two.pass.serialNumber, two.pass.authenticationToken)).statusCode).toBe(200);
    const unknownDevice = await t.app.inject({ method: 'DELETE', url: registrationUrl('0000deadbeef', one.pass.serialNumber), headers: { authorization: `ApplePass ${one.pass.authenticationToken}` } });
    expect(unknownDevice.statusCode).toBe(401);
    expect((await listUpdated('0000deadbeef')).statusCode).toBe(204);
    expect(await t.app.db.selectFrom('wallet_pass_registrations').select('device_library_id').where('device_library_id', '=', device).execute()).toEqual([]);
    // The tokens never reach the log.
    expect(t.logs.join('\n')).not.toContain(one.pass.authenticationToken);
  });

  it('refuses bad input naming the field, and oversized bodies', async () => {
    const { pass } = await customerWithPass();
    const bad = async (response: Promise<{ statusCode: number; json: () => unknown }>, field: string) => {
      const answer = await response;
      expect(answer.statusCode).toBe(400);
      expect((answer.json() as { message: string }).message).toContain(field);
    };
    await bad(register('device1', pass.serialNumber, pass.authenticationToken, 'not-hex'), 'pushToken');
    await bad(
      t.app.inject({ method: 'POST', url: registrationUrl('device1', pass.serialNumber), headers: { authorization: `ApplePass ${pass.authenticationToken}` }, payload: {} }),
      'pushToken',
    );
    await bad(register('dev%20ice', pass.serialNumber, pass.authenticationToken), 'deviceLibraryIdentifier');
    await bad(register('dev:ice', pass.serialNumber, pass.authenticationToken), 'deviceLibraryIdentifier');
    // Past 100 characters the router itself refuses a path part.
    expect((await register('d'.repeat(101), pass.serialNumber, pass.authenticationToken)).statusCode).toBe(400);
    await bad(register('device1', 's'.repeat(65), pass.authenticationToken), 'serialNumber');
    await bad(listUpdated('device1', 'yesterday'), 'passesUpdatedSince');
    await bad(t.app.inject({ method: 'POST', url: '/passkit/v1/log', payload: { logs: 'one line' } }), 'logs');
    await bad(t.app.inject({ method: 'POST', url: '/passkit/v1/log', payload: { logs: Array.from({ length: 101 }, () => 'x') } }), 'logs');
    const huge = await t.app.inject({
      method: 'POST',
      url: registrationUrl('device1', pass.serialNumber),
      headers: { authorization: `ApplePass ${pass.authenticationToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ pushToken: hex('cc'), padding: 'x'.repeat(2048) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it('logs what devices report, cut short and on one line each', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/passkit/v1/log', payload: { logs: ['Web service error for pass.com.airbox.test\nforged line', 'y'.repeat(1500)] } });
    expect(answer.statusCode).toBe(200);
    const lines = t.logs.filter((line) => line.includes('wallet pass device log'));
    expect(lines.some((line) => line.includes('Web service error for pass.com.airbox.test forged line'))).toBe(true);
    expect(lines.some((line) => line.includes('y'.repeat(500)) && !line.includes('y'.repeat(501)))).toBe(true);
  });

  it('keeps at most 10 devices a pass (the oldest goes), and unregisters a device APNs calls gone (410)', async () => {
    const { pass, boxId } = await customerWithPass();
    for (let n = 0; n < 11; n += 1) {
      t.advance(1_000);
      expect((await register(`device-${n}`, pass.serialNumber, pass.authenticationToken, hex(n === 10 ? '410' : 'dd'))).statusCode).toBe(201);
    }
    const devices = async () =>
      (await t.app.db.selectFrom('wallet_pass_registrations').select('device_library_id').where('serial_number', '=', pass.serialNumber).execute()).map((r) => r.device_library_id).sort();
    expect(await devices()).toHaveLength(10);
    expect(await devices()).not.toContain('device-0');

    const before = pushes().length;
    t.advance(5_000);
    await lockerEvent({ type: 'delivered', boxId, hubId: hubs.buildingHubs[0], carrier: 'USPS', trackingNo: '9400111202555842769999' });
    await t.app.jobs.drain();
    expect(pushes().length - before).toBe(9);
    expect(await devices()).toHaveLength(9);
    expect(await devices()).not.toContain('device-10');
  });

  it('a QR code reset updates the pass: its barcode is the new code, and the device is pushed', async () => {
    const customer = await customerWithPass();
    const { serialNumber: serial, authenticationToken: token } = customer.pass;
    expect((await register('device-qr', serial, token)).statusCode).toBe(201);
    const { lastUpdated: tag } = (await listUpdated('device-qr')).json() as { lastUpdated: string };
    const before = pushes().length;
    t.advance(5_000);
    const reset = await t.app.inject({ method: 'GET', url: `/app/v1/getUserQRcode?user_id=${customer.userId}&update=1`, headers: { cookie: customer.cookie } });
    const newCode = (reset.json() as { qrcode: string }).qrcode;
    expect(newCode).not.toBe(customer.qrcode);
    expect((await listUpdated('device-qr', tag)).json()).toMatchObject({ serialNumbers: [serial] });
    expect(passJsonOf((await latest(serial, token)).rawPayload).barcodes[0]!.message).toBe(newCode);
    await t.app.jobs.drain();
    expect(pushes().length - before).toBe(1);
  });

  it('a failed push is tried again, nothing lost', async () => {
    const { pass, boxId } = await customerWithPass();
    expect((await register('device-flaky', pass.serialNumber, pass.authenticationToken, hex('500'))).statusCode).toBe(201);
    t.advance(5_000);
    await lockerEvent({ type: 'delivered', boxId, hubId: hubs.buildingHubs[0], carrier: 'USPS', trackingNo: '9400111202555842768888' });
    await t.app.jobs.drain();
    const job = await t.app.db.selectFrom('jobs').selectAll().where('name', '=', 'wallet-pass-push').where('payload', 'like', '%device-flaky%').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job.last_error).toContain('500');
    // The device's next token works: the retry sends it.
    await t.app.db.updateTable('wallet_pass_registrations').set({ push_token: hex('ee') }).where('device_library_id', '=', 'device-flaky').execute();
    t.advance(60_000);
    const before = pushes().length;
    await t.app.jobs.drain();
    expect(pushes().slice(before)).toEqual([expect.objectContaining({ tokenEnd: hex('ee').slice(-8) })]);
  });
});
