import { describe, expect, it } from 'vitest';
import { savedOrder, unpaidLabel } from '../../../testing/fixtures';
import { EMPTY_CUSTOMS, EMPTY_DRAFT, draftForReturn, draftFromSavedOrder, draftFromShipAgain, draftFromUnpaidLabel, isInternational, rateInput, saveForLaterInput } from './draft';

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

describe('a label abroad in a draft (issue 25 item 3)', () => {
  const TORONTO = { ...EMPTY_DRAFT.to, firstName: 'Sam', address1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zipcode: 'M5V 3L9', phone: '416-555-0100', country: 'CA' };
  const DECLARED = {
    ...EMPTY_CUSTOMS,
    customs_signer: 'Casey',
    items: [{ description: 'Cotton T-shirt', quantity: '2', value: '30', weight: '10', hs_tariff_number: '6109100012', origin_country: 'US' }],
  };
  const declaration = { contents_type: 'merchandise' as const, contents_explanation: '', customs_signer: 'Casey', eel_pfc: 'NOEEI 30.37(a)', non_delivery_option: 'return' as const, customs_certify: true, items: [{ description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109100012', origin_country: 'US' }] };

  it('sends the declaration with the rates only for a parcel abroad, and keeps it as typed with save for later', () => {
    const abroad = { ...EMPTY_DRAFT, to: TORONTO, customs: DECLARED };
    expect(isInternational(abroad)).toBe(true);
    expect(rateInput(abroad, false)).toMatchObject({ to: { country: 'CA', zipcode: 'M5V 3L9' }, customs: { customs_signer: 'Casey', items: [{ quantity: '2', hs_tariff_number: '6109100012' }] } });
    expect(saveForLaterInput(abroad, undefined)).toMatchObject({ to: { country: 'CA' }, customs: { items: [{ description: 'Cotton T-shirt', value: '30' }] } });
    const home = { ...abroad, to: { ...TORONTO, country: 'US' } };
    expect(rateInput(home, false)).not.toHaveProperty('customs');
    expect(saveForLaterInput(home, undefined).customs).toBeNull();
  });

  it('ships again with the declaration, and returns from abroad with the items as returned goods', () => {
    const label = { ...unpaidLabel(), to: { ...unpaidLabel().to, country: 'CA', city: 'Toronto', state: 'ON', zipcode: 'M5V 3L9' }, customs: declaration };
    const again = { id: 9, orderNo: 'AB1', from: label.from, to: label.to, parcel: label.parcel, insuredValue: '0.00', carrier: 'USPS', service: 'PriorityMailInternational', customs: declaration };
    // The exemption the contract filled in is shown as the customer left it: empty.
    expect(draftFromShipAgain(again).customs).toEqual({ ...DECLARED, eel_pfc: '' });
    const back = draftForReturn(again);
    expect([back.from.country, back.to.country ?? 'US']).toEqual(['CA', 'US']);
    expect(back.from.city).toBe('Toronto');
    expect(back.customs.contents_type).toBe('returned_goods');
    expect(back.customs.items[0]).toMatchObject({ description: 'Cotton T-shirt', quantity: '2' });
    expect(draftFromUnpaidLabel(label).customs.items[0]!.hs_tariff_number).toBe('6109100012');
  });
});
