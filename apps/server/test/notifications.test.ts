import { describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/database.js';
import { mailNotice, type Notice, notify } from '../src/modules/notifications/notify.js';
import type { NewUser } from '../src/modules/users/users.table.js';
import { findUserById } from '../src/modules/users/users.repository.js';
import { createUser } from '../src/modules/users/users.service.js';
import { mailsOf, useTestApp, useTestDatabase } from './helper.js';

const database = useTestDatabase();
const t = useTestApp(database, { seedDemoData: false });

const notice: Notice = {
  subject: 'your USPS label 1234 was refunded',
  lines: ['Label 1234 was refunded.', 'The money goes back to your card.'],
  action: { label: 'Purchased Labels', link: 'http://localhost:8080/app/ShipmentParent/shipment' },
};

let serial = 0;
/** A customer with these notification switches and phone (no password: none signs in). */
async function newCustomer(fields: Partial<NewUser>) {
  serial += 1;
  const email = `notified-${serial}@example.com`;
  const { userId } = await createUser(t.app.db, { email, role_id: 5, status: 1, passwordHash: 'not-used', ...fields }, new Date());
  return { userId, email };
}

/** The queued jobs of a kind that go to `to`, as their payloads. */
async function queued(name: 'mail' | 'sms', to: string) {
  const rows = await t.app.db.selectFrom('jobs').select(['payload', 'unique_key']).where('name', '=', name).orderBy('id').execute();
  return rows.map((row) => ({ ...(JSON.parse(row.payload) as { to: string; body?: string; subject?: string }), key: row.unique_key })).filter((job) => job.to === to);
}

async function notifyUser(userId: number, what: Notice) {
  return writeTransaction(t.app.db, async (trx) => notify(trx, { config: t.config, log: t.app.log }, (await findUserById(trx, userId))!, what));
}

describe('notify', () => {
  it('mails and texts as the customer chose, in the layout, with the brand before the subject and the text', async () => {
    const both = await newCustomer({ notify_by_email: 1, notify_by_text: 1, cell_phone: '(415) 555-0191', first_name: 'Ann' });
    expect(await notifyUser(both.userId, notice)).toEqual({ mail: true, text: true });
    const [mail, ...moreMails] = (await mailsOf(t)).filter((m) => m.to === both.email);
    expect(moreMails).toHaveLength(0);
    expect(mail!.subject).toBe('AirBox: your USPS label 1234 was refunded');
    expect(mail!.text).toContain('Hello Ann,');
    expect(mail!.text).toContain('Purchased Labels: http://localhost:8080/app/ShipmentParent/shipment');
    expect(mail!.html).toContain('href="http://localhost:8080/app/ShipmentParent/shipment"');
    expect((await queued('sms', '+14155550191')).map((job) => job.body)).toEqual(['AirBox: Label 1234 was refunded. The money goes back to your card.']);

    const textOnly = await newCustomer({ notify_by_email: 0, notify_by_text: 1, cell_phone: '415-555-0192' });
    expect(await notifyUser(textOnly.userId, { ...notice, text: 'Label 1234 refunded.' })).toEqual({ mail: false, text: true });
    expect(await queued('mail', textOnly.email)).toHaveLength(0);
    expect((await queued('sms', '+14155550192')).map((job) => job.body)).toEqual(['AirBox: Label 1234 refunded.']);

    const neither = await newCustomer({ notify_by_email: 0, notify_by_text: 0, cell_phone: '415-555-0193' });
    expect(await notifyUser(neither.userId, notice)).toEqual({ mail: false, text: false });
    expect(await queued('mail', neither.email)).toHaveLength(0);
    expect(await queued('sms', '+14155550193')).toHaveLength(0);
  });

  it("mails a notice by: 'mail' whatever the switches say, and never texts it", async () => {
    const muted = await newCustomer({ notify_by_email: 0, notify_by_text: 1, cell_phone: '415-555-0194' });
    expect(await notifyUser(muted.userId, { ...notice, by: 'mail' })).toEqual({ mail: true, text: false });
    expect(await queued('mail', muted.email)).toHaveLength(1);
    expect(await queued('sms', '+14155550194')).toHaveLength(0);
  });

  it('queues a keyed notice once, and skips a text to a number that is not a US one', async () => {
    const customer = await newCustomer({ notify_by_email: 1, notify_by_text: 1, cell_phone: '+44 20 7946 0958' });
    const keyed = { ...notice, key: `refund-notice:${customer.userId}` };
    expect(await notifyUser(customer.userId, keyed)).toEqual({ mail: true, text: false });
    expect(await notifyUser(customer.userId, keyed)).toEqual({ mail: false, text: false });
    expect((await queued('mail', customer.email)).map((job) => job.key)).toEqual([`refund-notice:${customer.userId}:mail`]);
    expect(t.logs.some((line) => line.includes('not a US number') && line.includes(`refund-notice:${customer.userId}`))).toBe(true);
  });

  it('mails a notice to an address that is no customer, greeting no one', async () => {
    await writeTransaction(t.app.db, (trx) => mailNotice(trx, { config: t.config, log: t.app.log }, 'recipient@example.com', { subject: 'a parcel is on its way to you', lines: ['Follow it.'] }));
    const [mail] = (await mailsOf(t)).filter((m) => m.to === 'recipient@example.com');
    expect(mail!.subject).toBe('AirBox: a parcel is on its way to you');
    expect(mail!.text.startsWith('Hello,')).toBe(true);
  });
});
