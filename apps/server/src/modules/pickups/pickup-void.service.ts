import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { toIso } from '../../db/dialect.js';
import { CARRIER_SETTLE_MS } from '../../providers/carriers/carriers-provider.js';
import { enqueueJob } from '../jobs/jobs.js';

/**
 * Pickups the customer got their money back for (issue 19): a paid booking that ends failed (the
 * carrier refused it, did not answer for two hours, or the payment was taken for another amount)
 * refunds the payment, yet the carrier may have booked it all the same: a refusal answered after
 * the booking was made ('npm run carrier -- fail buyPickup INVALID_REQUEST --after'), an answer
 * lost. The pickup-void job, enqueued in the transaction that failed the booking and tried at once,
 * reads the pickup back (carriers.findPickup) and cancels a booking the carrier holds, retried
 * until the carrier answers; cancel_claimed_at on the failed row records that it was cancelled,
 * so it is asked once. As with labels (label-void.service.ts), finding nothing booked before the
 * booking has settled (CARRIER_SETTLE_MS) is not taken for none: the job looks again.
 */

export type PickupVoidDeps = Pick<AppContext, 'db' | 'config' | 'log' | 'carriers'>;

/** The job's first try waits this long (the failing request tries at once). */
export const PICKUP_VOID_DELAY_MS = 2 * 60 * 1000;
/** Its tries: about a day in all, as label-void's. */
export const PICKUP_VOID_MAX_ATTEMPTS = 48;

/** In the transaction that fails a paid booking: the job that cancels what the carrier booked, if anything. */
export async function enqueuePickupVoid(trx: Db, now: Date, pickupId: number): Promise<void> {
  await enqueueJob(
    trx,
    now,
    'pickup-void',
    { pickupId },
    { uniqueKey: `pickup-void:${pickupId}`, runAt: new Date(now.getTime() + PICKUP_VOID_DELAY_MS), maxAttempts: PICKUP_VOID_MAX_ATTEMPTS },
  );
}

/** What a void found: a booking cancelled ('voided'), none ('none'), or none yet while a booking may still be completing ('settling'). */
export type PickupVoidOutcome = 'voided' | 'none' | 'settling';

/**
 * The pickup-void job (and the failing request at once): a failed booking the carrier holds as
 * scheduled is cancelled with carriers.cancelPickup, once. Throws when the carrier does not
 * answer, so the job tries again.
 */
export async function voidRefusedPickup(deps: PickupVoidDeps, pickupId: number): Promise<PickupVoidOutcome> {
  const pickup = await deps.db
    .selectFrom('pickups')
    .select(['id', 'state', 'carrier', 'provider_pickup_id', 'cancel_claimed_at', 'updated_at'])
    .where('id', '=', pickupId)
    .executeTakeFirst();
  if (!pickup || pickup.state !== 'failed' || !pickup.provider_pickup_id || pickup.carrier === 'USPS') return 'none';
  if (pickup.cancel_claimed_at !== null) return 'voided';
  const found = await deps.carriers.findPickup(pickup.provider_pickup_id);
  if (found?.status !== 'scheduled') {
    // The row's last change is the failure; a booking still being made reads 'unknown' meanwhile.
    if (found?.status === 'unknown' && deps.config.clock().getTime() - Date.parse(toIso(pickup.updated_at)) < CARRIER_SETTLE_MS) return 'settling';
    deps.log.info({ pickup: pickup.id, status: found?.status ?? null }, 'the carrier holds no booking for a failed pickup: nothing to cancel');
    return 'none';
  }
  const status = await deps.carriers.cancelPickup(pickup.provider_pickup_id);
  const nowIso = deps.config.clock().toISOString();
  await deps.db
    .updateTable('pickups')
    .set({ cancel_claimed_at: nowIso, updated_at: nowIso })
    .where('id', '=', pickup.id)
    .where('state', '=', 'failed')
    .where('cancel_claimed_at', 'is', null)
    .execute();
  deps.log.warn({ pickup: pickup.id, carrier: pickup.carrier, confirmation: found.confirmation, status }, 'the carrier booked a pickup whose payment was refunded: it is cancelled');
  return 'voided';
}
