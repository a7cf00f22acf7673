import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPickup } from '../src/modules/pickups/pickups.repository.js';
import type { NewPickup } from '../src/modules/pickups/pickups.table.js';
import { buildTestApp, mailsOf, postForm, type TestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { insertShipment, uspsPickupForm } from './shipment-fixtures.js';

const database = useTestDatabase();
/** Monday 23 November 2026, 10:00 AM Pacific. */
let now = new Date('2026-11-23T18:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(database.url(), { clock: () => new Date(now) });
});
afterAll(async () => {
  await t.close();
});

type Customer = Awaited<ReturnType<typeof newCustomer>>;

function textsTo(phone: string): string[] {
  const dir = t.config.mailOutboxDir;
  return readdirSync(dir)
    .filter((file) => file.startsWith('sms-'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((text) => text.includes(phone) && text.includes('tomorrow'));
}

async function remindersTo(customer: Customer) {
  return (await mailsOf(t)).filter((mail) => mail.to.includes(customer.email) && mail.subject.includes('pickup is tomorrow'));
}

/** A USPS pickup scheduled as the web app does it, in San Francisco, for Tuesday 24 November unless said. */
async function scheduleUspsPickup(customer: Customer, date = '2026-11-24') {
  const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
  const response = await postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', { ...uspsPickupForm(label.id, customer.userId, date), packagelocation: 'Side Door' }, customer.cookie);
  expect(response.json()).toMatchObject({ code: 0 });
  return { label, confirmation: (response.json() as { data: { ConfirmationNumber: string } }).data.ConfirmationNumber };
}

describe('the evening-before carrier pickup reminder', () => {
  it('reminds once from 5 PM at the pickup address the day before, by mail and text as the customer chose', async () => {
    const customer = await newCustomer(t.app, { notify_by_email: 1, notify_by_text: 1, cell_phone: '415-555-0172' });
    const { label, confirmation } = await scheduleUspsPickup(customer);
    await mailsOf(t);

    // Monday 4:30 PM Pacific: not yet.
    now = new Date('2026-11-24T00:30:00Z');
    expect(await remindersTo(customer)).toHaveLength(0);

    // Monday 5:15 PM Pacific: one mail naming the day, the address, where the parcel waits and the confirmation.
    now = new Date('2026-11-24T01:15:00Z');
    const [mail, ...more] = await remindersTo(customer);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain(`USPS comes for your parcel ${label.trackingCode} tomorrow: on 2026-11-24, at `);
    expect(mail!.text).toContain('1 Main St');
    expect(mail!.text).toContain('Leave it at: Side Door.');
    expect(mail!.text).toContain(`Confirmation number: ${confirmation}.`);
    expect(mail!.text).toContain(`/app/ShipmentParent/shipment?shipmentdetailsid=${label.id}`);
    expect(textsTo('+14155550172')).toHaveLength(1);

    // The job runs again later that evening: nothing more.
    now = new Date('2026-11-24T04:00:00Z');
    expect(await remindersTo(customer)).toHaveLength(1);
    expect(textsTo('+14155550172')).toHaveLength(1);
  });

  it('counts the evening where the pickup happens, says the window and the locker code, and skips cancelled pickups and muted channels', async () => {
    const east = await newCustomer(t.app, { notify_by_email: 0, notify_by_text: 1, cell_phone: '212-555-0173' });
    const cancelled = await newCustomer(t.app, { notify_by_email: 1, notify_by_text: 0 });
    now = new Date('2026-11-30T15:00:00Z');
    const at = now.toISOString();
    /** A pickup of a new label of the customer's, on Tuesday 1 December in New York time. */
    const pickupOn1December = async (customer: Customer, carrier: 'FedEx' | 'USPS', fields: Omit<NewPickup, 'user_id' | 'shipment_id' | 'carrier' | 'provider' | 'time_zone' | 'pickup_date' | 'created_at' | 'updated_at'>) => {
      const label = await insertShipment(t.app.db, customer.userId, { carrier });
      await insertPickup(t.app.db, { user_id: customer.userId, shipment_id: label.id, carrier, provider: 'simulator', time_zone: 'America/New_York', pickup_date: '2026-12-01', created_at: at, updated_at: at, ...fields });
    };
    // A FedEx pickup at the customer's hub in New York on Tuesday 1 December, 10:00 to 14:00 there.
    await pickupOn1December(east, 'FedEx', {
      state: 'scheduled',
      provider_pickup_id: 'pickup_reminder_1',
      confirmation: 'PRP12345678',
      company: 'Hub 5th Ave',
      street1: '350 5th Ave',
      city: 'New York',
      address_state: 'NY',
      zip: '10118',
      use_locker: 1,
      dropoff_code: '246810',
      min_datetime: '2026-12-01 10:00:00',
      max_datetime: '2026-12-01 14:00:00',
    });
    await pickupOn1December(cancelled, 'USPS', { state: 'canceled', confirmation: 'WTC00000001', street1: '1 Main St', city: 'Boston', address_state: 'MA', zip: '02108' });
    await mailsOf(t);

    // Monday 5:05 PM in New York is 2:05 PM in California: the New York pickup's evening.
    now = new Date('2026-11-30T22:05:00Z');
    await mailsOf(t);
    const [text, ...others] = textsTo('+12125550173');
    expect(others).toHaveLength(0);
    expect(text).toContain('FedEx comes for your parcel');
    expect(text).toContain('on 2026-12-01 between 10:00 and 14:00 (America/New_York time)');
    expect(text).toContain('drop-off code 246810');
    // Texts only, as this customer chose; nothing for a cancelled pickup.
    expect(await remindersTo(east)).toHaveLength(0);
    expect(await remindersTo(cancelled)).toHaveLength(0);
  });

  it('reminds once of a USPS pickup for several labels, naming every parcel', async () => {
    // Monday 7 December, 10:00 AM Pacific (after the other tests' days: the recurring job only runs forward).
    now = new Date('2026-12-07T18:00:00Z');
    const customer = await newCustomer(t.app, { notify_by_email: 1, notify_by_text: 0 });
    const first = await scheduleUspsPickup(customer, '2026-12-08');
    const second = await scheduleUspsPickup(customer, '2026-12-08');
    expect(second.confirmation).toBe(first.confirmation);
    await mailsOf(t);

    now = new Date('2026-12-08T01:15:00Z');
    const [mail, ...more] = await remindersTo(customer);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain(`USPS comes for your parcels ${first.label.trackingCode}, ${second.label.trackingCode} tomorrow: on 2026-12-08, at `);
    now = new Date('2026-12-08T04:00:00Z');
    expect(await remindersTo(customer)).toHaveLength(1);
  });
});
