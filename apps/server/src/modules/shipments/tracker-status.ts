import type { TrackerStatus } from '../../providers/carriers/carriers-provider.js';

/*
 * The carrier's status order (EasyPost's tracker statuses): a label's tracker status only moves
 * forward along it, whatever a carrier event says (issue 18).
 *
 *   (none) → pre_transit → in_transit → out_for_delivery → available_for_pickup → delivered,
 *                                                                                 return_to_sender,
 *                                                                                 failure
 *
 * - A step may be skipped (a first event may say delivered; a parcel may wait for pickup straight
 *   from in_transit, or fail or be returned from any moving step).
 * - delivered, return_to_sender and failure are final: nothing moves a label after them.
 * - cancelled (the carrier voided the label) and error (the carrier cannot track it) happen
 *   before the carrier has the parcel: they are taken only from no status or pre_transit (error
 *   gives way to a real scan later; cancelled is final).
 * - unknown tells nothing (EasyPost's status before the carrier answers, and any status the
 *   provider does not know reads as unknown): it never replaces a status.
 *
 * So a label once scanned (in_transit or later) never reads pre_transit again, and no carrier
 * pickup can be booked for it (pickups.service.ts's pickupLabel).
 */

/** Each status's step; statuses at the same step do not replace each other. */
const STEP: Record<TrackerStatus, number> = {
  unknown: 0,
  pre_transit: 1,
  error: 1,
  cancelled: 1,
  in_transit: 2,
  out_for_delivery: 3,
  available_for_pickup: 4,
  delivered: 5,
  return_to_sender: 5,
  failure: 5,
};

/** Statuses after which a label never changes. */
const FINAL_TRACKER_STATUSES: ReadonlySet<string> = new Set<TrackerStatus>(['delivered', 'return_to_sender', 'failure', 'cancelled']);

/** A stored status's step: none ('') and a text no carrier status is count as the start. */
const stepOf = (status: string) => (Object.hasOwn(STEP, status) ? STEP[status as TrackerStatus] : 0);

/** Whether a label at `current` (a stored tracker status, '' for none) takes the carrier's `next`. */
export function trackerStatusMovesForward(current: string, next: TrackerStatus): boolean {
  if (next === 'unknown' || FINAL_TRACKER_STATUSES.has(current)) return false;
  if (next === 'cancelled' || next === 'error') return current === '' || current === 'unknown' || current === 'pre_transit' || (next === 'cancelled' && current === 'error');
  return stepOf(next) > stepOf(current);
}
