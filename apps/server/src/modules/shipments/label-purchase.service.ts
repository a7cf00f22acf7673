import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_CAPS,
  carrierServiceName,
  carrierWireName,
  estimatedDeliveryDate,
  fromCents,
  insuranceFeeCents,
  LABEL_PURCHASE_ERRORCODE,
  type LabelRate,
  MESSAGES,
  SHIPMENT_MESSAGES,
  shipDateRefusal,
  shipDatesFrom,
  type ShippingAddress,
  type UnpaidLabel,
  type rateLabelCall,
  type buyLabelCall,
} from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { CarrierError, type PostalAddress, type ShipmentRate } from '../../providers/carriers/carriers-provider.js';
import { carrierServiceRenamings } from '../carriers/carriers.service.js';
import { findSameContact, insertContactWithinCap } from '../contacts/contacts.repository.js';
import { insertOpenOrder, openWithProvider } from '../payments/payment-orders.js';
import { findPaymentOrder, updatePaymentOrder } from '../payments/payments.repository.js';
import { listSavedOrders } from '../saved-orders/saved-orders.repository.js';
import { findUserById } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { ratingNotes } from './carrier-packaging.js';
import { checkDropOffChoice } from './hub-drop-offs.service.js';
import { checkQrCodeChoice, returnableLabel } from './label-returns.service.js';
import {
  deleteUnpaidShipment,
  findShipment,
  findShipmentOfUser,
  insertShipment,
  listUnpaidShipments,
  moveShipment,
  updateShipment,
} from './shipments.repository.js';
import type { ShipmentRow } from './shipments.table.js';
import { toUnpaidLabel } from './shipments.wire.js';

/**
 * The label-purchase page (issue 9): rate a shipment (a draft), then pay for one of its rates
 * (draft → paying). Once the payment is captured the label is bought from the carrier:
 * label-checkout.ts (paying → buying → bought, or failed and refunded).
 */

export type LabelPurchaseDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'carriers'>;

/** Rates are charged as shown only this long after they were given. */
export const RATES_VALID_MS = 30 * 60 * 1000;

export const LABEL_PURCHASE_MESSAGES = {
  preparing: 'Your payment was received; the label is being prepared.',
  noRates: 'No carrier takes this parcel between these addresses.',
  expired: 'These rates have expired. Please get the rates again.',
  payingAlready: 'This label is being paid for already.',
  unknownRate: 'rateId: not one of the rates offered',
  wrongAmount: 'Your payment could not be taken as ordered and was refunded.',
  notUnpaid: 'This label is no longer unpaid: it was paid or deleted.',
} as const;

type RateInput = z.output<typeof rateLabelCall.request>;
type RateAnswer = z.output<typeof rateLabelCall.response>;
type BuyInput = z.output<typeof buyLabelCall.request>;

/** An address of the label page: a rate call's carries its country (issue 25 item 3); others are in the United States. */
type LabelAddress = ShippingAddress & { country?: string | undefined };

export function postalAddress(address: LabelAddress): PostalAddress {
  return {
    name: `${address.firstName} ${address.lastName}`.trim() || undefined,
    company: address.company || undefined,
    street1: address.address1,
    street2: address.address2 || undefined,
    city: address.city,
    state: address.state,
    zip: address.zipcode,
    country: address.country ?? 'US',
    phone: address.phone,
    email: address.email || undefined,
    residential: address.residential,
  };
}

export function addressColumns(side: 'from' | 'to', address: LabelAddress) {
  return {
    [`${side}_first_name`]: address.firstName,
    [`${side}_last_name`]: address.lastName,
    [`${side}_company`]: address.company,
    [`${side}_address1`]: address.address1,
    [`${side}_address2`]: address.address2,
    [`${side}_city`]: address.city,
    [`${side}_state`]: address.state,
    [`${side}_zipcode`]: address.zipcode,
    [`${side}_phone`]: address.phone,
    [`${side}_email`]: address.email,
    [`${side}_residential`]: address.residential ? 1 : 0,
    [`${side}_country`]: address.country ?? 'US',
  };
}

/** 'AB' + yymmdd + the row's id on 7 digits: 'AB2611230000042'. */
export function orderNumber(id: number, at: Date): string {
  const date = at.toISOString().slice(2, 10).replace(/-/g, '');
  return `AB${date}${String(id).padStart(7, '0')}`;
}

