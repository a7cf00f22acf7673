import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A label's drop-off at an AirBox hub (issue 23 item 1; migration 0028). */
export interface HubDropOffsTable {
  id: Generated<number>;
  shipment_id: number;
  user_id: number;
  hub_id: string;
  /** SHA-256 (hex) of the normalised code: the only way a code is looked up. */
  code_hash: string;
  /** The code sealed under SESSION_SECRET, to show it again (hub-drop-off-codes.ts). */
  code_sealed: string;
  state: 'waiting' | 'opening' | 'dropped_off' | 'void';
  /** The compartment size the parcel needs (DROP_OFF_COMPARTMENTS). */
  compartment: string;
  expires_at: Timestamp;
  opened_at: Timestamp | null;
  dropped_off_at: Timestamp | null;
  door_column: string | null;
  door_row: number | null;
  door_low: number | null;
  hub_pickup_id: number | null;
  created_at: Timestamp;
}

export type HubDropOffRow = Selectable<HubDropOffsTable>;
export type NewHubDropOff = Insertable<HubDropOffsTable>;

/** A hub's daily carrier pickup of its dropped-off parcels: one per hub, carrier and day. */
export interface HubPickupsTable {
  id: Generated<number>;
  hub_id: string;
  carrier: string;
  /** 'YYYY-MM-DD' (Pacific). */
  pickup_date: string;
  state: 'booking' | 'booked' | 'failed';
  booked_with: 'carriers' | 'usps';
  confirmation: Generated<string>;
  parcels: Generated<number>;
  note: Generated<string>;
  created_at: Timestamp;
  booked_at: Timestamp | null;
}

export type HubPickupRow = Selectable<HubPickupsTable>;
