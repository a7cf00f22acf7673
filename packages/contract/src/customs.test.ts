import { describe, expect, it } from 'vitest';
import { CUSTOMS_REQUIRED_MESSAGE, NO_EEI_EXEMPTION, countryField, customsDeclarationSchema, customsMessageForPeople, customsNeedsAes } from './customs.js';
import { labelToStepSchema, rateLabelCall } from './shipments-calls.js';

const item = (overrides: Record<string, unknown> = {}) => ({ description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109.10.0012', origin_country: 'us', ...overrides });
const declaration = (overrides: Record<string, unknown> = {}) => ({ contents_type: 'merchandise', customs_signer: 'Casey Demo', items: [item()], ...overrides });
const messages = (input: unknown) => customsDeclarationSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

const address = { firstName: 'Ann', address1: '1 Main St', city: 'San Francisco', state: 'CA', zipcode: '94103', phone: '415-555-0100' };
const toronto = { firstName: 'Sam', address1: '290 Bremner Blvd', city: 'Toronto', state: 'ON', zipcode: 'M5V 3L9', phone: '416-555-0100', country: 'ca' };
const parcel = { length: 10, width: 8, height: 4, weightLb: 1, weightOz: 0 };

describe('customs declaration (issue 25 item 3)', () => {
  it('reads as EasyPost CustomsInfo: HS code digits only, origin in capitals, the NOEEI exemption under $2,500, certified', () => {
    const parsed = customsDeclarationSchema.parse(declaration({ items: [item(), item({ description: 'Wool cap', quantity: 1, value: '18.499', hs_tariff_number: null })] }));
    expect(parsed).toEqual({
      contents_type: 'merchandise',
      contents_explanation: '',
      customs_signer: 'Casey Demo',
      eel_pfc: NO_EEI_EXEMPTION,
      non_delivery_option: 'return',
      customs_certify: true,
      items: [
        { description: 'Cotton T-shirt', quantity: 2, value: 30, weight: 10, hs_tariff_number: '6109100012', origin_country: 'US' },
        { description: 'Wool cap', quantity: 1, value: 18.5, weight: 10, hs_tariff_number: '', origin_country: 'US' },
      ],
    });
  });

  it('names each field it refuses, items by their index', () => {
    expect(messages(declaration({ items: [item(), item({ hs_tariff_number: '61-09', quantity: 0, origin_country: 'Canada', description: ' ' })] }))).toEqual([
      'items[1].description: enter it',
      'items[1].quantity: a whole number from 1 to 9999',
      'items[1].hs_tariff_number: the HS code, 6 to 10 digits',
      'items[1].origin_country: the country of origin as two letters (US, CN, …)',
    ]);
    expect(messages(declaration({ contents_type: 'weapons', customs_signer: '', items: [] }))).toEqual([
      'contents_type: one of merchandise, gift, documents, returned_goods, sample, other',
      'customs_signer: the name of the person who signs the declaration',
      'items: list what the parcel holds: at least one item',
    ]);
    expect(messages(declaration({ contents_type: 'other' }))).toEqual(["contents_explanation: say what the parcel holds (contents type 'other')"]);
    expect(customsDeclarationSchema.safeParse(declaration({ items: [item()] })).success).toBe(true);
    const paths = customsDeclarationSchema.safeParse(declaration({ items: [item(), item({ value: 0 })] })).error?.issues.map((issue) => issue.path);
    expect(paths).toEqual([['items', 1, 'value']]);
  });

  it('asks for the AES ITN when one HS group is worth more than $2,500, and takes it', () => {
    const dear = [item({ value: 1500 }), item({ value: 1200, hs_tariff_number: '610910' })];
    expect(customsNeedsAes(dear)).toBe(true);
    expect(customsNeedsAes([item({ value: 1500 }), item({ value: 1200, hs_tariff_number: '420221' })])).toBe(false);
    expect(messages(declaration({ items: dear }))).toEqual(['eel_pfc: an HS group is worth more than $2,500: enter the AES ITN (AES X and 14 digits)']);
    expect(messages(declaration({ items: dear, eel_pfc: NO_EEI_EXEMPTION }))).toHaveLength(1);
    expect(customsDeclarationSchema.parse(declaration({ items: dear, eel_pfc: 'AES X20261127123456' })).eel_pfc).toBe('AES X20261127123456');
    expect(messages(declaration({ eel_pfc: 'whatever' }))).toEqual(['eel_pfc: NOEEI 30.37(a) or an AES ITN (AES X and 14 digits)']);
  });

  it('a rate to another country needs the declaration; a US one does not', () => {
    const toCanada = { from: address, to: toronto, parcel };
    expect(rateLabelCall.request.safeParse(toCanada).error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['customs'], CUSTOMS_REQUIRED_MESSAGE]]);
    const rated = rateLabelCall.request.parse({ ...toCanada, customs: declaration() });
    expect(rated.to.country).toBe('CA');
    expect(rated.customs?.items[0]?.hs_tariff_number).toBe('6109100012');
    const domestic = rateLabelCall.request.parse({ from: address, to: { ...address, country: 'USA' }, parcel, customs: null });
    expect([domestic.from.country, domestic.to.country, domestic.customs]).toEqual(['US', 'US', undefined]);
  });

  it('a US address keeps its five-digit ZIP code; abroad, the postal code', () => {
    expect(rateLabelCall.request.safeParse({ from: { ...address, zipcode: 'M5V 3L9' }, to: address, parcel }).error?.issues.map((issue) => issue.path)).toEqual([['from', 'zipcode']]);
    expect(countryField.parse(undefined)).toBe('US');
    expect(countryField.safeParse('Canada').success).toBe(false);
  });
});

