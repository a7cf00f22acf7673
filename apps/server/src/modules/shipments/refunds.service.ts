import {
  APP_PATHS,
  appUrl,
  DAY_MS,
  formatUsd,
  HOUR_MS,
  REFUND_WINDOW_DAYS,
  refundRefusal,
  SHIPMENT_MESSAGES,
  STATUS_FLAG,
} from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { type Db, writeTransaction } from '../../db/database.js';
import { toIso, toIsoOrNull } from '../../db/dialect.js';
import type { RefundStatus } from '../../providers/carriers/carriers-provider.js';
import { enqueueJob } from '../jobs/jobs.js';
import { recordRefund } from '../operations/ledger.js';
import { notify } from '../notifications/notify.js';
import { refundPartOfPaymentOrder, refundPaymentOrder } from '../payments/payment-orders.js';
import { findUserById } from '../users/users.repository.js';
import { dropOffRefundRefusal } from './hub-drop-offs.service.js';
import { addBatchRefundOfLabel, batchPaymentOfLabel } from './label-batches.repository.js';
import {
  findShipment,
  findShipmentByTrackingCode,
  findShipmentOfUser,
  hasPickupBooked,
  isUnusedLabelToRefund,
  listUnusedLabelsToRefund,
  lockShipment,
  moveShipment,
} from './shipments.repository.js';
import type { ShipmentRow } from './shipments.table.js';

/**
 * Refunds of bought labels (spec 03 §5, issue 9): the customer asks (refundCall) or the daily job
 * asks for an unused label; the carrier reviews it (refund_pending, refund_status submitted);
 * once it says refunded, the customer's payment goes back through the payments provider, once,
 * with the shipment, its ledger row and the customer's notice in one transaction; a rejection
 * puts the label back (bought, refund_status rejected) and says so.
 */

export type RefundDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'payments' | 'carriers'>;

/** How often the carrier is asked about a submitted refund, and for how long (the 14-day processing of the Terms, and a margin). */
export const REFUND_STATUS_DELAY_MS = HOUR_MS;
export const REFUND_STATUS_MAX_CHECKS = 21 * 24;
/** The daily job asks this many days before the carrier's window closes. */
export const AUTO_REFUND_DAYS_BEFORE_CLOSE = 2;

export const REFUND_MESSAGES = {
  rejected: 'The carrier rejected the refund of this label.',
  notApplicable: 'The carrier does not refund this label.',
} as const;

/** The automatic refund's outcome (logged) for a label that changed after the daily job listed it (scanned, a refund asked, auto-refunds turned off). */
export const AUTO_REFUND_NO_LONGER_DUE = 'No longer an unused label with automatic refunds on.';

export type RefundOutcome = { ok: true; refundStatus: string } | { ok: false; refundStatus: string; message: string };

/** status_flag of a shipment row (shipments.table.ts): 1 bought, 2 refund pending or refunded, 0 otherwise. */
export function statusFlagOf(state: ShipmentRow['state']): string {
  if (state === 'bought') return STATUS_FLAG.labelCreated;
  if (state === 'refund_pending' || state === 'refunded') return STATUS_FLAG.refunded;
  return STATUS_FLAG.unpaid;
}

function windowDays(carrier: string): number {
  return REFUND_WINDOW_DAYS[carrier] ?? 30;
}

/**
 * Asks the carrier to refund one of the user's labels. The customer's request is refused by the
 * spec's rules (refundRefusal); the daily job's (auto) needs the label inside its window and still
 * unused with its row held (isUnusedLabelToRefund). The row is claimed bought → refund_pending in
 * one conditional UPDATE before the carrier is asked, so two requests at once make one refund. A
 * label with a carrier pickup booked or being booked is refused
 * (SHIPMENT_MESSAGES.refundPickupScheduled), checked in the claim's transaction with the label's
 * row held (lockShipment), as every change that gives a label a pickup holds it.
 * Another user's id answers as a label that cannot be refunded.
 */
