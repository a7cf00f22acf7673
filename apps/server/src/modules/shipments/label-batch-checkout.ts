import { randomBytes } from 'node:crypto';
import {
  APP_BASE,
  APP_PATHS,
  appUrl,
  BATCH_MESSAGES,
  formatUsd,
  LABEL_BATCH_ERRORCODE,
  labelBatchFileName,
  type LabelFormatId,
} from '@airbox/contract';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { AppError } from '../../errors.js';
import { CarrierError, type Postage } from '../../providers/carriers/carriers-provider.js';
import { labelPngPagesPdf, mergeLabelPdfs, renderLetterSheets } from '../../workers/cpu-work.js';
import { CARRIER_GIVE_UP_MS, MONEY_BACK } from '../carriers/carrier-purchase.js';
import { enqueueJob } from '../jobs/jobs.js';
import { notify } from '../notifications/notify.js';
import { recordPurchase } from '../operations/ledger.js';
import type { CheckoutPurpose } from '../payments/checkout.js';
import { PAY_CANCEL_PAGE, PAY_SUCCESS_PAGE, refundJobRunAt, refundPartOfPaymentOrder } from '../payments/payment-orders.js';
import { findUserById, lockUser } from '../users/users.repository.js';
import { trackingCsv } from './label-batch-files.js';
import {
  addBatchRefund,
  claimQueuedRow,
  findBatch,
  findBatchOfPayment,
  findBatchOfUser,
  findBatchRow,
  listBatchRows,
  markRowRefunded,
  moveBatch,
  queueRatedRows,
  releaseQueuedRow,
  trackingCodesOf,
  updateBatchRow,
} from './label-batches.repository.js';
import type { LabelBatchRow, LabelBatchRowRow } from './label-batches.table.js';
import { BATCH_JOB_SLICE_MS, cellsOf, LABEL_BATCH_SERVER_MESSAGES, type LabelBatchDeps, parcelOfRow, recipientOfRow, senderOf } from './label-batches.service.js';
import { labelDownloadOf, labelFormatOf } from './label-files.js';
import { addressColumns, orderNumber } from './label-purchase.service.js';
import { findLabelFile, insertInvoice, insertShipment, saveShipmentLabels, updateShipment } from './shipments.repository.js';

/**
 * A batch of labels after its one payment (issue 25 item 1). The checkout's purpose
 * 'label-batch': the money taken moves the batch paying → buying and its rows rated → queued in
 * the capture's transaction (once, whatever is replayed or raced), with the job that buys them.
 * The job buys the rows one by one, each with its own key at the carrier (a retry or a second
 * run never buys a row twice) and recorded in one transaction (the row bought, its label a row of
 * Purchased Labels with its files, invoice and ledger line); a row the carrier refuses ends
 * failed and its amount goes back once (a job keyed by the row: part of the batch's payment).
 * Progress is the rows' states, so a restart goes on where it stopped. The customer is mailed
 * when every row is done; then one file of the labels and a CSV of tracking numbers.
 */

const batchPage = (id: number) => APP_PATHS.labelBatches.getHref(id);

/** The buying job's key: one per batch and first row it starts from (a run that stops early enqueues the next). */
async function enqueueBuying(db: Db, now: Date, batchId: number, fromRow: number, runAt?: Date): Promise<void> {
  await enqueueJob(db, now, 'label-batch-buy', { batchId }, { uniqueKey: `label-batch-buy:${batchId}:${fromRow}`, ...(runAt ? { runAt } : {}) });
}

