import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_CAPS,
  APP_BASE,
  APP_PATHS,
  appUrl,
  carrierWireName,
  fromCents,
  insuranceFeeCents,
  LABEL_PURCHASE_ERRORCODE,
  type LabelRate,
  MESSAGES,
  SHIPMENT_MESSAGES,
  type ShippingAddress,
  type rateLabelCall,
  type buyLabelCall,
} from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { CARRIER_SETTLE_MS, CarrierError, type PostalAddress, type Postage, type ShipmentRate } from '../../providers/carriers/carriers-provider.js';
import { composeMail } from '../notifications/mail-layout.js';
import { insertContactWithinCap } from '../contacts/contacts.repository.js';
import { enqueueJob } from '../jobs/jobs.js';
import { lockUser, recordPurchase } from '../operations/ledger.js';
import {
  insertOpenOrder,
  openWithProvider,
  PAY_CANCEL_PAGE,
  PAY_SUCCESS_PAGE,
  refundPaymentOrder,
  settleCapture,
} from '../payments/payment-orders.js';
import { findPaymentOrder, updatePaymentOrder } from '../payments/payments.repository.js';
import type { PaymentOrderRow } from '../payments/payments.table.js';
import { findUserById } from '../users/users.repository.js';
import type { UserRow } from '../users/users.table.js';
import { enqueueLabelVoid, voidRefusedLabel } from './label-void.service.js';
import type { ShipmentRow } from './shipments.table.js';

/**
 * The label-purchase page (issue 9): rate a shipment (a draft), pay for one of its rates, then
 * buy it from the carrier once the payment is captured. The purchase is a state machine on the
 * shipments row (shipments.table.ts): draft → paying → buying → bought, or failed (the carrier
 * refused; the payment is refunded). The carrier is asked with one key per shipment, so a retry,
 * a lost answer or two returns at once never buy twice, and the label, its ledger row and its
 * invoice are written in one transaction.
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
} as const;

type RateInput = z.output<typeof rateLabelCall.request>;
type RateAnswer = z.output<typeof rateLabelCall.response>;
type BuyInput = z.output<typeof buyLabelCall.request>;

function postalAddress(address: ShippingAddress): PostalAddress {
  return {
    name: `${address.firstName} ${address.lastName}`.trim() || undefined,
    company: address.company || undefined,
    street1: address.address1,
    street2: address.address2 || undefined,
    city: address.city,
    state: address.state,
    zip: address.zipcode,
    country: 'US',
    phone: address.phone,
    email: address.email || undefined,
    residential: address.residential,
  };
}

function addressColumns(side: 'from' | 'to', address: ShippingAddress) {
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
  };
}

/** 'AB' + yymmdd + the row's id on 7 digits: 'AB2611230000042'. */
export function orderNumber(id: number, at: Date): string {
  const date = at.toISOString().slice(2, 10).replace(/-/g, '');
  return `AB${date}${String(id).padStart(7, '0')}`;
}

/** The rates as the page shows them: wire carrier names, dollars, cheapest and fastest marked. */
export function wireRates(rates: ShipmentRate[]): LabelRate[] {
  const sorted = [...rates].sort((a, b) => a.priceCents - b.priceCents);
  const cheapest = sorted[0]?.rateId;
  const days = sorted.map((rate) => rate.deliveryDays).filter((value): value is number => value !== null);
  const fastestDays = days.length > 0 ? Math.min(...days) : null;
  const fastest = sorted.find((rate) => rate.deliveryDays === fastestDays)?.rateId;
  return sorted.map((rate) => ({
    rateId: rate.rateId,
    carrier: carrierWireName(rate.carrier),
    service: rate.service,
    rate: fromCents(rate.priceCents),
    retailRate: fromCents(rate.retailPriceCents ?? rate.priceCents),
    deliveryDays: rate.deliveryDays,
    cheapest: rate.rateId === cheapest,
    fastest: rate.rateId === fastest,
  }));
}

const SIDE_NAMES = { from: 'Sender', to: 'Recipient' } as const;

