import { describe, expect, it } from 'vitest';
import { US_STATES, usStateCode } from './us-states.js';

describe('US states', () => {
  it('lists the 50 states and the District of Columbia once each', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((state) => state.code)).size).toBe(51);
    expect(US_STATES.every((state) => /^[A-Z]{2}$/.test(state.code))).toBe(true);
    expect(US_STATES.find((state) => state.code === 'DC')?.name).toBe('District of Columbia');
  });

  it('finds a code from a code or a name in any case', () => {
    expect(usStateCode('CA')).toBe('CA');
    expect(usStateCode(' ca ')).toBe('CA');
    expect(usStateCode('new york')).toBe('NY');
    expect(usStateCode('District of Columbia')).toBe('DC');
    expect(usStateCode('Ontario')).toBeNull();
    expect(usStateCode('')).toBeNull();
    expect(usStateCode(null)).toBeNull();
  });
});
