import { describe, expect, it } from 'vitest';
import { BOX_ID_MESSAGES } from './airbox-id.js';
import {
  PROFILE_MESSAGES as P,
  confirmPasswordFormSchema,
  notificationChoices,
  notificationMethod,
  notificationMethodField,
  profileFormSchema,
  updateSelfUserInfoCall,
} from './account-calls.js';
import { CONTACT_MESSAGES as C, contactFormSchema, stripPunctuation } from './contacts.js';
import { formatUsd, orderTotalCents, planField, quantityField } from './memberships.js';
import { deleteMessageCall } from './messages-calls.js';
import { creditSign, operationAmountCents, transactionTypeName } from './operations.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issuesOf = (result: Result) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const profile = {
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
  isHandicapped: 0,
  emailChoose: 1,
  messageChoose: 0,
};

describe('profile form (spec 03 §5)', () => {
  it('accepts the profile with no new password and no hub', () => {
    expect(issuesOf(profileFormSchema.safeParse(profile))).toEqual([]);
  });

  it.each([
    [{ First_name: '***' }, `First_name: ${P.firstName}`],
    [{ Last_name: '' }, `Last_name: ${P.lastName}`],
    [{ Email: 'x@' }, `Email: ${P.email}`],
    [{ Password: 'lowercase1' }, `Password: ${P.password}`],
    [{ PinNo: '12345' }, `PinNo: ${P.pin}`],
    [{ BOXID: '123456' }, `BOXID: ${BOX_ID_MESSAGES.format}`],
    [{ BOXID: '0135846' }, `BOXID: ${BOX_ID_MESSAGES.format}`],
    [{ Cell_phone_number: '415-555-013' }, `Cell_phone_number: ${P.phone}`],
    [{ Home_phone_number: '415' }, `Home_phone_number: ${P.optionalPhone}`],
    [{ Zip_code: '9411' }, `Zip_code: ${P.zip}`],
    [{ Country: 'Mexico' }, `Country: ${P.country}`],
  ])('refuses %j', (change, message) => {
    expect(issuesOf(profileFormSchema.safeParse({ ...profile, ...change }))).toEqual([message]);
  });

  it('derives Notification_method from the two switches and back', () => {
    expect(notificationMethod(true, false)).toBe('Email');
    expect(notificationMethod(false, true)).toBe('Text Message');
    expect(notificationMethod(true, true)).toBe('Email,Text Message');
    expect(notificationMethod(false, false)).toBe('');
    expect(notificationChoices('Email,Text Message')).toEqual({ emailChoose: true, messageChoose: true });
    expect(notificationChoices('Text Message')).toEqual({ emailChoose: false, messageChoose: true });
    expect(notificationChoices('')).toEqual({ emailChoose: false, messageChoose: false });
  });

  it('takes Notification_method as getUserByUser_id names it: Email, Text Message, both, or empty', () => {
    for (const method of ['Email', 'Text Message', 'Email,Text Message', 'Text Message, Email', '']) {
      expect(notificationMethodField.safeParse(method).success).toBe(true);
    }
    for (const method of ['Fax', 'Email,Fax', 'email']) {
      expect(notificationMethodField.safeParse(method).success).toBe(false);
    }
  });

  it('on the wire, a profile save may leave out any field (it stays as it is), but what it sends must pass the rules', () => {
    expect(updateSelfUserInfoCall.request.parse({ user_id: '42' })).toEqual({ user_id: 42, confirmPassword: '' });
    expect(issuesOf(updateSelfUserInfoCall.request.safeParse({ user_id: '42', First_name: '!!' }))).toEqual([`First_name: ${P.firstName}`]);
    expect(issuesOf(updateSelfUserInfoCall.request.safeParse({ user_id: '42', Notification_method: 'Fax' }))).toHaveLength(1);
  });

  it('leaves reserved and continuous ids to the change check, so an old one can be kept', () => {
    expect(profileFormSchema.safeParse({ ...profile, BOXID: '5555555' }).success).toBe(true);
    expect(profileFormSchema.safeParse({ ...profile, BOXID: '3456789' }).success).toBe(true);
  });

  it('asks for the confirmation password', () => {
    expect(issuesOf(confirmPasswordFormSchema.safeParse({ password: '' }))).toEqual([`password: ${P.confirmPasswordRequired}`]);
  });
});