export const labelBatchCheckout: CheckoutPurpose = {
  name: 'label-batch',
  describe: (order) => `${order.quantity} shipping label${order.quantity === 1 ? '' : 's'}`,
  tryAgain: { label: 'Label Batches', path: APP_PATHS.labelBatches.getHref() },

  async taken(trx, deps, order, now) {
    const batch = await findBatchOfPayment(trx, order.id);
    if (batch?.state !== 'paying') return undefined;
    const nowIso = now.toISOString();
    // The money must be what the rows cost as they now stand: rows changed after the order was opened (a rating with
    // another rule racing the payment) are not bought for another amount: the money goes back whole (the checkout
    // refunds what no purpose took) and the batch is a draft again, to rate and pay afresh.
    const rows = await listBatchRows(trx, batch.id);
    const rowsCents = rows.reduce((sum, row) => sum + row.price_cents, 0);
    if (rows.length === 0 || rows.some((row) => row.state !== 'rated') || rowsCents !== order.amount_cents) {
      deps.log.error({ batch: batch.id, paymentOrder: order.id, orderCents: order.amount_cents, rowsCents }, 'a label batch was paid for other rows than it now has; the payment is given back');
      await moveBatch(trx, batch.id, ['paying'], { state: 'draft', updated_at: nowIso });
      return undefined;
    }
    if (!(await moveBatch(trx, batch.id, ['paying'], { state: 'buying', paid_at: nowIso, updated_at: nowIso }))) return undefined;
    await queueRatedRows(trx, batch.id, nowIso);
    await enqueueBuying(trx, now, batch.id, 0);
    deps.log.info({ batch: batch.id, paymentOrder: order.id }, 'label batch paid: its labels are bought by its job');
    return {};
  },

  /** The provider took another amount (all given back): the batch can be paid again, rated afresh. */
  async refunded(trx, deps, order) {
    const batch = await findBatchOfPayment(trx, order.id);
    if (batch) await moveBatch(trx, batch.id, ['paying'], { state: 'draft', updated_at: deps.config.clock().toISOString() });
  },

  /** The payer cancelled: the batch stays rated, to pay again while its rates last. */
  async cancelled(db, deps, order) {
    const batch = await findBatchOfPayment(db, order.id);
    if (batch) await moveBatch(db, batch.id, ['paying'], { state: 'rated', updated_at: deps.config.clock().toISOString() });
  },

  async page(deps, order) {
    const batch = await findBatchOfPayment(deps.db, order.id);
    if (!batch) return PAY_CANCEL_PAGE;
    if (batch.state === 'buying' || batch.state === 'finished') return `${PAY_SUCCESS_PAGE}?redirect=${encodeURIComponent(batchPage(batch.id))}`;
    return `${APP_BASE}${batchPage(batch.id)}`;
  },
  pendingPage: () => `${APP_BASE}${APP_PATHS.payPending.getHref({ redirect: APP_PATHS.labelBatches.getHref() })}`,
};

/** Why the carrier refused a row, as the row and the customer read it. */
function refusalNote(error: CarrierError, cents: number): string {
  const why =
    error.code === 'ADDRESS.VERIFY.FAILURE'
      ? 'an address could not be verified'
      : error.code === 'NOT_FOUND'
        ? 'the rate is no longer offered'
        : error.code === 'UNAVAILABLE' || error.code === 'RATE_LIMITED'
          ? 'the carrier did not answer for two hours'
          : 'the carrier declined to make it';
  return `The carrier refused this label (${why}: ${error.message}). Its ${formatUsd(cents)} was refunded.`;
}

/** In one transaction: the row bought (from queued, so once), its label a shipment with its files, invoice and ledger line. */
async function recordRow(deps: LabelBatchDeps, batch: LabelBatchRow, row: LabelBatchRowRow, postage: Postage, files: { PNG: Buffer; PDF: Buffer }): Promise<boolean> {
  const cells = cellsOf(row);
  const to = recipientOfRow(cells);
  const from = senderOf(batch);
  const parcel = await parcelOfRow(deps.db, batch.user_id, cells);
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  return writeTransaction(deps.db, async (trx) => {
    // The customer's row locked first, as the ledger line below locks it (two rows recorded at once then wait, never deadlock);
    // then the row claimed (only from queued, so once: a second run at the same moment finds it bought).
    const user = await lockUser(trx, batch.user_id);
    if (!user) throw new Error(`label batch ${batch.id} names a missing user`);
    if (!(await updateBatchRow(trx, row.id, { state: 'bought', carrier: postage.carrier, service: postage.service, note: '', updated_at: nowIso }, ['queued']))) return false;
    const shipmentId = await insertShipment(trx, {
      user_id: batch.user_id,
      order_no: `batch-${randomBytes(12).toString('hex')}`,
      box_id: user.box_id ?? '',
      state: 'bought',
      provider: deps.carriers.name,
      provider_shipment_id: postage.shipmentId,
      rates: row.rates ?? '[]',
      rated_at: row.rated_at === null ? nowIso : toIso(row.rated_at),
      rate_id: row.rate_id,
      carrier: postage.carrier,
      service: postage.service,
      delivery_days: row.delivery_days,
      ship_date: batch.ship_date,
      rate_cents: row.price_cents,
      retail_cents: row.price_cents,
      list_cents: row.price_cents,
      insured_value_cents: 0,
      insurance_cents: 0,
      discount_cents: 0,
      total_cents: row.price_cents,
      comments: cells.comments.replace(/\s+/g, ' ').trim(),
      length_in: parcel.lengthIn,
      width_in: parcel.widthIn,
      height_in: parcel.heightIn,
      weight_oz: parcel.weightOz,
      predefined_package: parcel.predefinedPackage ?? null,
      // The batch's one payment pays for it (label_batch_rows.shipment_id names the row): a payment order is one label's only.
      payment_order_id: null,
      saved_order_id: null,
      tracking_code: postage.trackingCode,
      tracker_id: postage.trackerId,
      refund_requested_at: null,
      refunded_at: null,
      pickup_id: null,
      tracking_token: null,
      bought_at: nowIso,
      purchase_note: '',
      created_at: nowIso,
      updated_at: nowIso,
      ...addressColumns('from', from),
      ...addressColumns('to', to),
    });
    const orderNo = orderNumber(shipmentId, now);
    await updateShipment(trx, shipmentId, { order_no: orderNo });
    await saveShipmentLabels(trx, shipmentId, [
      { format: 'PNG', content: files.PNG },
      { format: 'PDF', content: files.PDF },
    ]);
    await insertInvoice(trx, {
      shipment_id: shipmentId,
      invoice_no: `INV-${orderNo}`,
      rate_cents: row.price_cents,
      insurance_cents: 0,
      discount_cents: 0,
      total_cents: row.price_cents,
      payment_reference: `Label batch ${batch.id}`,
      created_at: nowIso,
    });
    // A ledger line a label, as a single label's: the batch's payment order names none of them (an order is one line's at most).
    await recordPurchase(trx, batch.user_id, { at: nowIso, paidCents: row.price_cents, paymentOrderId: null, subject: { shipmentId } });
    await updateBatchRow(trx, row.id, { shipment_id: shipmentId });
    return true;
  });
}

