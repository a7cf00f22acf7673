import {
  API_ERRORCODE,
  BATCH_COLUMNS,
  BATCH_LIMITS,
  BATCH_MESSAGES,
  type BatchCells,
  type BatchRowError,
  type BatchRule,
  batchRowInputs,
  batchRowKey,
  carrierWireName,
  checkBatchCells,
  fromCents,
  HOUR_MS,
  LABEL_BATCH_ERRORCODE,
  type LabelBatch,
  type LabelBatchRow as WireBatchRow,
  type LabelBatchSummary,
  type LabelOrderAddress,
  labelOrderAddressSchema,
  parcelSchema,
  parseBatchService,
  PREDEFINED_PACKAGE_IDS,
  type rateLabelBatchCall,
  SHIPMENT_MESSAGES,
  shipDateRefusal,
  shipDatesFrom,
  type uploadLabelBatchCall,
} from '@airbox/contract';
import pLimit from 'p-limit';
import type { z } from 'zod';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { type AccountBudgets, spendAccountBudget } from '../auth/account-budget.js';
import { CarrierError, type ShipmentRate } from '../../providers/carriers/carriers-provider.js';
import { CARRIER_GIVE_UP_MS } from '../carriers/carrier-purchase.js';
import { enqueueJob } from '../jobs/jobs.js';
import { insertOpenOrder, openWithProvider } from '../payments/payment-orders.js';
import { findPaymentOrder, updatePaymentOrder } from '../payments/payments.repository.js';
import { listSavedPackages } from '../saved-packages/saved-packages.repository.js';
import { lockUser } from '../users/users.repository.js';
import { readBatchUpload } from './label-batch-files.js';
import {
  countOpenBatches,
  deleteBatch,
  deleteBatchRow,
  findBatch,
  findBatchOfUser,
  insertBatch,
  insertBatchRows,
  listBatchesOfUser,
  listBatchRows,
  listRowsOfBatches,
  listUnpaidBatchesBefore,
  moveBatch,
  OPEN_BATCH_STATES,
  trackingCodesOf,
  updateBatchRow,
} from './label-batches.repository.js';
import type { LabelBatchRow, LabelBatchRowRow, LabelBatchRowUpdate } from './label-batches.table.js';
import { type LabelPurchaseDeps, postalAddress, RATES_VALID_MS, verifySide, wireRates } from './label-purchase.service.js';

/**
 * Label batches from a spreadsheet (issue 25 item 1), up to the payment: the upload read and
 * every row checked with the label page's schemas (the contract's checkBatchCells), duplicates
 * flagged, rows fixed or deleted in place, the rows verified and rated by a job (the recipient's
 * address with the same verification as the label page, the rates kept RATES_VALID_MS), one rule
 * picking each row's rate, and one payment order for all of them. After the payment:
 * label-batch-checkout.ts.
 */

export type LabelBatchDeps = LabelPurchaseDeps;

/** How long one run of a batch's job works before it leaves the rest to the next run (the job's lease is 5 minutes). */
export const BATCH_JOB_SLICE_MS = 60_000;
/**
 * Rows a unit of the account's hourly carrierCalls budget (ACCOUNT_BUDGETS, 300) pays for when a
 * batch is rated: each row is two carrier calls (its recipient verified, its parcel rated). A full
 * batch of 500 rows costs 50 units, so one fits any hour's budget beside the label page's ratings,
 * and an account asks the carriers for at most 3,000 rows an hour.
 */
export const BATCH_ROWS_PER_BUDGET_UNIT = 10;
export const batchRatingUnits = (rows: number) => Math.ceil(rows / BATCH_ROWS_PER_BUDGET_UNIT);

/** Rows verified and rated at once. */
const RATE_CONCURRENCY = 4;

export const LABEL_BATCH_SERVER_MESSAGES = {
  senderNotVerified: (reasons: string[]) => `from: ${SHIPMENT_MESSAGES.unableToVerify} ${reasons.join('; ')}`,
  abroad: (country: string) =>
    `country: a batch ships within ${country === 'US' ? 'the United States' : country} (the sender's country); buy a label to another country on the label page, with its customs declaration.`,
  notPaid: 'This batch is not paid yet: its tracking numbers come with its labels.',
  rating: 'The batch is being rated: wait until it is done.',
  ratingGaveUp: 'The carriers did not answer for two hours, so this row has no rate yet: rate the batch again.',
} as const;

const notFound = () => new AppError(404, LABEL_BATCH_ERRORCODE.notFound, BATCH_MESSAGES.notFound);
const refused = (message: string) => new AppError(409, LABEL_BATCH_ERRORCODE.refused, message);

type UploadInput = z.output<typeof uploadLabelBatchCall.request>;
type RateInput = z.output<typeof rateLabelBatchCall.request>;

