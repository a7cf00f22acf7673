import { describe, expect, it } from 'vitest';
import { VACATION_HOLD_MESSAGES } from '@airbox/contract';
import { enqueuePickupReminders } from '../src/jobs/pickup-reminders.job.js';
import { DIALECT, mailsOf, postForm, signIn, type TestApp } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { deliver, lockerEvent, useLockerTestApp } from './locker-fixtures.js';
import { lockWaits, ownConnections } from './pg-lock-waits.js';

/**
 * Vacation holds (issue 22 item 2), as My Profile and a locker controller call them: holds set,
 * changed and cancelled with form bodies (days as YYYY-MM-DD, Pacific), refusals naming their
 * field and changing nothing; a delivery on a day of a hold answered the hold, its free period
 * counted from the hold's end on the dashboard and at the pickup, its reminder waiting; a
 * delivery outside any hold as before; a hold cancelled while its package waits.
 */

/** Monday 23 November 2026, 10:00 AM Pacific (PST). */
let now = new Date('2026-11-23T18:00:00Z');
let t: TestApp;
let hubId: string;

useLockerTestApp(
  () => now,
  (app, hub) => {
    t = app;
    hubId = hub;
  },
);

type Customer = Awaited<ReturnType<typeof newCustomer>>;
const locker = (body: Record<string, unknown>) => lockerEvent(t, body);

/** A UPS package delivered to the customer at the hub. */
const delivered = (customer: Customer) => deliver(t, hubId, customer.boxId, 'UPS');

