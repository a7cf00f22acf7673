import {
  APP_BASE,
  APP_PATHS,
  type createPickupCall,
  fromCents,
  OPENAPI_CODE,
  type paypalByPickupCall,
  PICKUP_MESSAGES,
  type PickupResultMessage,
  PICKUP_WINDOW_MESSAGE,
  SHIPMENT_MESSAGES,
  stateTimeZone,
  isPickupDateAllowed,
  usStateCode,
} from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { uniqueViolation } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { type BoughtPickup, CARRIER_SETTLE_MS, CarrierError, type PostalAddress } from '../../providers/carriers/carriers-provider.js';
import { enqueueJob } from '../jobs/jobs.js';
import { lockUser, recordPurchase } from '../operations/ledger.js';
import { insertOpenOrder, openWithProvider, PAY_CANCEL_PAGE, refundPaymentOrder, settleCapture } from '../payments/payment-orders.js';
import { findPaymentOrder, updatePaymentOrder } from '../payments/payments.repository.js';
import type { PaymentOrderRow } from '../payments/payments.table.js';
import type { UserRow } from '../users/users.table.js';
import { formatLocalDateTime, instantOf, parseLocalDateTime } from './pickup-times.js';
import { enqueuePickupVoid, voidRefusedPickup } from './pickup-void.service.js';
import { findPickup, findPickupByProviderId, findPickupOfPayment, findVerifiedAddress, insertPickup, movePickup, storedPickupRates } from './pickups.repository.js';
import {
  addressLine,
  bookedPickupRefusal,
  dateNotAllowed,
  hubOf,
  lockerLine,
  lockPickableLabel,
  mailCustomer,
  newDropoffCode,
  PICKUP_SERVER_MESSAGES,
  pickupLabel,
  type Refusal,
  refused,
  updatedAt,
  whenLine,
  wireCarrier,
} from './pickups.service.js';
import type { PickupRow } from './pickups.table.js';
import { wirePickupRates } from './pickups.wire.js';

/**
 * Paid carrier pickups (issue 10): FedEx, and any carrier of the carriers provider but UPS
 * (whose door-to-door pickup the portal does not sell) and USPS (free, usps-pickups.service.ts).
 * createPickup asks the carrier for its rates at a verified address (quoted); paypalByPickup
 * opens a payment order for one of them (paying); the payment's return captures it once and
 * moves the pickup to booking in the same transaction, with a job that finishes the booking if
 * the return cannot; the carrier books it (scheduled) or refuses it (failed, the payment
 * refunded, the label's row saying so, and a booking the carrier made all the same cancelled by
 * the pickup-void job). Booking the same rate again answers the same booking, so a retry never
 * books twice.
 */

export type CarrierPickupDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'carriers'>;

/** The job that finishes a booking whose carrier gave no answer waits this long first. */
export const BOOKING_RETRY_DELAY_MS = 2 * 60 * 1000;
/**
 * A paid pickup the carrier has not booked for this long is given up (the job's tries last about
 * three hours): the payment goes back, and a booking the carrier may have made is cancelled
 * (pickup-void).
 */
export const BOOKING_GIVE_UP_MS = 2 * 60 * 60 * 1000;

type CreateInput = z.output<typeof createPickupCall.request>;
type PayInput = z.output<typeof paypalByPickupCall.request>;

export type CreatePickupOutcome = { ok: true; pickupId: string; rates: ReturnType<typeof wirePickupRates> } | Refusal;

const serviceException = () => new AppError(503, OPENAPI_CODE.error, PICKUP_MESSAGES.serviceException);