// Reading stored JSON: a damaged value reads as none.
function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
export const cellsOf = (row: Pick<LabelBatchRowRow, 'cells'>) => parseJson<BatchCells>(row.cells, Object.fromEntries(BATCH_COLUMNS.map((c) => [c, ''])) as BatchCells);
const errorsOf = (row: Pick<LabelBatchRowRow, 'cell_errors'>) => parseJson<BatchRowError[]>(row.cell_errors, []);
const ratesOf = (row: Pick<LabelBatchRowRow, 'rates'>) => parseJson<ShipmentRate[] | null>(row.rates, null);
export const senderOf = (batch: Pick<LabelBatchRow, 'sender'>) => parseJson<LabelOrderAddress>(batch.sender, {} as LabelOrderAddress);

/** Whether a row's rates can still be paid as rated. */
function ratesFresh(row: Pick<LabelBatchRowRow, 'rates' | 'rated_at'>, now: Date): boolean {
  return row.rates !== null && row.rated_at !== null && now.getTime() - Date.parse(toIso(row.rated_at)) < RATES_VALID_MS;
}

const normalService = (service: string) => service.toLowerCase().replace(/[\s_-]+/g, '');

/** The rule a row follows: its own service cell, else the batch's. */
function ruleOfRow(batch: Pick<LabelBatchRow, 'rule' | 'rule_carrier' | 'rule_service'>, cells: BatchCells): { rule: BatchRule; carrier: string; service: string } {
  const own = parseBatchService(cells.service);
  if (own && own.rule === 'service') return { rule: 'service', carrier: own.carrier, service: own.service };
  if (own && own.rule !== 'batch') return { rule: own.rule, carrier: '', service: '' };
  return { rule: batch.rule, carrier: batch.rule_carrier, service: batch.rule_service };
}

const ruleText = (rule: { rule: BatchRule; carrier: string; service: string }) => (rule.rule === 'service' ? `${rule.carrier} ${rule.service}` : `the ${rule.rule} service`);

/** The rate a rule picks among a row's rates (cheapest and fastest as the label page marks them); undefined when none fits. */
export function pickRate(rates: ShipmentRate[], rule: { rule: BatchRule; carrier: string; service: string }, shipDate: string): { rate: ShipmentRate; deliveryDate: string | null } | undefined {
  const marked = wireRates(rates, shipDate);
  const index =
    rule.rule === 'service'
      ? marked.findIndex((rate) => rate.carrier === carrierWireName(rule.carrier) && normalService(rate.service) === normalService(rule.service))
      : marked.findIndex((rate) => (rule.rule === 'cheapest' ? rate.cheapest : rate.fastest));
  const wire = marked[index];
  const rate = wire && rates.find((candidate) => candidate.rateId === wire.rateId);
  return rate && wire ? { rate, deliveryDate: wire.deliveryDate } : undefined;
}

/** A row's state and picked rate before payment, from its errors, verification and rates under the batch's rule. */
function settle(batch: Pick<LabelBatchRow, 'rule' | 'rule_carrier' | 'rule_service' | 'ship_date'>, row: Pick<LabelBatchRowRow, 'cells' | 'cell_errors' | 'verify_error' | 'rates' | 'rated_at'>, now: Date): LabelBatchRowUpdate {
  const none = { rate_id: null, carrier: '', service: '', price_cents: 0, delivery_days: null, delivery_date: null };
  if (errorsOf(row).length > 0 || row.verify_error !== '') return { state: 'invalid', ...none };
  const rates = ratesOf(row);
  if (!rates || !ratesFresh(row, now)) return { state: 'ready', ...none };
  const picked = pickRate(rates, ruleOfRow(batch, cellsOf(row)), batch.ship_date);
  if (!picked) return { state: 'invalid', ...none };
  return {
    state: 'rated',
    rate_id: picked.rate.rateId,
    carrier: picked.rate.carrier,
    service: picked.rate.service,
    price_cents: picked.rate.priceCents,
    delivery_days: picked.rate.deliveryDays,
    delivery_date: picked.deliveryDate,
  };
}

/**
 * Every row's cells checked (the contract's checkBatchCells with the customer's saved package a
 * package cell names, a recipient abroad refused), then duplicates: a row the same as an earlier
 * one says which. The package cell is kept as the USPS package's own id when it names one.
 */