/**
 * The day a rate is expected: the carrier's delivery date when it gives one, else its delivery
 * days counted in the carrier's working days from the ship date; null when neither is known.
 */
export function deliveryDateOf(rate: Pick<ShipmentRate, 'carrier' | 'deliveryDays'> & { deliveryDate?: string | null | undefined }, shipDate: string | null): string | null {
  if (rate.deliveryDate) return rate.deliveryDate;
  return shipDate !== null && rate.deliveryDays !== null ? estimatedDeliveryDate(shipDate, rate.deliveryDays, rate.carrier) : null;
}

/**
 * The rates as the page shows them: wire carrier names, dollars, the day each is expected (from
 * the ship date they were rated for), cheapest and fastest (the earliest day; the fewest days
 * when no day is known) marked. Pure: no query per rate.
 */
export function wireRates(rates: ShipmentRate[], shipDate: string | null): LabelRate[] {
  const sorted = [...rates].sort((a, b) => a.priceCents - b.priceCents);
  const cheapest = sorted[0]?.rateId;
  const dated = sorted.map((rate) => ({ rate, deliveryDate: deliveryDateOf(rate, shipDate) }));
  const dates = dated.map((entry) => entry.deliveryDate).filter((value): value is string => value !== null);
  const days = sorted.map((rate) => rate.deliveryDays).filter((value): value is number => value !== null);
  const earliest = dates.length > 0 ? dates.reduce((a, b) => (b < a ? b : a)) : null;
  const fewestDays = days.length > 0 ? Math.min(...days) : null;
  const fastest = (
    earliest !== null ? dated.find((entry) => entry.deliveryDate === earliest)?.rate : sorted.find((rate) => rate.deliveryDays === fewestDays)
  )?.rateId;
  return dated.map(({ rate, deliveryDate }) => ({
    rateId: rate.rateId,
    carrier: carrierWireName(rate.carrier),
    service: rate.service,
    rate: fromCents(rate.priceCents),
    retailRate: fromCents(rate.retailPriceCents ?? rate.priceCents),
    deliveryDays: rate.deliveryDays,
    deliveryDate,
    cheapest: rate.rateId === cheapest,
    fastest: rate.rateId === fastest,
    // Issue 25 item 3: the duties and taxes the carrier estimates (null: it does not rate them).
    dutiesAndTaxes: rate.dutiesCents === undefined || rate.dutiesCents === null ? null : fromCents(rate.dutiesCents),
  }));
}

const SIDE_NAMES = { from: 'Sender', to: 'Recipient' } as const;

/** The carrier's word on one side: null when deliverable, else the reasons it is not. */
export async function verifySide(deps: LabelPurchaseDeps, side: 'from' | 'to', address: ShippingAddress): Promise<{ problems: string[] | null; notes: string[] }> {
  try {
    const verification = await deps.carriers.verifyAddress(postalAddress(address));
    if (verification.result === 'refused') return { problems: verification.reasons.map((reason) => `${SIDE_NAMES[side]}: ${reason}`), notes: [] };
    if (verification.result === 'suggestion') return { problems: null, notes: verification.reasons.map((reason) => `${SIDE_NAMES[side]}: ${reason}`) };
    return { problems: null, notes: [] };
  } catch (error) {
    if (error instanceof CarrierError && error.code === 'ADDRESS.VERIFY.FAILURE') {
      return { problems: (error.details.reasons ?? [error.message]).map((reason) => `${SIDE_NAMES[side]}: ${reason}`), notes: [] };
    }
    throw serviceFailure(deps, error, 'address verification');
  }
}

function serviceFailure(deps: LabelPurchaseDeps, error: unknown, what: string): AppError {
  deps.log.error({ err: error }, `carriers: ${what} failed`);
  return new AppError(502, LABEL_PURCHASE_ERRORCODE.noRates, SHIPMENT_MESSAGES.serviceException);
}

/**
 * The recipient joins My Contacts unless the same address is there already. When the book is
 * full (ACCOUNT_CAPS.contacts), answers the note that says so; the rates are given all the same.
 */
