import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/**
 * The sender's and recipient's columns of the label-purchase page (from_city, to_phone, …): an
 * order in progress keeps them, and the shipment bought from it has them too
 * (shipments.table.ts), so a label's purchase may read and delete the order it continues.
 */
type AddressColumn = 'first_name' | 'last_name' | 'company' | 'address1' | 'address2' | 'city' | 'state' | 'zipcode' | 'phone' | 'email';
export type ShippingAddressColumns = { [K in `${'from' | 'to'}_${AddressColumn}`]: Generated<string> } & {
  from_residential: Generated<number>;
  to_residential: Generated<number>;
};

/** An order in progress (spec 03 §3 Saved order): the label-purchase page kept for later. */
export interface SavedOrdersTable extends ShippingAddressColumns {
  id: Generated<number>;
  user_id: number;
  length_in: number;
  width_in: number;
  height_in: number;
  weight_oz: number;
  /** The USPS Flat Rate package (EasyPost's predefined_package name; its inside size above), null: the customer's own box. */
  predefined_package: ColumnType<string | null, string | null | undefined, string | null>;
  insured_value_cents: Generated<number>;
  comments: Generated<string>;
  /** Issue 25 item 3: each side's country (ISO 3166-1 alpha-2), 'US' unless the label goes abroad. */
  from_country: Generated<string>;
  to_country: Generated<string>;
  /** Issue 25 item 3: the Customs step as typed so far (customsDraftSchema), JSON; null at home. */
  customs: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SavedOrderRow = Selectable<SavedOrdersTable>;
export type NewSavedOrder = Insertable<SavedOrdersTable>;
