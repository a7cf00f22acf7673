import { describe, expect, it } from 'vitest';
import {
  REFUND_WINDOW_DAYS,
  SHIPMENT_MESSAGES,
  carrierDisplayName,
  carrierServiceName,
  carrierWireName,
  fromCents,
  insuranceFeeCents,
  insuredValueCents,
  normalizeComments,
  ouncesToPounds,
  paymentStatus,
  refundRefusal,
  shipmentActions,
  shipmentStatus,
  splitOunces,
  statusTone,
  toCents,
  totalPrice,
} from './shipments.js';
import { PREDEFINED_PACKAGE_IDS, parcelDescription } from './carrier-packages.js';
import { SAVED_PACKAGE_MESSAGES, savePackageCall } from './saved-packages-calls.js';
import { CARRIER_PACKAGE_MESSAGES, PARCEL_MESSAGES, commentsField, insuredValueField, parcelSchema, shippingAddressSchema } from './shipments-calls.js';

const CARRIER_STATUSES = [
  'delivered',
  'available_for_pickup',
  'in_transit',
  'out_for_delivery',
  'return_to_sender',
  'pickup scheduled',
  'failure',
  'cancelled',
  'error',
];

describe('shipmentStatus (spec 03 §4)', () => {
  it('is unpaid at flag 0 with no carrier status', () => {
    expect(shipmentStatus({ status_flag: '0', easypostStatus: '' })).toBe('unpaid');
    expect(shipmentStatus({ status_flag: '0', easypostStatus: null })).toBe('unpaid');
  });

  it.each(['', 'pre_transit', 'unknown'])('is label created at flag 1 with carrier status %j', (status) => {
    expect(shipmentStatus({ status_flag: '1', easypostStatus: status })).toBe('label created');
  });

  it('is refunded at flag 2 whatever the carrier says, and refund pending while the carrier reviews it', () => {
    expect(shipmentStatus({ status_flag: '2', easypostStatus: 'pre_transit', refund_status: 'refunded' })).toBe('refunded');
    expect(shipmentStatus({ status_flag: '2', easypostStatus: '', refund_status: 'submitted' })).toBe('refund pending');
  });

  it.each(CARRIER_STATUSES)('shows the carrier status %j as it is otherwise', (status) => {
    expect(shipmentStatus({ status_flag: '1', easypostStatus: status })).toBe(status.replace(/_/g, ' '));
  });

  it('groups statuses into colours', () => {
    expect(statusTone('delivered')).toBe('success');
    expect(statusTone('in transit')).toBe('info');
    expect(statusTone('label created')).toBe('info');
    expect(statusTone('unpaid')).toBe('warning');
    expect(statusTone('refund pending')).toBe('warning');
    expect(statusTone('failure')).toBe('error');
    expect(statusTone('refunded')).toBe('neutral');
  });
});

describe('shipmentActions (spec 03 §4 matrix)', () => {
  it('offers details and comments always, label and invoice only at flag 1', () => {
    for (const flag of ['0', '1', '2']) {
      const actions = shipmentActions({ status_flag: flag, easypostStatus: '' });
      expect(actions.details && actions.editComments).toBe(true);
      expect(actions.viewLabel).toBe(flag === '1');
      expect(actions.downloadInvoice).toBe(flag === '1');
    }
  });

  it('schedules a pickup at flag 1 with no carrier status, and shows its details once it has one', () => {
    expect(shipmentActions({ status_flag: '1', easypostStatus: '' }).pickup).toBe('schedule');
    expect(shipmentActions({ status_flag: '1', easypostStatus: 'in_transit' }).pickup).toBeNull();
    expect(shipmentActions({ status_flag: '1', easypostStatus: 'in_transit', pickupId: 'pickup_1' }).pickup).toBe('details');
    expect(shipmentActions({ status_flag: '0', easypostStatus: '', pickupId: 'pickup_1' }).pickup).toBeNull();
  });

  it('offers a UPS label its drop-off choices where SCHEDULE PICKUP would be, since UPS has no pickup here', () => {
    expect(shipmentActions({ status_flag: '1', easypostStatus: '', rateCarrier: 'UPSDAP' }).pickup).toBe('dropoff');
    expect(shipmentActions({ status_flag: '1', easypostStatus: 'in_transit', rateCarrier: 'UPSDAP' }).pickup).toBeNull();
    expect(shipmentActions({ status_flag: '1', easypostStatus: '', rateCarrier: 'USPS' }).pickup).toBe('schedule');
    expect(shipmentActions({ status_flag: '1', easypostStatus: '', rateCarrier: 'FedEx' }).pickup).toBe('schedule');
  });

  it.each([
    ['', true],
    ['unknown', true],
    ['return_to_sender', true],
    ['failure', true],
    ['delivered', false],
    ['in_transit', false],
    ['pre_transit', false],
    ['out_for_delivery', false],
    ['available_for_pickup', false],
  ])('offers REFUND at flag 1 with carrier status %j: %s', (status, offered) => {
    expect(shipmentActions({ status_flag: '1', easypostStatus: status }).refund).toBe(offered);
    expect(shipmentActions({ status_flag: '2', easypostStatus: status }).refund).toBe(false);
  });
});

