import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CALLS } from './calls.js';
import { maskPhone, phoneDigits } from './format.js';

/**
 * Issue 21 item 3: the web app's phone field keeps what is pasted or typed as ###-###-####
 * (maskPhone), the profile sends its phones as 10 digits (phoneDigits), and the registration
 * sends them dashed. Every call that carries a phone must take both forms, whatever the customer
 * pasted; nothing wider is needed (a '+1' or parentheses never reach a body).
 */

/** The request fields of every call whose name says phone (getBoxid's 3-digit phoneNumber aside), by call and path. */
function phoneFieldsOf(schema: z.ZodType, path: string): [string, z.ZodType][] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]): [string, z.ZodType][] => {
    const at = path ? `${path}.${key}` : key;
    // An address with its country's rules (issue 25 item 3) is its fields piped to a transform.
    const inner = field instanceof z.ZodPipe ? (field.in as z.ZodType) : field;
    if (inner instanceof z.ZodObject) return phoneFieldsOf(inner, at);
    return /phone/i.test(key) && key !== 'phoneNumber' ? [[at, field]] : [];
  });
}

const PHONE_FIELDS = Object.entries(ALL_CALLS).flatMap(([name, call]) =>
  phoneFieldsOf(call.request as z.ZodType, '').map(([path, field]) => [`${name} ${path}`, field] as const),
);

describe("the calls' phones", () => {
  it('are found in the calls that carry one: contacts, the label page, pickups, the profile and registration', () => {
    const names = PHONE_FIELDS.map(([name]) => name);
    for (const expected of [
      'addUserShipmentAddressCall phone',
      'rateLabelCall from.phone',
      'rateLabelCall to.phone',
      'uspsPickupScheduleCall phone',
      'updateSelfUserInfoCall Cell_phone_number',
      'registerCall Cell_phone_number',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(PHONE_FIELDS)('%s takes a pasted phone as the field keeps it, dashed or as 10 digits', (_name, field) => {
    for (const pasted of ['206-555-0100', '(206) 555-0100', '+1 206 555 0100']) {
      expect(field.safeParse(maskPhone(pasted)).success).toBe(true);
      expect(field.safeParse(phoneDigits(pasted)).success).toBe(true);
    }
  });
});
