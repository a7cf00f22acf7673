import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A customer's saved package (issue 21 item 12): a named parcel the label page's Package step fills again. */
export interface SavedPackagesTable {
  id: Generated<number>;
  user_id: number;
  /** As the customer wrote it (whitespace collapsed). */
  name: string;
  /** The name in lower case: unique per customer, so 'Shoe box' and 'shoe BOX' are one name. */
  name_key: string;
  /** A USPS Flat Rate package by EasyPost's predefined_package name (its inside size below), null: the customer's own box. */
  predefined_package: ColumnType<string | null, string | null | undefined, string | null>;
  length_in: number;
  width_in: number;
  height_in: number;
  weight_oz: number;
  created_at: Timestamp;
}

export type SavedPackageRow = Selectable<SavedPackagesTable>;
export type NewSavedPackage = Insertable<SavedPackagesTable>;