/** The carrier's word on one side: null when deliverable, else the reasons it is not. */
async function verifySide(deps: LabelPurchaseDeps, side: 'from' | 'to', address: ShippingAddress): Promise<{ problems: string[] | null; notes: string[] }> {
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
async function saveRecipient(deps: LabelPurchaseDeps, userId: number, to: ShippingAddress): Promise<string | undefined> {
  const same = await deps.db
    .selectFrom('contacts')
    .select('id')
    .where('user_id', '=', userId)
    .where('first_name', '=', to.firstName)
    .where('last_name', '=', to.lastName)
    .where('company', '=', to.company)
    .where('address1', '=', to.address1)
    .where('address2', '=', to.address2)
    .where('city', '=', to.city)
    .where('state', '=', to.state)
    .where('zipcode', '=', to.zipcode)
    .where('phone', '=', to.phone)
    .executeTakeFirst();
  if (same) return undefined;
  const nowIso = deps.config.clock().toISOString();
  const added = await insertContactWithinCap(deps.db, {
    user_id: userId,
    name: (`${to.firstName} ${to.lastName}`.trim() || to.company).slice(0, 255),
    first_name: to.firstName,
    last_name: to.lastName,
    company: to.company,
    address1: to.address1,
    address2: to.address2,
    city: to.city,
    state: to.state,
    country: 'USA',
    zipcode: to.zipcode,
    email: to.email,
    phone: to.phone,
    residential: to.residential ? 1 : 0,
    created_at: nowIso,
    updated_at: nowIso,
  });
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
  const [from, to] = await Promise.all([verifySide(deps, 'from', input.from), verifySide(deps, 'to', input.to)]);
  if (from.problems) return refused(LABEL_PURCHASE_ERRORCODE.unverified, SHIPMENT_MESSAGES.unableToVerify, from.problems, 'from');
  if (to.problems) return refused(LABEL_PURCHASE_ERRORCODE.unverified, SHIPMENT_MESSAGES.unableToVerify, to.problems, 'to');
  const recipientNote = input.saveRecipient ? await saveRecipient(deps, user.user_id, input.to) : undefined;

  const parcel = {
    lengthIn: input.parcel.length,
    widthIn: input.parcel.width,
    heightIn: input.parcel.height,
    weightOz: input.parcel.weightLb * 16 + input.parcel.weightOz,
  };
  let rated;
  try {
    rated = await deps.carriers.rateShipment({ from: postalAddress(input.from), to: postalAddress(input.to), parcel });
  } catch (error) {
    if (error instanceof CarrierError && !error.retryable && error.code !== 'UNAUTHORIZED' && error.code !== 'PAYMENT_REQUIRED') {
      return refused(LABEL_PURCHASE_ERRORCODE.noRates, LABEL_PURCHASE_MESSAGES.noRates, [error.message]);
    }
    throw serviceFailure(deps, error, 'rating');
  }
  const notes = [...from.notes, ...to.notes, ...rated.messages, ...(recipientNote ? [recipientNote] : [])];
  if (rated.rates.length === 0) return refused(LABEL_PURCHASE_ERRORCODE.noRates, LABEL_PURCHASE_MESSAGES.noRates, notes);

  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const draftId = await writeTransaction(deps.db, async (trx) => {
    const row = await trx
      .insertInto('shipments')
      .values({
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
        insured_value_cents: input.insuredValue,
        insurance_cents: insuranceFeeCents(input.insuredValue),
        comments: input.comments,
        length_in: parcel.lengthIn,
        width_in: parcel.widthIn,
        height_in: parcel.heightIn,
        weight_oz: parcel.weightOz,
        payment_order_id: null,
        saved_order_id: null,
        tracking_code: null,
        tracker_id: null,
        refund_requested_at: null,
        refunded_at: null,
        pickup_id: null,
        tracking_token: null,
        bought_at: null,
        created_at: nowIso,
        updated_at: nowIso,
        ...addressColumns('from', input.from),
        ...addressColumns('to', input.to),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('shipments').set({ order_no: orderNumber(row.id, now) }).where('id', '=', row.id).execute();
    return row.id;
  });
  return { errorcode: LABEL_PURCHASE_ERRORCODE.ok, message: 'success', data: { draftId, rates: wireRates(rated.rates), insurance, messages: notes } };
}

function storedRates(shipment: Pick<ShipmentRow, 'rates'>): ShipmentRate[] {
  try {
    const rates: unknown = JSON.parse(shipment.rates);
    return Array.isArray(rates) ? (rates as ShipmentRate[]) : [];
  } catch {
    return [];
  }
}

const expired = () => new AppError(409, LABEL_PURCHASE_ERRORCODE.expired, LABEL_PURCHASE_MESSAGES.expired);

/**
 * buyLabelCall: one rate of the user's own draft, rated less than RATES_VALID_MS ago, priced
 * from the stored rate; a payment order for rate + insurance, and the provider's approval page.
 * Buying again (another rate, or after cancelling at the provider) cancels the open order first:
 * never two live orders for one label. Another user's draft answers as an expired one.
 */
export async function buyLabel(deps: LabelPurchaseDeps, userId: number, input: BuyInput): Promise<string> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const shipment = await deps.db
    .selectFrom('shipments')
    .selectAll()
    .where('id', '=', input.draftId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!shipment || (shipment.state !== 'draft' && shipment.state !== 'paying') || !shipment.rated_at) throw expired();
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
  const savedOrder =
    input.orderId === undefined
      ? undefined
      : await deps.db.selectFrom('saved_orders').select('id').where('id', '=', input.orderId).where('user_id', '=', userId).executeTakeFirst();
  const order = {
    userId,
    purpose: 'label' as const,
    plan: null,
    quantity: 1,
    amountCents: prices.total_cents,
    description: `Shipping label ${shipment.order_no}: ${rate.carrier} ${rate.service}`,
  };

  const opened = await writeTransaction(deps.db, async (trx) => {
    const current = await trx.selectFrom('shipments').select(['state', 'payment_order_id']).where('id', '=', shipment.id).executeTakeFirstOrThrow();
    if (current.state !== 'draft' && current.state !== 'paying') throw expired();
    if (current.payment_order_id !== null) {
      const previous = await findPaymentOrder(trx, current.payment_order_id);
      const closed =
        previous?.status === 'cancelled' ||
        previous?.status === 'failed' ||
        (previous !== undefined && (await updatePaymentOrder(trx, previous.id, ['created'], { status: 'cancelled' })));
      if (!closed) throw new AppError(409, LABEL_PURCHASE_ERRORCODE.expired, LABEL_PURCHASE_MESSAGES.payingAlready);
    }
    const created = await insertOpenOrder(trx, deps, order);
    const moved = await trx
      .updateTable('shipments')
      .set({
        state: 'paying',
        payment_order_id: created.id,
        rate_id: rate.rateId,
        carrier: rate.carrier,
        service: rate.service,
        delivery_days: rate.deliveryDays,
        ...prices,
        notify_recipient: input.notifyRecipient ? 1 : 0,
        saved_order_id: savedOrder?.id ?? null,
        updated_at: nowIso,
      })
      .where('id', '=', shipment.id)
      .where('state', 'in', ['draft', 'paying'])
      .where('payment_order_id', current.payment_order_id === null ? 'is' : '=', current.payment_order_id)
      .executeTakeFirst();
    // Another purchase of this draft got in first: this one is not made.
    if (Number(moved.numUpdatedRows) !== 1) throw new AppError(409, LABEL_PURCHASE_ERRORCODE.expired, LABEL_PURCHASE_MESSAGES.payingAlready);
    return created;
  });
  return openWithProvider(deps, opened, order);
}

async function shipmentOfPayment(db: Db, paymentOrderId: number): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('payment_order_id', '=', paymentOrderId).executeTakeFirst();
}

/** The Purchased Labels page showing one order (?labelOrder=), as a router path and as a URL path. */
const labelsHref = (orderNo?: string) => APP_PATHS.shipments.getHref(orderNo);

/**
 * Where the provider's return (or cancel) sends the browser for a label: paySuccess then the
 * label when it is bought; straight to Purchased Labels when it is being bought or ended
 * refunded (the row says why); payCancel while it is not paid.
 */
export async function labelReturnPage(deps: Pick<LabelPurchaseDeps, 'db'>, paymentOrderId: number): Promise<string> {
  const shipment = await shipmentOfPayment(deps.db, paymentOrderId);
  if (!shipment) return PAY_CANCEL_PAGE;
  if (shipment.state === 'bought' || shipment.state === 'refund_pending' || shipment.state === 'refunded') {
    return `${PAY_SUCCESS_PAGE}?redirect=${encodeURIComponent(labelsHref(shipment.order_no))}`;
  }
  if (shipment.state === 'buying' || shipment.state === 'failed') return `${APP_BASE}${labelsHref(shipment.order_no)}`;
  return `${PAY_CANCEL_PAGE}?redirect=${encodeURIComponent(labelsHref())}`;
}

/**
 * The payment of a label was captured (for the ordered amount): in one transaction the order
 * becomes captured and the shipment paying → buying, which only one request can do, with a job
 * that finishes the purchase if this request cannot (no answer from the carrier, a crash). Then
 * the carrier is asked at once. Answers the page to send the browser to.
 */
export async function finishLabelPayment(deps: LabelPurchaseDeps, order: PaymentOrderRow, captureId: string | null): Promise<string> {
  await settleCapture(deps, order, captureId, {
    what: 'label',
    claim: async (trx, now) => {
      const moved = await trx
        .updateTable('shipments')
        .set({ state: 'buying', purchase_note: LABEL_PURCHASE_MESSAGES.preparing, updated_at: now.toISOString() })
        .where('payment_order_id', '=', order.id)
        .where('state', '=', 'paying')
        .returning('id')
        .executeTakeFirst();
      if (!moved) return undefined;
      await enqueueJob(trx, now, 'label-purchase', { shipmentId: moved.id }, { uniqueKey: `label-purchase:${moved.id}`, runAt: new Date(now.getTime() + deps.config.labelRetryDelaySeconds * 1000) });
      return moved.id;
    },
    // The first purchase of the shipment: nothing was asked of the carrier before it.
    finish: (shipmentId) => purchaseLabel(deps, shipmentId, { firstTry: true }),
  });
  return labelReturnPage(deps, order.id);
}

/**
 * Inside the refund of a wrong capture: the label being paid for ends failed, saying so; one the
 * carrier was being asked for is asked back if it was made (label-void).
 */
export async function labelPaymentRefunded(trx: Db, deps: Pick<LabelPurchaseDeps, 'config'>, order: PaymentOrderRow): Promise<void> {
  const now = deps.config.clock();
  const current = await trx.selectFrom('shipments').select(['id', 'state']).where('payment_order_id', '=', order.id).executeTakeFirst();
  if (!current || (current.state !== 'paying' && current.state !== 'buying')) return;
  const moved = await trx
    .updateTable('shipments')
    .set({ state: 'failed', purchase_note: LABEL_PURCHASE_MESSAGES.wrongAmount, updated_at: now.toISOString() })
    .where('id', '=', current.id)
    .where('state', '=', current.state)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 1 && current.state === 'buying') await enqueueLabelVoid(trx, now, current.id);
}

