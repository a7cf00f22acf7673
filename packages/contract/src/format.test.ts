import { describe, expect, it, vi } from 'vitest';
import {
  abbreviateNumber,
  formatHubDateTime,
  onFirstUse,
  formatPhoneDashed,
  formatPhoneDisplay,
  maskPhone,
  phoneDigits,
  relativeTime,
} from './format.js';

describe('relative time', () => {
  const now = '2026-11-21T12:00:00Z';
  it.each([
    ['2026-11-21T12:00:00Z', '0 minutes ago'],
    ['2026-11-21T11:59:00Z', '1 minute ago'],
    ['2026-11-21T11:01:00Z', '59 minutes ago'],
    ['2026-11-21T11:00:00Z', '1 hour ago'],
    ['2026-11-20T12:01:00Z', '23 hours ago'],
    ['2026-11-20T12:00:00Z', '1 day ago'],
    ['2026-11-01T12:00:00Z', '20 days ago'],
  ])('%s is %s', (when, text) => {
    expect(relativeTime(when, now)).toBe(text);
  });
});

describe('number abbreviations k, M, G, T, P, E', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [999_999, '1M'],
    [5_600_000, '5.6M'],
    [7e9, '7G'],
    [2.5e12, '2.5T'],
    [3e15, '3P'],
    [4e18, '4E'],
    [-1500, '-1.5k'],
  ])('%d → %s', (value, text) => {
    expect(abbreviateNumber(value)).toBe(text);
  });
});

describe('phones', () => {
  it('keeps the 10 digits, dropping separators and a +1 country code', () => {
    expect(phoneDigits('+1 (415) 555-0134')).toBe('4155550134');
    expect(phoneDigits('415-555-0134')).toBe('4155550134');
  });

  it('shows (xxx) xxx-xxxx in order tables', () => {
    expect(formatPhoneDisplay('4155550134')).toBe('(415) 555-0134');
    expect(formatPhoneDisplay('415-555-0134')).toBe('(415) 555-0134');
  });

  it('shows ###-###-#### in forms', () => {
    expect(formatPhoneDashed('4155550134')).toBe('415-555-0134');
  });

  it('masks a phone as it is pasted or typed: separators and a leading country 1 go before the 10-digit limit', () => {
    for (const pasted of ['206-555-0100', '(206) 555-0100', '+1 206 555 0100', '12065550100', '206.555.0100']) {
      expect(maskPhone(pasted)).toBe('206-555-0100');
    }
    expect(maskPhone('2')).toBe('2');
    expect(maskPhone('2065')).toBe('206-5');
    expect(maskPhone('206-5550')).toBe('206-555-0');
    expect(maskPhone('206-555-01009')).toBe('206-555-0100');
    expect(maskPhone('abc')).toBe('');
  });

  it('shows anything that is not 10 digits as given', () => {
    expect(formatPhoneDisplay('12345')).toBe('12345');
    expect(formatPhoneDashed('')).toBe('');
    expect(formatPhoneDisplay(null)).toBe('');
  });
});

describe('formatHubDateTime (spec 01 §9: M/D/YYYY, 12-hour clock)', () => {
  it('shows the hub time with its zone, whatever the instant is given as', () => {
    expect(formatHubDateTime('2026-11-23T11:48:28.000Z')).toBe('11/23/2026 3:48 AM PST');
    expect(formatHubDateTime(Date.UTC(2026, 6, 4, 19, 5))).toBe('7/4/2026 12:05 PM PDT');
    expect(formatHubDateTime('2026-11-23T02:30:00.000Z', 'America/New_York')).toBe('11/22/2026 9:30 PM EST');
  });

  it('is empty for a missing or invalid date', () => {
    expect(formatHubDateTime(null)).toBe('');
    expect(formatHubDateTime('')).toBe('');
    expect(formatHubDateTime('not a date')).toBe('');
  });
});

describe('onFirstUse', () => {
  it('makes nothing until first asked, then makes once and gives the same each time', () => {
    const make = vi.fn(() => new Intl.NumberFormat('en-US'));
    const format = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    expect(format().format(1234)).toBe('1,234');
    expect(format()).toBe(format());
    expect(make).toHaveBeenCalledTimes(1);
  });
});
