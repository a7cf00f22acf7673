import { API_ERRORCODE, MESSAGES } from '@airbox/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { isDatabaseUnavailable } from '../src/errors.js';
import { DIALECT, signIn, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

/** What pg and better-sqlite3 throw when the database is gone or busy, as they throw it. */
const UNAVAILABLE = {
  'connection refused': Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  'PostgreSQL shutting down': Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' }),
  'PostgreSQL starting up': Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  'connection ended under a query': new Error('Connection terminated unexpectedly'),
  'no connection in time': new Error('timeout exceeded when trying to connect'),
  'SQLite busy past busy_timeout': Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
};

/** Every query of the app fails with `error` until the test ends. */
function databaseFails(error: Error) {
  vi.spyOn(t.app.db.getExecutor(), 'executeQuery').mockRejectedValue(error);
}

afterEach(() => vi.restoreAllMocks());

const contactsOf = (userId: number) => `/app/v1/getUserShipmentAddress?userId=${userId}&page=1&num=10`;

describe('the database unavailable', () => {
  it.each(Object.entries(UNAVAILABLE))('answers a signed-in call 503 Service exception, never a stack trace: %s', async (_name, error) => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    databaseFails(error);
    const response = await t.app.inject({ method: 'GET', url: contactsOf(userId), headers: { cookie } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ errorcode: API_ERRORCODE.unavailable, message: MESSAGES.serviceException });
    expect(response.body).not.toContain(error.message);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a write and the login alike, and /healthz 503', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    databaseFails(UNAVAILABLE['connection refused']);
    const write = await t.app.inject({ method: 'POST', url: '/app/v1/addUserShipmentAddress', headers: { cookie }, payload: { user_id: userId, name: 'Mom', firstName: 'A', lastName: 'B', company: '', address1: '1 Main St', address2: '', city: 'Portland', state: 'OR', country: 'USA', zipcode: '97201', email: '', phone: '', residential: true } });
    expect(write.statusCode).toBe(503);
    expect(write.json()).toEqual({ errorcode: API_ERRORCODE.unavailable, message: MESSAGES.serviceException });
    const login = await t.app.inject({ method: 'POST', url: '/app/v1/login', payload: { name: 'demo@example.com', password: 'DemoPass1' } });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({ errorcode: API_ERRORCODE.unavailable, message: MESSAGES.serviceException });
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable' });
  });

  it('answers again as soon as the database is back, with the same session', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    databaseFails(UNAVAILABLE['PostgreSQL shutting down']);
    expect((await t.app.inject({ method: 'GET', url: contactsOf(userId), headers: { cookie } })).statusCode).toBe(503);
    vi.restoreAllMocks();
    const back = await t.app.inject({ method: 'GET', url: contactsOf(userId), headers: { cookie } });
    expect(back.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('keeps a failing query that is not about reaching the database a 500 Internal system error', async () => {
    const { cookie, userId } = await signIn(t.app, 'demo@example.com');
    databaseFails(Object.assign(new Error('column "nope" does not exist'), { code: '42703' }));
    const response = await t.app.inject({ method: 'GET', url: contactsOf(userId), headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errorcode: API_ERRORCODE.internal, message: MESSAGES.internalError });
  });
});

describe.runIf(DIALECT === 'postgres')('PostgreSQL ending a connection a request holds', () => {
  it('fails that request as unavailable and keeps the process and the pool serving', async () => {
    let lost: (error: Error) => void = () => undefined;
    const connectionLost = new Promise<Error>((resolve) => (lost = resolve));
    const db = createDatabase(database.url(), { onConnectionLost: lost });
    const admin = createDatabase(database.url());
    try {
      // Between two queries of a transaction the connection is out of the pool: its end is an
      // 'error' event on the client itself, which would end the process without a listener.
      const held = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin);
        expect((await connectionLost).message).toMatch(/terminating connection/);
        await sql`select 1`.execute(trx);
      });
      await expect(held).rejects.toSatisfy(isDatabaseUnavailable);
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
      await admin.destroy();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells a database out of reach from a wrong query or a bug', () => {
    for (const error of Object.values(UNAVAILABLE)) expect(isDatabaseUnavailable(error)).toBe(true);
    const everyAddress = Object.assign(new AggregateError([UNAVAILABLE['connection refused'], UNAVAILABLE['connection refused']]), { code: undefined });
    expect(isDatabaseUnavailable(everyAddress)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('UNIQUE constraint failed: users.email'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
