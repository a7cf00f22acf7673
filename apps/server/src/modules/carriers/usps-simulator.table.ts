import type { Timestamp } from '../../db/dialect.js';

/**
 * The USPS carrier pickup simulator's side of the pickups (providers/usps/usps-simulator-store.ts),
 * as USPS keeps them on its own (migration 0012).
 */
export interface UspsSimulatorPickupsTable {
  /** 'WTC' and 8 digits. */
  confirmation_number: string;
  /** The pickup as USPS answers it: its date and carrierPickupRequest, JSON. */
  data: string;
  /** The current version's ETag: an update or a cancel must present it. */
  etag: string;
  /** When the ETag was last handed out (an inquiry or a change): it lasts an hour from then. */
  etag_issued_at: Timestamp;
  /** 1: cancelled, for good. */
  cancelled: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A failure queued for one step of the simulator (failNextDurably), used by the next call of it. */
export interface UspsSimulatorFailuresTable {
  step: string;
  code: string;
  description: string;
  /** 1: the call is done, then fails (its answer lost). */
  after_effect: number;
  created_at: Timestamp;
}
