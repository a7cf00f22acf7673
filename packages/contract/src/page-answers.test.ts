import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CALLS } from './calls.js';
import { encodeFields, PAGE_FIRST_CALLS, pageCallKey } from './page-answers.js';

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

describe('PAGE_FIRST_CALLS', () => {
  it("lists calls whose parsed answers are plain JSON, as the server writes them into the page and the web app takes them", () => {
    // A transform or a Date in a response schema would make the written answer (JSON) differ from
    // the one the app's own parse would give: JSON Schema cannot represent them either.
    const names = new Set(Object.values(PAGE_FIRST_CALLS).flatMap((calls) => calls(1).map(({ name }) => name)));
    expect(names.size).toBeGreaterThan(0);
    for (const name of names) {
      expect(() => z.toJSONSchema(ALL_CALLS[name].response, { io: 'output', unrepresentable: 'throw' }), name).not.toThrow();
    }
    const withDate = z.object({ errorcode: z.number(), at: z.string().transform((value) => new Date(value)) });
    expect(() => z.toJSONSchema(withDate, { io: 'output', unrepresentable: 'throw' })).toThrow();
  });
});
