import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROFILE_MESSAGES, QR_CODE_ERRORCODE, QR_RESET_COOLDOWN_MS, WALLET_LINK_TTL_MS, WALLET_PASS_ERRORCODE } from '@airbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../src/modules/users/users.repository.js';
import { verifyLockerQrCode } from '../src/modules/qr-codes/qr-codes.service.js';
import { createDevelopmentCertificates } from '../src/providers/wallet/development-certificates.js';
import { FIXTURE_PASSWORD, type FixtureHubs, insertAccountUser, insertHubsAndBuilding } from './account-fixtures.js';
import { buildTestApp, signIn, useTestApp, useTestDatabase } from './helper.js';
import { unzip } from './pkpass.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });
let hubs: FixtureHubs;

beforeAll(async () => {
  hubs = await insertHubsAndBuilding(t.app.db);
});

async function newCustomer(app = t.app) {
  const user = await insertAccountUser(app.db, { locker_id: hubs.buildingHubs[0]!, first_name: 'Quinn', last_name: 'Rivers' });
  const { cookie } = await signIn(app, user.email, FIXTURE_PASSWORD);
  return { ...user, cookie };
}

async function qrOf(user: { userId: number; cookie: string }, update: 0 | 1 = 0) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/app/v1/getUserQRcode?user_id=${user.userId}&update=${update}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as { errorcode: number; message: string; qrcode: string; boxid: string; next_reset_at: string | null };
}

const verify = (text: string) => verifyLockerQrCode(t.app.db, t.config.sessionSecret, text);

