import type { Timestamp } from '../../db/dialect.js';

/**
 * The carriers simulator's side of the labels (providers/carriers/simulator-store.ts), as
 * EasyPost keeps it on its own: one JSON object per (kind, id).
 *   shipment      a rated shipment, then its purchase and refund (id: shp_…)
 *   tracker       a bought label's tracker (id: the tracking code)
 *   tracker_id    the tracking code of a tracker id (trk_…)
 *   purchase_key  the shipment an idempotency key bought
 *   pickup        a carrier pickup (pickup_…)
 *   failure       the failures queued for a step (npm run carrier -- fail)
 */
export interface CarrierSimulatorObjectsTable {
  kind: string;
  id: string;
  data: string;
  /** 1: a tracker that time still moves (or a refund waiting for the carrier). */
  active: number;
  /** When the object was last written: for a tracker, its last step. */
  updated_at: Timestamp;
  /** A rated shipment nobody bought is forgotten after this. */
  expires_at: Timestamp | null;
}