const save = (customer: Customer, fields: Record<string, string | number>) => postForm(t.app, '/app/v1/vacationHolds/save', fields, customer.cookie);
const cancel = (customer: Customer, id: number) => postForm(t.app, '/app/v1/vacationHolds/cancel', { id }, customer.cookie);
async function holds(customer: Customer) {
  const response = await t.app.inject({ method: 'GET', url: '/app/v1/vacationHolds', headers: { cookie: customer.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Array<{ id: number; startDate: string; endDate: string }>; today: string };
}
async function waiting(customer: Customer) {
  const answer = await postForm(t.app, '/app/v1/getUnPickupsById', { uid: customer.userId }, customer.cookie);
  return answer.json().packages as Array<{ pickupCode: string; freeUntil: string; heldUntil: string | null; overdueDays: number }>;
}
/** The customer signs in again after the test clock moved on (sessions end when idle). */
async function signInAgain(customer: Customer) {
  customer.cookie = (await signIn(t.app, customer.email)).cookie;
}
async function remindersTo(email: string) {
  await enqueuePickupReminders(t.app);
  return (await mailsOf(t)).filter((mail) => mail.to.includes(email) && mail.subject.includes('before noon'));
}

describe('setting a hold in My Profile', () => {
  it('adds, changes and cancels holds from form bodies', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app);
    const added = await save(customer, { startDate: '2026-11-25', endDate: '2026-11-28' });
    expect(added.statusCode).toBe(200);
    const { id } = added.json().data;
    expect(added.json()).toMatchObject({ errorcode: 0, message: VACATION_HOLD_MESSAGES.saved('2026-11-25', '2026-11-28') });
    expect(await holds(customer)).toMatchObject({ today: '2026-11-23', data: [{ id, startDate: '2026-11-25', endDate: '2026-11-28' }] });

    const changed = await save(customer, { id, startDate: '2026-11-26', endDate: '2026-12-09' });
    expect(changed.json()).toMatchObject({ errorcode: 0, data: { id } });
    expect((await holds(customer)).data).toEqual([{ id, startDate: '2026-11-26', endDate: '2026-12-09' }]);

    expect((await cancel(customer, id)).json()).toMatchObject({ errorcode: 0 });
    expect((await holds(customer)).data).toEqual([]);
    // Someone else's hold, or one already gone: 404, nothing changed.
    const other = await newCustomer(t.app);
    const theirs = (await save(other, { startDate: '2026-11-24', endDate: '2026-11-24' })).json().data.id;
    expect((await cancel(customer, theirs)).statusCode).toBe(404);
    expect((await save(customer, { id: theirs, startDate: '2026-11-25', endDate: '2026-11-25' })).statusCode).toBe(404);
    expect((await holds(other)).data).toHaveLength(1);
  });

  it('refuses bad days naming the field, overlaps and a fourth hold, changing nothing', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app);
    const first = (await save(customer, { startDate: '2026-11-23', endDate: '2026-11-24' })).json().data.id;
    const refusals: Array<[Record<string, string | number>, number, string]> = [
      [{ startDate: '2026-11-22', endDate: '2026-11-27' }, 400, VACATION_HOLD_MESSAGES.startPast],
      [{ startDate: '2026-11-28', endDate: '2026-11-27' }, 400, VACATION_HOLD_MESSAGES.endBeforeStart],
      [{ startDate: '2026-11-25', endDate: '2026-12-09' }, 400, VACATION_HOLD_MESSAGES.tooLong],
      [{ startDate: '11/25/2026', endDate: '2026-11-26' }, 400, VACATION_HOLD_MESSAGES.startDate],
      [{ startDate: '2026-11-24', endDate: '2026-11-26' }, 409, VACATION_HOLD_MESSAGES.overlap('2026-11-23', '2026-11-24')],
      // A hold that has begun is cancelled, not changed.
      [{ id: first, startDate: '2026-11-23', endDate: '2026-11-25' }, 409, VACATION_HOLD_MESSAGES.started],
    ];
    for (const [fields, status, message] of refusals) {
      const answer = await save(customer, fields);
      expect(answer.statusCode).toBe(status);
      expect(answer.json().message).toBe(message);
    }
    expect(VACATION_HOLD_MESSAGES.startPast.startsWith('startDate')).toBe(true);
    expect(VACATION_HOLD_MESSAGES.tooLong.startsWith('endDate')).toBe(true);
    expect((await holds(customer)).data.map((hold) => hold.id)).toEqual([first]);

    expect((await save(customer, { startDate: '2026-12-01', endDate: '2026-12-14' })).statusCode).toBe(200);
    expect((await save(customer, { startDate: '2026-12-20', endDate: '2026-12-21' })).statusCode).toBe(200);
    const fourth = await save(customer, { startDate: '2026-12-25', endDate: '2026-12-26' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ errorcode: -409, message: VACATION_HOLD_MESSAGES.full });
    expect((await holds(customer)).data).toHaveLength(3);
  });

  it('two saves at once: one hold, the other refused as an overlap', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app);
    const answers = await Promise.all([
      save(customer, { startDate: '2026-11-30', endDate: '2026-12-02' }),
      save(customer, { startDate: '2026-12-01', endDate: '2026-12-03' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await holds(customer)).data).toHaveLength(1);
  });
});

