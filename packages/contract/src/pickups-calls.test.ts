import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  createPickupCall,
  pickupAddressStepSchema,
  pickupDateStepSchema,
  pickupPaymentStepSchema,
  uspsPickupAddressStepSchema,
  uspsPickupDateStepSchema,
  uspsPickupScheduleCall,
} from './pickups-calls.js';
import { PICKUP_MESSAGES } from './pickups.js';

/** The message each field gets, as the wizard shows it under the field. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const address = {
  FirstName: 'Ann',
  LastName: "O'Neil-Lee",
  Company: '',
  Cell_phone_number: '(512) 555-0100',
  Address_line_1: '1 Main St',
  Address_line_2: '',
  City: 'Austin',
  State_province_region: 'TX',
  Country: 'USA',
  Zip_code: '78701',
};

describe('the pickup address step (spec 03 §5 Pickup address)', () => {
  it('takes a complete address, the country USA when left out', () => {
    const { Country: _country, ...withoutCountry } = address;
    expect(pickupAddressStepSchema.parse(withoutCountry)).toMatchObject({ Country: 'USA', LastName: "O'Neil-Lee" });
  });

  it("says which field is missing, in the spec's words", () => {
    const empty = Object.fromEntries(Object.keys(address).map((field) => [field, '']));
    expect(messagesOf(pickupAddressStepSchema, { ...empty, Country: ' ' })).toEqual({
      FirstName: PICKUP_MESSAGES.firstName,
      LastName: PICKUP_MESSAGES.lastName,
      Cell_phone_number: PICKUP_MESSAGES.phone,
      Address_line_1: PICKUP_MESSAGES.address1,
      City: PICKUP_MESSAGES.city,
      State_province_region: PICKUP_MESSAGES.state,
      Country: PICKUP_MESSAGES.country,
      Zip_code: PICKUP_MESSAGES.zip,
    });
    expect(PICKUP_MESSAGES.firstName).toBe('Please enter first name');
  });

  it.each([
    ['FirstName', 'Ann2', 'Cannot enter a number'],
    ['LastName', '3', 'Cannot enter a number'],
    ['Cell_phone_number', '555-0100', 'Enter the correct format'],
    ['Cell_phone_number', '512-555-01000', 'Enter the correct format'],
    ['Zip_code', '7870', 'Enter the correct format'],
    ['Zip_code', '78701-1234', 'Enter the correct format'],
  ])('refuses %s %j: %s', (field, value, message) => {
    expect(messagesOf(pickupAddressStepSchema, { ...address, [field]: value })).toEqual({ [field]: message });
  });

  it('asks the USPS service only for USPS', () => {
    expect(messagesOf(pickupAddressStepSchema, address)).toEqual({});
    expect(messagesOf(uspsPickupAddressStepSchema, address)).toEqual({ ServiceType: 'Please select carrier service' });
    expect(messagesOf(uspsPickupAddressStepSchema, { ...address, ServiceType: 'Teleport' })).toEqual({ ServiceType: 'Please select carrier service' });
    expect(messagesOf(uspsPickupAddressStepSchema, { ...address, ServiceType: 'Priority Mail' })).toEqual({});
  });
});

describe('the pickup date step (spec 03 §5 Pickup date)', () => {
  it('starts from the 09:00 to 16:00 window', () => {
    expect(pickupDateStepSchema.parse({ PickupDate: '2026-11-24' })).toMatchObject({ Earliest: '09:00:00', Latest: '16:00:00', reference: '', instructions: '' });
  });

  it("says what is missing, in the spec's words", () => {
    expect(messagesOf(pickupDateStepSchema, { PickupDate: '' })).toEqual({ PickupDate: 'Please select a date' });
    expect(messagesOf(pickupDateStepSchema, { PickupDate: '2026-11-24', Earliest: '', Latest: '16:00' })).toEqual({
      Earliest: 'Please fill in the complete pickup Date!',
    });
    expect(messagesOf(uspsPickupDateStepSchema, { PickupDate: '2026-11-24' })).toEqual({ reference: 'Please select packaging location!' });
    expect(messagesOf(uspsPickupDateStepSchema, { PickupDate: '2026-11-24', reference: 'Roof' })).toEqual({ reference: 'Please select packaging location!' });
  });

  it('keeps special instructions within 120 characters and the window in order', () => {
    expect(messagesOf(pickupDateStepSchema, { PickupDate: '2026-11-24', instructions: 'x'.repeat(120) })).toEqual({});
    expect(Object.keys(messagesOf(pickupDateStepSchema, { PickupDate: '2026-11-24', instructions: 'x'.repeat(121) }))).toEqual(['instructions']);
    expect(messagesOf(pickupDateStepSchema, { PickupDate: '2026-11-24', Earliest: '16:00', Latest: '09:00' })).toEqual({
      Latest: 'The latest time must be after the earliest time',
    });
  });
});

describe('the pickup payment step (spec 03 §5 Payment for pickup)', () => {
  const all = { agreeTerms: true, agreeNotRefundable: true, agreePackageReady: true, paypal: true };

  it('needs all three agreements, then PayPal', () => {
    expect(pickupPaymentStepSchema.safeParse(all).success).toBe(true);
    expect(Object.values(messagesOf(pickupPaymentStepSchema, { ...all, agreeNotRefundable: false }))).toEqual(['You must check all checkboxes to continue.']);
    expect(messagesOf(pickupPaymentStepSchema, { ...all, paypal: false })).toEqual({ paypal: 'Please select a payment method!' });
  });
});

describe('the pickup calls', () => {
  it("createPickup takes the window as local times at the address, and refuses anything else", () => {
    const body = { addressId: 'adr_1', shipmentId: 'shp_1', minDatetime: '2026-11-24 09:00:00', maxDatetime: '2026-11-24T16:00' };
    expect(createPickupCall.request.parse(body)).toMatchObject({ userLocker: false, reference: '', instructions: '' });
    expect(createPickupCall.request.safeParse({ ...body, minDatetime: '2026-11-24T09:00:00Z' }).success).toBe(false);
    expect(createPickupCall.request.safeParse({ ...body, maxDatetime: '24/11/2026 16:00' }).success).toBe(false);
  });

  it('CarrierPickupSchedule books one package, and the spec\'s lists only', () => {
    const body = {
      address1: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip5: '78701',
      firstname: 'Ann',
      lastname: 'Lee',
      servicetype: 'Priority Mail',
      phone: '5125550100',
      packagelocation: 'Mail Room',
      shipmentdetailsid: '7',
    };
    expect(uspsPickupScheduleCall.request.parse(body)).toMatchObject({ count: 1, uselocker: false, pickupdate: '', shipmentdetailsid: 7 });
    expect(uspsPickupScheduleCall.request.safeParse({ ...body, count: '2' }).success).toBe(false);
    expect(uspsPickupScheduleCall.request.safeParse({ ...body, packagelocation: 'Roof' }).success).toBe(false);
    expect(uspsPickupScheduleCall.request.safeParse({ ...body, specialinstructions: 'x'.repeat(121) }).success).toBe(false);
  });
});
