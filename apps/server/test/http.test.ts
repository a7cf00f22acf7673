import { connect } from 'node:net';
import { ALL_CALLS, LOCKER_EVENT_MESSAGES, MESSAGES, lockerDropOffInCall, lockerDropOffOpenCall, lockerEventCall, lockerRecipientCall } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, login, postForm, signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "img-src 'self' data:",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('request handling', () => {
  it('refuses a call sent by another site (foreign Origin) with 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/app/v1/login',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'demo@example.com', password: 'DemoPass1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorcode: -403, message: MESSAGES.foreignOrigin });
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a foreign Origin on every call of the contract, /app/v1 and /openapi alike, before it does anything', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    // The lockers' keyed calls answer to their key instead (next test).
    const lockerCalls: readonly unknown[] = [lockerEventCall, lockerRecipientCall, lockerDropOffOpenCall, lockerDropOffInCall];
    const refusedCalls = Object.values(ALL_CALLS).filter((call) => !lockerCalls.includes(call));
    expect(refusedCalls.filter((call) => call.path.startsWith('/openapi/')).length).toBeGreaterThan(8);
    for (const call of refusedCalls) {
      // A sibling host of the same site (a form it auto-posts carries the session cookie) and another site.
      for (const origin of ['https://shop.localhost:8080', 'https://evil.example', 'null']) {
        const response = await t.app.inject({
          method: call.method,
          url: call.path,
          headers: { origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
          ...(call.method === 'GET' ? { query: { user_id: String(userId) } } : { payload: `user_id=${userId}` }),
        });
        expect({ call: `${call.method} ${call.path}`, status: response.statusCode, body: response.json() }).toEqual({
          call: `${call.method} ${call.path}`,
          status: 403,
          body: { errorcode: -403, message: MESSAGES.foreignOrigin },
        });
      }
    }
    // A GET call at its path percent-encoded, which the router decodes, is refused as well.
    const encoded = await t.app.inject({ method: 'GET', url: `/app/%761/getUserShipmentAddress?userId=${userId}&page=1&num=10`, headers: { origin: 'https://evil.example', cookie } });
    expect(encoded.statusCode).toBe(403);
  });

  it('refuses a foreign Origin on a state-changing method wherever it is mounted, but not on the lockers’ keyed calls', async () => {
    const elsewhere = await t.app.inject({ method: 'POST', url: '/app/anything', headers: { origin: 'https://evil.example' } });
    expect(elsewhere.statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(page.statusCode).toBe(200);
    // The lockers' events are proven by their key: a foreign Origin is not what refuses them.
    const locker = await t.app.inject({ method: 'POST', url: lockerEventCall.path, headers: { origin: 'https://evil.example' }, payload: {} });
    expect(locker.statusCode).toBe(401);
    expect(locker.json().message).toBe(LOCKER_EVENT_MESSAGES.badApiKey);
    const recipient = await t.app.inject({ method: 'GET', url: `${lockerRecipientCall.path}?boxId=2135846&hubId=x`, headers: { origin: 'https://evil.example' } });
    expect(recipient.statusCode).toBe(401);
    expect(recipient.json().message).toBe(LOCKER_EVENT_MESSAGES.badApiKey);
    // The hub drop-off calls (issue 23 item 1), the same.
    for (const call of [lockerDropOffOpenCall, lockerDropOffInCall]) {
      const dropOff = await t.app.inject({ method: 'POST', url: call.path, headers: { origin: 'https://evil.example' }, payload: { hubId: 'x', code: 'ZZZZZZZZZZ' } });
      expect(dropOff.statusCode).toBe(401);
      expect(dropOff.json().message).toBe(LOCKER_EVENT_MESSAGES.badApiKey);
    }
  });

  it('accepts the portal’s own origin and the request’s own host', async () => {
    for (const origin of ['http://localhost:8080', 'http://localhost:80']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/app/v1/login',
        headers: { origin, host: 'localhost:80' },
        payload: { name: 'demo@example.com', password: 'DemoPass1' },
      });
      expect(response.json().errorcode).toBe(1);
    }
  });

  it('answers 413 in the spec shape for an oversized body', async () => {
    const response = await postForm(t.app, '/app/v1/login', { name: 'x'.repeat(70_000), password: 'y' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errorcode: -413, message: MESSAGES.requestTooLarge });
  });

  it('answers 400 without a stack for malformed JSON and wrongly typed fields', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/app/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "demo@example.com", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errorcode: -400, message: MESSAGES.invalidRequest });
    const typed = await t.app.inject({ method: 'POST', url: '/app/v1/login', payload: { name: ['a'], password: 12 } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ errorcode: -400, message: expect.any(String) });
    for (const response of [malformed, typed]) expect(response.body).not.toMatch(/at .*\.(js|ts):\d+|stack/i);
  });

  it('puts the security headers on success and error answers alike', async () => {
    expectSecurityHeaders((await login(t.app, 'demo@example.com')).response.headers);
    const error = await t.app.inject({ method: 'POST', url: '/app/v1/getUserByUser_id', payload: { user_id: 1 } });
    expect(error.statusCode).toBe(401);
    expectSecurityHeaders(error.headers);
    expect(error.headers['strict-transport-security']).toBeUndefined();
    expect(error.headers['x-request-id']).toBeTruthy();
  });

  it("keeps a client's X-Request-Id only when it is a plain token, and names the request with its own id otherwise", async () => {
    const idOf = async (given: string) =>
      (await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } })).headers['x-request-id'];
    expect(await idOf('lb-7f3a9c21.0042')).toBe('lb-7f3a9c21.0042');
    for (const hostile of ['<script>alert(1)</script>', 'short', 'x'.repeat(65), 'a b c d e f g h', '"quoted-value"']) {
      const id = await idOf(hostile);
      expect(id).not.toBe(hostile);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers what the HTTP parser refuses (400, 431) and an undecodable URL in the spec shape with the security headers', async () => {
    const server = await buildTestApp(database.url(), { seedDemoData: false });
    try {
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const raw = (request: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
          socket.on('end', () => resolve(answer));
          socket.on('error', reject);
        });
      const parse = (answer: string) => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const [status = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        return { status, headers, body: JSON.parse(body) as unknown };
      };
      const malformed = parse(await raw('GET /app/v1/getStates HTTP/1.1\r\nHost: localhost\r\nThis is not a header\r\n\r\n'));
      expect(malformed.status).toBe('HTTP/1.1 400 Bad Request');
      expect(malformed.body).toEqual({ errorcode: -400, message: MESSAGES.invalidRequest });
      expectSecurityHeaders(malformed.headers);
      const oversized = parse(await raw(`GET /app/v1/getStates HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      expect(oversized.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(oversized.body).toEqual({ errorcode: -413, message: MESSAGES.requestTooLarge });
      expectSecurityHeaders(oversized.headers);
    } finally {
      await server.close();
    }
    const undecodable = await t.app.inject({ method: 'GET', url: '/app/v1/%E0%A4%A' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({ errorcode: -400, message: MESSAGES.invalidRequest });
    expectSecurityHeaders(undecodable.headers);
  });

  it('answers unknown /app/v1 paths with 404 JSON', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/app/v1/noSuchCall' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorcode: -404, message: MESSAGES.notFound });
      expectSecurityHeaders(response.headers);
    }
  });
});

describe('public calls', () => {
  it('genCode128 returns a Code128 PNG of the code as base64', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/v1/genCode128?pcode=AB-1234' });
    const body = response.json();
    expect(body.errorcode).toBe(0);
    const png = Buffer.from(body.data, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBeGreaterThan(100);
    const invalid = await t.app.inject({ method: 'GET', url: '/app/v1/genCode128?pcode=%C3%A9t%C3%A9' });
    expect(invalid.statusCode).toBe(400);
  });

  it('getThirdPartyOrders finds the pickup code of an order of a merchant, and nothing for another merchant', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/app/v1/getThirdPartyOrders?orderId=DEMO-1001&mId=DEMO&page=1&size=10' });
    expect(found.json()).toEqual({
      errorcode: 0,
      message: expect.any(String),
      data: { total: 1, list: [{ orderId: 'DEMO-1001', pickUpCode: '640218' }] },
    });
    const other = await t.app.inject({ method: 'GET', url: '/app/v1/getThirdPartyOrders?orderId=DEMO-1001&mId=OTHER' });
    expect(other.json().data).toEqual({ total: 0, list: [] });
    const missing = await t.app.inject({ method: 'GET', url: '/app/v1/getThirdPartyOrders?orderId=DEMO-1001' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('caching', () => {
  it('answers every call, success or failure, with no-store, so no cache keeps PINs, addresses or pickup codes', async () => {
    const { response: signedIn, body: user } = await login(t.app, 'demo@example.com');
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const userId = user.user[0].user_id as number;
    const privateAnswers = [
      await postForm(t.app, '/app/v1/getUserByUser_id', { user_id: userId }, cookie),
      await postForm(t.app, '/app/v1/getUnPickupsById', { uid: userId }, cookie),
      await t.app.inject({ method: 'POST', url: '/app/v1/getUserMessage', headers: { cookie }, payload: { user_id: userId } }),
      await t.app.inject({ method: 'POST', url: '/app/v1/getMyOperations', headers: { cookie }, payload: { user_id: userId } }),
      await t.app.inject({ method: 'GET', url: '/app/v1/getThirdPartyOrders?orderId=DEMO-1001&mId=DEMO' }),
    ];
    // The router decodes the path: /app/%761/ is /app/v1/, and answers as the call.
    privateAnswers.push(await postForm(t.app, '/app/%761/getUserByUser_id', { user_id: userId }, cookie));
    for (const answer of privateAnswers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    // Every documented call, as a client that sends nothing would call it: errors are private too.
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) {
        const answer = await t.app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url: path, headers: { cookie } });
        expect(answer.headers['cache-control'], `${method} ${path}`).toBe('no-store');
      }
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/app/v1/noSuchCall' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});

describe('operations', () => {
  it('GET /healthz checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('/openapi.json lists every call with its schemas, and /docs is browsable', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const paths = Object.keys(document.paths);
    for (const call of Object.values(ALL_CALLS)) expect(paths).toContain(call.path);
    expect(paths.filter((path) => !path.startsWith('/app/v1/') && !path.startsWith('/openapi/'))).toEqual([]);
    expect(document.paths['/app/v1/login'].post.requestBody).toBeDefined();
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe('behind HTTPS', () => {
  it('uses a Secure __Host- cookie and sends HSTS', async () => {
    const secure = await buildTestApp(database.url(), { seedDemoData: true, publicUrl: 'https://portal.example.com' });
    try {
      const { response } = await login(secure.app, 'demo@example.com');
      const cookie = response.cookies.find((c) => c.name === '__Host-airbox_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie).not.toHaveProperty('domain');
      expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
      const signedIn = await secure.app.inject({
        method: 'POST',
        url: '/app/v1/getUnPickupsById',
        headers: { cookie: `${cookie!.name}=${cookie!.value}` },
        payload: { uid: response.json().user[0].user_id },
      });
      expect(signedIn.json().unpickups).toBe(3);
    } finally {
      await secure.close();
    }
  });
});