/** Why a carrier refused, in the customer's words. */
function refusalReason(error: CarrierError): string {
  switch (error.code) {
    case 'PAYMENT_REQUIRED':
      return 'the carrier account could not pay for it';
    case 'ADDRESS.VERIFY.FAILURE':
      return 'an address could not be verified';
    case 'NOT_FOUND':
      return 'the rate is no longer offered';
    case 'UNAUTHORIZED':
      return 'the carrier service refused our account';
    case 'UNAVAILABLE':
    case 'RATE_LIMITED':
      return 'the carrier did not answer for two hours';
    default:
      return 'the carrier declined to make it';
  }
}

const carrierService = (shipment: Pick<ShipmentRow, 'carrier' | 'service'>) => `${shipment.carrier} ${shipment.service}`.trim();

/**
 * A paid label the carrier has not answered for this long is given up (the label-purchase job's
 * tries last about three hours): the payment goes back rather than waiting on a carrier that
 * may never answer.
 */
export const BUYING_GIVE_UP_MS = 2 * 60 * 60 * 1000;

/**
 * Buys a paid shipment's label from the carrier (the return, then the label-purchase job until it
 * is done): the same rate with the same key every time, so the carrier makes it once. A label →
 * bought with everything that goes with it; a refusal → failed and the payment refunded; no
 * answer → throws, the shipment stays buying and the job tries again, until BUYING_GIVE_UP_MS
 * after the payment: then it is failed and refunded as a refusal is. A refusal that may hide an
 * earlier try still being made at the carrier (CarrierError.unsettled: EasyPost takes no key, and
 * a retry after a lost answer can be refused before the label shows) is taken as one only on the
 * first try (`firstTry`: nothing was asked before) or CARRIER_SETTLE_MS after the payment; until
 * then the job reads the shipment back by trying again. Either way a label the carrier made all
 * the same is asked back (refusePurchase), and so is one whose answer came only after the
 * purchase had failed.
 */