/**
 * createPickupCall: the user's bought, unscanned label with no pickup booked; the address the
 * user verified (addressId), or the user's hub when userLocker is 1 (with a drop-off code); the
 * window in the address's time, on an allowed day (spec 03 §5). The carrier's rates are kept
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
  let place = { company: verified.company, street1: verified.street1, street2: verified.street2, city: verified.city, state: verified.state, zip: verified.zip };
  if (input.userLocker) {
    const hub = await hubOf(deps.db, user);
    if (!hub) return refused(PICKUP_SERVER_MESSAGES.noHub);
    place = { company: hub.business_name, street1: hub.address, street2: '', city: hub.city, state: hub.state, zip: hub.zip_code };
  }
  const state = usStateCode(place.state) ?? place.state;
  const timeZone = stateTimeZone(state);

  const now = deps.config.clock();
  const min = parseLocalDateTime(input.minDatetime);
  const max = parseLocalDateTime(input.maxDatetime);
  if (!min || !max) return refused(PICKUP_MESSAGES.completeDate);
  if (min.date !== max.date) return refused(PICKUP_SERVER_MESSAGES.sameDay);
  if (!isPickupDateAllowed(min.date, now, timeZone)) return refused(dateNotAllowed(min.date, now, timeZone));
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
    company: place.company,
    street1: place.street1,
    street2: place.street2,
    city: place.city,
    address_state: state,
    zip: place.zip,
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
    description: `${rate.carrier} pickup for label ${shipment.order_no} ${whenLine(pickup)}`,
  };
  let opened;
  try {
    opened = await writeTransaction(deps.db, async (trx): Promise<{ id: number; requestId: string } | Refusal> => {
      const current = await trx.selectFrom('pickups').select(['state', 'payment_order_id']).where('id', '=', pickup.id).executeTakeFirstOrThrow();
      if (current.state !== 'quoted' && current.state !== 'paying') return refused(PICKUP_SERVER_MESSAGES.alreadyPaid);
      if (!(await giveUpOrder(trx, current.payment_order_id))) return refused(PICKUP_SERVER_MESSAGES.payingAlready);
      const others = await trx
        .selectFrom('pickups')
        .select(['id', 'payment_order_id'])
        .where('shipment_id', '=', pickup.shipment_id)
        .where('state', '=', 'paying')
        .where('id', '!=', pickup.id)
        .execute();
      for (const other of others) {
        if (!(await giveUpOrder(trx, other.payment_order_id))) return refused(PICKUP_SERVER_MESSAGES.hasPickup);
        await movePickup(trx, other.id, ['paying'], { state: 'quoted', payment_url: null, updated_at: nowIso });
      }
      const created = await insertOpenOrder(trx, deps, order);
      const moved = await trx
        .updateTable('pickups')
        .set({ state: 'paying', payment_order_id: created.id, payment_url: null, rate_id: rate.rateId, price_cents: rate.priceCents, service_type: rate.service, updated_at: nowIso })
        .where('id', '=', pickup.id)
        .where('state', 'in', ['quoted', 'paying'])
        .where('payment_order_id', current.payment_order_id === null ? 'is' : '=', current.payment_order_id)
        .executeTakeFirst();
      // Another payment of this pickup got in first: this one is not made.
      if (Number(moved.numUpdatedRows) !== 1) throw new AppError(409, OPENAPI_CODE.error, PICKUP_SERVER_MESSAGES.payingAlready);
      return created;
    });
  } catch (error) {
    // The label's one live place is taken (a pickup booked meanwhile).
    if (uniqueViolation(error) === 'pickups.shipment_id') return refused(PICKUP_SERVER_MESSAGES.hasPickup);
    throw error;
  }
  if ('ok' in opened) return opened;
  const paymentUrl = await openWithProvider(deps, opened, order);
  await deps.db.updateTable('pickups').set({ payment_url: paymentUrl }).where('id', '=', pickup.id).where('payment_order_id', '=', opened.id).execute();
  return { ok: true, paymentUrl };
}

/**
 * Purchased Labels with a paid pickup's result (spec 03 §2 pickupId, carrier, message), as a URL
 * path. The message is one the web app knows; why a pickup failed is on its label, never in a link.
 */
const resultPage = (pickup: PickupRow, message: PickupResultMessage) =>
  `${APP_BASE}${APP_PATHS.shipments.getHref({ pickupId: pickup.provider_pickup_id ?? '', carrier: wireCarrier(pickup), message })}`;

