import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { CARRIER_SETTLE_MS } from '../../providers/carriers/carriers-provider.js';
import { enqueueJob } from '../jobs/jobs.js';

/**
 * Labels the customer got their money back for (issue 18): a purchase that ends failed (the
 * carrier refused it, did not answer for two hours, or the payment was taken for another amount)
 * refunds the payment, yet the carrier may have made the label all the same: a refusal answered
 * after the label was made, an answer lost. The carrier is then asked to refund (void) that label
 * with the call a label refund makes, by the label-void job enqueued in the transaction that
 * failed the purchase, tried at once and then until the carrier answers. Asking again answers the
 * refund's current status, and the row keeps when the void was asked (refund_requested_at), so a
 * retry or a crash never asks twice once asked.
 */

export type LabelVoidDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'carriers'>;

/** The job's first try waits this long (the failing request tries at once). */
export const LABEL_VOID_DELAY_MS = 2 * 60 * 1000;
/** Its tries: twelve span about 2.5 hours, then one each 30 minutes, about a day in all. */
export const LABEL_VOID_MAX_ATTEMPTS = 48;

/**
 * In the transaction that fails a purchase: the job that asks the carrier to void the label it
 * made, if any. `reason` keys a later, separate void of the same purchase (a label made after the
 * first void found none).
 */
export async function enqueueLabelVoid(trx: Db, now: Date, shipmentId: number, reason = 'failed'): Promise<void> {
  await enqueueJob(
    trx,
    now,
    'label-void',
    { shipmentId },
    { uniqueKey: `label-void:${shipmentId}:${reason}`, runAt: new Date(now.getTime() + LABEL_VOID_DELAY_MS), maxAttempts: LABEL_VOID_MAX_ATTEMPTS },
  );
}

/**
 * What a void found: the label asked back ('voided'), none made ('none'), or none yet while a
 * purchase refused or unanswered may still be completing at the carrier ('settling': look again).
 */
export type LabelVoidOutcome = 'voided' | 'none' | 'settling';

/**
 * The label-void job (and the failing request at once): a failed purchase's label, when the
 * carrier holds one (findLabel reads the shipment back), is asked back with carriers.refund; none
 * made, nothing is asked, once the purchase has settled: until CARRIER_SETTLE_MS after it failed,
 * a purchase whose answer was lost may still be making its label (EasyPost shows it only once
 * made), so the job looks again. Throws when the carrier does not answer, so the job tries again.
 */
export async function voidRefusedLabel(deps: LabelVoidDeps, shipmentId: number): Promise<LabelVoidOutcome> {
  const shipment = await deps.db
    .selectFrom('shipments')
    .select(['id', 'state', 'provider_shipment_id', 'refund_requested_at', 'updated_at'])
    .where('id', '=', shipmentId)
    .executeTakeFirst();
  if (!shipment || shipment.state !== 'failed' || !shipment.provider_shipment_id) return 'none';
  if (shipment.refund_requested_at !== null) return 'voided';
  const label = await deps.carriers.findLabel(shipment.provider_shipment_id);
  if (!label) {
    // The row's last change is the failure (a void sets refund_requested_at and ends here above).
    if (deps.config.clock().getTime() - Date.parse(toIso(shipment.updated_at)) < CARRIER_SETTLE_MS) return 'settling';
    deps.log.info({ shipment: shipment.id }, 'the carrier made no label for a failed purchase: nothing to void');
    return 'none';
  }
  const status = await deps.carriers.refund(shipment.provider_shipment_id);
  const nowIso = deps.config.clock().toISOString();
  await deps.db
    .updateTable('shipments')
    .set({ refund_requested_at: nowIso, updated_at: nowIso })
    .where('id', '=', shipment.id)
    .where('state', '=', 'failed')
    .where('refund_requested_at', 'is', null)
    .execute();
  const fields = { shipment: shipment.id, carrier: label.carrier, trackingCode: label.trackingCode, status };
  if (status === 'rejected' || status === 'not_applicable') deps.log.error(fields, 'the carrier will not void a label whose payment was refunded');
  else deps.log.warn(fields, 'the carrier made a label whose payment was refunded: it is asked to void it');
  return 'voided';
}
