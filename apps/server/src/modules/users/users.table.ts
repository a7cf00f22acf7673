import type { LabelFormatId } from '@airbox/contract';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../../db/dialect.js';

/** A customer, business user or admin (spec 01 §3, spec 02 §3, spec 03 §2). */
export interface UsersTable {
  user_id: Generated<number>;
  role_id: number;
  /** 0 not activated, 1 active (pending for role 10), 2 active business user. */
  status: number;
  /** Always lower case; unique. */
  email: string;
  /** argon2id. */
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  /** The 7-digit AirBox ID; unique. */
  box_id: string;
  pin: Generated<string>;
  cell_phone: Generated<string>;
  secondary_cell_phone: Generated<string>;
  home_phone: Generated<string>;
  backup_email: Generated<string>;
  address_line_1: Generated<string>;
  address_line_2: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip_code: Generated<string>;
  country: Generated<string>;
  /** The default delivery hub (hubs.id). */
  locker_id: string | null;
  is_handicapped: Generated<number>;
  notify_by_email: Generated<number>;
  notify_by_text: Generated<number>;
  community: Generated<string>;
  /** For a property manager (role 10): the management company's name. */
  business_name: Generated<string>;
  credits: Generated<number>;
  /** 1 credit plan, 2 six months, 3 twelve months; null is the credit plan. */
  membership: number | null;
  membership_expire: Timestamp | null;
  /** 1: unused labels are refunded before the carrier's window closes (the profile's switch). */
  auto_refund_labels: Generated<number>;
  /** The label format Purchased Labels opens, prints and downloads (issue 23 item 4): pdf-4x6 unless chosen. */
  label_format: Generated<LabelFormatId>;
  bcm_user_id: number | null;
  business_company_id: number | null;
  unit_id: number | null;
  building_id: number | null;
  bc_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  activated_at: Timestamp | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