/**
 * Where the provider's return (or cancel) sends the browser for a pickup: Purchased Labels with
 * the result in the query. 'Your carrier pickup was successful!' once scheduled; that it was not
 * booked and the money came back once failed (the label's row says why); PICKUP_MESSAGES.booking
 * while the carrier is asked; PICKUP_MESSAGES.paymentCancelled while it is not paid.
 */
export async function pickupReturnPage(deps: Pick<CarrierPickupDeps, 'db'>, paymentOrderId: number): Promise<string> {
  const pickup = await findPickupOfPayment(deps.db, paymentOrderId);
  if (!pickup) return PAY_CANCEL_PAGE;
  switch (pickup.state) {
    case 'scheduled':
      return resultPage(pickup, PICKUP_MESSAGES.successful);
    case 'booking':
      return resultPage(pickup, PICKUP_MESSAGES.booking);
    case 'failed':
      return resultPage(pickup, PICKUP_MESSAGES.notBooked);
    case 'canceled':
      return resultPage(pickup, PICKUP_MESSAGES.cancelled);
    default:
      return resultPage(pickup, PICKUP_MESSAGES.paymentCancelled);
  }
}

/**
 * The payment of a pickup was captured (for the ordered amount): in one transaction the order
 * becomes captured and the pickup paying → booking, which only one request can do, with a job
 * that finishes the booking if this request cannot. Then the carrier is asked at once. Money
 * taken for no pickup waiting for it goes back. Answers the page to send the browser to.
 */
export async function finishPickupPayment(deps: CarrierPickupDeps, order: PaymentOrderRow, captureId: string | null): Promise<string> {
  await settleCapture(deps, order, captureId, {
    what: 'pickup',
    claim: async (trx, now) => {
      const paying = await findPickupOfPayment(trx, order.id);
      if (!paying || paying.state !== 'paying') return undefined;
      if (await lockPickableLabel(trx, paying.shipment_id)) {
        await labelGoneBeforeBooking(trx, deps, paying);
        return undefined;
      }
      const moved = await trx
        .updateTable('pickups')
        .set({ state: 'booking', updated_at: now.toISOString() })
        .where('payment_order_id', '=', order.id)
        .where('state', '=', 'paying')
        .returning('id')
        .executeTakeFirst();
      if (!moved) return undefined;
      await enqueueJob(trx, now, 'pickup-booking', { pickupId: moved.id }, { uniqueKey: `pickup-booking:${moved.id}`, runAt: new Date(now.getTime() + BOOKING_RETRY_DELAY_MS) });
      return moved.id;
    },
    // The first booking of the pickup: nothing was asked of the carrier before it.
    finish: (pickupId) => bookPickup(deps, pickupId, { firstTry: true }),
  });
  return pickupReturnPage(deps, order.id);
}

/**
 * Inside a capture nothing claims: the pickup's label was refunded (or its refund asked) while the
 * payer was at the provider. No carrier comes for a refunded label: the pickup ends failed, saying
 * so on it and its label, and the customer is mailed; settleCapture refunds the payment.
 */
async function labelGoneBeforeBooking(trx: Db, deps: CarrierPickupDeps, pickup: PickupRow): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  const note = `This pickup was not booked: the label's refund was asked before the pickup's payment came through. Your payment of $${fromCents(pickup.price_cents)} was refunded.`;
  if (!(await movePickup(trx, pickup.id, ['paying'], { state: 'failed', note, updated_at: nowIso }))) return;
  await trx.updateTable('shipments').set({ pickup_note: note, updated_at: nowIso }).where('id', '=', pickup.shipment_id).execute();
  await mailCustomer(trx, deps, pickup, `your ${pickup.carrier} pickup was not booked`, [
    note,
    'The money goes back to the account you paid with; your bank may take a few days to show it.',
  ]);
}