describe('the label page’s step forms (issue 25 item 3)', () => {
  it('keep US addresses, the ZIP code named beside the other mistakes; the rate call takes a country', () => {
    const issues = labelToStepSchema.safeParse({ ...address, country: 'US', zipcode: '9410', city: '' }).error?.issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual(['city', 'zipcode']);
    expect(labelToStepSchema.parse({ ...address, country: 'US' })).toMatchObject({ country: 'US' });
  });

  it('ask a recipient abroad for what its country writes: a province and a postal code in its format, none in the United Kingdom', () => {
    const canada = { ...address, country: 'CA', city: 'Toronto', state: 'on', zipcode: 'm5v2t6' };
    expect(labelToStepSchema.parse(canada)).toMatchObject({ state: 'ON', zipcode: 'M5V 2T6' });
    const named = (values: object) => labelToStepSchema.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(named({ ...canada, state: 'XX', zipcode: '94110', city: '' })).toEqual(['city: Please enter city', 'state: Please select province', 'zipcode: Enter the postal code as M5V 2T6']);
    expect(labelToStepSchema.parse({ ...address, country: 'GB', city: 'London', state: '', zipcode: 'sw1a 1aa' })).toMatchObject({ state: '', zipcode: 'SW1A 1AA' });
    expect(named({ ...address, country: 'ZZ' })).toEqual(['country: country: choose a country']);
    expect(rateLabelCall.request.safeParse({ from: null, to: 'x', parcel }).success).toBe(false);
  });
});

describe('a declaration\'s messages as customers read them', () => {
  it('names the item and the field', () => {
    expect(customsMessageForPeople('items[1].hs_tariff_number: the carrier needs the HS code of every item')).toBe('Item 2, HS code: the carrier needs the HS code of every item');
    expect(customsMessageForPeople("items: a declared value of $3,000.00 is over the carrier's limit of $2,500")).toBe("Items: a declared value of $3,000.00 is over the carrier's limit of $2,500");
    expect(customsMessageForPeople('USPS: too heavy')).toBe('USPS: too heavy');
  });
});