async function checkRows(db: Db, userId: number, sender: LabelOrderAddress, rows: readonly { row_no: number; cells: BatchCells }[]) {
  const saved = await listSavedPackages(db, userId);
  const byName = new Map(saved.map((entry) => [entry.name.toLowerCase(), entry]));
  const firstOf = new Map<string, number>();
  return rows.map(({ row_no, cells: given }) => {
    const packageCell = given.package.trim();
    const predefined = PREDEFINED_PACKAGE_IDS.find((id) => id.toLowerCase() === packageCell.toLowerCase());
    const cells = { ...given, package: predefined ?? packageCell };
    const savedPackage = packageCell !== '' && !predefined ? byName.get(packageCell.toLowerCase()) : undefined;
    const errors: BatchRowError[] = [];
    if (packageCell !== '' && !predefined && !savedPackage) {
      errors.push(...checkBatchCells({ ...cells, package: '' }).filter((error) => !['length', 'width', 'height'].includes(error.column ?? '')));
      errors.push({ column: 'package', message: BATCH_MESSAGES.unknownPackage(packageCell) });
    } else {
      errors.push(
        ...checkBatchCells(
          cells,
          savedPackage && { predefinedPackage: savedPackage.predefined_package, length: savedPackage.length_in, width: savedPackage.width_in, height: savedPackage.height_in, weight: savedPackage.weight_oz },
        ),
      );
    }
    const country = (cells.country.trim().toUpperCase() || 'US').replace(/^USA$/, 'US');
    if (!errors.some((error) => error.column === 'country') && country !== sender.country && /^[A-Z]{2}$/.test(country)) {
      errors.push({ column: 'country', message: LABEL_BATCH_SERVER_MESSAGES.abroad(sender.country) });
    }
    const key = batchRowKey(cells);
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, row_no);
    else errors.push({ column: null, message: BATCH_MESSAGES.duplicate(first) });
    const ordered = [...BATCH_COLUMNS.flatMap((column) => errors.filter((error) => error.column === column)), ...errors.filter((error) => error.column === null)];
    return { row_no, cells, errors: ordered, savedPackage };
  });
}

/** The parcel of a row for the carrier: its cells through the label page's parcelSchema (the row passed its checks). */
export async function parcelOfRow(db: Db, userId: number, cells: BatchCells) {
  const saved = cells.package !== '' && !PREDEFINED_PACKAGE_IDS.includes(cells.package as (typeof PREDEFINED_PACKAGE_IDS)[number])
    ? (await listSavedPackages(db, userId)).find((entry) => entry.name.toLowerCase() === cells.package.toLowerCase())
    : undefined;
  const inputs = batchRowInputs(
    cells,
    saved && { predefinedPackage: saved.predefined_package, length: saved.length_in, width: saved.width_in, height: saved.height_in, weight: saved.weight_oz },
  );
  const parcel = parcelSchema.parse(inputs.parcel);
  return {
    lengthIn: parcel.length,
    widthIn: parcel.width,
    heightIn: parcel.height,
    weightOz: parcel.weightLb * 16 + parcel.weightOz,
    ...(parcel.predefinedPackage ? { predefinedPackage: parcel.predefinedPackage } : {}),
  };
}

/** The recipient of a row as the label page's rate call takes it. */
export function recipientOfRow(cells: BatchCells): LabelOrderAddress {
  return labelOrderAddressSchema.parse(batchRowInputs(cells).recipient);
}

// The wire.

function wireErrors(batch: LabelBatchRow, row: LabelBatchRowRow, now: Date): BatchRowError[] {
  const errors = errorsOf(row);
  if (row.verify_error !== '') errors.push({ column: null, message: BATCH_MESSAGES.notVerified(row.verify_error) });
  if (row.state === 'invalid' && errors.length === 0 && ratesFresh(row, now)) errors.push({ column: null, message: BATCH_MESSAGES.noRateForRule(ruleText(ruleOfRow(batch, cellsOf(row)))) });
  return errors;
}

function toWireRow(batch: LabelBatchRow, row: LabelBatchRowRow, now: Date, tracking: Map<number, { trackingCode: string; orderNo: string }>): WireBatchRow {
  const label = row.shipment_id === null ? undefined : tracking.get(row.shipment_id);
  const picked = row.rate_id !== null || row.state === 'queued' || row.state === 'bought' || row.state === 'failed';
  return {
    row: row.row_no,
    cells: cellsOf(row),
    state: row.state,
    errors: wireErrors(batch, row, now),
    notes: parseJson<string[]>(row.notes, []),
    rate:
      picked && row.carrier !== ''
        ? { carrier: carrierWireName(row.carrier), service: row.service, rate: fromCents(row.price_cents), deliveryDays: row.delivery_days, deliveryDate: row.delivery_date }
        : null,
    shippingIndexID: row.shipment_id,
    orderNo: label?.orderNo ?? '',
    trackingNum: label?.trackingCode ?? '',
    // A queued row's note is a run's claim on it, not for the customer.
    note: row.state === 'queued' ? '' : row.note,
    refund: row.refund_state,
    refundAmount: fromCents(row.refund_cents),
  };
}

