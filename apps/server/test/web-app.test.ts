import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_CALLS, PAGE_FIRST_CALLS, encodeFields, pageCallKey } from '@airbox/contract';
import { buildTestApp, type TestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';

const database = useTestDatabase();
const INDEX = `<!doctype html><html><head><title>Customer Portal</title><script type="application/json" id="portal-config">{}</script>
<script type="application/json" id="first-answers">{}</script>
<script type="module" src="/app/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = 'console.log("the portal");'.repeat(20);

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'airbox-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets/index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp(database.url(), { webDistDir: dist, brandName: 'Parcel</script><b>' });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

function portalConfigOf(html: string) {
  const json = /id="portal-config">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

describe('the built web app', () => {
  it('serves hashed assets cached for a year, pre-compressed with brotli when accepted', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/app/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const br = await t.app.inject({
      method: 'GET',
      url: '/app/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length);
  });

  it('serves index.html never cached, with the portal config filled in and `<` escaped', async () => {
    for (const url of ['/app/', '/app/login', '/app/dashboard', '/app/active/abc/', '/app/index.html']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('</script><b>');
      expect(portalConfigOf(response.body)).toEqual({
        brandName: 'Parcel</script><b>',
        adminAppUrl: '/app/admin/',
        tabletAppUrl: '/app/tablet/#/dashboard',
        labelPurchaseUrl: '/app/shipment/#/Shipment/shipmentRate',
        version: '1.0.0',
      });
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      // The brand names the tab until the app names the screen (a recipient's link shows whose it is).
      expect(response.body).toContain('<title>Parcel&lt;/script&gt;&lt;b&gt;</title>');
      expect(response.body).not.toContain('Customer Portal');
    }
  });

  it('serves other files of the build without the immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toContain('immutable');
  });

  it('keeps /app/v1 out of the fallback and redirects / to the login page', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/app/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().errorcode).toBe(-404);
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/app/login');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/wp-admin' });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('serves the web app at the admin and tablet apps\' default paths, whose page says they are separate', async () => {
    for (const url of ['/app/admin/', '/app/tablet/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('id="portal-config"');
    }
  });

  it('serves the web app at the label-purchase page, which is the portal\'s own', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/shipment/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="portal-config"');
    expect(response.body).not.toContain('separate application');
  });
});

/** The answers the server wrote into a page, by pageCallKey. */
function firstAnswersOf(html: string): Record<string, unknown> {
  const json = /id="first-answers">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

/** A call as the web app sends it (contract descriptor: method, path, encoding), with the session cookie. */
function asClient(name: keyof typeof ALL_CALLS, input: object, cookie: string) {
  const call = ALL_CALLS[name];
  const fields = encodeFields(input).toString();
  if (call.method === 'GET' || call.encoding === 'query') return t.app.inject({ method: call.method, url: `${call.path}?${fields}`, headers: { cookie } });
  const json = call.encoding === 'json';
  return t.app.inject({
    method: call.method,
    url: call.path,
    headers: { cookie, 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    payload: json ? JSON.stringify(input) : fields,
  });
}

describe("a signed-in page's first answers (issue 24)", () => {
  const dashboardCalls = PAGE_FIRST_CALLS['/dashboard']!;

  it("writes into the dashboard's page the answers its first calls give the session's customer, `<` escaped", async () => {
    const customer = await newCustomer(t.app, { first_name: 'Dana</script><script>alert(1)</script>', credits: 4 });
    const page = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { cookie: customer.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).not.toContain('<script>alert(1)');

    const answers = firstAnswersOf(page.body);
    const calls = dashboardCalls(customer.userId);
    expect(Object.keys(answers).sort()).toEqual(calls.map(({ name, input }) => pageCallKey(name, input)).sort());
    for (const { name, input } of calls) {
      const asked = await asClient(name, input, customer.cookie);
      expect(asked.statusCode, name).toBe(200);
      // As the web app's own parse of the call's answer makes it: the app takes it as it is.
      const parsed: unknown = ALL_CALLS[name].response.parse(asked.json());
      expect(answers[pageCallKey(name, input)], name).toEqual(JSON.parse(JSON.stringify(parsed)));
      expect(JSON.parse(JSON.stringify(parsed)), `${name}: its parsed answer is JSON`).toEqual(parsed);
    }
    const user = answers[pageCallKey('getUserByUserIdCall', { user_id: customer.userId })] as { users: { First_name: string; credits: number }[] };
    expect(user.users[0]).toMatchObject({ First_name: 'Dana</script><script>alert(1)</script>', credits: 4 });
  });

  it("leaves out an answer that is not one of the call's successes or does not match its schema", async () => {
    const customer = await newCustomer(t.app);
    const inject = t.app.inject.bind(t.app);
    const answering = (body: object) => Promise.resolve({ statusCode: 200, body: JSON.stringify(body) });
    const spoiled = vi.spyOn(t.app, 'inject').mockImplementation(((options: InjectOptions) => {
      if (String(options.url).startsWith(ALL_CALLS.getUnPickupsByIdCall.path)) return answering({ errorcode: 0, message: 'ok', unpickups: 'two' });
      if (String(options.url).startsWith(ALL_CALLS.getAdvertisementsCall.path)) return answering({ errorcode: -1, message: 'No advertisements.' });
      // A well-formed answer (its schema takes any errorcode) that is not one of the call's successes.
      if (String(options.url).startsWith(ALL_CALLS.getUserOperationsCall.path)) return answering({ errorcode: -3, message: 'Try again later.', total: 0, operations: [] });
      return inject(options);
    }) as typeof t.app.inject);
    try {
      const page = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { cookie: customer.cookie } });
      const written = Object.keys(firstAnswersOf(page.body));
      const calls = dashboardCalls(customer.userId);
      expect(written.sort()).toEqual(
        calls
          .filter(({ name }) => !['getUnPickupsByIdCall', 'getAdvertisementsCall', 'getUserOperationsCall'].includes(name))
          .map(({ name, input }) => pageCallKey(name, input))
          .sort(),
      );
    } finally {
      spoiled.mockRestore();
    }
  });

  it('sends the page without them when they are not in at once (a database slow or away)', async () => {
    const customer = await newCustomer(t.app);
    const inject = t.app.inject.bind(t.app);
    // The page's own calls never answer; the page itself is asked as usual.
    const held = vi.spyOn(t.app, 'inject').mockImplementation(((options: InjectOptions) =>
      options.url === '/app/dashboard' ? inject(options) : new Promise(() => undefined)) as typeof t.app.inject);
    try {
      const page = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { cookie: customer.cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(firstAnswersOf(page.body)).toEqual({});
      expect(held.mock.calls.length).toBeGreaterThan(1);
    } finally {
      held.mockRestore();
    }
  });

  it('writes none without a live session, on a page without first calls, for a HEAD, or for a prefetch', async () => {
    const customer = await newCustomer(t.app);
    const other = await t.app.inject({ method: 'GET', url: '/app/message', headers: { cookie: customer.cookie } });
    expect(firstAnswersOf(other.body)).toEqual({});
    const head = await t.app.inject({ method: 'HEAD', url: '/app/dashboard', headers: { cookie: customer.cookie } });
    expect(head.statusCode).toBe(200);

    for (const headers of [{ 'sec-purpose': 'prefetch' }, { purpose: 'prefetch' }, { 'sec-fetch-dest': 'empty' }]) {
      const notShown = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { cookie: customer.cookie, ...headers } });
      expect(firstAnswersOf(notShown.body), JSON.stringify(headers)).toEqual({});
    }
    const shown = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { cookie: customer.cookie, 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' } });
    expect(Object.keys(firstAnswersOf(shown.body))).toHaveLength(PAGE_FIRST_CALLS['/dashboard']!(customer.userId).length);

    const visitor = await t.app.inject({ method: 'GET', url: '/app/dashboard' });
    expect(firstAnswersOf(visitor.body)).toEqual({});
    const forged = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { cookie: 'airbox_session=forged.token' } });
    expect(firstAnswersOf(forged.body)).toEqual({});

    const out = await t.app.inject({ method: 'POST', url: '/app/v1/logout', headers: { cookie: customer.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `user_id=${customer.userId}` });
    expect(out.statusCode).toBe(200);
    const signedOut = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { cookie: customer.cookie } });
    expect(signedOut.statusCode).toBe(200);
    expect(firstAnswersOf(signedOut.body)).toEqual({});
  });
});

describe('without a web build or with external apps configured elsewhere', () => {
  it('tells to run npm run build, at the external apps\' default paths too', async () => {
    const bare = await buildTestApp(database.url(), { adminAppUrl: 'https://admin.example.com/' });
    try {
      for (const url of ['/app/login', '/app/admin/', '/app/tablet/']) {
        const response = await bare.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('npm run build');
      }
    } finally {
      await bare.close();
    }
  });
});
