import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from 'kysely';
import { compiledFilteredPage, type FilterValues, type ListOwner } from '../../db/counted-page.js';
import type { Database, Db } from '../../db/database.js';
import { heldRows } from '../../db/dialect.js';
import { containingPattern, holdsDigits, holdsText } from '../../db/like.js';
import type { Tracker } from '../../providers/carriers/carriers-provider.js';
import type { PaymentOrderStatus } from '../payments/payments.table.js';
import type {
  InvoiceRow,
  InvoicesTable,
  NewShipment,
  ShipmentLabelsTable,
  ShipmentRow,
  ShipmentState,
  ShipmentUpdate,
} from './shipments.table.js';

/**
 * Queries of purchased labels. Every read names the owner: another customer's shipment is never
 * read, changed or served. A draft (a rated page nobody paid for) is not a purchase: the lists,
 * the details and the comments never show one. An unpaid purchase (paying) is listed apart from
 * Purchased Labels (listUnpaidShipments).
 */

/** A customer's purchases, whose details and comments they read: every state but draft. */
export const PURCHASE_STATES: readonly ShipmentState[] = ['paying', 'buying', 'bought', 'failed', 'refund_pending', 'refunded'];

/** The states Purchased Labels lists: every purchase whose payment was taken (not draft, not paying). */
export const LISTED_STATES: readonly ShipmentState[] = ['buying', 'bought', 'failed', 'refund_pending', 'refunded'];

/** The Search Options (spec 03 §2). Empty or missing values do not filter. */
export interface ShipmentFilters {
  boxId?: string | undefined;
  trackingNum?: string | undefined;
  /** The portal's carrier name: USPS, UPS or FedEx (the wire's UPSDAP is mapped before). */
  carrier?: string | undefined;
  orderNo?: string | undefined;
  service?: string | undefined;
  /** Digits the sender's or the recipient's phone contains. */
  mobile?: string | undefined;
  comments?: string | undefined;
}

type ShipmentsEb = ExpressionBuilder<Database, 'shipments'>;

/** A column read as lower case holds the text of a LIKE `pattern` (containingPattern). */
function contains(column: 'box_id' | 'tracking_code' | 'order_no' | 'service' | 'comments', pattern: unknown) {
  return holdsText(sql.ref(`shipments.${column}`), pattern);
}

/** A phone's digits in SQL (the portal stores ###-###-####, contacts may hold (###) ### ####). */
function phoneDigits(column: 'from_phone' | 'to_phone') {
  return sql`replace(replace(replace(replace(replace(replace(${sql.ref(`shipments.${column}`)}, '-', ''), ' ', ''), '(', ''), ')', ''), '.', ''), '+', '')`;
}

/** Every filter of Purchased Labels' search: a filter added to ShipmentFilters must be named here. */
const FILTER_NAMES = { boxId: true, trackingNum: true, carrier: true, orderNo: true, service: true, mobile: true, comments: true } satisfies Record<keyof ShipmentFilters, true>;

/** The search's values in its statements (or stand-ins for them: compiledFilteredPage). */
type SearchValues = FilterValues<keyof ShipmentFilters>;

/**
 * The search as its statement's values: each filter given (trimmed, not blank) as its condition
 * takes it, the carrier as it is and the others as LIKE patterns (the phone's of its digits).
 * Null when the search can match nothing: a phone search without a digit.
 */
function searchValues(filters: ShipmentFilters): SearchValues | null {
  const values: SearchValues = {};
  for (const name of Object.keys(FILTER_NAMES) as (keyof ShipmentFilters)[]) {
    const value = (filters[name] ?? '').trim();
    if (value === '') continue;
    if (name === 'carrier') values.carrier = value;
    else if (name === 'mobile') {
      const digits = value.replace(/\D/g, '');
      if (digits === '') return null;
      values.mobile = `%${digits}%`;
    } else values[name] = containingPattern(value);
  }
  return values;
}

