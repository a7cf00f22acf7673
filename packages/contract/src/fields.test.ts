import { describe, expect, it } from 'vitest';
import { loginCall } from './auth-calls.js';
import { FLAG_RULE, INT4, flagField, idField, intField, optionalTextField, textField, whenMissing } from './fields.js';
import { MESSAGES } from './messages.js';
import { messageIdsField } from './messages-calls.js';

describe('textField', () => {
  it('refuses a NUL byte anywhere, with the rule as its only issue', () => {
    for (const value of ['\u0000', 'a\u0000@b.co', 'trailing\u0000']) {
      expect(textField.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.nulCharacter]);
    }
  });

  it('keeps any other text as it is', () => {
    for (const value of ['', 'José O\'Neil', 'tab\there', '東京 🚚', '\u0001\u007f']) {
      expect(textField.parse(value)).toBe(value);
    }
  });

  it('goes first in the rules built on it: a NUL is named before a format or a length', () => {
    const parsed = loginCall.request.safeParse({ name: 'a\u0000@b.co', password: 'x' });
    expect(parsed.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['name'], MESSAGES.nulCharacter]]);
  });
});

describe('request integers stay within int4', () => {
  it('intField takes the int4 range from forms and JSON, and nothing past it', () => {
    expect(intField.parse(String(INT4.max))).toBe(2_147_483_647);
    expect(intField.parse(INT4.min)).toBe(-2_147_483_648);
    for (const value of ['2147483648', 2_147_483_648, '-2147483649', -2_147_483_649]) {
      expect(intField.safeParse(value).success).toBe(false);
    }
  });

  it('ids are positive int4 values', () => {
    expect(idField.parse('2147483647')).toBe(2_147_483_647);
    expect(idField.safeParse('2147483648').success).toBe(false);
    expect(idField.safeParse(0).success).toBe(false);
  });

  it('each of several message ids joined with commas is within int4', () => {
    expect(messageIdsField.parse('3,2147483647,3')).toEqual([3, 2_147_483_647]);
    expect(messageIdsField.safeParse('3,2147483648').success).toBe(false);
  });
});

describe('fields a client may leave out', () => {
  it('optionalTextField: absent or null is empty, anything sent is trimmed and checked', () => {
    const field = optionalTextField(5, 'Too long');
    expect(field.parse(undefined)).toBe('');
    expect(field.parse(null)).toBe('');
    expect(field.parse(' abc ')).toBe('abc');
    expect(field.safeParse('abcdef').error?.issues.map((issue) => issue.message)).toEqual(['Too long']);
    expect(field.safeParse('a\u0000').error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.nulCharacter]);
  });

  it('whenMissing gives its fallback for absent or null, and checks anything else', () => {
    const residential = whenMissing(flagField, false);
    expect(residential.parse(undefined)).toBe(false);
    expect(residential.parse(null)).toBe(false);
    expect(residential.parse(1)).toBe(true);
    expect(residential.parse('0')).toBe(false);
    expect(residential.safeParse('yes').error?.issues.map((issue) => issue.message)).toEqual([FLAG_RULE]);
  });
});
