import { describe, expect, it } from 'vitest';
import { savedOrder, unpaidLabel } from '../../../testing/fixtures';
import { EMPTY_DRAFT, draftFromSavedOrder, draftFromUnpaidLabel, rateInput, saveForLaterInput } from './draft';

describe('the label page’s package in a draft', () => {
  it('holds a USPS Flat Rate package by its name, its sides not asked, from an order in progress or an unpaid label', () => {
    const order = savedOrder({ predefinedPackage: 'SmallFlatRateBox', length: 8.625, width: 5.375, height: 1.625, weight: 32 });
    expect(draftFromSavedOrder(order).parcel).toEqual({ predefinedPackage: 'SmallFlatRateBox', length: '', width: '', height: '', weightLb: '2', weightOz: '0' });
    const label = unpaidLabel({ parcel: { length: 12.5, width: 9.5, height: 0.75, weight: 8, predefinedPackage: 'FlatRateEnvelope' } });
    expect(draftFromUnpaidLabel(label).parcel).toMatchObject({ predefinedPackage: 'FlatRateEnvelope', length: '' });
    // The customer's own box keeps its sides.
    expect(draftFromSavedOrder(savedOrder()).parcel).toMatchObject({ predefinedPackage: '', length: '12', width: '10', height: '6' });
  });

  it('sends the package with the rates and with save for later', () => {
    const draft = { ...EMPTY_DRAFT, parcel: { predefinedPackage: 'LargeFlatRateBox' as const, length: '', width: '', height: '', weightLb: '5', weightOz: '' } };
    expect(rateInput(draft, false).parcel).toMatchObject({ predefinedPackage: 'LargeFlatRateBox', weightLb: '5' });
    expect(saveForLaterInput(draft, undefined).parcel).toEqual({ predefinedPackage: 'LargeFlatRateBox', length: 0, width: 0, height: 0, weightLb: 5, weightOz: 0 });
  });
});