describe('getUserQRcode', () => {
  it('answers the AirBox ID and a QR text a locker can verify, without the PIN readable in it', async () => {
    const user = await newCustomer();
    const qr = await qrOf(user);
    expect(qr).toMatchObject({ errorcode: QR_CODE_ERRORCODE.ok, boxid: user.boxId, next_reset_at: null });
    expect(qr.qrcode).toMatch(new RegExp(`^AIRBOX:${user.boxId}:[\\w-]{22}$`));
    expect(qr.qrcode).not.toContain('246810');
    expect((await qrOf(user)).qrcode).toBe(qr.qrcode);
    expect(await verify(qr.qrcode)).toEqual({ userId: user.userId, boxId: user.boxId });
  });

  it('locker verification refuses an edited, foreign or malformed code', async () => {
    const one = await newCustomer();
    const two = await newCustomer();
    const [codeOne, codeTwo] = [(await qrOf(one)).qrcode, (await qrOf(two)).qrcode];
    expect(codeOne).not.toBe(codeTwo);
    const tokenOne = codeOne.split(':')[2]!;
    expect(await verify(`AIRBOX:${two.boxId}:${tokenOne}`)).toBeNull();
    expect(await verify(`${codeOne.slice(0, -1)}${codeOne.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await verify(`AIRBOX:${one.boxId}`)).toBeNull();
    expect(await verify('')).toBeNull();
    const otherKey = await verifyLockerQrCode(t.app.db, 'another secret of at least thirty-two chars', codeOne);
    expect(otherKey).toBeNull();
  });

  it('a reset issues a new code, the old one stops verifying, and the next reset is locked for 5 minutes', async () => {
    const user = await newCustomer();
    const before = await qrOf(user);
    const resetAt = t.config.clock().getTime();
    const reset = await qrOf(user, 1);
    expect(reset.errorcode).toBe(QR_CODE_ERRORCODE.ok);
    expect(reset.qrcode).not.toBe(before.qrcode);
    expect(reset.next_reset_at).toBe(new Date(resetAt + QR_RESET_COOLDOWN_MS).toISOString());
    expect(await verify(before.qrcode)).toBeNull();
    expect(await verify(reset.qrcode)).toEqual({ userId: user.userId, boxId: user.boxId });
    // Showing the code reports the lock too, so it survives a reload on any device.
    expect((await qrOf(user)).next_reset_at).toBe(reset.next_reset_at);

    const locked = await qrOf(user, 1);
    expect(locked).toEqual({
      errorcode: QR_CODE_ERRORCODE.resetLocked,
      message: PROFILE_MESSAGES.qrResetLocked,
      qrcode: reset.qrcode,
      boxid: user.boxId,
      next_reset_at: reset.next_reset_at,
    });
    t.advance(QR_RESET_COOLDOWN_MS - 1);
    expect((await qrOf(user, 1)).errorcode).toBe(QR_CODE_ERRORCODE.resetLocked);
    expect(await verify(reset.qrcode)).not.toBeNull();

    t.advance(1);
    expect((await qrOf(user)).next_reset_at).toBeNull();
    const second = await qrOf(user, 1);
    expect(second.errorcode).toBe(QR_CODE_ERRORCODE.ok);
    expect(second.qrcode).not.toBe(reset.qrcode);
    expect(await verify(reset.qrcode)).toBeNull();
    expect(await verify(second.qrcode)).not.toBeNull();
  });

  it("refuses a reset another site's link starts (Sec-Fetch-Site: cross-site), and leaves the code", async () => {
    const user = await newCustomer();
    const before = (await qrOf(user)).qrcode;
    const url = `/app/v1/getUserQRcode?user_id=${user.userId}&update=1`;
    const crossSite = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await qrOf(user)).qrcode).toBe(before);
    const sameOrigin = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.json().errorcode).toBe(QR_CODE_ERRORCODE.ok);
  });

  it('two resets at the same moment: exactly one goes through', async () => {
    const user = await newCustomer();
    const answers = await Promise.all([qrOf(user, 1), qrOf(user, 1), qrOf(user, 1)]);
    expect(answers.filter((answer) => answer.errorcode === QR_CODE_ERRORCODE.ok)).toHaveLength(1);
  });

  it('a new PIN changes the code: the old one stops verifying', async () => {
    const user = await newCustomer();
    const before = (await qrOf(user)).qrcode;
    await updateUser(t.app.db, user.userId, { pin: '975310' });
    const after = (await qrOf(user)).qrcode;
    expect(after).not.toBe(before);
    expect(await verify(before)).toBeNull();
    expect(await verify(after)).not.toBeNull();
  });

  it("refuses another user's id (403) without resetting it, and a caller without a session (401)", async () => {
    const user = await newCustomer();
    const victim = await newCustomer();
    const victimCode = (await qrOf(victim)).qrcode;
    for (const update of [0, 1]) {
      const forged = await t.app.inject({
        method: 'GET',
        url: `/app/v1/getUserQRcode?user_id=${victim.userId}&update=${update}`,
        headers: { cookie: user.cookie },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.body).not.toContain(victim.boxId);
    }
    expect(await verify(victimCode)).not.toBeNull();
    const anonymous = await t.app.inject({ method: 'GET', url: `/app/v1/getUserQRcode?user_id=${victim.userId}&update=0` });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function getPass(user: { userId: number; cookie: string }, OS: 'mac' | 'win', app = t.app) {
  const response = await app.inject({
    method: 'GET',
    url: `/app/v1/appleWallet/getPass?user_id=${user.userId}&OS=${OS}`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json() as { errorcode: number; message: string; data: string };
}

/** The path and query of a download link (inject takes no host). */
const pathOf = (link: string) => link.slice(t.config.publicUrl.length);

interface PassJson {
  passTypeIdentifier: string;
  teamIdentifier: string;
  organizationName: string;
  serialNumber: string;
  generic: {
    primaryFields: Array<{ value: string }>;
    auxiliaryFields: Array<{ value: string }>;
    backFields: Array<{ key: string; value: string }>;
  };
  barcodes: Array<{ format: string; message: string }>;
}

/** Checks a .pkpass the way Wallet does: manifest hashes, and the signature over the manifest. */
function checkPkpass(pass: Buffer, wwdrPem: string): { files: Map<string, Buffer>; json: PassJson } {
  expect(pass.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const files = unzip(pass);
  for (const name of ['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png']) expect(files.has(name), name).toBe(true);
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
  for (const [name, content] of files) {
    if (name === 'manifest.json' || name === 'signature') continue;
    expect(manifest[name], name).toBe(createHash('sha1').update(content).digest('hex'));
  }
  const dir = mkdtempSync(join(tmpdir(), 'airbox-pkpass-'));
  try {
    writeFileSync(join(dir, 'signature'), files.get('signature')!);
    writeFileSync(join(dir, 'manifest.json'), files.get('manifest.json')!);
    writeFileSync(join(dir, 'wwdr.pem'), wwdrPem);
    const check = spawnSync(
      'openssl',
      ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-CAfile', 'wwdr.pem', '-purpose', 'any', '-out', '/dev/null'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(check.status, check.stderr).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { files, json: JSON.parse(files.get('pass.json')!.toString('utf8')) as PassJson };
}

describe('appleWallet/getPass', () => {
  it('OS=mac: a one-time, 10-minute link to a signed .pkpass with the AirBox ID, the QR code and the hub', async () => {
    const user = await newCustomer();
    const answer = await getPass(user, 'mac');
    expect(answer).toMatchObject({ errorcode: WALLET_PASS_ERRORCODE.ok, message: PROFILE_MESSAGES.walletSuccess });
    expect(answer.data.startsWith(`${t.config.publicUrl}/app/v1/appleWallet/download?`)).toBe(true);

    const download = await t.app.inject({ method: 'GET', url: pathOf(answer.data) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pkpass"$/);
    expect(download.headers['cache-control']).toBe('no-store');

    const wwdr = readFileSync(join(t.config.wallet.devCertDir, 'wwdr.pem'), 'utf8');
    const { json } = checkPkpass(download.rawPayload, wwdr);
    expect(json).toMatchObject({ passTypeIdentifier: 'pass.com.airbox.test', teamIdentifier: 'AIRBOXTEST', organizationName: 'AirBox' });
    expect(json.generic.primaryFields[0]!.value).toBe(user.boxId);
    expect(json.generic.auxiliaryFields[0]!.value).toBe('Fixture Hub North');
    expect(json.generic.backFields.find((field) => field.key === 'hubAddress')?.value).toContain('100 Fixture Ave, Oakland, CA 94607');
    expect(json.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: (await qrOf(user)).qrcode });
    expect(JSON.stringify(json)).not.toContain('246810');

    // The link's token never reaches the log.
    const token = new URL(answer.data).searchParams.get('token')!;
    expect(t.logs.join('\n')).not.toContain(token);

    // Once only.
    const again = await t.app.inject({ method: 'GET', url: pathOf(answer.data) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errorcode: -404, message: expect.any(String) });
  });

  it('the link stops working after 10 minutes, and an edited link never works', async () => {
    const user = await newCustomer();
    const edited = new URL((await getPass(user, 'mac')).data);
    edited.searchParams.set('expires', String(Number(edited.searchParams.get('expires')) + 3_600_000));
    expect((await t.app.inject({ method: 'GET', url: pathOf(edited.toString()) })).statusCode).toBe(404);
    // The untouched link of that pass still works.
    edited.searchParams.set('expires', String(Number(edited.searchParams.get('expires')) - 3_600_000));
    expect((await t.app.inject({ method: 'GET', url: pathOf(edited.toString()) })).statusCode).toBe(200);

    const late = (await getPass(user, 'mac')).data;
    t.advance(WALLET_LINK_TTL_MS);
    expect((await t.app.inject({ method: 'GET', url: pathOf(late) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/app/v1/appleWallet/download?token=x&expires=1&signature=y' })).statusCode).toBe(400);
  });

  it('OS=win: mails the pass to the user as an attachment and answers data empty', async () => {
    const user = await newCustomer();
    const outbox = t.config.mailOutboxDir;
    const before = new Set(existsSync(outbox) ? readdirSync(outbox) : []);
    const answer = await getPass(user, 'win');
    expect(answer).toEqual({ errorcode: WALLET_PASS_ERRORCODE.ok, message: PROFILE_MESSAGES.walletSuccess, data: '' });
    await t.app.jobs.drain();
    const added = readdirSync(outbox).filter((file) => !before.has(file));
    expect(added).toHaveLength(1);
    const raw = readFileSync(join(outbox, added[0]!), 'utf8');
    expect(raw).toContain(`To: ${user.email}`);
    expect(raw).toMatch(/Content-Type: application\/vnd\.apple\.pkpass; name=AirBox-\d{7}\.pkpass/);
    const attachment = /Content-Disposition: attachment; filename=AirBox-\d{7}\.pkpass\r?\n(?:[\w-]+: .*\r?\n)*\r?\n([\s\S]*?)\r?\n--/.exec(raw);
    expect(attachment).not.toBeNull();
    const pass = Buffer.from(attachment![1]!.replace(/\s+/g, ''), 'base64');
    const { json } = checkPkpass(pass, readFileSync(join(t.config.wallet.devCertDir, 'wwdr.pem'), 'utf8'));
    expect(json.generic.primaryFields[0]!.value).toBe(user.boxId);
  });

  it("refuses another user's id (403) and a caller without a session (401)", async () => {
    const user = await newCustomer();
    const victim = await newCustomer();
    const forged = await t.app.inject({
      method: 'GET',
      url: `/app/v1/appleWallet/getPass?user_id=${victim.userId}&OS=mac`,
      headers: { cookie: user.cookie },
    });
    expect(forged.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/app/v1/appleWallet/getPass?user_id=${victim.userId}&OS=win` })).statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'GET',
      url: `/app/v1/appleWallet/getPass?user_id=${user.userId}&OS=win`,
      headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('signs with the certificates configured in the environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'airbox-wallet-certs-'));
    const certs = createDevelopmentCertificates({ passTypeIdentifier: 'pass.com.example.real', teamIdentifier: 'TEAM123456' }, new Date());
    for (const [name, pem] of Object.entries({ 'wwdr.pem': certs.wwdr, 'cert.pem': certs.signerCert, 'key.pem': certs.signerKey })) {
      writeFileSync(join(dir, name), pem);
    }
    const configured = await buildTestApp(database.url(), {
      seedDemoData: false,
      wallet: {
        passTypeIdentifier: 'pass.com.example.real',
        teamIdentifier: 'TEAM123456',
        certificates: {
          signerCertPath: join(dir, 'cert.pem'),
          signerKeyPath: join(dir, 'key.pem'),
          signerKeyPassphrase: undefined,
          wwdrCertPath: join(dir, 'wwdr.pem'),
        },
        devCertDir: join(dir, 'unused'),
      },
    });
    try {
      expect(configured.app.wallet.development).toBe(false);
      const user = await newCustomer(configured.app);
      const answer = await getPass(user, 'mac', configured.app);
      const download = await configured.app.inject({ method: 'GET', url: pathOf(answer.data) });
      const { json } = checkPkpass(download.rawPayload, certs.wwdr);
      expect(json).toMatchObject({ passTypeIdentifier: 'pass.com.example.real', teamIdentifier: 'TEAM123456' });
      expect(readdirSync(dir)).not.toContain('unused');
    } finally {
      await configured.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 'Apple Wallet pass generation failed.' when the pass cannot be made, and creates no link", async () => {
    const broken = await buildTestApp(database.url(), {
      seedDemoData: false,
      wallet: {
        passTypeIdentifier: 'pass.com.example.real',
        teamIdentifier: 'TEAM123456',
        certificates: { signerCertPath: '/nonexistent/cert.pem', signerKeyPath: '/nonexistent/key.pem', signerKeyPassphrase: undefined, wwdrCertPath: '/nonexistent/wwdr.pem' },
        devCertDir: '/nonexistent/dev',
      },
    });
    try {
      const user = await newCustomer(broken.app);
      const linksBefore = await broken.app.db.selectFrom('wallet_pass_links').select('token_hash').execute();
      for (const OS of ['mac', 'win'] as const) {
        expect(await getPass(user, OS, broken.app)).toEqual({
          errorcode: WALLET_PASS_ERRORCODE.failed,
          message: 'Apple Wallet pass generation failed.',
          data: '',
        });
      }
      const linksAfter = await broken.app.db.selectFrom('wallet_pass_links').select('token_hash').execute();
      expect(linksAfter).toHaveLength(linksBefore.length);
    } finally {
      await broken.close();
    }
  });
});
