import { formatPhoneDashed, type SessionUser, type UserProfile } from '@airbox/contract';
import { toIsoOrNull } from '../../db/dialect.js';
import type { UserRow } from './users.table.js';

/** 'Email', 'Text Message', both comma-joined, or '' (spec 03 §2). */
export function notificationMethod(user: Pick<UserRow, 'notify_by_email' | 'notify_by_text'>): string {
  const methods: string[] = [];
  if (user.notify_by_email === 1) methods.push('Email');
  if (user.notify_by_text === 1) methods.push('Text Message');
  return methods.join(',');
}

/** What login returns of a user; the response schema drops anything else. */
export function toSessionUser(user: UserRow): SessionUser {
  return {
    user_id: user.user_id,
    role_id: user.role_id,
    Status: user.status,
    Email: user.email,
    First_name: user.first_name,
    Last_name: user.last_name,
    BOXID: user.box_id,
    credits: user.credits,
    membership: user.membership,
    membership_expire: toIsoOrNull(user.membership_expire),
  };
}

/**
 * The signed-in user's own record (getUserByUser_id). Never the password hash. The session's
 * fields are given the rest with Object.assign: V8 made `{ ...sessionUser, PinNo, ... }` (a spread
 * followed by 23 keys) in about 30 µs, an eighth of the call (issue 24), and this in about 1 µs.
 */
export function toUserProfile(user: UserRow): UserProfile {
  return Object.assign(toSessionUser(user), {
    PinNo: user.pin,
    Cell_phone_number: user.cell_phone,
    secondaryCellPhone: user.secondary_cell_phone,
    Home_phone_number: user.home_phone,
    Email2: user.backup_email,
    Address_line_1: user.address_line_1,
    Address_line_2: user.address_line_2,
    City: user.city,
    State_province_region: user.state,
    Zip_code: user.zip_code,
    Country: user.country,
    lockerUUID: user.locker_id,
    isHandicapped: user.is_handicapped,
    Notification_method: notificationMethod(user),
    Community: user.community,
    bcm_user_id: user.bcm_user_id,
    business_company_id: user.business_company_id,
    unit_id: user.unit_id,
    building_id: user.building_id,
    bc_id: user.bc_id,
    autoRefundLabels: user.auto_refund_labels === 1,
  });
}

/** The spec's user fields that registration and a profile save both write. */
interface UserFields {
  First_name?: string;
  Last_name?: string;
  BOXID?: string;
  PinNo?: string;
  Cell_phone_number?: string;
  secondaryCellPhone?: string;
  Home_phone_number?: string;
  Address_line_1?: string;
  Address_line_2?: string;
  City?: string;
  State_province_region?: string;
  Zip_code?: string;
  Country?: string;
  isHandicapped?: boolean;
}

/** A field's column value: present where the field is, undefined where it may be left out. */
type Column<F, K extends keyof UserFields, T> = undefined extends F[K & keyof F] ? T | undefined : T;

/**
 * One mapping of those fields to their columns, phones as ###-###-####: registration writes all
 * of them, a profile save the ones it was sent (Kysely leaves undefined columns out).
 */
export function userColumns<F extends UserFields>(fields: F) {
  const phone = (value: string | undefined) => (value === undefined ? undefined : formatPhoneDashed(value));
  return {
    first_name: fields.First_name as Column<F, 'First_name', string>,
    last_name: fields.Last_name as Column<F, 'Last_name', string>,
    box_id: fields.BOXID as Column<F, 'BOXID', string>,
    pin: fields.PinNo as Column<F, 'PinNo', string>,
    cell_phone: phone(fields.Cell_phone_number) as Column<F, 'Cell_phone_number', string>,
    secondary_cell_phone: phone(fields.secondaryCellPhone) as Column<F, 'secondaryCellPhone', string>,
    home_phone: phone(fields.Home_phone_number) as Column<F, 'Home_phone_number', string>,
    address_line_1: fields.Address_line_1 as Column<F, 'Address_line_1', string>,
    address_line_2: fields.Address_line_2 as Column<F, 'Address_line_2', string>,
    city: fields.City as Column<F, 'City', string>,
    state: fields.State_province_region as Column<F, 'State_province_region', string>,
    zip_code: fields.Zip_code as Column<F, 'Zip_code', string>,
    country: fields.Country as Column<F, 'Country', string>,
    is_handicapped: (fields.isHandicapped === undefined ? undefined : fields.isHandicapped ? 1 : 0) as Column<F, 'isHandicapped', 0 | 1>,
  };
}