async function saveRecipient(deps: LabelPurchaseDeps, userId: number, to: LabelAddress): Promise<string | undefined> {
  const nowIso = deps.config.clock().toISOString();
  const contact = {
    user_id: userId,
    name: (`${to.firstName} ${to.lastName}`.trim() || to.company).slice(0, 255),
    first_name: to.firstName,
    last_name: to.lastName,
    company: to.company,
    address1: to.address1,
    address2: to.address2,
    city: to.city,
    state: to.state,
    // Contacts spell the United States 'USA'; a recipient abroad keeps its country's two letters (issue 25 item 3).
    country: to.country && to.country !== 'US' ? to.country : 'USA',
    zipcode: to.zipcode,
    email: to.email,
    phone: to.phone,
    residential: to.residential ? 1 : 0,
    created_at: nowIso,
    updated_at: nowIso,
  };
  if (await findSameContact(deps.db, contact)) return undefined;
  const added = await insertContactWithinCap(deps.db, contact);
  return added === undefined ? `The recipient was not saved. ${MESSAGES.contactsFull(ACCOUNT_CAPS.contacts)}` : undefined;
}

/**
 * rateLabelCall: both addresses verified with the carriers, then every carrier's rates for the
 * parcel; a draft shipment keeps them (the price charged is the one shown here, never the
 * request's). -2 when an address is not deliverable (data.side says which), -3 when no carrier
 * takes the parcel.
 */
export async function rateLabel(deps: LabelPurchaseDeps, user: Pick<UserRow, 'user_id' | 'box_id'>, input: RateInput): Promise<RateAnswer> {
  const insurance = fromCents(insuranceFeeCents(input.insuredValue));
  const refused = (errorcode: number, message: string, messages: string[], side?: 'from' | 'to'): RateAnswer => ({
    errorcode,
    message,
    data: { draftId: 0, rates: [], insurance, messages, ...(side ? { side } : {}) },
  });
  // The ship date first: a day not offered is refused before anything is asked or kept.
  const shipDates = shipDatesFrom(deps.config.clock(), input.from.state);
  const shipDate = input.shipDate ?? shipDates[0]!;
  const shipDateProblem = shipDateRefusal(shipDate, shipDates);
  if (shipDateProblem) throw AppError.invalid(shipDateProblem);
  // A return label (issue 23 item 3) is made of one of the user's bought labels: refused before anything is asked.
  const returnOf = input.returnOf === undefined ? undefined : await returnableLabel(deps.db, user.user_id, input.returnOf);
  const [from, to] = await Promise.all([verifySide(deps, 'from', input.from), verifySide(deps, 'to', input.to)]);
  if (from.problems) return refused(LABEL_PURCHASE_ERRORCODE.unverified, SHIPMENT_MESSAGES.unableToVerify, from.problems, 'from');
  if (to.problems) return refused(LABEL_PURCHASE_ERRORCODE.unverified, SHIPMENT_MESSAGES.unableToVerify, to.problems, 'to');
  const recipientNote = input.saveRecipient ? await saveRecipient(deps, user.user_id, input.to) : undefined;

  const parcel = {
    lengthIn: input.parcel.length,
    widthIn: input.parcel.width,
    heightIn: input.parcel.height,
    weightOz: input.parcel.weightLb * 16 + input.parcel.weightOz,
    // A USPS Flat Rate package is rated by its name: its sides above are its inside size.
    ...(input.parcel.predefinedPackage ? { predefinedPackage: input.parcel.predefinedPackage } : {}),
  };
  let rated;
  try {
    rated = await deps.carriers.rateShipment({
      from: postalAddress(input.from),
      to: postalAddress(input.to),
      parcel,
      shipDate,
      ...(returnOf ? { isReturn: true } : {}),
      // A parcel abroad (issue 25 item 3): its declaration, which the carrier checks and prints.
      ...(input.customs ? { customs: input.customs } : {}),
    });
  } catch (error) {
    if (error instanceof CarrierError && !error.retryable && error.code !== 'UNAUTHORIZED' && error.code !== 'PAYMENT_REQUIRED') {
      return refused(LABEL_PURCHASE_ERRORCODE.noRates, LABEL_PURCHASE_MESSAGES.noRates, [error.message]);
    }
    throw serviceFailure(deps, error, 'rating');
  }
  const notes = [...from.notes, ...to.notes, ...ratingNotes(rated.messages, input.parcel.predefinedPackage), ...(recipientNote ? [recipientNote] : [])];
  if (rated.rates.length === 0) return refused(LABEL_PURCHASE_ERRORCODE.noRates, LABEL_PURCHASE_MESSAGES.noRates, notes);

  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const draftId = await writeTransaction(deps.db, async (trx) => {
    const id = await insertShipment(trx, {
      user_id: user.user_id,
      // Replaced below by the number made of the row's id.
      order_no: `draft-${randomBytes(12).toString('hex')}`,
      box_id: user.box_id,
      state: 'draft',
      provider: deps.carriers.name,
      provider_shipment_id: rated.shipmentId,
      rates: JSON.stringify(rated.rates),
      rated_at: nowIso,
      rate_id: null,
      delivery_days: null,
      ship_date: shipDate,
      insured_value_cents: input.insuredValue,
      insurance_cents: insuranceFeeCents(input.insuredValue),
      comments: input.comments,
      length_in: parcel.lengthIn,
      width_in: parcel.widthIn,
      height_in: parcel.heightIn,
      weight_oz: parcel.weightOz,
      predefined_package: input.parcel.predefinedPackage,
      payment_order_id: null,
      saved_order_id: null,
      tracking_code: null,
      tracker_id: null,
      refund_requested_at: null,
      refunded_at: null,
      pickup_id: null,
      tracking_token: null,
      bought_at: null,
      return_of_id: returnOf?.id ?? null,
      customs: input.customs ? JSON.stringify(input.customs) : null,
      created_at: nowIso,
      updated_at: nowIso,
      ...addressColumns('from', input.from),
      ...addressColumns('to', input.to),
    });
    await updateShipment(trx, id, { order_no: orderNumber(id, now) });
    return id;
  });
  return {
    errorcode: LABEL_PURCHASE_ERRORCODE.ok,
    message: 'success',
    data: { draftId, shipDate, rates: wireRates(rated.rates, shipDate), insurance, messages: notes },
  };
}