/** A refused row: failed saying why, its amount's refund a job (keyed by the row), in one transaction; then the refund tried at once. */
async function failRow(deps: LabelBatchDeps, row: LabelBatchRowRow, error: CarrierError): Promise<void> {
  const now = deps.config.clock();
  const failed = await writeTransaction(deps.db, async (trx) => {
    const moved = await updateBatchRow(
      trx,
      row.id,
      { state: 'failed', note: refusalNote(error, row.price_cents), refund_state: 'pending', refund_cents: row.price_cents, updated_at: now.toISOString() },
      ['queued'],
    );
    if (moved) await enqueueJob(trx, now, 'label-batch-refund', { rowId: row.id }, { uniqueKey: `label-batch-refund:${row.id}`, runAt: refundJobRunAt(now) });
    return moved;
  });
  deps.log.warn({ batchRow: row.id, code: error.code }, failed ? 'the carrier refused a batch row; its amount is refunded' : 'batch row refusal seen before');
  if (!failed) return;
  try {
    await refundBatchRow(deps, row.id);
  } catch (refundError) {
    deps.log.error({ err: refundError, batchRow: row.id }, "refund of a refused batch row failed; its job tries again");
  }
}

/**
 * The refund job (and the refusing run at once): a failed row's amount back through the provider,
 * part of the batch's capture, keyed by the row (so once); then, once, the row refunded and the
 * batch's refunded sum grown, in one transaction.
 */
export async function refundBatchRow(deps: LabelBatchDeps, rowId: number): Promise<void> {
  const row = await findBatchRow(deps.db, rowId);
  if (row?.refund_state !== 'pending') return;
  const batch = await findBatch(deps.db, row.batch_id);
  if (!batch?.payment_order_id) return;
  await refundPartOfPaymentOrder(deps, batch.payment_order_id, { key: `batch-row-${row.id}`, cents: row.refund_cents });
  await writeTransaction(deps.db, async (trx) => {
    if (await markRowRefunded(trx, row.id)) await addBatchRefund(trx, batch.id, row.refund_cents);
  });
}

/**
 * How long a run's claim on a row (the row's note 'buying:<run>' while its carrier call is made)
 * keeps another run off it: a run that died mid-call leaves it, and a job's lease is this long.
 */
export const BATCH_ROW_CLAIM_MS = 5 * 60 * 1000;
const claimNote = (run: string) => `buying:${run}`;

/** A queued row claimed by this run (only one run asks the carrier for a row at a time); false when another run holds it. */
async function claimRow(deps: LabelBatchDeps, row: LabelBatchRowRow, run: string): Promise<boolean> {
  const now = deps.config.clock();
  return claimQueuedRow(deps.db, row.id, claimNote(run), now.toISOString(), new Date(now.getTime() - BATCH_ROW_CLAIM_MS).toISOString());
}

/** This run's claim let go (the carrier did not answer: the job's next try asks again). */
async function releaseRow(deps: LabelBatchDeps, row: LabelBatchRowRow, run: string): Promise<void> {
  await releaseQueuedRow(deps.db, row.id, claimNote(run));
}

