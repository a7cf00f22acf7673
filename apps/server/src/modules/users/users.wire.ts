import type { SessionUser, UserProfile } from '@airbox/contract';
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

/** The signed-in user's own record (getUserByUser_id). Never the password hash. */
export function toUserProfile(user: UserRow): UserProfile {
  return {
    ...toSessionUser(user),
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
  };
}