function toSummary(batch: LabelBatchRow, rows: readonly LabelBatchRowRow[], now: Date): LabelBatchSummary {
  const count = (state: LabelBatchRowRow['state']) => rows.filter((row) => row.state === state).length;
  const counts = { rows: rows.length, invalid: count('invalid'), ready: count('ready'), rated: count('rated'), queued: count('queued'), bought: count('bought'), failed: count('failed') };
  const toRate = rows.filter((row) => errorsOf(row).length === 0);
  const progress =
    batch.state === 'buying' || batch.state === 'finished'
      ? { done: counts.bought + counts.failed, total: counts.bought + counts.failed + counts.queued }
      : { done: toRate.filter((row) => row.verify_error !== '' || ratesFresh(row, now)).length, total: toRate.length };
  const paid = batch.state === 'paying' || batch.state === 'buying' || batch.state === 'finished';
  const ratedAt = rows.filter((row) => row.state === 'rated' && row.rated_at !== null).map((row) => Date.parse(toIso(row.rated_at!)));
  const expires = (batch.state === 'rated' || batch.state === 'paying') && ratedAt.length > 0 ? new Date(Math.min(...ratedAt) + RATES_VALID_MS).toISOString() : '';
  return {
    id: batch.id,
    createTime: toIso(batch.created_at),
    fileName: batch.file_name,
    state: batch.state,
    rule: batch.rule,
    ruleCarrier: batch.rule === 'service' ? carrierWireName(batch.rule_carrier) : '',
    ruleService: batch.rule === 'service' ? batch.rule_service : '',
    shipDate: batch.ship_date,
    counts,
    progress,
    total: fromCents(paid ? batch.total_cents : rows.filter((row) => row.state === 'rated').reduce((sum, row) => sum + row.price_cents, 0)),
    refunded: fromCents(batch.refunded_cents),
    ratesExpireAt: expires,
    paidAt: batch.paid_at === null ? '' : toIso(batch.paid_at),
    finishedAt: batch.finished_at === null ? '' : toIso(batch.finished_at),
  };
}

async function toBatch(db: Db, batch: LabelBatchRow, rows: readonly LabelBatchRowRow[], now: Date): Promise<LabelBatch> {
  const tracking = await trackingCodesOf(db, rows.flatMap((row) => (row.shipment_id === null ? [] : [row.shipment_id])));
  const services = new Map<string, { carrier: string; service: string; rows: number }>();
  for (const row of rows) {
    if (!ratesFresh(row, now)) continue;
    for (const rate of ratesOf(row) ?? []) {
      const key = `${rate.carrier} ${rate.service}`;
      const entry = services.get(key) ?? { carrier: carrierWireName(rate.carrier), service: rate.service, rows: 0 };
      entry.rows += 1;
      services.set(key, entry);
    }
  }
  const sender = senderOf(batch);
  return {
    ...toSummary(batch, rows, now),
    from: {
      firstName: sender.firstName ?? '',
      lastName: sender.lastName ?? '',
      company: sender.company ?? '',
      address1: sender.address1 ?? '',
      address2: sender.address2 ?? '',
      city: sender.city ?? '',
      state: sender.state ?? '',
      zipcode: sender.zipcode ?? '',
      country: sender.country ?? 'US',
      phone: sender.phone ?? '',
      email: sender.email ?? '',
    },
    services: [...services.values()].sort((a, b) => a.carrier.localeCompare(b.carrier) || a.service.localeCompare(b.service)),
    rows: rows.map((row) => toWireRow(batch, row, now, tracking)),
  };
}

/** getLabelBatchCall: one of the user's batches with its rows. */
export async function labelBatchOf(deps: Pick<LabelBatchDeps, 'db' | 'config'>, userId: number, id: number): Promise<LabelBatch> {
  const batch = await findBatchOfUser(deps.db, userId, id);
  if (!batch) throw notFound();
  return toBatch(deps.db, batch, await listBatchRows(deps.db, id), deps.config.clock());
}

/** getLabelBatchesCall: the user's batches, newest first, without their rows. */
export async function labelBatchesOf(deps: Pick<LabelBatchDeps, 'db' | 'config'>, userId: number): Promise<LabelBatchSummary[]> {
  const batches = await listBatchesOfUser(deps.db, userId, BATCH_LIMITS.listed);
  const rows = await listRowsOfBatches(deps.db, batches.map((batch) => batch.id));
  const now = deps.config.clock();
  return batches.map((batch) => toSummary(batch, rows.get(batch.id) ?? [], now));
}

/**
 * uploadLabelBatchCall: the file or pasted text read (refused 400 before anything is kept), the
 * ship date and the sender checked (the sender verified by the carriers), at most
 * BATCH_LIMITS.openBatches unpaid batches; the batch and its checked rows in one transaction.
 */