describe('refundRefusal (spec 03 §5)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const label = { status_flag: '1', easypostStatus: '', rateCarrier: 'USPS', createTime: '2026-11-20T12:00:00Z' };

  it('lets an unscanned label inside its window be refunded', () => {
    expect(refundRefusal(label, now)).toBeNull();
  });

  it.each(['delivered', 'unknown', 'out_for_delivery', 'failure', 'cancelled', 'error', 'return_to_sender', 'in_transit'])(
    'refuses at carrier status %s with the spec message',
    (status) => {
      expect(refundRefusal({ ...label, easypostStatus: status }, now)).toBe(SHIPMENT_MESSAGES.cannotRefund);
    },
  );

  it('refuses an unpaid or already refunded shipment', () => {
    expect(refundRefusal({ ...label, status_flag: '0' }, now)).toBe(SHIPMENT_MESSAGES.cannotRefund);
    expect(refundRefusal({ ...label, status_flag: '2' }, now)).toBe(SHIPMENT_MESSAGES.cannotRefund);
  });

  it('closes the window after 30 days for USPS and 90 for UPS (sent as UPSDAP) and FedEx', () => {
    const day = 24 * 60 * 60 * 1000;
    const boughtDaysAgo = (days: number) => new Date(now.getTime() - days * day - 1000).toISOString();
    expect(REFUND_WINDOW_DAYS).toEqual({ USPS: 30, UPS: 90, FedEx: 90 });
    expect(refundRefusal({ ...label, createTime: boughtDaysAgo(29) }, now)).toBeNull();
    expect(refundRefusal({ ...label, createTime: boughtDaysAgo(30) }, now)).toBe(SHIPMENT_MESSAGES.refundWindowClosed);
    expect(refundRefusal({ ...label, rateCarrier: 'UPSDAP', createTime: boughtDaysAgo(60) }, now)).toBeNull();
    expect(refundRefusal({ ...label, rateCarrier: 'FedEx', createTime: boughtDaysAgo(90) }, now)).toBe(SHIPMENT_MESSAGES.refundWindowClosed);
  });

  it('says Refunded as payment status once a refund was asked', () => {
    expect(paymentStatus({ status_flag: '1', refund_status: '' })).toBe('paid');
    expect(paymentStatus({ status_flag: '0' })).toBe('unpaid');
    expect(paymentStatus({ status_flag: '2', refund_status: 'submitted' })).toBe('Refunded');
  });
});

describe('prices and insurance (spec 03 §9)', () => {
  it('adds retail rate and insurance and takes off the charge price, to 2 decimals', () => {
    expect(totalPrice({ retailRate: '9.35', insurance: '2.00', chargePrice: '1.77' })).toBe('9.58');
    expect(totalPrice({ retailRate: '0.1', insurance: '0.2', chargePrice: '0' })).toBe('0.30');
    expect(totalPrice({ retailRate: '', insurance: '', chargePrice: '' })).toBe('0.00');
  });

  it('charges 1% of the declared value, raised to $1 when under it but not 0', () => {
    expect(insuranceFeeCents(0)).toBe(0);
    expect(insuranceFeeCents(1)).toBe(100);
    expect(insuranceFeeCents(5_000)).toBe(100);
    expect(insuranceFeeCents(12_345)).toBe(123);
    expect(insuranceFeeCents(50_000)).toBe(500);
    expect(insuredValueCents(500)).toBe(50_000);
  });

  it('takes a declared value of $0 to $500 only', () => {
    expect(insuredValueField.parse('499.99')).toBe(49_999);
    expect(insuredValueField.parse(undefined)).toBe(0);
    expect(insuredValueField.safeParse('500.01').success).toBe(false);
    expect(insuredValueField.safeParse(-1).success).toBe(false);
  });

  it('writes cents as dollars and back', () => {
    expect(fromCents(1250)).toBe('12.50');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-5)).toBe('-0.05');
    expect(toCents('12.5')).toBe(1250);
    expect(toCents(0.29)).toBe(29);
  });

  it('shows USPS ounces as pounds and splits a weight for the form', () => {
    expect(ouncesToPounds(32)).toBe(2);
    expect(ouncesToPounds(20)).toBe(1.25);
    expect(splitOunces(37.5)).toEqual({ lb: 2, oz: 5.5 });
  });
});

