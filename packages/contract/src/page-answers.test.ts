import { describe, expect, it } from 'vitest';
import { encodeFields, pageCallKey } from './page-answers.js';

describe('encodeFields', () => {
  it('drops null and undefined fields and sends booleans as 1 or 0', () => {
    const encoded = encodeFields({ a: 'x', b: null, c: undefined, d: true, e: false, f: 0, g: '' });
    expect(encoded.toString()).toBe('a=x&d=1&e=0&f=0&g=');
  });
});

describe('pageCallKey', () => {
  it('names a call with the fields it sends, encoded as they are sent', () => {
    expect(pageCallKey('userGetShipmentCall', { user_id: 7, start: 0, num: 3 })).toBe('userGetShipmentCall?user_id=7&start=0&num=3');
    expect(pageCallKey('getAdvertisementsCall', {})).toBe('getAdvertisementsCall?');
    expect(pageCallKey('x', { a: true, b: undefined })).toBe(pageCallKey('x', { a: 1 }));
  });
});