export async function uploadLabelBatch(deps: LabelBatchDeps, userId: number, input: UploadInput): Promise<LabelBatch> {
  const read = readBatchUpload(input);
  const now = deps.config.clock();
  const shipDates = shipDatesFrom(now, input.from.state);
  const shipDate = input.shipDate ?? shipDates[0]!;
  const shipDateProblem = shipDateRefusal(shipDate, shipDates);
  if (shipDateProblem) throw AppError.invalid(shipDateProblem);
  if ((await countOpenBatches(deps.db, userId)) >= BATCH_LIMITS.openBatches) throw new AppError(409, API_ERRORCODE.limitReached, BATCH_MESSAGES.openBatches(BATCH_LIMITS.openBatches));
  const sender = await verifySide(deps, 'from', input.from);
  if (sender.problems) throw AppError.invalid(LABEL_BATCH_SERVER_MESSAGES.senderNotVerified(sender.problems));
  const checked = await checkRows(
    deps.db,
    userId,
    input.from,
    read.rows.map((row, i) => ({ row_no: i + 1, cells: row.cells })),
  );
  const nowIso = now.toISOString();
  const id = await writeTransaction(deps.db, async (trx) => {
    // One upload at a time per customer (the user's row locked on PostgreSQL; SQLite's write transaction is one at a time).
    await lockUser(trx, userId);
    if ((await countOpenBatches(trx, userId)) >= BATCH_LIMITS.openBatches) throw new AppError(409, API_ERRORCODE.limitReached, BATCH_MESSAGES.openBatches(BATCH_LIMITS.openBatches));
    const batchId = await insertBatch(trx, {
      user_id: userId,
      state: 'draft',
      file_name: input.file !== '' ? input.fileName.slice(0, BATCH_LIMITS.fileNameMax) : '',
      sender: JSON.stringify(input.from),
      ship_date: shipDate,
      payment_order_id: null,
      paid_at: null,
      finished_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await insertBatchRows(
      trx,
      checked.map((row) => ({
        batch_id: batchId,
        row_no: row.row_no,
        cells: JSON.stringify(row.cells),
        cell_errors: JSON.stringify(row.errors),
        state: row.errors.length > 0 ? 'invalid' : 'ready',
        rates: null,
        provider_shipment_id: null,
        rated_at: null,
        rate_id: null,
        delivery_days: null,
        delivery_date: null,
        shipment_id: null,
        refund_state: null,
        updated_at: nowIso,
      })),
    );
    return batchId;
  });
  deps.log.info({ batch: id, rows: checked.length, invalid: checked.filter((row) => row.errors.length > 0).length }, 'label batch uploaded');
  return labelBatchOf(deps, userId, id);
}

/** States in which a batch's rows may change: not while the job rates it, nor once paid. */
const EDITABLE: readonly LabelBatchRow['state'][] = ['draft', 'rating', 'rated', 'paying'];

/**
 * A batch still 'rating' this long after it was asked is taken as stalled (its job's tries ran out:
 * 500 rows take minutes even on a slow carrier): it may change and be rated again.
 */
export const RATING_STALLED_MS = 6 * HOUR_MS;

/**
 * In the caller's write transaction: one of the user's batches that may change. One whose payment
 * is open (the payer left the provider's page without paying) has it cancelled first, so it can no
 * longer be captured; refused while that money is being taken.
 */
async function editableBatch(trx: Db, userId: number, id: number, now: Date): Promise<LabelBatchRow> {
  // The customer locked first (on PostgreSQL; SQLite's write transactions are one at a time): a change of the rows and
  // a payment (payLabelBatch) never interleave, so an order is opened for the rows as they stand.
  await lockUser(trx, userId);
  const batch = await findBatchOfUser(trx, userId, id);
  if (!batch) throw notFound();
  // A rating whose job gave up (the carriers down for hours) leaves the batch to change and rate again.
  if (batch.state === 'rating' && now.getTime() - Date.parse(toIso(batch.updated_at)) < RATING_STALLED_MS) throw refused(LABEL_BATCH_SERVER_MESSAGES.rating);
  if (!EDITABLE.includes(batch.state)) throw refused(BATCH_MESSAGES.notEditable);
  if (batch.state === 'paying' && !(await closeOpenPayment(trx, batch.payment_order_id))) throw refused(BATCH_MESSAGES.payingAlready);
  return batch;
}

/**
 * In the caller's transaction: every row of the batch checked again (a change to one row can make
 * or end another's duplicate) and settled; rows whose errors or state change are written. The
 * batch goes back to draft (rated again before it is paid).
 */
async function recheckBatch(trx: Db, deps: Pick<LabelBatchDeps, 'config'>, batch: LabelBatchRow, changed?: { rowId: number; cells: BatchCells }): Promise<void> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const rows = await listBatchRows(trx, batch.id);
  const checked = await checkRows(
    trx,
    batch.user_id,
    senderOf(batch),
    rows.map((row) => ({ row_no: row.row_no, cells: row.id === changed?.rowId ? changed.cells : cellsOf(row) })),
  );
  for (const [i, row] of rows.entries()) {
    const check = checked[i]!;
    const isChanged = row.id === changed?.rowId;
    const cellErrors = JSON.stringify(check.errors);
    const next = isChanged
      ? { ...row, cells: JSON.stringify(check.cells), cell_errors: cellErrors, verify_error: '', notes: '[]', rates: null, rated_at: null, provider_shipment_id: null }
      : { ...row, cell_errors: cellErrors };
    const settled = settle(batch, next, now);
    if (!isChanged && next.cell_errors === row.cell_errors && settled.state === row.state && settled.rate_id === row.rate_id) continue;
    await updateBatchRow(trx, row.id, {
      ...(isChanged ? { cells: next.cells, verify_error: '', notes: '[]', rates: null, rated_at: null, provider_shipment_id: null } : {}),
      cell_errors: cellErrors,
      ...settled,
      updated_at: nowIso,
    });
  }
  await moveBatch(trx, batch.id, EDITABLE, { state: 'draft', updated_at: nowIso });
}

/** updateLabelBatchRowCall: one row's cells replaced and checked again with the whole batch. */
export async function updateLabelBatchRow(deps: LabelBatchDeps, userId: number, input: { batchId: number; row: number; cells: BatchCells }): Promise<LabelBatch> {
  await writeTransaction(deps.db, async (trx) => {
    const batch = await editableBatch(trx, userId, input.batchId, deps.config.clock());
    const row = (await listBatchRows(trx, batch.id)).find((candidate) => candidate.row_no === input.row);
    if (!row) throw new AppError(404, LABEL_BATCH_ERRORCODE.notFound, BATCH_MESSAGES.rowNotFound);
    const cells = Object.fromEntries(BATCH_COLUMNS.map((column) => [column, input.cells[column].trim()])) as BatchCells;
    await recheckBatch(trx, deps, batch, { rowId: row.id, cells });
  });
  return labelBatchOf(deps, userId, input.batchId);
}

/** deleteLabelBatchRowCall: one row deleted; the others keep their numbers and are checked again (a duplicate may end). */
export async function deleteLabelBatchRow(deps: LabelBatchDeps, userId: number, input: { batchId: number; row: number }): Promise<LabelBatch> {
  await writeTransaction(deps.db, async (trx) => {
    const batch = await editableBatch(trx, userId, input.batchId, deps.config.clock());
    const row = (await listBatchRows(trx, batch.id)).find((candidate) => candidate.row_no === input.row);
    if (!row) throw new AppError(404, LABEL_BATCH_ERRORCODE.notFound, BATCH_MESSAGES.rowNotFound);
    await deleteBatchRow(trx, row.id);
    await recheckBatch(trx, deps, batch);
  });
  return labelBatchOf(deps, userId, input.batchId);
}

/** The batch's state once its rows are settled: rated when every row has its rate, else draft. */
const settledState = (rows: readonly Pick<LabelBatchRowRow, 'state'>[]) => (rows.length > 0 && rows.every((row) => row.state === 'rated') ? 'rated' : 'draft');

/**
 * rateLabelBatchCall: the rule kept and applied to every row whose rates are fresh; when some row
 * has none (new, fixed, or older than RATES_VALID_MS) the batch is 'rating' and the job asks the
 * carriers. Refused while a row has errors in its cells.
 */
export async function rateLabelBatch(deps: LabelBatchDeps & { accountBudgets: AccountBudgets }, userId: number, input: RateInput): Promise<LabelBatch> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  await writeTransaction(deps.db, async (trx) => {
    const batch = await editableBatch(trx, userId, input.id, now);
    const rows = await listBatchRows(trx, batch.id);
    if (rows.length === 0) throw refused(BATCH_MESSAGES.empty);
    const withErrors = rows.filter((row) => errorsOf(row).length > 0).length;
    if (withErrors > 0) throw refused(BATCH_MESSAGES.hasErrors(withErrors));
    const ruled = { ...batch, rule: input.rule, rule_carrier: input.rule === 'service' ? input.carrier : '', rule_service: input.rule === 'service' ? input.service : '' };
    const settled = rows.map((row) => ({ row, changes: settle(ruled, row, now) }));
    for (const { row, changes } of settled) {
      if (changes.state !== row.state || changes.rate_id !== row.rate_id) await updateBatchRow(trx, row.id, { ...changes, updated_at: nowIso });
    }
    const rowsToRate = settled.filter(({ changes }) => changes.state === 'ready').length;
    const toRate = rowsToRate > 0;
    // The carriers asked for these rows (a verification and a rating each) cost the account's hourly budget by their
    // number; rows with fresh rates cost nothing. Refused 429 as the other carrier calls are; nothing changes then.
    if (toRate) await spendAccountBudget(deps.accountBudgets, userId, 'carrierCalls', batchRatingUnits(rowsToRate));
    const state = toRate ? 'rating' : settledState(settled.map(({ changes }) => ({ state: changes.state ?? 'ready' })));
    await moveBatch(trx, batch.id, EDITABLE, { state, rule: ruled.rule, rule_carrier: ruled.rule_carrier, rule_service: ruled.rule_service, updated_at: nowIso });
    if (toRate) await enqueueJob(trx, now, 'label-batch-rate', { batchId: batch.id });
  });
  return labelBatchOf(deps, userId, input.id);
}