/** The conditions of the user's listed purchases matching the search (searchValues). */
function filterConditions(eb: ShipmentsEb, userId: number, search: SearchValues): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('shipments.user_id', '=', userId), eb('shipments.state', 'in', LISTED_STATES)];
  if ('boxId' in search) conditions.push(contains('box_id', search.boxId));
  if ('trackingNum' in search) conditions.push(contains('tracking_code', search.trackingNum));
  if ('carrier' in search) conditions.push(eb('shipments.carrier', '=', search.carrier as string));
  if ('orderNo' in search) conditions.push(contains('order_no', search.orderNo));
  if ('service' in search) conditions.push(contains('service', search.service));
  if ('comments' in search) conditions.push(contains('comments', search.comments));
  if ('mobile' in search) {
    conditions.push(eb.or([holdsDigits(phoneDigits('from_phone'), search.mobile), holdsDigits(phoneDigits('to_phone'), search.mobile)]));
  }
  return eb.and(conditions);
}

/**
 * The columns a row of Purchased Labels is made of (toShipmentRow, its drop-off, QR code and
 * return): the list reads these and not the rest (the rates offered, the tracker's events, the
 * customs declaration, ...). Decoding a row's 75 columns cost more than finding the page (issue 24).
 */
export const LIST_COLUMNS = [
  'id',
  'state',
  'provider_shipment_id',
  'created_at',
  'order_no',
  'carrier',
  'service',
  'retail_cents',
  'insurance_cents',
  'discount_cents',
  'list_cents',
  'tracking_code',
  'comments',
  'tracker_status',
  'pickup_id',
  'height_in',
  'length_in',
  'width_in',
  'weight_oz',
  'predefined_package',
  'refund_status',
  'auto_refund',
  'purchase_note',
  'pickup_note',
  'drop_off_hub_id',
  'label_qr_code',
  'return_of_id',
  ...(['from', 'to'] as const).flatMap(
    (side) =>
      [
        `${side}_first_name`,
        `${side}_last_name`,
        `${side}_company`,
        `${side}_address1`,
        `${side}_address2`,
        `${side}_city`,
        `${side}_state`,
        `${side}_zipcode`,
        `${side}_phone`,
        `${side}_email`,
        `${side}_country`,
      ] as const,
  ),
] as const satisfies readonly (keyof ShipmentRow)[];

/** A row of Purchased Labels as the list reads it. */
export type ShipmentListRow = Pick<ShipmentRow, (typeof LIST_COLUMNS)[number]>;

/** The count of the user's purchases that match the search, and a page of them newest first, compiled once for each set of filters. */
const searchPage = compiledFilteredPage((db, userId, limit, offset, search: SearchValues) => {
  const counted = db
    .selectFrom('shipments')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => filterConditions(eb, userId, search));
  const page = db
    .selectFrom('shipments')
    .select(LIST_COLUMNS)
    .where((eb) => filterConditions(eb, userId, search))
    .orderBy('shipments.created_at', 'desc')
    .orderBy('shipments.id', 'desc')
    .limit(limit)
    .offset(offset);
  return { counted, page, withCount: page.select(counted.as('total_count')) };
});

/** A page of the user's purchases, newest first, and how many match (compiledPage), on the (user_id, created_at, id) index; no query per row. */
export async function listShipments(
  db: Db,
  owner: ListOwner,
  filters: ShipmentFilters,
  page: { offset: number; limit: number },
): Promise<{ total: number; list: ShipmentListRow[] }> {
  const search = searchValues(filters);
  if (!search) return { total: 0, list: [] };
  const { total, rows } = await searchPage(db, owner, page.limit, page.offset, search);
  return { total, list: rows };
}

/** A shipment by its row id, or by the provider's shipment id. */
export type ShipmentKey = { id: number } | { providerShipmentId: string };

