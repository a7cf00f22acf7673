import {
  carrierServiceName,
  type createPickupCall,
  OPENAPI_CODE,
  type paypalByPickupCall,
  PICKUP_MESSAGES,
  PICKUP_WINDOW_MESSAGE,
  SHIPMENT_MESSAGES,
  pickupDateRefusal,
  stateTimeZone,
  usStateCode,
} from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { uniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import type { PostalAddress } from '../../providers/carriers/carriers-provider.js';
import { insertOpenOrder, openWithProvider } from '../payments/payment-orders.js';
import { findPaymentOrder, updatePaymentOrder } from '../payments/payments.repository.js';
import type { UserRow } from '../users/users.table.js';
import { formatLocalDateTime, instantOf, parseLocalDateTime } from './pickup-times.js';
import {
  findPickup,
  findPickupByProviderId,
  findVerifiedAddress,
  insertPickup,
  listOtherPayingPickups,
  movePickup,
  setPickupPaymentUrl,
  storedPickupRates,
} from './pickups.repository.js';
import {
  bookedPickupRefusal,
  hubPlace,
  newDropoffCode,
  PICKUP_SERVER_MESSAGES,
  pickupLabel,
  type PickupPlace,
  placeColumns,
  type Refusal,
  refused,
  whenLine,
} from './pickups.service.js';
import { wirePickupRates } from './pickups.wire.js';

/**
 * Paid carrier pickups (issue 10): FedEx, and any carrier of the carriers provider but UPS
 * (whose door-to-door pickup the portal does not sell) and USPS (free, usps-pickups.service.ts).
 * createPickup asks the carrier for its rates at a verified address (quoted); paypalByPickup
 * opens a payment order for one of them (paying). Once the payment is captured the carrier books
 * it: pickup-checkout.ts (paying → booking → scheduled, or failed and refunded).
 */

export type CarrierPickupDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'carriers'>;

type CreateInput = z.output<typeof createPickupCall.request>;
type PayInput = z.output<typeof paypalByPickupCall.request>;

export type CreatePickupOutcome = { ok: true; pickupId: string; rates: ReturnType<typeof wirePickupRates> } | Refusal;

const serviceException = () => new AppError(503, OPENAPI_CODE.error, PICKUP_MESSAGES.serviceException);

/**
 * createPickupCall: the user's bought, unscanned label with no pickup booked; the address the
 * user verified (addressId), or the user's hub when userLocker is 1 (with a drop-off code); the
 * window in the address's time, on a day the carrier's calendar allows (spec 03 §5's window
 * without its holidays, today only before its cutoff: pickupDateRefusal). The carrier's rates are kept
 * with the quote, and the price charged later is one of them.
 */
export async function createCarrierPickup(
  deps: CarrierPickupDeps,
  user: Pick<UserRow, 'user_id' | 'locker_id' | 'first_name' | 'last_name' | 'cell_phone'>,
  input: CreateInput,
): Promise<CreatePickupOutcome> {
  const label = await pickupLabel(deps.db, user.user_id, { providerShipmentId: input.shipmentId });
  if (!label.ok) return label;
  const { shipment } = label;
  if (shipment.carrier === 'UPS') return refused(PICKUP_MESSAGES.upsUnavailable);
  if (shipment.carrier === 'USPS') return refused(PICKUP_SERVER_MESSAGES.useUsps);
  const booked = await bookedPickupRefusal(deps.db, shipment.id);
  if (booked) return booked;

  const verified = await findVerifiedAddress(deps.db, user.user_id, input.addressId);
  if (!verified) return refused(SHIPMENT_MESSAGES.unableToVerify);
  let place: PickupPlace = { company: verified.company, street1: verified.street1, street2: verified.street2, city: verified.city, state: verified.state, zip: verified.zip };
  if (input.userLocker) {
    const hub = await hubPlace(deps.db, user);
    if (!hub) return refused(PICKUP_SERVER_MESSAGES.noHub);
    place = hub;
  }
  const state = usStateCode(place.state) ?? place.state;
  const timeZone = stateTimeZone(state);

  const now = deps.config.clock();
  const min = parseLocalDateTime(input.minDatetime);
  const max = parseLocalDateTime(input.maxDatetime);
  if (!min || !max) return refused(PICKUP_MESSAGES.completeDate);
  if (min.date !== max.date) return refused(PICKUP_SERVER_MESSAGES.sameDay);
  const dateRefusal = pickupDateRefusal(min.date, now, timeZone, shipment.carrier);
  if (dateRefusal) return refused(dateRefusal);
  if (min.time >= max.time) return refused(PICKUP_WINDOW_MESSAGE);
  const maxInstant = instantOf(max, timeZone);
  if (maxInstant.getTime() <= now.getTime()) return refused(PICKUP_SERVER_MESSAGES.windowEnded);

  const name = verified.name || `${user.first_name} ${user.last_name}`.trim();
  const phone = verified.phone || user.cell_phone;
  const address: PostalAddress = {
    name: name || undefined,
    company: place.company || undefined,
    street1: place.street1,
    street2: place.street2 || undefined,
    city: place.city,
    state,
    zip: place.zip,
    country: 'US',
    phone: phone || undefined,
  };
  let created;
  try {
    created = await deps.carriers.createPickup({
      shipmentId: shipment.provider_shipment_id ?? '',
      address,
      minDatetime: instantOf(min, timeZone),
      maxDatetime: maxInstant,
      reference: input.reference || undefined,
      instructions: input.instructions || undefined,
    });
  } catch (error) {
    deps.log.error({ err: error, shipment: shipment.id }, 'carriers: pickup creation failed');
    throw serviceException();
  }
  if (created.rates.length === 0) return refused(PICKUP_MESSAGES.notAvailable);

  const nowIso = now.toISOString();
  await insertPickup(deps.db, {
    user_id: user.user_id,
    shipment_id: shipment.id,
    carrier: shipment.carrier,
    provider: deps.carriers.name,
    state: 'quoted',
    provider_pickup_id: created.pickupId,
    confirmation: null,
    usps_etag: null,
    name,
    ...placeColumns(place, state),
    phone,
    use_locker: input.userLocker ? 1 : 0,
    time_zone: timeZone,
    pickup_date: min.date,
    min_datetime: formatLocalDateTime(min),
    max_datetime: formatLocalDateTime(max),
    package_location: input.reference,
    instructions: input.instructions,
    service_type: '',
    package_count: 1,
    estimated_weight_lb: Math.round((shipment.weight_oz / 16) * 100) / 100,
    rates: JSON.stringify(created.rates),
    rate_id: null,
    payment_order_id: null,
    payment_url: null,
    dropoff_code: input.userLocker ? newDropoffCode() : null,
    cancel_claimed_at: null,
    reminded_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  return { ok: true, pickupId: created.pickupId, rates: wirePickupRates(created.rates) };
}

/** Whether an open payment order could be given up: cancelled now, or cancelled or failed before. */
async function giveUpOrder(trx: Db, paymentOrderId: number | null): Promise<boolean> {
  if (paymentOrderId === null) return true;
  const order = await findPaymentOrder(trx, paymentOrderId);
  if (!order) return true;
  return order.status === 'cancelled' || order.status === 'failed' || (await updatePaymentOrder(trx, order.id, ['created'], { status: 'cancelled' }));
}

/**
 * paypalByPickupCall: one rate of the user's own quoted pickup, priced from the stored rate; a
 * payment order for it, and the provider's approval page. One live order per pickup: asked again
 * for the same rate while its order is open, the same page is answered; for another rate the
 * open order is given up first. Another pickup of the label still waiting for its payment is
 * given up too (one live pickup per label). Another user's pickup reads as none.
 */
export async function payForPickup(deps: CarrierPickupDeps, userId: number, input: PayInput): Promise<{ ok: true; paymentUrl: string } | Refusal> {
  const pickup = await findPickupByProviderId(deps.db, userId, input.pickupId);
  const label = pickup ? await pickupLabel(deps.db, userId, { id: pickup.shipment_id }) : undefined;
  if (!pickup || !label || (label.ok && label.shipment.provider_shipment_id !== input.shipmentId)) return refused(PICKUP_SERVER_MESSAGES.noSuchPickup);
  if (pickup.state === 'booking' || pickup.state === 'scheduled') return refused(PICKUP_SERVER_MESSAGES.alreadyPaid);
  if (pickup.state !== 'quoted' && pickup.state !== 'paying') return refused(PICKUP_SERVER_MESSAGES.notPayable);
  if (!label.ok) return label;
  const { shipment } = label;
  const rate = storedPickupRates(pickup).find((candidate) => candidate.rateId === input.pickupRateId);
  if (!rate) throw AppError.invalid(PICKUP_SERVER_MESSAGES.unknownRate);
  if (rate.priceCents <= 0) return refused(PICKUP_MESSAGES.notAvailable);

  if (pickup.state === 'paying' && pickup.rate_id === rate.rateId && pickup.payment_url && pickup.payment_order_id !== null) {
    const open = await findPaymentOrder(deps.db, pickup.payment_order_id);
    if (open?.status === 'created') return { ok: true, paymentUrl: pickup.payment_url };
  }

  const nowIso = deps.config.clock().toISOString();
  const order = {
    userId,
    purpose: 'pickup' as const,
    plan: null,
    quantity: 1,
    amountCents: rate.priceCents,
    description: `${carrierServiceName(rate.carrier, rate.service)} for label ${shipment.order_no} ${whenLine(pickup)}`,
  };
  let opened;
  try {
    opened = await writeTransaction(deps.db, async (trx): Promise<{ id: number; requestId: string } | Refusal> => {
      const current = await findPickup(trx, pickup.id);
      if (!current) throw new Error(`pickup ${pickup.id} vanished while it was being paid for`);
      if (current.state !== 'quoted' && current.state !== 'paying') return refused(PICKUP_SERVER_MESSAGES.alreadyPaid);
      if (!(await giveUpOrder(trx, current.payment_order_id))) return refused(PICKUP_SERVER_MESSAGES.payingAlready);
      for (const other of await listOtherPayingPickups(trx, pickup.shipment_id, pickup.id)) {
        if (!(await giveUpOrder(trx, other.payment_order_id))) return refused(PICKUP_SERVER_MESSAGES.hasPickup);
        await movePickup(trx, other.id, ['paying'], { state: 'quoted', payment_url: null, updated_at: nowIso });
      }
      const created = await insertOpenOrder(trx, deps, order);
      const moved = await movePickup(
        trx,
        pickup.id,
        ['quoted', 'paying'],
        { state: 'paying', payment_order_id: created.id, payment_url: null, rate_id: rate.rateId, price_cents: rate.priceCents, service_type: rate.service, updated_at: nowIso },
        { paymentOrderId: current.payment_order_id },
      );
      // Another payment of this pickup got in first: this one is not made.
      if (!moved) throw new AppError(409, OPENAPI_CODE.error, PICKUP_SERVER_MESSAGES.payingAlready);
      return created;
    });
  } catch (error) {
    // The label's one live place is taken (a pickup booked meanwhile).
    if (uniqueViolation(error) === 'pickups.shipment_id') return refused(PICKUP_SERVER_MESSAGES.hasPickup);
    throw error;
  }
  if ('ok' in opened) return opened;
  const paymentUrl = await openWithProvider(deps, opened, order);
  await setPickupPaymentUrl(deps.db, pickup.id, opened.id, paymentUrl);
  return { ok: true, paymentUrl };
}