/** The payer cancelled at the provider (the order is cancelled): the pickup is quoted again and can be paid. */
export async function pickupPaymentCancelled(deps: Pick<CarrierPickupDeps, 'db' | 'config'>, order: PaymentOrderRow): Promise<void> {
  await deps.db
    .updateTable('pickups')
    .set({ state: 'quoted', payment_url: null, updated_at: deps.config.clock().toISOString() })
    .where('payment_order_id', '=', order.id)
    .where('state', '=', 'paying')
    .execute();
}

/** Said of a pickup whose payment was captured for another amount and refunded. */
export const WRONG_AMOUNT_NOTE = 'Your payment for this pickup could not be taken as ordered and was refunded.';

/**
 * Inside the refund of a wrong capture: the pickup being paid for ends failed, saying so on it and
 * its label; one the carrier was being asked to book is cancelled if it was booked (pickup-void).
 */
export async function pickupPaymentRefunded(trx: Db, deps: Pick<CarrierPickupDeps, 'config'>, order: PaymentOrderRow): Promise<void> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const pickup = await trx.selectFrom('pickups').select(['id', 'shipment_id', 'state']).where('payment_order_id', '=', order.id).executeTakeFirst();
  if (!pickup || !(await movePickup(trx, pickup.id, ['paying', 'booking'], { state: 'failed', note: WRONG_AMOUNT_NOTE, updated_at: nowIso }))) return;
  await trx.updateTable('shipments').set({ pickup_note: WRONG_AMOUNT_NOTE, updated_at: nowIso }).where('id', '=', pickup.shipment_id).execute();
  if (pickup.state === 'booking') await enqueuePickupVoid(trx, now, pickup.id);
}

/** Why a carrier refused a pickup, in the customer's words. */
function refusalReason(error: CarrierError): string {
  switch (error.code) {
    case 'PAYMENT_REQUIRED':
      return 'the carrier account could not pay for it';
    case 'ADDRESS.VERIFY.FAILURE':
      return 'the address could not be verified';
    case 'NOT_FOUND':
      return 'the pickup or its rate is no longer offered';
    case 'UNAUTHORIZED':
      return 'the carrier service refused our account';
    case 'UNAVAILABLE':
    case 'RATE_LIMITED':
      return 'the carrier did not answer for two hours';
    default:
      return 'the carrier declined to book it';
  }
}

/**
 * Books a paid pickup with the carrier (the return, then the pickup-booking job until it is
 * done): the same rate every time, which the carrier books once. Booked → scheduled with all
 * that goes with it; refused → failed and the payment refunded; no answer → throws, the pickup
 * stays booking and the job tries again, until BOOKING_GIVE_UP_MS after the payment: then it is
 * failed and refunded as a refusal is. A refusal that may hide an earlier try still being booked
 * (CarrierError.unsettled) is taken as one only on the first try or CARRIER_SETTLE_MS after the
 * payment. Whenever it ends failed, a booking the carrier made all the same is cancelled
 * (refuseBooking, pickup-void).
 */
export async function bookPickup(deps: CarrierPickupDeps, pickupId: number, options: { firstTry?: boolean } = {}): Promise<void> {
  const pickup = await findPickup(deps.db, pickupId);
  if (!pickup || pickup.state !== 'booking' || pickup.carrier === 'USPS') return;
  let bought: BoughtPickup;
  try {
    bought = await deps.carriers.buyPickup(pickup.provider_pickup_id ?? '', pickup.rate_id ?? '');
  } catch (error) {
    const bookingMs = deps.config.clock().getTime() - updatedAt(pickup);
    if (error instanceof CarrierError && (!error.retryable || (error.unsettled && (options.firstTry === true || bookingMs >= CARRIER_SETTLE_MS)))) {
      await refuseBooking(deps, pickup, error);
      return;
    }
    if (bookingMs >= BOOKING_GIVE_UP_MS) {
      await refuseBooking(deps, pickup, new CarrierError('UNAVAILABLE', 'no answer from the carrier'));
      return;
    }
    throw error;
  }
  await recordBooking(deps, pickup, bought);
}