/** One of the user's shipments in one of `states` (by default a purchase: never a draft). */
export async function findShipmentOfUser(
  db: Db,
  userId: number,
  which: ShipmentKey,
  states: readonly ShipmentState[] = PURCHASE_STATES,
): Promise<ShipmentRow | undefined> {
  const query = db.selectFrom('shipments').selectAll().where('user_id', '=', userId).where('state', 'in', states);
  return ('id' in which ? query.where('id', '=', which.id) : query.where('provider_shipment_id', '=', which.providerShipmentId)).executeTakeFirst();
}

export async function findShipment(db: Db, id: number): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The shipment a payment order pays for. */
export async function findShipmentOfPayment(db: Db, paymentOrderId: number): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('payment_order_id', '=', paymentOrderId).executeTakeFirst();
}

/** The shipment in `state` with this tracking number. */
export async function findShipmentByTrackingCode(db: Db, trackingCode: string, state: ShipmentState): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('tracking_code', '=', trackingCode).where('state', '=', state).executeTakeFirst();
}

/** The shipment in one of `states` whose recipient's tracking link holds this token. */
export async function findShipmentByTrackingToken(db: Db, token: string, states: readonly ShipmentState[]): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('tracking_token', '=', token).where('state', 'in', states).executeTakeFirst();
}

/**
 * Inside a write transaction: the label a carrier's tracker is for, held for the rest of it (FOR
 * UPDATE on PostgreSQL; SQLite's write transactions begin IMMEDIATE): by its tracker id, else the
 * newest label with its tracking number (a carrier may reuse one years later).
 */
export async function lockTrackedShipment(trx: Db, tracker: Pick<Tracker, 'trackerId' | 'trackingCode'>): Promise<ShipmentRow | undefined> {
  const newest = trx.selectFrom('shipments').selectAll().orderBy('id', 'desc').limit(1);
  const byTracker = await heldRows(trx, newest.where('tracker_id', '=', tracker.trackerId)).executeTakeFirst();
  return byTracker ?? heldRows(trx, newest.where('tracking_code', '=', tracker.trackingCode)).executeTakeFirst();
}

/**
 * The daily job's labels (refunds.service.ts autoRefundUnusedLabels): bought, never scanned (no
 * tracker status, pre_transit or unknown), no refund asked before, their owner keeping
 * auto-refunds on.
 */
function unusedLabelsToRefund(db: Db) {
  return db
    .selectFrom('shipments')
    .innerJoin('users', 'users.user_id', 'shipments.user_id')
    .select(['shipments.id', 'shipments.user_id'])
    .where('shipments.state', '=', 'bought')
    .where('shipments.tracker_status', 'in', ['', 'pre_transit', 'unknown'])
    .where('shipments.refund_status', '=', '')
    .where('users.auto_refund_labels', '=', 1);
}

/** The daily job's labels of one carrier bought after `bought.afterIso` and at or before `bought.byIso`; oldest first. */
export async function listUnusedLabelsToRefund(
  db: Db,
  carrier: string,
  bought: { afterIso: string; byIso: string },
): Promise<Pick<ShipmentRow, 'id' | 'user_id'>[]> {
  return unusedLabelsToRefund(db)
    .where('shipments.carrier', '=', carrier)
    .where('shipments.bought_at', '<=', bought.byIso)
    .where('shipments.bought_at', '>', bought.afterIso)
    .orderBy('shipments.id')
    .execute();
}

/** Whether the label is still one the daily job refunds: asked again with its row held, after the job listed it. */
export async function isUnusedLabelToRefund(trx: Db, shipmentId: number): Promise<boolean> {
  return (await unusedLabelsToRefund(trx).where('shipments.id', '=', shipmentId).executeTakeFirst()) !== undefined;
}

export async function updateShipment(db: Db, id: number, changes: ShipmentUpdate): Promise<void> {
  await db.updateTable('shipments').set(changes).where('id', '=', id).execute();
}

