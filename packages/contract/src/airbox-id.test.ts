import { describe, expect, it } from 'vitest';
import { BOX_ID_MESSAGES, boxIdPrefixFor, boxIdProblem, isContinuousBoxId, isReservedBoxId } from './airbox-id.js';

describe('reserved AirBox IDs: all digits the same', () => {
  it.each(['1111111', '2222222', '9999999'])('%s is reserved', (id) => {
    expect(isReservedBoxId(id)).toBe(true);
    expect(boxIdProblem(id)).toBe(BOX_ID_MESSAGES.reserved);
  });
  it.each(['1111112', '2135846'])('%s is not', (id) => {
    expect(isReservedBoxId(id)).toBe(false);
  });
});

describe('continuous AirBox IDs: 6 or more digits in one +1 or -1 run (9→0 wraps)', () => {
  it.each(['1234567', '7654321', '2345678', '1234569', '9123456', '5234567', '8901234', '3210987', '6543210'])(
    '%s is continuous',
    (id) => {
      expect(isContinuousBoxId(id)).toBe(true);
      expect(boxIdProblem(id)).toBe(BOX_ID_MESSAGES.continuous);
    },
  );
  it.each(['1234657', '1357913', '1234512', '2135846', '1212121', '1234599', '4123450'])('%s is not', (id) => {
    expect(isContinuousBoxId(id)).toBe(false);
  });
});

describe('AirBox ID format', () => {
  it.each(['', '123456', '12345678', '0123458', '12a4567', ' 2135846'])('%j is refused', (id) => {
    expect(boxIdProblem(id)).toBe(BOX_ID_MESSAGES.format);
  });
  it('accepts an ordinary id', () => {
    expect(boxIdProblem('2135846')).toBeNull();
  });
});

describe('boxIdPrefixFor: where getBoxid starts', () => {
  it('keeps 3 digits that do not start with 0', () => {
    expect(boxIdPrefixFor('415')).toBe('415');
    expect(boxIdPrefixFor('100')).toBe('100');
  });
  it('puts a 1 before digits starting with 0, so the id is valid and still shows them', () => {
    expect(boxIdPrefixFor('012')).toBe('1012');
    expect(boxIdPrefixFor('000')).toBe('1000');
  });
  it('refuses anything but 3 digits', () => {
    expect(() => boxIdPrefixFor('41')).toThrow();
    expect(() => boxIdPrefixFor('4155')).toThrow();
  });
});