/** One row verified (its recipient, as the label page verifies one) and rated; its rates kept with when. */
async function rateRow(deps: LabelBatchDeps, batch: LabelBatchRow, row: LabelBatchRowRow): Promise<void> {
  const cells = cellsOf(row);
  const to = recipientOfRow(cells);
  const nowIso = deps.config.clock().toISOString();
  const verified = await verifySide(deps, 'to', to);
  if (verified.problems) {
    await updateBatchRow(deps.db, row.id, { verify_error: verified.problems.map((problem) => problem.replace(/^Recipient: /, '')).join('; '), state: 'invalid', updated_at: nowIso }, ['ready']);
    return;
  }
  let rated: { shipmentId: string; rates: ShipmentRate[]; messages: string[] };
  try {
    rated = await deps.carriers.rateShipment({ from: postalAddress(senderOf(batch)), to: postalAddress(to), parcel: await parcelOfRow(deps.db, batch.user_id, cells), shipDate: batch.ship_date });
  } catch (error) {
    // No carrier takes it: no rates, which the rule then says.
    if (!(error instanceof CarrierError) || error.retryable || error.code === 'UNAUTHORIZED' || error.code === 'PAYMENT_REQUIRED') throw error;
    rated = { shipmentId: '', rates: [], messages: [error.message] };
  }
  const next = { ...row, rates: JSON.stringify(rated.rates), rated_at: nowIso, verify_error: '' };
  await updateBatchRow(
    deps.db,
    row.id,
    { rates: next.rates, rated_at: nowIso, provider_shipment_id: rated.shipmentId || null, notes: JSON.stringify(verified.notes.map((note) => note.replace(/^Recipient: /, ''))), ...settle(batch, next, deps.config.clock()), updated_at: nowIso },
    ['ready'],
  );
}

