import type { Generated, Insertable, Selectable } from 'kysely';
import type { ShippingAddressColumns } from '../shipments/shipments.table.js';
import type { Timestamp } from '../../db/dialect.js';

/** An order in progress (spec 03 §3 Saved order): the label-purchase page kept for later. */
export interface SavedOrdersTable extends ShippingAddressColumns {
  id: Generated<number>;
  user_id: number;
  length_in: number;
  width_in: number;
  height_in: number;
  weight_oz: number;
  insured_value_cents: Generated<number>;
  comments: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SavedOrderRow = Selectable<SavedOrdersTable>;
export type NewSavedOrder = Insertable<SavedOrdersTable>;