/**
 * One row asked of the carrier once this run holds it: bought and recorded, or refused and
 * refunded; throws when the carrier does not answer (the claim let go, the job tries again).
 */
async function buyRow(deps: LabelBatchDeps, batch: LabelBatchRow, row: LabelBatchRowRow, run: string): Promise<void> {
  if (!(await claimRow(deps, row, run))) return;
  let postage: Postage;
  try {
    postage = await deps.carriers.buyRate({ shipmentId: row.provider_shipment_id ?? '', rateId: row.rate_id ?? '', insuranceCents: 0, idempotencyKey: `label-batch-row-${row.id}` });
  } catch (error) {
    const paidMs = deps.config.clock().getTime() - Date.parse(toIso(batch.paid_at ?? batch.updated_at));
    if (error instanceof CarrierError && !error.retryable) return failRow(deps, row, error);
    if (paidMs >= CARRIER_GIVE_UP_MS) return failRow(deps, row, new CarrierError('UNAVAILABLE', 'no answer from the carrier'));
    await releaseRow(deps, row, run);
    throw error;
  }
  try {
    const [png, pdf] = await Promise.all([deps.carriers.fetchLabel(postage.shipmentId, 'PNG'), deps.carriers.fetchLabel(postage.shipmentId, 'PDF')]);
    await recordRow(deps, batch, row, postage, { PNG: png.bytes, PDF: pdf.bytes });
  } catch (error) {
    await releaseRow(deps, row, run);
    throw error;
  }
}

/**
 * The buying job: the batch's queued rows in order, one by one, for BATCH_JOB_SLICE_MS a run (the
 * next run is a job of its own, so no run outlives its lease); a row another run holds is left to
 * it. When none is left queued the batch is finished and the customer mailed, once (the move from
 * buying is the claim).
 */
export async function runBatchBuying(deps: LabelBatchDeps, batchId: number): Promise<void> {
  const batch = await findBatch(deps.db, batchId);
  if (batch?.state !== 'buying') return;
  const run = randomBytes(8).toString('hex');
  const started = Date.now();
  const queued = (await listBatchRows(deps.db, batchId)).filter((row) => row.state === 'queued');
  for (const row of queued) {
    if (Date.now() - started > BATCH_JOB_SLICE_MS) {
      await enqueueBuying(deps.db, deps.config.clock(), batchId, row.row_no);
      return;
    }
    await buyRow(deps, batch, row, run);
  }
  // A row still queued here is held by another run's claim: a live run buys it and finishes the batch, but a run that
  // died mid-call (its worker killed) left a claim that keeps others off it until it is stale. This job then comes
  // back once that claim runs out, so the batch never stays buying with no job left to buy its row.
  const held = (await listBatchRows(deps.db, batchId)).filter((row) => row.state === 'queued');
  if (held.length > 0) {
    const lastClaim = Math.max(...held.map((row) => Date.parse(toIso(row.updated_at))));
    const runAt = new Date(lastClaim + BATCH_ROW_CLAIM_MS + 1000);
    await enqueueJob(deps.db, deps.config.clock(), 'label-batch-buy', { batchId }, { uniqueKey: `label-batch-buy:${batchId}:after-claim:${runAt.getTime()}`, runAt });
    deps.log.warn({ batch: batchId, held: held.length, runAt: runAt.toISOString() }, 'label batch rows held by another run; its job comes back when their claims run out');
    return;
  }
  await finishBatch(deps, batchId);
}

async function finishBatch(deps: LabelBatchDeps, batchId: number): Promise<void> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  await writeTransaction(deps.db, async (trx) => {
    const rows = await listBatchRows(trx, batchId);
    if (rows.some((row) => row.state === 'queued')) return;
    const batch = await findBatch(trx, batchId);
    if (!batch || !(await moveBatch(trx, batchId, ['buying'], { state: 'finished', finished_at: nowIso, updated_at: nowIso }))) return;
    const user = await findUserById(trx, batch.user_id);
    if (!user) return;
    const bought = rows.filter((row) => row.state === 'bought');
    const failed = rows.filter((row) => row.state === 'failed');
    const refundCents = failed.reduce((sum, row) => sum + row.refund_cents, 0);
    await notify(trx, deps, user, {
      subject: `your batch of ${rows.length} label${rows.length === 1 ? '' : 's'} is ready`,
      lines: [
        `${bought.length} of the ${rows.length} labels of batch ${batchId} ${bought.length === 1 ? 'is' : 'are'} bought: download them in one file, with a CSV of their tracking numbers.`,
        ...(failed.length > 0
          ? [`The carrier refused ${failed.length} (rows ${failed.map((row) => row.row_no).join(', ')}): their ${formatUsd(refundCents)} is refunded. ${MONEY_BACK}`]
          : []),
      ],
      action: { label: 'Label Batches', link: appUrl(deps.config.publicUrl, batchPage(batchId)) },
      by: 'mail',
      key: `label-batch-finished:${batchId}`,
    });
  });
  deps.log.info({ batch: batchId }, 'label batch finished');
}

