import { describe, expect, it } from 'vitest';
import { internationalAddressLine, normalizePostalCode, placeLines } from './countries.js';

const street = { address1: '12 Front St W', address2: '' };

describe('addresses in their country’s order (issue 25 item 3)', () => {
  it('writes each country’s place lines as its post reads them, the country last abroad', () => {
    expect(placeLines({ ...street, city: 'San Francisco', state: 'CA', zipcode: '94110' })).toEqual(['San Francisco, CA 94110']);
    expect(placeLines({ ...street, city: 'Toronto', state: 'ON', zipcode: 'M5V 2T6', country: 'CA' })).toEqual(['Toronto ON M5V 2T6', 'Canada']);
    expect(placeLines({ ...street, city: 'London', state: '', zipcode: 'SW1A 1AA', country: 'GB' })).toEqual(['London', 'SW1A 1AA', 'United Kingdom']);
    expect(placeLines({ ...street, city: 'Berlin', state: '', zipcode: '10115', country: 'DE' })).toEqual(['10115 Berlin', 'Germany']);
    expect(internationalAddressLine({ ...street, city: 'Toronto', state: 'ON', zipcode: 'M5V 2T6', country: 'CA' })).toBe('12 Front St W, Toronto ON M5V 2T6, Canada');
  });

  it('normalises postal codes as the post writes them', () => {
    expect(normalizePostalCode('CA', ' m5v2t6 ')).toBe('M5V 2T6');
    expect(normalizePostalCode('GB', 'sw1a1aa')).toBe('SW1A 1AA');
    expect(normalizePostalCode('US', '94110')).toBe('94110');
  });
});