/** The rates a shipment was offered, as rated (a damaged value reads as none). */
function storedRates(shipment: Pick<ShipmentRow, 'rates'>): ShipmentRate[] {
  try {
    const rates: unknown = JSON.parse(shipment.rates);
    return Array.isArray(rates) ? (rates as ShipmentRate[]) : [];
  } catch {
    return [];
  }
}

const expired = () => new AppError(409, LABEL_PURCHASE_ERRORCODE.expired, LABEL_PURCHASE_MESSAGES.expired);
const refused = (message: string) => new AppError(409, LABEL_PURCHASE_ERRORCODE.refused, message);

/**
 * In the caller's transaction: the payment order a purchase last opened (if any) is closed, so it
 * can no longer be captured. One the payer has not finished is cancelled (created → cancelled: a
 * capture that starts first makes it capturing, and this fails); one cancelled or failed stays so.
 * False while its money is being taken, or was taken.
 */
async function closeOpenPayment(trx: Db, paymentOrderId: number | null): Promise<boolean> {
  if (paymentOrderId === null) return true;
  const order = await findPaymentOrder(trx, paymentOrderId);
  if (order === undefined) return false;
  return order.status === 'cancelled' || order.status === 'failed' || updatePaymentOrder(trx, order.id, ['created'], { status: 'cancelled' });
}

/**
 * In the caller's write transaction: deletes one of the user's unpaid purchases, its payment
 * closed first (closeOpenPayment). Refused (throws, rolling the transaction back) when it is not
 * an unpaid purchase of theirs, or its payment is being taken.
 */
async function removeUnpaid(trx: Db, userId: number, id: number): Promise<void> {
  const shipment = await findShipmentOfUser(trx, userId, { id }, ['paying']);
  if (!shipment) throw refused(LABEL_PURCHASE_MESSAGES.notUnpaid);
  const removed = (await closeOpenPayment(trx, shipment.payment_order_id)) && (await deleteUnpaidShipment(trx, shipment.id, shipment.payment_order_id));
  if (!removed) throw refused(LABEL_PURCHASE_MESSAGES.payingAlready);
}

/** deleteUnpaidLabelCall: one of the user's unpaid labels deleted, never a paid one or another customer's. */
export async function deleteUnpaidLabel(deps: Pick<LabelPurchaseDeps, 'db'>, userId: number, id: number): Promise<void> {
  await writeTransaction(deps.db, (trx) => removeUnpaid(trx, userId, id));
}

