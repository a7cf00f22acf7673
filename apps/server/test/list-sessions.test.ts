import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { FIXTURE_PASSWORD, insertAccountUser } from './account-fixtures.js';
import { DIALECT, signIn, useTestApp, useTestDatabase } from './helper.js';

/**
 * The lists whose session is looked up in the list's own statement on PostgreSQL (define-call.ts
 * `sessionWithList`, issue 24): whatever the database, each answers the signed-in customer's own
 * rows, and refuses a caller as every signed-in call does, before anything else about the request.
 */
const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: true });

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

interface ListCall {
  name: string;
  /** The call for `userId`'s page from `start` (rows counted from 0), with extra fields. */
  request(userId: number, start: number, extra?: Record<string, string>): { method: 'GET' | 'POST'; url: string; payload?: Record<string, string> };
  /** The answer's total and how many rows it holds. */
  read(body: Record<string, unknown>): { total: number; rows: number };
  /** The table the list reads, and its user column. */
  table: 'messages' | 'operations' | 'contacts' | 'shipments';
  /** A field value the schema refuses. */
  invalid: Record<string, string>;
}

const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const data = (body: Record<string, unknown>) => body.data as { total: number; list: unknown[] };

const CALLS: ListCall[] = [
  {
    name: 'getUserMessage',
    request: (userId, start, extra) => ({ method: 'POST', url: '/app/v1/getUserMessage', payload: { user_id: String(userId), start: String(start), num: '2', ...extra } }),
    read: (body) => ({ total: body.total as number, rows: (body.messages as unknown[]).length }),
    table: 'messages',
    invalid: { num: 'many' },
  },
  // Transaction History under both of its names.
  ...(['getUserOperations', 'getMyOperations'] as const).map(
    (name): ListCall => ({
      name,
      request: (userId, start, extra) => ({ method: 'POST', url: `/app/v1/${name}`, payload: { user_id: String(userId), start: String(start), num: '2', ...extra } }),
      read: (body) => ({ total: body.total as number, rows: (body.operations as unknown[]).length }),
      table: 'operations',
      invalid: name === 'getUserOperations' ? { sort: 'price' } : { order: 'sideways' },
    }),
  ),
  {
    name: 'getUserShipmentAddress',
    // Pages count from 1 here: row `start` is on page start / 2 + 1 of 2 rows.
    request: (userId, start, extra) => ({ method: 'GET', url: `/app/v1/getUserShipmentAddress?${query({ userId: String(userId), page: String(start / 2 + 1), num: '2', ...extra })}` }),
    read: (body) => ({ total: data(body).total, rows: data(body).list.length }),
    table: 'contacts',
    invalid: { page: '0' },
  },
  {
    name: 'userGetShipment',
    request: (userId, start, extra) => ({ method: 'GET', url: `/app/v1/userGetShipment?${query({ user_id: String(userId), start: String(start), num: '2', ...extra })}` }),
    read: (body) => ({ total: data(body).total, rows: data(body).list.length }),
    table: 'shipments',
    invalid: { num: '-1' },
  },
];

function send(call: ListCall, cookie: string | undefined, userId: number, start = 0, extra?: Record<string, string>): Promise<LightMyRequestResponse> {
  const { method, url, payload } = call.request(userId, start, extra);
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(payload ? { payload: new URLSearchParams(payload).toString() } : {}),
  });
}

/** How many rows of the list the user has, as the database counts them (shipments: the purchases the list shows). */
async function rowsOf(call: ListCall, userId: number): Promise<number> {
  let counted = t.app.db.selectFrom(call.table).select((eb) => eb.fn.countAll<string | number>().as('count')).where('user_id', '=', userId);
  if (call.table === 'shipments') counted = counted.where('state', 'in', ['buying', 'bought', 'failed', 'refund_pending', 'refunded']);
  return Number((await counted.executeTakeFirstOrThrow()).count);
}

const sessionsOf = (userId: number) => t.app.db.selectFrom('sessions').select(['last_seen_at']).where('user_id', '=', userId).execute();