/**
 * The rating job: the batch's rows without fresh rates verified and rated, RATE_CONCURRENCY at a
 * time, each kept as it is done (a restart goes on from there); a run works BATCH_JOB_SLICE_MS
 * then leaves the rest to the next. Done: rated when every row has its rate, else draft (the rows
 * say why). A carrier that does not answer throws: the job tries again.
 */
export async function runBatchRating(deps: LabelBatchDeps, batchId: number): Promise<void> {
  const batch = await findBatch(deps.db, batchId);
  if (batch?.state !== 'rating') return;
  const started = Date.now();
  const limit = pLimit(RATE_CONCURRENCY);
  const rows = (await listBatchRows(deps.db, batchId)).filter((row) => row.state === 'ready');
  let more = false;
  try {
    await Promise.all(
      rows.map((row) =>
        limit(async () => {
          if (Date.now() - started > BATCH_JOB_SLICE_MS) {
            more = true;
            return;
          }
          await rateRow(deps, batch, row);
        }),
      ),
    );
  } catch (error) {
    // The carriers have not answered since the rating was asked (CARRIER_GIVE_UP_MS, before the job's tries run out):
    // the batch goes back to draft, its unrated rows saying so, to be rated again rather than stay 'rating'.
    const askedMs = deps.config.clock().getTime() - Date.parse(toIso(batch.updated_at));
    if (askedMs < CARRIER_GIVE_UP_MS) throw error;
    await giveUpRating(deps, batchId);
    deps.log.error({ err: error, batch: batchId }, 'the carriers did not answer a label batch rating for two hours; the batch is a draft again');
    return;
  }
  const now = deps.config.clock();
  if (more) {
    await enqueueJob(deps.db, now, 'label-batch-rate', { batchId });
    return;
  }
  const done = await listBatchRows(deps.db, batchId);
  if (done.some((row) => row.state === 'ready')) throw new Error(`label batch ${batchId}: rows left unrated`);
  await moveBatch(deps.db, batchId, ['rating'], { state: settledState(done), updated_at: now.toISOString() });
  deps.log.info({ batch: batchId, rows: done.length, rated: done.filter((row) => row.state === 'rated').length }, 'label batch rated');
}

/** A rating given up: its rows still without rates say why, and the batch is a draft again (rated afresh when asked). */
async function giveUpRating(deps: Pick<LabelBatchDeps, 'db' | 'config'>, batchId: number): Promise<void> {
  const nowIso = deps.config.clock().toISOString();
  await writeTransaction(deps.db, async (trx) => {
    if (!(await moveBatch(trx, batchId, ['rating'], { state: 'draft', updated_at: nowIso }))) return;
    for (const row of await listBatchRows(trx, batchId)) {
      if (row.state !== 'ready') continue;
      await updateBatchRow(trx, row.id, { notes: JSON.stringify([...parseJson<string[]>(row.notes, []), LABEL_BATCH_SERVER_MESSAGES.ratingGaveUp]), updated_at: nowIso });
    }
  });
}

/**
 * In the caller's transaction: the payment order a batch last opened is closed so it can no longer
 * be captured (created → cancelled); false while its money is being taken, or was taken and kept
 * (an order refunded whole, as one paid for rows that changed, is closed).
 */