export async function purchaseLabel(deps: LabelPurchaseDeps, shipmentId: number, options: { firstTry?: boolean } = {}): Promise<void> {
  const shipment = await deps.db.selectFrom('shipments').selectAll().where('id', '=', shipmentId).executeTakeFirst();
  if (!shipment || shipment.state !== 'buying') return;
  let postage: Postage;
  try {
    postage = await deps.carriers.buyRate({
      shipmentId: shipment.provider_shipment_id ?? '',
      rateId: shipment.rate_id ?? '',
      insuranceCents: shipment.insured_value_cents,
      idempotencyKey: `shipment-${shipment.id}`,
    });
  } catch (error) {
    const buyingMs = deps.config.clock().getTime() - Date.parse(toIso(shipment.updated_at));
    if (error instanceof CarrierError && (!error.retryable || (error.unsettled && (options.firstTry === true || buyingMs >= CARRIER_SETTLE_MS)))) {
      await refusePurchase(deps, shipment, error);
      return;
    }
    if (buyingMs >= BUYING_GIVE_UP_MS) {
      await refusePurchase(deps, shipment, new CarrierError('UNAVAILABLE', 'no answer from the carrier'));
      return;
    }
    throw error;
  }
  const [png, pdf] = await Promise.all([
    deps.carriers.fetchLabel(postage.shipmentId, 'PNG'),
    deps.carriers.fetchLabel(postage.shipmentId, 'PDF'),
  ]);
  if (!(await recordLabel(deps, shipment, postage, { PNG: png.bytes, PDF: pdf.bytes }))) await voidLateLabel(deps, shipment.id);
}