describe('a delivery during a hold', () => {
  it('is answered the hold, free from its end, reminded and charged only after it', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app, { notify_by_email: 1, credits: 10 });
    expect((await save(customer, { startDate: '2026-11-23', endDate: '2026-11-25' })).statusCode).toBe(200);

    const held = await delivered(customer);
    expect(held.hold).toEqual({ until: '2026-11-25' });
    // Free from midnight after the hold's last day: until noon Pacific on Friday the 27th.
    expect(await waiting(customer)).toEqual([expect.objectContaining({ pickupCode: held.pickupCode, heldUntil: '2026-11-25', freeUntil: '2026-11-27T20:00:00.000Z', overdueDays: 0 })]);

    // Tuesday morning, when an unheld package would be reminded, and Wednesday afternoon: nothing.
    now = new Date('2026-11-24T16:15:00Z');
    expect(await remindersTo(customer.email)).toHaveLength(0);
    now = new Date('2026-11-25T23:00:00Z');
    expect(await remindersTo(customer.email)).toHaveLength(0);
    await signInAgain(customer);
    expect((await waiting(customer))[0]).toMatchObject({ overdueDays: 0 });

    // Thursday the 26th, after the hold: a delivery is not held.
    now = new Date('2026-11-26T18:00:00Z');
    const after = await delivered(customer);
    expect(after.hold).toBeNull();
    await signInAgain(customer);
    expect((await waiting(customer))[1]).toMatchObject({ pickupCode: after.pickupCode, heldUntil: null, freeUntil: '2026-11-27T20:00:00.000Z' });

    // Friday 8:15 AM: one reminder each, naming noon Friday.
    now = new Date('2026-11-27T16:15:00Z');
    const reminders = await remindersTo(customer.email);
    expect(reminders).toHaveLength(2);
    expect(reminders.find((mail) => mail.text.includes(held.pickupCode))!.text).toMatch(/Nov 27, 2026, 12:00\s?PM PST/);

    // Picked up Friday 11 AM: no overdue day for the held days.
    now = new Date('2026-11-27T19:00:00Z');
    const pickup = await locker({ type: 'picked_up', hubId, pickupCode: held.pickupCode });
    expect(pickup.json()).toMatchObject({ errorcode: 0, overtimeDays: 0, creditsCharged: 1 });
    // Saturday 1 PM: the other one, not held, has two overdue days (Friday noon, Saturday noon), as before holds.
    now = new Date('2026-11-28T21:00:00Z');
    expect((await locker({ type: 'picked_up', hubId, pickupCode: after.pickupCode })).json()).toMatchObject({ overtimeDays: 2, creditsCharged: 3 });
  });

  it('cancelled while the package waits: free from the cancel day, no fee for the held days', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 10 });
    const { id } = (await save(customer, { startDate: '2026-11-23', endDate: '2026-12-06' })).json().data;
    const held = await delivered(customer);
    expect(held.hold).toEqual({ until: '2026-12-06' });

    // Wednesday the 25th: the customer is back early and cancels.
    now = new Date('2026-11-25T18:00:00Z');
    await signInAgain(customer);
    expect((await cancel(customer, id)).json()).toMatchObject({ errorcode: 0 });
    expect((await holds(customer)).data).toEqual([]);
    expect((await waiting(customer))[0]).toMatchObject({ heldUntil: '2026-11-24', freeUntil: '2026-11-26T20:00:00.000Z', overdueDays: 0 });
    // A delivery the same day is not held.
    expect((await delivered(customer)).hold).toBeNull();

    // Thursday 11 AM: no fee.
    now = new Date('2026-11-26T19:00:00Z');
    expect((await locker({ type: 'picked_up', hubId, pickupCode: held.pickupCode })).json()).toMatchObject({ overtimeDays: 0, creditsCharged: 1 });
  });

  it.runIf(DIALECT === 'postgres')('cancelled while the locker is picking up one of its packages: both go through (no deadlock on PostgreSQL)', async () => {
    now = new Date('2026-11-23T18:00:00Z');
    const customer = await newCustomer(t.app, { credits: 10 });
    const { id } = (await save(customer, { startDate: '2026-11-23', endDate: '2026-12-06' })).json().data;
    await delivered(customer);
    now = new Date('2026-11-25T18:00:00Z');
    await signInAgain(customer);
    // The locker's pickup, as it takes its rows: the package, then its owner.
    const [pickup, watcher] = await ownConnections(t.config.databaseUrl, 2);
    try {
      await pickup!.query('begin');
      await pickup!.query('select id from locker_packages where user_id = $1 and picked_up_at is null for update', [customer.userId]);
      const cancelling = cancel(customer, id);
      // The cancel waits for the package.
      await lockWaits(watcher!, 1, cancelling);
      const owner = await pickup!.query('select user_id from users where user_id = $1 for no key update', [customer.userId]).then(
        () => 'locked',
        (error: { code?: string }) => error.code,
      );
      await pickup!.query('rollback');
      expect(owner).toBe('locked');
      expect((await cancelling).json()).toMatchObject({ errorcode: 0 });
      expect((await waiting(customer))[0]).toMatchObject({ heldUntil: '2026-11-24' });
    } finally {
      for (const client of [pickup, watcher]) await client!.end();
    }
  });
});