describe('a list whose session is read with its page', () => {
  it.each(CALLS)('$name answers the signed-in customer’s own page and total, and an empty list for a customer with none', async (call) => {
    const demo = await signIn(t.app, 'demo@example.com');
    const own = await rowsOf(call, demo.userId);
    expect(own).toBeGreaterThan(2);
    const first = await send(call, demo.cookie, demo.userId);
    expect(first.statusCode).toBe(200);
    expect(call.read(first.json())).toEqual({ total: own, rows: 2 });
    // A page past the end: the total still, and no row.
    const past = await send(call, demo.cookie, demo.userId, own + (own % 2 === 0 ? 0 : 1));
    expect(past.statusCode).toBe(200);
    expect(call.read(past.json())).toEqual({ total: own, rows: 0 });

    const newcomer = await insertAccountUser(t.app.db);
    const session = await signIn(t.app, newcomer.email, FIXTURE_PASSWORD);
    const empty = await send(call, session.cookie, newcomer.userId);
    expect(empty.statusCode).toBe(200);
    expect(call.read(empty.json())).toEqual({ total: 0, rows: 0 });
  });

  it.each(CALLS)('$name refuses without a session, or with one that ended, 401 before it reads the request, and deletes an expired one', async (call) => {
    const customer = await insertAccountUser(t.app.db);
    const session = await signIn(t.app, customer.email, FIXTURE_PASSWORD);
    expect((await send(call, undefined, customer.userId)).statusCode).toBe(401);
    // With a valid session, a bad field is named (400); with an ended one, only the 401 answers.
    expect((await send(call, session.cookie, customer.userId, 0, call.invalid)).statusCode).toBe(400);
    t.advance(2 * HOUR + 1000);
    expect((await send(call, session.cookie, customer.userId, 0, call.invalid)).statusCode).toBe(401);
    expect(await sessionsOf(customer.userId)).toEqual([]);
    expect((await send(call, session.cookie, customer.userId)).statusCode).toBe(401);
  });

  it.each(CALLS)('$name refuses another customer’s id 403, and a customer who may no longer sign in 401', async (call) => {
    const customer = await insertAccountUser(t.app.db);
    const other = await insertAccountUser(t.app.db);
    const session = await signIn(t.app, customer.email, FIXTURE_PASSWORD);
    expect((await send(call, session.cookie, other.userId)).statusCode).toBe(403);
    await t.app.db.updateTable('users').set({ status: 0 }).where('user_id', '=', customer.userId).execute();
    expect((await send(call, session.cookie, customer.userId)).statusCode).toBe(401);
  });

  it.each(CALLS)('$name notes the session’s use at most once a minute, which keeps it open past 2 hours', async (call) => {
    const customer = await insertAccountUser(t.app.db);
    const session = await signIn(t.app, customer.email, FIXTURE_PASSWORD);
    const [signedIn] = await sessionsOf(customer.userId);
    t.advance(30 * 1000);
    expect((await send(call, session.cookie, customer.userId)).statusCode).toBe(200);
    expect(await sessionsOf(customer.userId)).toEqual([signedIn]);
    t.advance(HOUR + 45 * MINUTE);
    expect((await send(call, session.cookie, customer.userId)).statusCode).toBe(200);
    expect(await sessionsOf(customer.userId)).not.toEqual([signedIn]);
    t.advance(HOUR);
    expect((await send(call, session.cookie, customer.userId)).statusCode).toBe(200);
  });

  it('refuses a search that reads nothing (a phone without a digit) 401 once the session ended, and answers it empty before', async () => {
    const call = CALLS.find((each) => each.name === 'userGetShipment')!;
    const customer = await insertAccountUser(t.app.db);
    const session = await signIn(t.app, customer.email, FIXTURE_PASSWORD);
    const before = await send(call, session.cookie, customer.userId, 0, { mobile: 'none' });
    expect(before.statusCode).toBe(200);
    expect(call.read(before.json())).toEqual({ total: 0, rows: 0 });
    t.advance(2 * HOUR + 1000);
    expect((await send(call, session.cookie, customer.userId, 0, { mobile: 'none' })).statusCode).toBe(401);
  });

  it.runIf(DIALECT === 'postgres').each(CALLS)('$name reads the session and the page in one statement on PostgreSQL', async (call) => {
    const customer = await insertAccountUser(t.app.db);
    const session = await signIn(t.app, customer.email, FIXTURE_PASSWORD);
    const statements = vi.spyOn(t.app.db, 'executeQuery');
    try {
      expect((await send(call, session.cookie, customer.userId)).statusCode).toBe(200);
      expect(statements).toHaveBeenCalledTimes(1);
    } finally {
      statements.mockRestore();
    }
  });
});