/** The carrier's label came after the purchase had failed (given up, the payment refunded): it is asked back. */
async function voidLateLabel(deps: LabelPurchaseDeps, shipmentId: number): Promise<void> {
  const current = await deps.db.selectFrom('shipments').select('state').where('id', '=', shipmentId).executeTakeFirst();
  if (current?.state !== 'failed') return;
  await enqueueLabelVoid(deps.db, deps.config.clock(), shipmentId, 'late');
  try {
    await voidRefusedLabel(deps, shipmentId);
  } catch (error) {
    deps.log.warn({ err: error, shipment: shipmentId }, 'the carrier did not take the void of a label made after its purchase failed; its job tries again');
  }
}

/** The payment's reference on the invoice: the provider and the end of its order id. */
function paymentReference(order: PaymentOrderRow | undefined): string {
  if (!order) return '';
  const providerName = order.provider === 'paypal' ? 'PayPal' : order.provider === 'simulator' ? 'Simulator' : order.provider;
  return `${providerName} …${(order.provider_order_id ?? '').slice(-6)}`;
}

/**
 * One transaction: bought (only from buying, so once), the label files, the ledger row, the
 * invoice, the order in progress it continued deleted, the recipient's tracking link and the
 * customer's confirmation mail.
 */
async function recordLabel(deps: LabelPurchaseDeps, shipment: ShipmentRow, postage: Postage, files: { PNG: Buffer; PDF: Buffer }): Promise<boolean> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const token = shipment.notify_recipient === 1 ? randomBytes(24).toString('base64url') : null;
  const carrier = postage.carrier;
  const recorded = await writeTransaction(deps.db, async (trx) => {
    const moved = await trx
      .updateTable('shipments')
      .set({
        state: 'bought',
        tracking_code: postage.trackingCode,
        tracker_id: postage.trackerId,
        carrier,
        service: postage.service,
        bought_at: nowIso,
        purchase_note: '',
        tracking_token: token,
        updated_at: nowIso,
      })
      .where('id', '=', shipment.id)
      .where('state', '=', 'buying')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('shipment_labels')
      .values([
        { shipment_id: shipment.id, format: 'PNG', content: files.PNG },
        { shipment_id: shipment.id, format: 'PDF', content: files.PDF },
      ])
      .execute();
    const user = await lockUser(trx, shipment.user_id);
    if (!user) throw new Error(`shipment ${shipment.id} names a missing user`);
    await recordPurchase(trx, user, { at: nowIso, paidCents: shipment.total_cents, paymentOrderId: shipment.payment_order_id });
    const order = shipment.payment_order_id === null ? undefined : await findPaymentOrder(trx, shipment.payment_order_id);
    await trx
      .insertInto('invoices')
      .values({
        shipment_id: shipment.id,
        invoice_no: `INV-${shipment.order_no}`,
        rate_cents: shipment.rate_cents,
        insurance_cents: shipment.insurance_cents,
        discount_cents: shipment.discount_cents,
        total_cents: shipment.total_cents,
        payment_reference: paymentReference(order),
        created_at: nowIso,
      })
      .execute();
    if (shipment.saved_order_id !== null) {
      await trx.deleteFrom('saved_orders').where('id', '=', shipment.saved_order_id).where('user_id', '=', shipment.user_id).execute();
    }
    const label = `${carrier} ${postage.service}`;
    if (token && shipment.to_email) {
      const sender = `${shipment.from_first_name} ${shipment.from_last_name}`.trim() || shipment.from_company || 'Someone';
      const mail = composeMail(
        deps.config,
        shipment.to_email,
        `${deps.config.brandName}: a parcel is on its way to you`,
        [`${sender} sent you a parcel with ${label}, tracking number ${postage.trackingCode}. Follow it on its tracking page.`],
        { label: 'Track your parcel', link: appUrl(deps.config.publicUrl, APP_PATHS.track.getHref(token)) },
      );
      await enqueueJob(trx, now, 'mail', mail);
    }
    await enqueueJob(
      trx,
      now,
      'mail',
      composeMail(
        deps.config,
        user.email,
        `${deps.config.brandName}: your ${carrier} label ${shipment.order_no} is ready`,
        [
          `Your ${label} label for the parcel to ${shipment.to_city}, ${shipment.to_state} is ready to print. Tracking number: ${postage.trackingCode}.`,
          `You paid $${fromCents(shipment.total_cents)} (label $${fromCents(shipment.rate_cents)}, insurance $${fromCents(shipment.insurance_cents)}). Invoice INV-${shipment.order_no}.`,
        ],
        { label: 'Purchased Labels', link: appUrl(deps.config.publicUrl, labelsHref(shipment.order_no)) },
      ),
    );
    return true;
  });
  deps.log.info({ shipment: shipment.id, reconciled: postage.reconciled, recorded }, recorded ? 'label bought' : 'label bought before');
  return recorded;
}