/** getUnpaidLabelsCall: the user's unpaid labels (with `id`, that one), each with the rates it was offered. */
export async function unpaidLabels(deps: Pick<LabelPurchaseDeps, 'db'>, userId: number, id?: number): Promise<UnpaidLabel[]> {
  const rows = await listUnpaidShipments(deps.db, userId, id);
  return rows.map((row) => toUnpaidLabel(row, wireRates(storedRates(row), row.ship_date)));
}

/**
 * buyLabelCall: one rate of the user's own draft (or unpaid purchase), rated less than
 * RATES_VALID_MS ago, priced from the stored rate; a payment order for rate + insurance, and the
 * provider's approval page. Buying again (another rate, or after cancelling at the provider)
 * cancels the open order first: never two live orders for one label. The unpaid purchase it
 * `replaces` (rated again) is deleted in the same transaction, or the purchase is refused.
 * Another user's draft answers as an expired one.
 */
export async function buyLabel(deps: LabelPurchaseDeps, userId: number, input: BuyInput): Promise<string> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const shipment = await findShipmentOfUser(deps.db, userId, { id: input.draftId }, ['draft', 'paying']);
  if (!shipment || !shipment.rated_at) throw expired();
  if (now.getTime() - new Date(toIso(shipment.rated_at)).getTime() > RATES_VALID_MS) throw expired();
  const rate = storedRates(shipment).find((candidate) => candidate.rateId === input.rateId);
  if (!rate) throw AppError.invalid(LABEL_PURCHASE_MESSAGES.unknownRate);

  const retail = rate.retailPriceCents ?? rate.priceCents;
  const prices = {
    rate_cents: rate.priceCents,
    retail_cents: retail,
    list_cents: rate.listPriceCents ?? retail,
    discount_cents: Math.max(0, retail - rate.priceCents),
    total_cents: rate.priceCents + shipment.insurance_cents,
  };
  // No printer needed (issue 23 item 2): a QR code only where the carrier makes one.
  if (input.qrCode) checkQrCodeChoice(carrierWireName(rate.carrier));
  const [savedOrder] = input.orderId === undefined ? [] : await listSavedOrders(deps.db, userId, input.orderId);
  // Drop it off at an AirBox hub (issue 23 item 1): a hub the customer may choose, a parcel a compartment holds.
  if (input.dropOffHubId !== undefined) {
    const user = await findUserById(deps.db, userId);
    if (!user) throw expired();
    await checkDropOffChoice(deps.db, user, input.dropOffHubId, shipment);
  }
  const order = {
    userId,
    purpose: 'label' as const,
    plan: null,
    quantity: 1,
    amountCents: prices.total_cents,
    // The service as the Rates step named it: the payment page says what is paid for.
    description: `Shipping label ${shipment.order_no}: ${carrierServiceName(rate.carrier, rate.service, await carrierServiceRenamings(deps.db))}`,
  };

  const opened = await writeTransaction(deps.db, async (trx) => {
    const current = await findShipment(trx, shipment.id);
    if (!current) throw new Error(`shipment ${shipment.id} vanished while it was being paid for`);
    if (current.state !== 'draft' && current.state !== 'paying') throw expired();
    if (!(await closeOpenPayment(trx, current.payment_order_id))) throw new AppError(409, LABEL_PURCHASE_ERRORCODE.expired, LABEL_PURCHASE_MESSAGES.payingAlready);
    if (input.replaces !== undefined && input.replaces !== shipment.id) await removeUnpaid(trx, userId, input.replaces);
    const created = await insertOpenOrder(trx, deps, order);
    const moved = await moveShipment(
      trx,
      shipment.id,
      ['draft', 'paying'],
      {
        state: 'paying',
        payment_order_id: created.id,
        rate_id: rate.rateId,
        carrier: rate.carrier,
        service: rate.service,
        delivery_days: rate.deliveryDays,
        ...prices,
        notify_recipient: input.notifyRecipient ? 1 : 0,
        saved_order_id: savedOrder?.id ?? null,
        drop_off_hub_id: input.dropOffHubId ?? null,
        label_qr_code: input.qrCode ? 1 : 0,
        updated_at: nowIso,
      },
      { paymentOrderId: current.payment_order_id },
    );
    // Another purchase of this draft got in first: this one is not made.
    if (!moved) throw new AppError(409, LABEL_PURCHASE_ERRORCODE.expired, LABEL_PURCHASE_MESSAGES.payingAlready);
    return created;
  });
  return openWithProvider(deps, opened, order);
}