async function closeOpenPayment(trx: Db, paymentOrderId: number | null): Promise<boolean> {
  if (paymentOrderId === null) return true;
  const order = await findPaymentOrder(trx, paymentOrderId);
  if (order === undefined) return false;
  return order.status === 'cancelled' || order.status === 'failed' || order.status === 'refunded' || updatePaymentOrder(trx, order.id, ['created'], { status: 'cancelled' });
}

/**
 * payLabelBatchCall: one payment order for every row's rate (what the rows were rated, never a
 * request's), while the oldest rate is younger than RATES_VALID_MS; paying again cancels the
 * order opened before. Answers the provider's approval page.
 */
export async function payLabelBatch(deps: LabelBatchDeps, userId: number, id: number): Promise<string> {
  const now = deps.config.clock();
  const opened = await writeTransaction(deps.db, async (trx) => {
    // The customer locked first, as every change of a batch locks it (editableBatch): a rating with another rule is
    // then wholly before or after this, and the rows read below are the ones the order is for.
    await lockUser(trx, userId);
    const batch = await findBatchOfUser(trx, userId, id);
    if (!batch) throw notFound();
    if (batch.state !== 'rated' && batch.state !== 'paying') throw refused(batch.state === 'buying' || batch.state === 'finished' ? BATCH_MESSAGES.notEditable : BATCH_MESSAGES.notRated);
    const rows = await listBatchRows(trx, id);
    if (rows.length === 0 || rows.some((row) => row.state !== 'rated')) throw refused(BATCH_MESSAGES.notRated);
    if (rows.some((row) => !ratesFresh(row, now))) throw new AppError(409, LABEL_BATCH_ERRORCODE.expired, BATCH_MESSAGES.expired);
    const totalCents = rows.reduce((sum, row) => sum + row.price_cents, 0);
    const order = {
      userId,
      purpose: 'label-batch' as const,
      plan: null,
      quantity: rows.length,
      amountCents: totalCents,
      description: `${rows.length} shipping label${rows.length === 1 ? '' : 's'}, batch ${id}`,
    };
    if (!(await closeOpenPayment(trx, batch.payment_order_id))) throw refused(BATCH_MESSAGES.payingAlready);
    const created = await insertOpenOrder(trx, deps, order);
    const moved = await moveBatch(trx, id, [batch.state], { state: 'paying', payment_order_id: created.id, total_cents: totalCents, updated_at: now.toISOString() });
    if (!moved) throw refused(BATCH_MESSAGES.payingAlready);
    return { created, order };
  });
  return openWithProvider(deps, opened.created, opened.order);
}

/** deleteLabelBatchCall: a batch not paid deleted with its rows, its open payment cancelled first. */
export async function deleteLabelBatch(deps: Pick<LabelBatchDeps, 'db'>, userId: number, id: number): Promise<void> {
  await writeTransaction(deps.db, async (trx) => {
    // The customer first, as the customer's changes of a batch take them (editableBatch, payLabelBatch):
    // paying again holds the batch and then cancels the order opened before, while the delete closed
    // that order and then wanted the batch, a deadlock on PostgreSQL. Capture and the buying jobs
    // take no customer, and the payment order or the batch first.
    await lockUser(trx, userId);
    const batch = await findBatchOfUser(trx, userId, id);
    if (!batch) throw notFound();
    if (batch.state === 'buying' || batch.state === 'finished') throw refused(BATCH_MESSAGES.notDeletable);
    if (!(await closeOpenPayment(trx, batch.payment_order_id))) throw refused(BATCH_MESSAGES.notDeletable);
    if (!(await deleteBatch(trx, id, ['draft', 'rating', 'rated', 'paying']))) throw refused(BATCH_MESSAGES.notDeletable);
  });
}

/**
 * The hourly clean-up: batches not paid (draft, rating, rated, and paying: a payment left open at
 * the provider) last changed before `beforeIso`, deleted with their rows, each in its transaction
 * with its open payment cancelled first (so approving it later buys nothing and is given back); a
 * batch whose money is being taken stays. Answers how many were deleted.
 */
export async function deleteUnpaidBatches(deps: Pick<LabelBatchDeps, 'db'>, beforeIso: string): Promise<number> {
  let deleted = 0;
  for (const { id } of await listUnpaidBatchesBefore(deps.db, beforeIso)) {
    const gone = await writeTransaction(deps.db, async (trx) => {
      // Its customer first, as deleteLabelBatch, then the batch read again under that lock.
      const owner = await findBatch(trx, id);
      if (!owner) return false;
      await lockUser(trx, owner.user_id);
      const batch = await findBatch(trx, id);
      if (!batch || !OPEN_BATCH_STATES.includes(batch.state) || toIso(batch.updated_at) >= beforeIso) return false;
      if (!(await closeOpenPayment(trx, batch.payment_order_id))) return false;
      return deleteBatch(trx, id, OPEN_BATCH_STATES);
    });
    if (gone) deleted += 1;
  }
  return deleted;
}