/**
 * One transaction: scheduled (only from booking, so once) with the carrier's confirmation, the
 * label's pickupId (and no note), the ledger row, and the customer's confirmation mail.
 */
async function recordBooking(deps: CarrierPickupDeps, pickup: PickupRow, bought: BoughtPickup): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  const recorded = await writeTransaction(deps.db, async (trx) => {
    if (!(await movePickup(trx, pickup.id, ['booking'], { state: 'scheduled', confirmation: bought.confirmation, note: '', updated_at: nowIso }))) return false;
    await trx.updateTable('shipments').set({ pickup_id: pickup.provider_pickup_id, pickup_note: '', updated_at: nowIso }).where('id', '=', pickup.shipment_id).execute();
    const user = await lockUser(trx, pickup.user_id);
    if (!user) throw new Error(`pickup ${pickup.id} names a missing user`);
    await recordPurchase(trx, user, { at: nowIso, paidCents: pickup.price_cents, paymentOrderId: pickup.payment_order_id });
    const scheduled = { ...pickup, confirmation: bought.confirmation };
    await mailCustomer(trx, deps, scheduled, `your ${pickup.carrier} pickup is scheduled`, [
      `${pickup.carrier} comes for your parcel ${whenLine(pickup)}, at ${addressLine(pickup)}. Confirmation: ${bought.confirmation}.`,
      ...lockerLine(pickup),
      `You paid $${fromCents(pickup.price_cents)}. A pickup is not refundable once booked, as agreed.`,
    ]);
    return true;
  });
  deps.log.info({ pickup: pickup.id, recorded }, recorded ? 'pickup booked' : 'pickup booked before');
}

/**
 * The carrier refused the pickup: in one transaction it becomes failed saying why (on the label's
 * row too), the refund of its payment and the cancel of any booking the carrier made all the same
 * are jobs (so they happen even if this process dies) and the customer is mailed; then both are
 * tried at once.
 */
async function refuseBooking(deps: CarrierPickupDeps, pickup: PickupRow, error: CarrierError): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  const note = `The carrier refused this pickup (${refusalReason(error)}). Your payment of $${fromCents(pickup.price_cents)} was refunded.`;
  const failed = await writeTransaction(deps.db, async (trx) => {
    if (!(await movePickup(trx, pickup.id, ['booking'], { state: 'failed', note, updated_at: nowIso }))) return false;
    await trx.updateTable('shipments').set({ pickup_note: note, updated_at: nowIso }).where('id', '=', pickup.shipment_id).execute();
    if (pickup.payment_order_id !== null) {
      await enqueueJob(trx, deps.config.clock(), 'payment-refund', { paymentOrderId: pickup.payment_order_id }, { uniqueKey: `payment-refund:${pickup.payment_order_id}` });
    }
    await enqueuePickupVoid(trx, deps.config.clock(), pickup.id);
    await mailCustomer(trx, deps, pickup, `your ${pickup.carrier} pickup could not be booked`, [
      note,
      'The money goes back to the account you paid with; your bank may take a few days to show it. You can schedule a new pickup for the label.',
    ]);
    return true;
  });
  deps.log.warn({ pickup: pickup.id, code: error.code }, failed ? 'the carrier refused the pickup; the payment is refunded' : 'pickup refusal seen before');
  if (failed && pickup.payment_order_id !== null) {
    try {
      await refundPaymentOrder(deps, pickup.payment_order_id);
    } catch (refundError) {
      deps.log.error({ err: refundError, pickup: pickup.id }, 'refund of a refused pickup failed; its job tries again');
    }
  }
  if (failed) {
    try {
      await voidRefusedPickup(deps, pickup.id);
    } catch (voidError) {
      deps.log.warn({ err: voidError, pickup: pickup.id }, 'the carrier did not take the cancel of a refused pickup; its job tries again');
    }
  }
}
