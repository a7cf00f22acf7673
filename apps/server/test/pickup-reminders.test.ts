import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enqueuePickupReminders } from '../src/jobs/pickup-reminders.job.js';
import { mailsOf, type TestApp } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { lockerEvent, useLockerTestApp } from './locker-fixtures.js';

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

const locker = (body: Record<string, unknown>) => lockerEvent(t, body);

async function deliver(boxId: string, trackingNo: string) {
  const response = await locker({ type: 'delivered', boxId, hubId, carrier: 'UPS', trackingNo });
  expect(response.statusCode).toBe(200);
  return response.json() as { packageId: number; pickupCode: string };
}

function textsTo(phone: string): string[] {
  const dir = t.config.mailOutboxDir;
  return readdirSync(dir)
    .filter((file) => file.startsWith('sms-'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((text) => text.includes(phone));
}

async function remindersTo(email: string) {
  return (await mailsOf(t)).filter((mail) => mail.to.includes(email) && mail.subject.includes('before noon'));
}

describe('the morning pickup reminder', () => {
  it('reminds once, by mail and text, on the morning the free period ends, and never after the pickup', async () => {
    const waiting = await newCustomer(t.app, { notify_by_email: 1, notify_by_text: 1, cell_phone: '415-555-0171' });
    const collected = await newCustomer(t.app, { notify_by_email: 1, notify_by_text: 0 });
    const { pickupCode } = await deliver(waiting.boxId, '1Z999AA10123456784');
    const other = await deliver(collected.boxId, '1Z999AA10123456785');
    await mailsOf(t);

    // Monday evening and Tuesday 7:59 AM: too early.
    now = new Date('2026-11-24T04:00:00Z');
    expect(await remindersTo(waiting.email)).toHaveLength(0);
    now = new Date('2026-11-24T15:59:00Z');
    expect(await remindersTo(waiting.email)).toHaveLength(0);

    // The second customer picks up early Tuesday; the first does not.
    expect((await locker({ type: 'picked_up', hubId, pickupCode: other.pickupCode })).statusCode).toBe(200);

    // Tuesday 8:15 AM Pacific: one reminder, by mail and by text, naming the code and the fee.
    now = new Date('2026-11-24T16:15:00Z');
    const [reminder, ...more] = await remindersTo(waiting.email);
    expect(more).toHaveLength(0);
    expect(reminder!.text).toContain(pickupCode);
    expect(reminder!.text).toContain('1-credit fee');
    expect(reminder!.text).toMatch(/Nov 24, 2026, 12:00\s?PM PST/);
    const texts = textsTo('+14155550171').filter((text) => text.includes('1-credit fee'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(pickupCode);
    expect(await remindersTo(collected.email)).toHaveLength(0);

    // Later that morning the recurring job runs again: no second reminder.
    now = new Date('2026-11-24T18:30:00Z');
    expect(await remindersTo(waiting.email)).toHaveLength(1);
    // After noon the fee runs: no reminder for it any more.
    now = new Date('2026-11-24T21:00:00Z');
    expect(await remindersTo(waiting.email)).toHaveLength(1);
  });

  it('sends nothing for a package picked up before its reminder job ran', async () => {
    now = new Date('2026-12-01T18:00:00Z');
    const customer = await newCustomer(t.app, { notify_by_email: 1 });
    const { pickupCode } = await deliver(customer.boxId, '1Z999AA10123456786');
    now = new Date('2026-12-02T16:30:00Z');
    // The recurring tick queued the reminder; the pickup happens before a worker runs it.
    await enqueuePickupReminders(t.app);
    expect((await locker({ type: 'picked_up', hubId, pickupCode })).statusCode).toBe(200);
    expect(await remindersTo(customer.email)).toHaveLength(0);
  });
});