/** A batch of the user's for a download: finished (labels) or paid (tracking), else refused. */
async function paidBatchOf(deps: Pick<LabelBatchDeps, 'db'>, userId: number, id: number, finishedOnly: boolean): Promise<{ batch: LabelBatchRow; rows: LabelBatchRowRow[] }> {
  const batch = await findBatchOfUser(deps.db, userId, id);
  if (!batch) throw new AppError(404, LABEL_BATCH_ERRORCODE.notFound, BATCH_MESSAGES.notFound);
  if (finishedOnly ? batch.state !== 'finished' : batch.state !== 'buying' && batch.state !== 'finished') {
    throw new AppError(409, LABEL_BATCH_ERRORCODE.refused, finishedOnly ? BATCH_MESSAGES.notFinished : LABEL_BATCH_SERVER_MESSAGES.notPaid);
  }
  return { batch, rows: await listBatchRows(deps.db, id) };
}

/**
 * downloadLabelBatchLabelsCall: every bought label of a finished batch in row order, in one file:
 * pdf-4x6 the labels' PDFs merged, png-4x6 their PNGs a 4x6 page each of one PDF, pdf-letter
 * 8.5x11 sheets two labels each, zpl the labels' ZPL one after another.
 */
export async function batchLabelsFile(deps: Pick<LabelBatchDeps, 'db' | 'carriers' | 'log'>, userId: number, id: number, format?: LabelFormatId) {
  const { rows } = await paidBatchOf(deps, userId, id, true);
  const shipments = rows.filter((row) => row.state === 'bought' && row.shipment_id !== null).map((row) => row.shipment_id!);
  if (shipments.length === 0) throw new AppError(409, LABEL_BATCH_ERRORCODE.refused, BATCH_MESSAGES.noLabels);
  const chosen = format ?? (await labelFormatOf(deps.db, userId));
  const title = `Shipping labels, batch ${id}`;
  const files = async (kind: 'PDF' | 'PNG') => {
    const found: Buffer[] = [];
    for (const shipmentId of shipments) {
      const file = await findLabelFile(deps.db, userId, { id: shipmentId }, kind);
      if (file) found.push(file.content);
    }
    return found;
  };
  if (chosen === 'zpl') {
    const labels: Buffer[] = [];
    for (const shipmentId of shipments) {
      const label = await labelDownloadOf(deps, userId, { id: shipmentId }, 'zpl');
      if (label) labels.push(label.bytes);
    }
    return { contentType: 'application/zpl', filename: labelBatchFileName(id, 'labels', 'zpl'), bytes: Buffer.concat(labels.flatMap((label) => [label, Buffer.from('\n')])) };
  }
  const bytes =
    chosen === 'pdf-letter' ? await renderLetterSheets(await files('PNG'), title) : chosen === 'png-4x6' ? await labelPngPagesPdf(await files('PNG'), title) : await mergeLabelPdfs(await files('PDF'), title);
  return { contentType: 'application/pdf', filename: labelBatchFileName(id, 'labels', 'pdf'), bytes };
}

/** downloadLabelBatchTrackingCall: the rows with their tracking numbers as CSV (cells neutralised). */
export async function batchTrackingFile(deps: Pick<LabelBatchDeps, 'db'>, userId: number, id: number) {
  const { rows } = await paidBatchOf(deps, userId, id, false);
  const tracking = await trackingCodesOf(deps.db, rows.flatMap((row) => (row.shipment_id === null ? [] : [row.shipment_id])));
  const bytes = trackingCsv(
    rows.map((row) => {
      const cells = cellsOf(row);
      return {
        row: row.row_no,
        reference: cells.reference,
        recipient: cells.name || cells.company,
        carrier: row.carrier,
        service: row.service,
        trackingNumber: row.shipment_id === null ? '' : (tracking.get(row.shipment_id)?.trackingCode ?? ''),
        priceCents: row.price_cents,
        status: row.state === 'failed' ? (row.refund_state === 'refunded' ? 'refunded' : 'failed') : row.state,
      };
    }),
  );
  return { contentType: 'text/csv; charset=utf-8', filename: labelBatchFileName(id, 'tracking', 'csv'), bytes };
}