describe('comments (spec 03 §5)', () => {
  it('collapses whitespace and keeps at most 200 characters', () => {
    expect(normalizeComments('  gift \n\n for   Sam ')).toBe('gift for Sam');
    expect(commentsField.parse(`${'a'.repeat(100)}     ${'b'.repeat(99)}`)).toHaveLength(200);
    expect(commentsField.safeParse('c'.repeat(201)).error?.issues[0]?.message).toBe(SHIPMENT_MESSAGES.commentsTooLong);
    expect(commentsField.parse(null)).toBe('');
  });
});

describe('carrier names', () => {
  it('shows UPS for UPSDAP and sends UPSDAP for UPS', () => {
    expect(carrierDisplayName('UPSDAP')).toBe('UPS');
    expect(carrierDisplayName('FedExDefault')).toBe('FedEx');
    expect(carrierDisplayName('USPS')).toBe('USPS');
    expect(carrierWireName('UPS')).toBe('UPSDAP');
    expect(carrierWireName('FedEx')).toBe('FedEx');
  });

  it('names a carrier service once: the renaming list first, else the code in words, led by the carrier (issue 21 item 9)', () => {
    const renaming = [
      { carrier: 'USPS', easypost_original: 'Priority', renamed: 'USPS Priority Mail' },
      { carrier: 'UPSDAP', easypost_original: 'NextDayAir', renamed: 'UPS Next Day Air' },
      { carrier: 'FedEx', easypost_original: 'FEDEX_2_DAY', renamed: '2Day' },
    ];
    expect(carrierServiceName('USPS', 'Priority', renaming)).toBe('USPS Priority Mail');
    expect(carrierServiceName('UPSDAP', 'NextDayAir', renaming)).toBe('UPS Next Day Air');
    expect(carrierServiceName('UPS', 'NextDayAir', renaming)).toBe('UPS Next Day Air');
    expect(carrierServiceName('FedEx', 'FEDEX_2_DAY', renaming)).toBe('FedEx 2Day');
    // Not in the list: the carrier's code in words, the carrier said once.
    expect(carrierServiceName('USPS', 'GroundAdvantage')).toBe('USPS Ground Advantage');
    expect(carrierServiceName('FedEx', 'FEDEX_GROUND')).toBe('FedEx Ground');
    expect(carrierServiceName('FedExDefault', 'STANDARD_OVERNIGHT')).toBe('FedEx Standard Overnight');
    expect(carrierServiceName('UPSDAP', '2ndDayAir')).toBe('UPS 2nd Day Air');
    // A pickup's rate.
    expect(carrierServiceName('FedEx', 'FedEx Pickup')).toBe('FedEx pickup');
    expect(carrierServiceName('UPSDAP', 'Future-day Pickup')).toBe('UPS Future-day pickup');
    // Nothing to name but the carrier, or no carrier.
    expect(carrierServiceName('USPS', '')).toBe('USPS');
    expect(carrierServiceName('', 'Priority')).toBe('Priority');
  });
});