export async function requestLabelRefund(deps: RefundDeps, userId: number, shipmentId: number, options: { auto: boolean }): Promise<RefundOutcome> {
  const now = deps.config.clock();
  const nowIso = now.toISOString();
  const shipment = await findShipmentOfUser(deps.db, userId, { id: shipmentId });
  const refused = (message: string): RefundOutcome => ({ ok: false, refundStatus: shipment?.refund_status ?? '', message });
  if (!shipment || shipment.state !== 'bought' || !shipment.provider_shipment_id) return refused(SHIPMENT_MESSAGES.cannotRefund);
  const boughtAt = toIso(shipment.bought_at ?? shipment.created_at);
  if (!options.auto) {
    const refusal = refundRefusal(
      { status_flag: statusFlagOf(shipment.state), easypostStatus: shipment.tracker_status, rateCarrier: shipment.carrier, createTime: boughtAt },
      now,
    );
    if (refusal) return refused(refusal);
  } else if (now.getTime() - new Date(boughtAt).getTime() > windowDays(shipment.carrier) * DAY_MS) {
    return refused(SHIPMENT_MESSAGES.refundWindowClosed);
  }

  const refusal = await writeTransaction(deps.db, async (trx) => {
    if ((await lockShipment(trx, shipment.id)) !== 'bought') return SHIPMENT_MESSAGES.cannotRefund;
    // The daily job's label, asked again with its row held (the label's row: a scan waits for it;
    // not the owner's, whose switch turned off at this very moment may miss this refund): scanned
    // since the job listed it (the parcel is on its way), a refund asked, or auto-refunds turned
    // off, it stays as it is.
    if (options.auto && !(await isUnusedLabelToRefund(trx, shipment.id))) return AUTO_REFUND_NO_LONGER_DUE;
    // A carrier comes for the parcel (any carrier; booked, or paid and being booked): the
    // customer cancels the pickup first. A pickup still waiting for its payment is not booked
    // once the label is being refunded (its payment then goes back).
    if (await hasPickupBooked(trx, shipment.id)) return SHIPMENT_MESSAGES.refundPickupScheduled;
    // In an AirBox hub's locker (or a compartment opened for it): the parcel is on its way (issue 23 item 1).
    const dropOffRefusal = await dropOffRefundRefusal(trx, shipment.id, now);
    if (dropOffRefusal) return dropOffRefusal;
    const claimed = await moveShipment(trx, shipment.id, ['bought'], {
      state: 'refund_pending',
      refund_status: 'submitted',
      refund_requested_at: nowIso,
      auto_refund: options.auto ? 1 : 0,
      updated_at: nowIso,
    });
    return claimed ? null : SHIPMENT_MESSAGES.cannotRefund;
  });
  if (refusal) return refused(refusal);

  const putBack = async (refundStatus: string) => {
    await moveShipment(deps.db, shipment.id, ['refund_pending'], {
      state: 'bought',
      refund_status: refundStatus,
      refund_requested_at: toIsoOrNull(shipment.refund_requested_at),
      auto_refund: shipment.auto_refund,
      updated_at: deps.config.clock().toISOString(),
    });
  };

  let status: RefundStatus;
  try {
    status = await deps.carriers.refund(shipment.provider_shipment_id);
  } catch (error) {
    // Asking again answers the refund's current status, so putting the label back is safe.
    deps.log.error({ err: error, shipment: shipment.id }, 'the carrier did not take the refund request');
    await putBack(shipment.refund_status);
    return { ok: false, refundStatus: shipment.refund_status, message: SHIPMENT_MESSAGES.serviceException };
  }
  if (status === 'rejected' || status === 'not_applicable') {
    await putBack(status);
    return { ok: false, refundStatus: status, message: status === 'rejected' ? REFUND_MESSAGES.rejected : REFUND_MESSAGES.notApplicable };
  }
  // submitted, or refunded at once: the job gives the money back when the carrier says refunded.
  await enqueueJob(
    deps.db,
    now,
    'refund-status',
    { shipmentId: shipment.id, check: 1 },
    { uniqueKey: `refund-status:${shipment.id}:${nowIso}:1`, runAt: status === 'refunded' ? now : new Date(now.getTime() + REFUND_STATUS_DELAY_MS) },
  );
  deps.log.info({ shipment: shipment.id, auto: options.auto, status }, 'label refund requested');
  return { ok: true, refundStatus: 'submitted' };
}

/**
 * The carrier has decided a label's refund (the simulator's step; EasyPost's refund events): the
 * label's refund-status check runs now rather than at its next hourly turn.
 */
export async function refundDecided(deps: Pick<RefundDeps, 'db' | 'config'>, trackingCode: string): Promise<void> {
  const shipment = await findShipmentByTrackingCode(deps.db, trackingCode, 'refund_pending');
  if (!shipment) return;
  await enqueueJob(deps.db, deps.config.clock(), 'refund-status', { shipmentId: shipment.id, check: 1 }, { uniqueKey: `refund-status:${shipment.id}:decided` });
}

/** The customer's notice, by mail and/or text as their notification switches say, in the caller's transaction. */
async function notifyCustomer(trx: Db, deps: RefundDeps, userId: number, subject: string, sentence: string, orderNo: string): Promise<void> {
  const user = await findUserById(trx, userId);
  if (!user) return;
  await notify(trx, deps, user, {
    subject,
    lines: [sentence],
    action: { label: 'Purchased Labels', link: appUrl(deps.config.publicUrl, APP_PATHS.shipments.getHref(orderNo)) },
  });
}

/**
 * The refund-status job: while the carrier reviews the refund, asks again later; refunded → the
 * payment is refunded (once: its key is the payment order's) and, in the same transaction, the
 * shipment becomes refunded with its ledger row and the customer's notice; rejected → back to
 * bought, and the customer is told.
 */
