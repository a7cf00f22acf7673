import { describe, expect, it } from 'vitest';
import { postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { insertShipment, uspsPickupForm } from './shipment-fixtures.js';

/**
 * The carriers' calendar as the server checks it (issue 21 item 6): no pickup on a carrier's
 * holiday, none for today past the carrier's same-day cutoff, each refused with why and the days
 * open; a USPS pickup may keep its day when only its location or instructions change. The clock
 * stands at Wednesday 25 November 2026, 10:00 AM in New York (7:00 AM in San Francisco, 9:00 AM
 * Central): Thanksgiving is tomorrow, and USPS's cutoff for today (2:00 AM Central) has passed.
 */
const WEDNESDAY_BEFORE_THANKSGIVING = new Date('2026-11-25T15:00:00Z');

const database = useTestDatabase();
const t = useTestApp(database, { clock: () => WEDNESDAY_BEFORE_THANKSGIVING });

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const scheduleUsps = (customer: Customer, shipmentId: number, pickupdate: string) =>
  postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', uspsPickupForm(shipmentId, customer.userId, pickupdate), customer.cookie);

describe("USPS's calendar", () => {
  it('refuses Thanksgiving and today past the 2:00 AM Central cutoff, naming the days open, and books the first open day when none is asked', async () => {
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });

    const thanksgiving = (await scheduleUsps(customer, label.id, '2026-11-26')).json();
    expect(thanksgiving).toMatchObject({ code: -1, message: 'USPS does not pick up on Thanksgiving Day (2026-11-26). Choose 2026-11-27, 2026-11-30.' });
    const today = (await scheduleUsps(customer, label.id, '2026-11-25')).json();
    expect(today).toMatchObject({ code: -1, message: 'A USPS pickup for today had to be booked by 2:00 AM Central Time. Choose 2026-11-27, 2026-11-30.' });
    expect(await t.app.db.selectFrom('pickups').select('id').where('shipment_id', '=', label.id).execute()).toEqual([]);

    const { pickupdate: _none, ...withoutDate } = uspsPickupForm(label.id, customer.userId, '');
    const booked = (await postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', withoutDate, customer.cookie)).json();
    expect(booked).toMatchObject({ code: 0, data: { Date: '2026-11-27', DayOfWeek: 'Friday' } });
  });

  it('keeps the pickup\'s own day when only the place of the package or the instructions change, and lists that day among those it may move to', async () => {
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
    expect((await scheduleUsps(customer, label.id, '2026-11-30')).json()).toMatchObject({ code: 0 });

    const inquiry = await t.app.inject({ method: 'GET', url: `/openapi/USPS/CarrierPickupInquiry?shipmentDetailsId=${label.id}`, headers: { cookie: customer.cookie } });
    expect(inquiry.json().dbInfo).toMatchObject({ pickupdate: '2026-11-30', reschedulableDates: ['2026-11-27', '2026-11-30'] });

    const kept = await postForm(
      t.app,
      '/openapi/USPS/CarrierPickupChange',
      { shipmentdetailsid: label.id, pickupdate: '2026-11-30', packagelocation: 'Side Door', specialinstructions: 'Behind the bench' },
      customer.cookie,
    );
    expect(kept.json()).toMatchObject({ code: 0 });
    expect(await t.app.db.selectFrom('pickups').select(['pickup_date', 'package_location', 'instructions']).where('shipment_id', '=', label.id).executeTakeFirst()).toEqual({
      pickup_date: '2026-11-30',
      package_location: 'Side Door',
      instructions: 'Behind the bench',
    });
    const toThanksgiving = await postForm(t.app, '/openapi/USPS/CarrierPickupChange', { shipmentdetailsid: label.id, pickupdate: '2026-11-26', packagelocation: 'Side Door' }, customer.cookie);
    expect(toThanksgiving.json()).toMatchObject({ code: -1, message: 'USPS does not pick up on Thanksgiving Day (2026-11-26). Choose 2026-11-27, 2026-11-30.' });
  });
});

describe("FedEx's calendar", () => {
  it('refuses a pickup on Thanksgiving, and takes today before 2:00 PM at the address', async () => {
    const customer = await newCustomer(t.app);
    const label = await insertShipment(t.app.db, customer.userId, { carrier: 'FedEx', service: 'FEDEX_GROUND' });
    const shipment = await t.app.db.selectFrom('shipments').select('provider_shipment_id').where('id', '=', label.id).executeTakeFirstOrThrow();
    const address = { name: 'Casey Customer', street1: '1 Main St', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US', phone: '415-555-0101' };
    const addressId = (await postForm(t.app, '/openapi/easyPost/validateAddress', address, customer.cookie)).json().data.addrId as string;
    const ask = (date: string) =>
      postForm(
        t.app,
        '/openapi/easyPost/createPickup',
        { addressId, shipmentId: shipment.provider_shipment_id!, minDatetime: `${date} 09:00:00`, maxDatetime: `${date} 16:00:00` },
        customer.cookie,
      );
    expect((await ask('2026-11-26')).json()).toMatchObject({
      code: -1,
      message: 'FedEx does not pick up on Thanksgiving Day (2026-11-26). Choose 2026-11-25, 2026-11-27, 2026-11-30.',
    });
    // 7:00 AM in San Francisco: today is open (the refusal, if any, is not about the date).
    expect((await ask('2026-11-25')).json().message).not.toMatch(/today had to be booked|is not one of them/);
  });
});