describe('the label-purchase page forms', () => {
  const address = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    address1: '500 Grand Ave',
    city: 'Oakland',
    state: 'CA',
    zipcode: '94610',
    phone: '(510) 555-0142',
  };

  it('takes an address with a name or a company, and names the field that is wrong', () => {
    expect(shippingAddressSchema.safeParse(address).success).toBe(true);
    expect(shippingAddressSchema.safeParse({ ...address, firstName: '', lastName: '', company: 'ACME' }).success).toBe(true);
    const nameless = shippingAddressSchema.safeParse({ ...address, firstName: '', lastName: '' });
    expect(nameless.error?.issues[0]?.path).toEqual(['firstName']);
    const badZip = shippingAddressSchema.safeParse({ ...address, zipcode: '9461' });
    expect(badZip.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['zipcode', 'Enter the correct format']]);
  });

  it('takes a parcel with sizes in inches and a weight in pounds and ounces, more than nothing', () => {
    expect(parcelSchema.parse({ length: '10', width: 8, height: 4, weightLb: '2', weightOz: '3.5' })).toEqual({
      length: 10,
      width: 8,
      height: 4,
      weightLb: 2,
      weightOz: 3.5,
      predefinedPackage: null,
    });
    expect(parcelSchema.safeParse({ length: 10, width: 8, height: 4, weightLb: 0, weightOz: 0 }).error?.issues[0]?.path).toEqual(['weightLb']);
    expect(parcelSchema.safeParse({ length: 0, width: 8, height: 4, weightLb: 1 }).error?.issues[0]?.path).toEqual(['length']);
    expect(parcelSchema.safeParse({ length: 10, width: 8, height: 4, weightLb: 1, weightOz: 16 }).success).toBe(false);
  });

  it('asks the sides of the customer’s own box, each by its field, when no carrier package is chosen', () => {
    const issues = (input: Record<string, unknown>) => parcelSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ length: '', width: 8, weightLb: 1, predefinedPackage: '' })).toEqual([
      ['length', PARCEL_MESSAGES.size],
      ['height', PARCEL_MESSAGES.size],
    ]);
    expect(issues({ length: 'ten', width: 8, height: 4, weightLb: 1 })).toEqual([['length', PARCEL_MESSAGES.size]]);
    expect(issues({ length: 200, width: 8, height: 4, weightLb: 1 })).toEqual([['length', PARCEL_MESSAGES.size]]);
  });

  it('takes a USPS Flat Rate package by its EasyPost name without sides: the parcel has its inside size', () => {
    expect(parcelSchema.parse({ predefinedPackage: 'SmallFlatRateBox', length: '', width: '', height: '', weightLb: '2', weightOz: '' })).toEqual({
      predefinedPackage: 'SmallFlatRateBox',
      length: 8.625,
      width: 5.375,
      height: 1.625,
      weightLb: 2,
      weightOz: 0,
    });
    // Sides sent with it are the package's, not the ones sent.
    expect(parcelSchema.parse({ predefinedPackage: 'FlatRateEnvelope', length: 30, width: 30, height: 30, weightOz: 8 })).toMatchObject({ length: 12.5, width: 9.5 });
    expect(PREDEFINED_PACKAGE_IDS).toEqual(['FlatRateEnvelope', 'FlatRatePaddedEnvelope', 'FlatRateLegalEnvelope', 'SmallFlatRateBox', 'MediumFlatRateBox', 'LargeFlatRateBox']);
  });

  it('refuses a package name that is not one of the USPS Flat Rate packages, and Flat Rate over 70 lb', () => {
    const refused = parcelSchema.safeParse({ predefinedPackage: 'FedExBox', weightLb: 2 });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['predefinedPackage', CARRIER_PACKAGE_MESSAGES.unknown]]);
    expect(parcelSchema.safeParse({ predefinedPackage: 'smallflatratebox', weightLb: 2 }).success).toBe(false);
    const heavy = parcelSchema.safeParse({ predefinedPackage: 'LargeFlatRateBox', weightLb: 70, weightOz: 1 });
    expect(heavy.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['weightLb', CARRIER_PACKAGE_MESSAGES.weight]]);
    expect(parcelSchema.safeParse({ predefinedPackage: 'LargeFlatRateBox', weightLb: 70 }).success).toBe(true);
    // The customer's own box still goes to 150 lb.
    expect(parcelSchema.safeParse({ length: 20, width: 20, height: 20, weightLb: 150 }).success).toBe(true);
  });

  it('names a parcel one way: the carrier package, else its size', () => {
    expect(parcelDescription({ length: 8.625, width: 5.375, height: 1.625, predefinedPackage: 'SmallFlatRateBox' })).toBe('USPS Small Flat Rate Box');
    expect(parcelDescription({ length: 12, width: 10, height: 6, predefinedPackage: null })).toBe('12 × 10 × 6 in');
    expect(parcelDescription({ length: 12, width: 10, height: 6 })).toBe('12 × 10 × 6 in');
  });
});

describe('saved packages', () => {
  it('keeps a name of 1 to 40 characters, whitespace collapsed, and a parcel as the Package step takes it', () => {
    const saved = savePackageCall.request.parse({ name: '  Shoe   box ', parcel: { predefinedPackage: 'MediumFlatRateBox', weightLb: 3 } });
    expect(saved.name).toBe('Shoe box');
    expect(saved.parcel.predefinedPackage).toBe('MediumFlatRateBox');
    expect(savePackageCall.request.safeParse({ name: '   ', parcel: { length: 1, width: 1, height: 1, weightLb: 1 } }).error?.issues[0]?.message).toBe(SAVED_PACKAGE_MESSAGES.name);
    expect(savePackageCall.request.safeParse({ name: 'x'.repeat(41), parcel: { length: 1, width: 1, height: 1, weightLb: 1 } }).error?.issues[0]?.message).toBe(
      SAVED_PACKAGE_MESSAGES.nameTooLong,
    );
    expect(savePackageCall.request.safeParse({ name: 'Box', parcel: { predefinedPackage: 'UPS_Box', weightLb: 1 } }).success).toBe(false);
  });
});
