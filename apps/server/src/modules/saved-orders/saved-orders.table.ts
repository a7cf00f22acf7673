import type { Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../users/users.table.js';

/** An order in progress (spec 03 §3 Saved order): the label-purchase page kept for later. */
export interface SavedOrdersTable {
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
  from_first_name: Generated<string>;
  from_last_name: Generated<string>;
  from_company: Generated<string>;
  from_address1: Generated<string>;
  from_address2: Generated<string>;
  from_city: Generated<string>;
  from_state: Generated<string>;
  from_zipcode: Generated<string>;
  from_phone: Generated<string>;
  from_email: Generated<string>;
  from_residential: Generated<number>;
  to_first_name: Generated<string>;
  to_last_name: Generated<string>;
  to_company: Generated<string>;
  to_address1: Generated<string>;
  to_address2: Generated<string>;
  to_city: Generated<string>;
  to_state: Generated<string>;
  to_zipcode: Generated<string>;
  to_phone: Generated<string>;
  to_email: Generated<string>;
  to_residential: Generated<number>;
}

export type SavedOrderRow = Selectable<SavedOrdersTable>;
export type NewSavedOrder = Insertable<SavedOrdersTable>;