export async function checkRefundStatus(deps: RefundDeps, shipmentId: number, check: number): Promise<void> {
  const shipment = await findShipment(deps.db, shipmentId);
  if (!shipment || shipment.state !== 'refund_pending' || !shipment.provider_shipment_id) return;
  const status = await deps.carriers.getRefundStatus(shipment.provider_shipment_id);
  const now = deps.config.clock();
  if (status === 'refunded') {
    await completeLabelRefund(deps, shipment);
    return;
  }
  if (status === 'rejected' || status === 'not_applicable') {
    await writeTransaction(deps.db, async (trx) => {
      if (!(await moveShipment(trx, shipment.id, ['refund_pending'], { state: 'bought', refund_status: status, updated_at: now.toISOString() }))) return;
      const reason = status === 'rejected' ? REFUND_MESSAGES.rejected : REFUND_MESSAGES.notApplicable;
      await notifyCustomer(trx, deps, shipment.user_id, `the refund of label ${shipment.order_no} was not granted`, `Label ${shipment.order_no} (${shipment.carrier} ${shipment.tracking_code ?? ''}): ${reason}`, shipment.order_no);
    });
    return;
  }
  if (check >= REFUND_STATUS_MAX_CHECKS) {
    deps.log.error({ shipment: shipment.id }, 'the carrier has not decided a label refund in three weeks; no longer asked');
    return;
  }
  await enqueueJob(
    deps.db,
    now,
    'refund-status',
    { shipmentId: shipment.id, check: check + 1 },
    { uniqueKey: `refund-status:${shipment.id}:${toIso(shipment.refund_requested_at ?? shipment.updated_at)}:${check + 1}`, runAt: new Date(now.getTime() + REFUND_STATUS_DELAY_MS) },
  );
}

/** The carrier refunded the label: the customer's money back, then refunded, its ledger row and the notice. */
async function completeLabelRefund(deps: RefundDeps, shipment: ShipmentRow): Promise<void> {
  const within = async (trx: Db, ofBatch = false) => {
    const nowIso = deps.config.clock().toISOString();
    if (!(await moveShipment(trx, shipment.id, ['refund_pending'], { state: 'refunded', refund_status: 'refunded', refunded_at: nowIso, updated_at: nowIso }))) return;
    if (!(await recordRefund(trx, shipment.user_id, { at: nowIso, refundedCents: shipment.total_cents, shipmentId: shipment.id }))) return;
    // A batch's label: the batch's refunded sum says so too (once: the label moved from refund_pending above).
    if (ofBatch) await addBatchRefundOfLabel(trx, shipment.id, shipment.total_cents);
    await notifyCustomer(
      trx,
      deps,
      shipment.user_id,
      `label ${shipment.order_no} refunded`,
      `The carrier refunded label ${shipment.order_no} (${shipment.carrier} ${shipment.tracking_code ?? ''}); ${formatUsd(shipment.total_cents)} goes back to the account you paid with.`,
      shipment.order_no,
    );
  };
  if (shipment.payment_order_id === null) {
    // A label of a batch (issue 25 item 1): its part of the batch's one payment goes back, keyed by the label (so once).
    const batchPayment = await batchPaymentOfLabel(deps.db, shipment.id);
    if (batchPayment !== undefined) await refundPartOfPaymentOrder(deps, batchPayment, { key: `label-${shipment.id}`, cents: shipment.total_cents });
    await writeTransaction(deps.db, (trx) => within(trx, batchPayment !== undefined));
    return;
  }
  const marked = await refundPaymentOrder(deps, shipment.payment_order_id, { within: (trx) => within(trx) });
  // Refunded before (a crash after the provider's refund, before this shipment's row): finish it.
  if (!marked) await writeTransaction(deps.db, (trx) => within(trx));
}

/**
 * The daily job: every bought label never scanned (no tracker status, pre_transit or unknown)
 * with no refund asked, whose owner keeps auto-refunds on, bought more than the carrier's window
 * less AUTO_REFUND_DAYS_BEFORE_CLOSE days ago and still inside it, is refunded as the customer's
 * own request would be (auto_refund 1).
 */
export async function autoRefundUnusedLabels(deps: RefundDeps): Promise<void> {
  const now = deps.config.clock();
  for (const [carrier, days] of Object.entries(REFUND_WINDOW_DAYS)) {
    const labels = await listUnusedLabelsToRefund(deps.db, carrier, {
      afterIso: new Date(now.getTime() - days * DAY_MS).toISOString(),
      byIso: new Date(now.getTime() - (days - AUTO_REFUND_DAYS_BEFORE_CLOSE) * DAY_MS).toISOString(),
    });
    for (const label of labels) {
      try {
        const outcome = await requestLabelRefund(deps, label.user_id, label.id, { auto: true });
        if (outcome.ok) continue;
        // A label that changed since the list is expected; any other refusal is worth a look.
        const level = outcome.message === AUTO_REFUND_NO_LONGER_DUE ? 'info' : 'warn';
        deps.log[level]({ shipment: label.id, message: outcome.message }, 'automatic refund of an unused label not made');
      } catch (error) {
        deps.log.error({ err: error, shipment: label.id }, 'automatic refund of an unused label failed');
      }
    }
  }
}