const contact = {
  name: 'Mom',
  firstName: '',
  lastName: '',
  company: '',
  address1: '1 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  country: 'USA',
  zipcode: '62701',
  phone: '(217) 555-0100',
  email: '',
  residential: true,
};

describe('contact form (spec 03 §5)', () => {
  it('accepts a contact and strips punctuation from names', () => {
    const parsed = contactFormSchema.parse({ ...contact, name: 'Mom & Dad!', company: 'Acme, Inc.' });
    expect(parsed.name).toBe('Mom  Dad');
    expect(parsed.company).toBe('Acme Inc');
    expect(stripPunctuation("O'Neil-Smith #1")).toBe('ONeilSmith 1');
  });

  it.each(['217-555-0100', '2175550100', '217 555 0100', '(217)555-0100'])('accepts the phone %s', (phone) => {
    expect(contactFormSchema.safeParse({ ...contact, phone }).success).toBe(true);
  });

  it.each([
    [{ name: ' "" ' }, `name: ${C.nickname}`],
    [{ address1: "  ' " }, `address1: ${C.address1}`],
    [{ city: '' }, `city: ${C.city}`],
    [{ state: '' }, `state: ${C.state}`],
    [{ country: '' }, `country: ${C.country}`],
    [{ phone: '' }, `phone: ${C.phone}`],
    [{ phone: '555-0100' }, `phone: ${C.format}`],
    [{ zipcode: '' }, `zipcode: ${C.zip}`],
    [{ zipcode: '6270' }, `zipcode: ${C.format}`],
    [{ email: 'nope' }, `email: ${C.format}`],
    [{ firstName: 'x'.repeat(51) }, `firstName: ${C.tooLong}`],
    [{ address1: 'x'.repeat(256) }, `address1: ${C.tooLong}`],
  ])('refuses %j', (change, message) => {
    expect(issuesOf(contactFormSchema.safeParse({ ...contact, ...change }))).toEqual([message]);
  });
});

describe('memberships', () => {
  it('counts money in whole cents', () => {
    expect(orderTotalCents(0.1, 3)).toBe(30);
    expect(orderTotalCents(29.99, 1)).toBe(2999);
    expect(formatUsd(1250)).toBe('$12.50');
  });

  it('shows dollars with a thousands separator and two decimals', () => {
    expect(formatUsd(454000)).toBe('$4,540.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
    expect(formatUsd(100000000)).toBe('$1,000,000.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(-500)).toBe('-$5.00');
  });

  it('takes plans 1, 2 and 3 and quantities of at least 1', () => {
    expect(planField.parse('2')).toBe(2);
    expect(planField.safeParse('4').success).toBe(false);
    expect(quantityField.safeParse('0').success).toBe(false);
    expect(quantityField.parse('5')).toBe(5);
  });
});

describe('transactions (spec 03 §9)', () => {
  it.each([
    [1, 'Delivery', ''],
    [2, 'Pick up', '-'],
    [3, 'Purchase', '+'],
    [4, 'Pick up in store', '-'],
    [11, 'CREDIT PLAN', '+'],
    [12, '6 Months PLAN', '+'],
    [13, '12 Months PLAN', '+'],
    [99, 'UNKNOW TYPE', ''],
  ])('type %i is %s with sign %j', (type, name, sign) => {
    expect(transactionTypeName(type)).toBe(name);
    expect(creditSign(type)).toBe(sign);
  });

  it.each([
    [14.55, -1455],
    [-14.55, 1455],
    [0.1 + 0.2, -30],
    [0, 0],
    [null, null],
  ])('a quote of %j is %j cents from the customer\'s side', (quote, cents) => {
    expect(operationAmountCents({ quote })).toBe(cents);
  });
});

describe('message deletion ids', () => {
  it('takes one id or several joined with commas, once each', () => {
    expect(deleteMessageCall.request.parse({ message_id: '7' }).message_id).toEqual([7]);
    expect(deleteMessageCall.request.parse({ message_id: '3,5,3' }).message_id).toEqual([3, 5]);
    expect(deleteMessageCall.request.safeParse({ message_id: '3;drop' }).success).toBe(false);
    expect(deleteMessageCall.request.safeParse({ message_id: '' }).success).toBe(false);
  });
});