/**
 * The carrier refused the label: in one transaction the shipment becomes failed saying why, the
 * refund of its payment and the void of any label the carrier made all the same are jobs (so they
 * happen even if this process dies) and the customer is mailed; then both are tried at once.
 */
async function refusePurchase(deps: LabelPurchaseDeps, shipment: ShipmentRow, error: CarrierError): Promise<void> {
  const now = deps.config.clock();
  const note = `The carrier refused this label (${refusalReason(error)}). Your payment of $${fromCents(shipment.total_cents)} was refunded.`;
  const user = await findUserById(deps.db, shipment.user_id);
  const failed = await writeTransaction(deps.db, async (trx) => {
    const moved = await trx
      .updateTable('shipments')
      .set({ state: 'failed', purchase_note: note, updated_at: now.toISOString() })
      .where('id', '=', shipment.id)
      .where('state', '=', 'buying')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    if (shipment.payment_order_id !== null) {
      await enqueueJob(trx, now, 'payment-refund', { paymentOrderId: shipment.payment_order_id }, { uniqueKey: `payment-refund:${shipment.payment_order_id}` });
    }
    await enqueueLabelVoid(trx, now, shipment.id);
    if (user) {
      await enqueueJob(
        trx,
        now,
        'mail',
        composeMail(
          deps.config,
          user.email,
          `${deps.config.brandName}: your ${carrierService(shipment)} label could not be bought`,
          [`Order ${shipment.order_no}: ${note}`, 'The money goes back to the account you paid with; your bank may take a few days to show it.'],
          { label: 'Purchased Labels', link: appUrl(deps.config.publicUrl, labelsHref(shipment.order_no)) },
        ),
      );
    }
    return true;
  });
  deps.log.warn({ shipment: shipment.id, code: error.code }, failed ? 'the carrier refused the label; the payment is refunded' : 'label refusal seen before');
  if (failed && shipment.payment_order_id !== null) {
    try {
      await refundPaymentOrder(deps, shipment.payment_order_id);
    } catch (refundError) {
      deps.log.error({ err: refundError, shipment: shipment.id }, 'refund of a refused label failed; its job tries again');
    }
  }
  if (failed) {
    try {
      await voidRefusedLabel(deps, shipment.id);
    } catch (voidError) {
      deps.log.warn({ err: voidError, shipment: shipment.id }, 'the carrier did not take the void of a refused label; its job tries again');
    }
  }
}