/**
 * Moves a shipment from one of `from` with the changes, and with `paidBy` only while its payment
 * order is that one (null: none yet); false when it was not (another request moved it first). The
 * one gate each step of the purchase's and the refund's state machines passes through.
 */
export async function moveShipment(
  db: Db,
  id: number,
  from: readonly ShipmentState[],
  changes: ShipmentUpdate,
  paidBy?: { paymentOrderId: number | null },
): Promise<boolean> {
  let query = db.updateTable('shipments').set(changes).where('id', '=', id).where('state', 'in', from);
  if (paidBy) query = query.where('payment_order_id', paidBy.paymentOrderId === null ? 'is' : '=', paidBy.paymentOrderId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes on a failed label that the carrier was asked to void what it made (once: the first time only). */
export async function markFailedLabelVoided(db: Db, id: number, nowIso: string): Promise<void> {
  await db
    .updateTable('shipments')
    .set({ refund_requested_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .where('refund_requested_at', 'is', null)
    .execute();
}

/**
 * Whether the label has a carrier pickup booked or being booked (one paid for and waiting to be
 * booked, or scheduled). Read here rather than in pickups.repository.ts: pickups build on labels
 * (pickups import shipments), and a label's refund asks it in its claim's transaction.
 */
export async function hasPickupBooked(db: Db, shipmentId: number): Promise<boolean> {
  const pickup = await db
    .selectFrom('pickups')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .where('state', 'in', ['booking', 'scheduled'])
    .executeTakeFirst();
  return pickup !== undefined;
}

/** Stores a carrier's event by its id; false when the id was taken before (a replay). */
export async function insertCarrierEvent(db: Db, event: { eventId: string; description: string; receivedAtIso: string }): Promise<boolean> {
  const stored = await db
    .insertInto('carrier_events')
    .values({ event_id: event.eventId, description: event.description, received_at: event.receivedAtIso })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/** Whether the user's purchase took the comments (false: no such purchase of this user). */
export async function updateShipmentComments(db: Db, userId: number, shipmentId: number, comments: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('shipments')
    .set({ comments, updated_at: nowIso })
    .where('id', '=', shipmentId)
    .where('user_id', '=', userId)
    .where('state', 'in', PURCHASE_STATES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An unpaid purchase with the status of the payment order it last opened (null: none). */
export type UnpaidShipmentRow = ShipmentRow & { payment_status: PaymentOrderStatus | null };

/** The unpaid purchases listed at most: a customer who leaves more unpaid sees the newest. */
export const UNPAID_LIST_MAX = 100;

/** The user's unpaid purchases (paying), newest first, each with its payment order's status; with `id`, only that one. */
export async function listUnpaidShipments(db: Db, userId: number, id?: number): Promise<UnpaidShipmentRow[]> {
  let query = db
    .selectFrom('shipments')
    .leftJoin('payment_orders', 'payment_orders.id', 'shipments.payment_order_id')
    .selectAll('shipments')
    .select('payment_orders.status as payment_status')
    .where('shipments.user_id', '=', userId)
    .where('shipments.state', '=', 'paying');
  if (id !== undefined) query = query.where('shipments.id', '=', id);
  return query.orderBy('shipments.created_at', 'desc').orderBy('shipments.id', 'desc').limit(UNPAID_LIST_MAX).execute();
}

/** Deletes an unpaid purchase while its payment order is still `paymentOrderId` (another request may have opened a new one); false when it did not. */
export async function deleteUnpaidShipment(db: Db, id: number, paymentOrderId: number | null): Promise<boolean> {
  const result = await db
    .deleteFrom('shipments')
    .where('id', '=', id)
    .where('state', '=', 'paying')
    .where('payment_order_id', paymentOrderId === null ? 'is' : '=', paymentOrderId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export interface LabelFileOfUser {
  shipmentId: number;
  orderNo: string;
  content: Buffer;
}

/** The label file of one of the user's bought labels (only a bought label is shown: spec 03 §4), by row id or by the provider's shipment id. */
export async function findLabelFile(
  db: Db,
  userId: number,
  shipment: ShipmentKey,
  format: ShipmentLabelsTable['format'],
): Promise<LabelFileOfUser | undefined> {
  let query = db
    .selectFrom('shipment_labels')
    .innerJoin('shipments', 'shipments.id', 'shipment_labels.shipment_id')
    .select(['shipments.id', 'shipments.order_no', 'shipment_labels.content'])
    .where('shipments.user_id', '=', userId)
    .where('shipments.state', '=', 'bought')
    .where('shipment_labels.format', '=', format);
  query = 'id' in shipment ? query.where('shipments.id', '=', shipment.id) : query.where('shipments.provider_shipment_id', '=', shipment.providerShipmentId);
  const row = await query.executeTakeFirst();
  return row ? { shipmentId: row.id, orderNo: row.order_no, content: Buffer.from(row.content) } : undefined;
}

/** The invoice of one of the user's purchases, with the purchase; undefined when it has none (unpaid, failed) or is not theirs. */
export async function findInvoiceOfUser(
  db: Db,
  userId: number,
  shipmentId: number,
): Promise<{ invoice: InvoiceRow; shipment: ShipmentRow } | undefined> {
  const shipment = await findShipmentOfUser(db, userId, { id: shipmentId });
  if (!shipment) return undefined;
  const invoice = await db.selectFrom('invoices').selectAll().where('shipment_id', '=', shipment.id).executeTakeFirst();
  return invoice ? { invoice, shipment } : undefined;
}

/** The payment reference of each purchase that has an invoice, by shipment id. */
export async function findPaymentReference(db: Db, shipmentId: number): Promise<string> {
  const row = await db.selectFrom('invoices').select('payment_reference').where('shipment_id', '=', shipmentId).executeTakeFirst();
  return row?.payment_reference ?? '';
}

/**
 * Forgets drafts (rated pages nobody paid for: state draft, no payment order) rated before
 * `beforeIso`; answers how many. Their rates could no longer be bought anyway (RATES_VALID_MS),
 * and the label page rates again when a draft is gone. A draft that reached a payment is paying
 * or later, and stays.
 */
export async function deleteUnpaidDraftsBefore(db: Db, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('shipments')
    .where('state', '=', 'draft')
    .where('payment_order_id', 'is', null)
    .where('updated_at', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertShipment(db: Db, shipment: NewShipment): Promise<number> {
  const row = await db.insertInto('shipments').values(shipment).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Keeps a bought label's files (one row per format; a format kept before is replaced). */
export async function saveShipmentLabels(db: Db, shipmentId: number, files: { format: ShipmentLabelsTable['format']; content: Buffer }[]): Promise<void> {
  if (files.length === 0) return;
  await db
    .insertInto('shipment_labels')
    .values(files.map((file) => ({ shipment_id: shipmentId, format: file.format, content: file.content })))
    .onConflict((oc) => oc.columns(['shipment_id', 'format']).doUpdateSet((eb) => ({ content: eb.ref('excluded.content') })))
    .execute();
}

export async function insertInvoice(db: Db, invoice: Insertable<InvoicesTable>): Promise<number> {
  const row = await db.insertInto('invoices').values(invoice).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Holds a label's row for the rest of the caller's write transaction and answers its state
 * (undefined: no such row). A change that ties a pickup to a label and a refund's claim both take
 * it first, so neither can slip between the other's check and its write: PostgreSQL keeps the
 * row locked until commit (a no-op UPDATE), SQLite's write transactions begin IMMEDIATE.
 */
export async function lockShipment(trx: Db, shipmentId: number): Promise<ShipmentState | undefined> {
  const row = await trx
    .updateTable('shipments')
    .set((eb) => ({ state: eb.ref('state') }))
    .where('id', '=', shipmentId)
    .returning('state')
    .executeTakeFirst();
  return row?.state;
}
