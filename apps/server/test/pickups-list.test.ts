import { carrierPickupDates, PICKUP_LIST_LIMITS, stateTimeZone } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { insertPickup } from '../src/modules/pickups/pickups.repository.js';
import { postForm, useTestApp, useTestDatabase } from './helper.js';
import { newCustomer } from './ledger-fixtures.js';
import { insertShipment, uspsPickupForm } from './shipment-fixtures.js';

/**
 * The Pickups list (getUserPickups, issue 21 item 14): every pickup of the signed-in customer, one
 * item a carrier visit (a USPS pickup for several labels is one, with its labels), upcoming first,
 * paged with a capped page size; another customer's pickups are never in it.
 */
const database = useTestDatabase();
const t = useTestApp(database);

type Customer = Awaited<ReturnType<typeof newCustomer>>;

const listOf = (customer: Customer, query = '') => t.app.inject({ method: 'GET', url: `/app/v1/getUserPickups${query}`, headers: { cookie: customer.cookie } });
const uspsDays = () => carrierPickupDates(t.config.clock(), stateTimeZone('CA'), 'USPS');

async function scheduleUsps(customer: Customer, extra: Record<string, string> = {}) {
  const label = await insertShipment(t.app.db, customer.userId, { carrier: 'USPS' });
  const answer = await postForm(t.app, '/openapi/USPS/CarrierPickupSchedule', { ...uspsPickupForm(label.id, customer.userId, uspsDays().at(-1)!), ...extra }, customer.cookie);
  expect(answer.json(), answer.body).toMatchObject({ code: 0 });
  return { label, confirmation: answer.json().data.ConfirmationNumber as string };
}

/** A FedEx pickup paid for and booked, as the checkout leaves it (written directly: the list only reads it). */
async function bookedFedexPickup(customer: Customer, date: string) {
  const label = await insertShipment(t.app.db, customer.userId, { carrier: 'FedEx', service: 'FEDEX_GROUND' });
  const nowIso = t.config.clock().toISOString();
  await insertPickup(t.app.db, {
    user_id: customer.userId,
    shipment_id: label.id,
    carrier: 'FedEx',
    provider: 'simulator',
    state: 'scheduled',
    provider_pickup_id: `pickup_list_${label.id}`,
    confirmation: `PRP${label.id}`,
    usps_etag: null,
    name: 'Casey Customer',
    street1: '1 Main St',
    city: 'San Francisco',
    address_state: 'CA',
    zip: '94105',
    time_zone: 'America/Los_Angeles',
    pickup_date: date,
    min_datetime: `${date} 09:00:00`,
    max_datetime: `${date} 16:00:00`,
    service_type: 'FedEx Pickup',
    price_cents: 450,
    rate_id: 'pickuprate_1',
    payment_order_id: null,
    payment_url: null,
    dropoff_code: null,
    cancel_claimed_at: null,
    reminded_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  return label;
}

describe('getUserPickups', () => {
  it("lists each visit once with its labels, upcoming first, the customer's own only", async () => {
    const customer = await newCustomer(t.app);
    const intruder = await newCustomer(t.app);
    const first = await scheduleUsps(customer);
    const second = await scheduleUsps(customer);
    expect(second.confirmation).toBe(first.confirmation);
    const elsewhere = await scheduleUsps(customer, { address1: '9 Oak St' });
    expect((await postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: elsewhere.label.id }, customer.cookie)).json()).toMatchObject({ errorcode: 0 });
    const fedex = await bookedFedexPickup(customer, uspsDays()[0]!);
    await scheduleUsps(intruder);

    const answer = await listOf(customer);
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = answer.json();
    expect(data.total).toBe(3);
    // FedEx's day comes before USPS's; the cancelled one last.
    expect(data.list.map((item: { carrier: string; status: string }) => `${item.carrier} ${item.status}`)).toEqual(['FedEx scheduled', 'USPS scheduled', 'USPS canceled']);
    const [fedexItem, uspsItem, cancelled] = data.list;
    expect(uspsItem).toMatchObject({
      carrier: 'USPS',
      service: 'Priority Mail',
      pickupDate: uspsDays().at(-1),
      min_datetime: '',
      confirmation: first.confirmation,
      address: { street1: '1 Main St', city: 'San Francisco', state: 'CA', zip: '94105' },
      packageLocation: 'Front Door',
      labels: [
        { shippingdetails_id: first.label.id, orderNo: first.label.orderNo, pickupId: first.confirmation },
        { shippingdetails_id: second.label.id, orderNo: second.label.orderNo, pickupId: first.confirmation },
      ],
      price: '',
      canCancel: true,
      canChange: true,
    });
    expect(fedexItem).toMatchObject({
      carrier: 'FedEx',
      service: 'FedEx Pickup',
      min_datetime: `${uspsDays()[0]} 09:00:00`,
      timeZone: 'America/Los_Angeles',
      labels: [{ shippingdetails_id: fedex.id, pickupId: `pickup_list_${fedex.id}` }],
      price: '4.50',
      canChange: false,
    });
    expect(cancelled).toMatchObject({ labels: [{ shippingdetails_id: elsewhere.label.id }], canCancel: false, canChange: false });

    // Paged, with the page size capped.
    const page = (await listOf(customer, '?start=1&num=1')).json().data;
    expect(page).toMatchObject({ total: 3, list: [{ carrier: 'USPS', status: 'scheduled' }] });
    expect((await listOf(customer, `?num=${PICKUP_LIST_LIMITS.pageSizeMax + 1}`)).statusCode).toBe(400);

    // A label taken off the pickup is not listed apart while the pickup still comes.
    expect((await postForm(t.app, '/app/v1/cancelPickup', { shippingdetails_id: second.label.id }, customer.cookie)).json()).toMatchObject({ errorcode: 0 });
    const after = (await listOf(customer)).json().data;
    expect(after.total).toBe(3);
    expect(after.list[1]).toMatchObject({ confirmation: first.confirmation, labels: [{ shippingdetails_id: first.label.id }] });

    // The session says whose list it is.
    const theirs = (await listOf(intruder)).json().data;
    expect(theirs.total).toBe(1);
    expect(theirs.list[0].labels.map((label: { shippingdetails_id: number }) => label.shippingdetails_id)).not.toContain(first.label.id);
    expect((await t.app.inject({ method: 'GET', url: '/app/v1/getUserPickups' })).statusCode).toBe(401);
  });
});
