import { carrierPickupDates, stateTimeZone } from '@airbox/contract';
import type { Db } from '../db/database.js';
import { insertPaymentOrder } from '../modules/payments/payments.repository.js';
import { instantOf } from '../modules/pickups/pickup-times.js';
import { insertPickup } from '../modules/pickups/pickups.repository.js';
import { newDropoffCode } from '../modules/pickups/pickups.service.js';
import { createSimulatorCarriersProvider } from '../providers/carriers/simulator-carriers-provider.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';
import { createUspsPickupsSimulator } from '../providers/usps/usps-pickups-simulator.js';
import { createDatabaseUspsSimulatorStore } from '../providers/usps/usps-simulator-store.js';

/** A demo label a pickup is seeded for: its row id, the carrier's shipment id and its weight. */
export interface SeededLabel {
  id: number;
  providerShipmentId: string;
  weightOz: number;
}

export interface DemoPickupOwner {
  userId: number;
  sender: { first_name: string; last_name: string; address1: string; address2: string; city: string; state: string; zipcode: string; phone: string };
}

/**
 * The demo customer's carrier pickups (issue 10, Demo data): a free USPS pickup scheduled at their
 * home on the last day of the window, and a FedEx pickup paid for and booked at their hub, where
 * the parcel waits in a locker opened by a drop-off code. Each is booked with its simulator (in
 * the same database and transaction), as a customer's would be, so its details, change and
 * cancel work like any other. Two more labels (USPS 'created', FedEx 'fedex-ready') stay free for
 * a newcomer to schedule.
 */
export async function seedDemoPickups(trx: Db, owner: DemoPickupOwner, now: Date, labels: { usps: SeededLabel; fedex: SeededLabel }): Promise<void> {
  const clock = () => now;
  const at = now.toISOString();
  const home = owner.sender;

  const uspsZone = stateTimeZone(home.state);
  const usps = createUspsPickupsSimulator({ clock, store: createDatabaseUspsSimulatorStore(trx) });
  const weightLb = Math.round((labels.usps.weightOz / 16) * 100) / 100;
  const scheduled = await usps.schedule({
    address: {
      firstName: home.first_name,
      lastName: home.last_name,
      streetAddress: home.address1,
      secondaryAddress: home.address2 || undefined,
      city: home.city,
      state: home.state,
      zip5: home.zipcode,
      phone: home.phone.replace(/\D/g, ''),
    },
    pickupDate: carrierPickupDates(now, uspsZone, 'USPS').at(-1)!,
    packages: [{ serviceType: 'Priority Mail', count: 1 }],
    estimatedWeight: weightLb,
    packageLocation: 'Front Door',
    specialInstructions: 'Blue door next to the garage',
  });
  await insertPickup(trx, {
    user_id: owner.userId,
    shipment_id: labels.usps.id,
    carrier: 'USPS',
    provider: usps.name,
    state: 'scheduled',
    provider_pickup_id: null,
    confirmation: scheduled.confirmationNumber,
    usps_etag: scheduled.eTag,
    name: `${home.first_name} ${home.last_name}`,
    street1: home.address1,
    street2: home.address2,
    city: home.city,
    address_state: home.state,
    zip: home.zipcode,
    phone: home.phone,
    time_zone: uspsZone,
    pickup_date: scheduled.pickupDate,
    package_location: 'Front Door',
    instructions: 'Blue door next to the garage',
    service_type: 'Priority Mail',
    estimated_weight_lb: weightLb,
    created_at: at,
    updated_at: at,
  });
  await trx.updateTable('shipments').set({ pickup_id: scheduled.confirmationNumber }).where('id', '=', labels.usps.id).execute();

  const hub = await trx
    .selectFrom('users')
    .innerJoin('hubs', 'hubs.id', 'users.locker_id')
    .select(['hubs.business_name', 'hubs.address', 'hubs.city', 'hubs.state', 'hubs.zip_code'])
    .where('users.user_id', '=', owner.userId)
    .executeTakeFirstOrThrow();
  const hubZone = stateTimeZone(hub.state);
  const date = carrierPickupDates(now, hubZone, 'FedEx').at(-1)!;
  const carriers = createSimulatorCarriersProvider({ clock, webhookSecret: undefined, store: createDatabaseSimulatorStore(trx) });
  const created = await carriers.createPickup({
    shipmentId: labels.fedex.providerShipmentId,
    address: { name: `${home.first_name} ${home.last_name}`, company: hub.business_name, street1: hub.address, city: hub.city, state: hub.state, zip: hub.zip_code, country: 'US', phone: home.phone },
    minDatetime: instantOf({ date, time: '09:00:00' }, hubZone),
    maxDatetime: instantOf({ date, time: '16:00:00' }, hubZone),
    reference: 'Locker',
  });
  const rate = created.rates[0]!;
  const bought = await carriers.buyPickup(created.pickupId, rate.rateId);
  const providerOrderId = 'DEMOPICKUP0001PAY';
  const paymentOrderId = await insertPaymentOrder(trx, {
    user_id: owner.userId,
    provider: 'simulator',
    provider_order_id: providerOrderId,
    request_id: 'demo-seed-pickup-1',
    purpose: 'pickup',
    plan: null,
    quantity: 1,
    amount_cents: rate.priceCents,
    currency: 'USD',
    status: 'captured',
    created_at: at,
    captured_at: at,
    capture_id: 'DEMOCAPTUREPICKUP1',
    refund_request_id: null,
    refunded_at: null,
  });
  // The payment simulator's side of the capture.
  await trx
    .insertInto('payment_simulator_orders')
    .values({
      id: providerOrderId,
      request_id: 'demo-seed-pickup-1',
      amount_cents: rate.priceCents,
      currency: 'USD',
      description: `FedEx pickup on ${date}`,
      return_url: '',
      cancel_url: '',
      status: 'COMPLETED',
      capture_request_id: 'capture-demo-seed-pickup-1',
      capture_id: 'DEMOCAPTUREPICKUP1',
      created_at: at,
    })
    .execute();
  await insertPickup(trx, {
    user_id: owner.userId,
    shipment_id: labels.fedex.id,
    carrier: 'FedEx',
    provider: carriers.name,
    state: 'scheduled',
    provider_pickup_id: created.pickupId,
    confirmation: bought.confirmation,
    name: `${home.first_name} ${home.last_name}`,
    company: hub.business_name,
    street1: hub.address,
    city: hub.city,
    address_state: hub.state,
    zip: hub.zip_code,
    phone: home.phone,
    use_locker: 1,
    time_zone: hubZone,
    pickup_date: date,
    min_datetime: `${date} 09:00:00`,
    max_datetime: `${date} 16:00:00`,
    package_location: 'Locker',
    service_type: rate.service,
    estimated_weight_lb: Math.round((labels.fedex.weightOz / 16) * 100) / 100,
    rates: JSON.stringify(created.rates),
    rate_id: rate.rateId,
    price_cents: rate.priceCents,
    payment_order_id: paymentOrderId,
    dropoff_code: newDropoffCode(),
    created_at: at,
    updated_at: at,
  });
  await trx.updateTable('shipments').set({ pickup_id: created.pickupId }).where('id', '=', labels.fedex.id).execute();
}
