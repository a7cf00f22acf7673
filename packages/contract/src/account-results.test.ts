import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, WALLET_LINK_TTL_MS, getUserQrCodeCall, updateSelfUserInfoCall } from './account-calls.js';
import { CONTACT_MESSAGES, updateUserShipmentAddressCall } from './contacts.js';
import {
  API_ERRORCODE,
  CONTACT_ERRORCODE,
  QR_CODE_ERRORCODE,
  UPDATE_PROFILE_ERRORCODE,
  WALLET_PASS_ERRORCODE,
} from './errorcodes.js';

const PROFILE_REQUEST = {
  user_id: '5',
  First_name: 'Dana',
  Last_name: 'Demo',
  Email: 'demo@example.com',
  Password: '',
  BOXID: '2135846',
  Cell_phone_number: '415-555-0134',
  secondaryCellPhone: '',
  Home_phone_number: '',
  lockerUUID: '',
  Country: 'United States',
  State_province_region: 'CA',
  City: 'San Francisco',
  Address_line_1: '742 Valencia St',
  Address_line_2: '',
  Zip_code: '94110',
  PinNo: '482915',
  isHandicapped: '0',
  emailChoose: '1',
  messageChoose: '0',
  confirmPassword: 'DemoPass1',
};

describe('account call results', () => {
  it('keeps the answers of the profile, QR and wallet calls apart', () => {
    expect(new Set(Object.values(UPDATE_PROFILE_ERRORCODE)).size).toBe(3);
    expect(UPDATE_PROFILE_ERRORCODE.updated).toBe(1);
    expect(QR_CODE_ERRORCODE).toEqual({ ok: 0, resetLocked: -1 });
    expect(WALLET_PASS_ERRORCODE).toEqual({ ok: 0, failed: -1 });
    expect(WALLET_LINK_TTL_MS).toBe(10 * 60 * 1000);
    expect(PROFILE_MESSAGES.duplicatedEmail).toBe('Duplicated email!');
  });

  it('answers a missing contact, and one of someone else, with the not-found errorcode', () => {
    expect(CONTACT_ERRORCODE.notFound).toBe(API_ERRORCODE.notFound);
    expect(CONTACT_MESSAGES.notFound).not.toBe('');
  });

  it('a QR answer carries when the next reset is allowed, or null', () => {
    const answer = { errorcode: -1, message: PROFILE_MESSAGES.qrResetLocked, qrcode: 'AIRBOX:2135846:abc', boxid: '2135846' };
    expect(getUserQrCodeCall.response.safeParse({ ...answer, next_reset_at: '2026-11-21T12:00:00.000Z' }).success).toBe(true);
    expect(getUserQrCodeCall.response.safeParse({ ...answer, next_reset_at: null }).success).toBe(true);
    expect(getUserQrCodeCall.request.parse({ user_id: '5' })).toEqual({ user_id: 5, update: '0' });
  });

  it('the profile request drops fields a customer may not set', () => {
    const parsed = updateSelfUserInfoCall.request.safeParse({ ...PROFILE_REQUEST, role_id: '1', credits: '999', membership: '3' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).not.toHaveProperty('role_id');
    expect(parsed.data).not.toHaveProperty('credits');
    expect(parsed.data).not.toHaveProperty('membership');
  });

  it('reads a profile save without the confirmation password as an empty one (answered "Incorrect password")', () => {
    const { confirmPassword: _skipped, ...withoutDialog } = PROFILE_REQUEST;
    expect(updateSelfUserInfoCall.request.parse(withoutDialog).confirmPassword).toBe('');
    const tooLong = updateSelfUserInfoCall.request.safeParse({ ...PROFILE_REQUEST, confirmPassword: 'x'.repeat(256) });
    expect(tooLong.error?.issues[0]?.message).toBe(PROFILE_MESSAGES.incorrectPassword);
  });

  it('a contact update names the contact and never its owner', () => {
    const parsed = updateUserShipmentAddressCall.request.parse({
      id: '9',
      user_id: '77',
      name: 'Mom',
      firstName: '',
      lastName: '',
      company: '',
      address1: '1 Main St',
      address2: '',
      city: 'Portland',
      state: 'OR',
      country: 'USA',
      zipcode: '97201',
      email: '',
      phone: '503-555-0199',
      residential: false,
    });
    expect(parsed.id).toBe(9);
    expect(parsed).not.toHaveProperty('user_id');
  });
});
