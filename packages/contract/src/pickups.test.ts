import { describe, expect, it } from 'vitest';
import { PACKAGE_LOCATIONS, PICKUP_DEFAULTS, isPickupDateAllowed, pickupDates, stateTimeZone } from './pickups.js';
import { US_STATES } from './us-states.js';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

describe('pickupDates (spec 03 §5)', () => {
  // Noon in Los Angeles on each day of the week of Monday 2026-11-23.
  it.each([
    ['Monday', '2026-11-23T20:00:00Z', ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']],
    ['Tuesday', '2026-11-24T20:00:00Z', ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']],
    // Wednesday to Friday: 5 days ahead, so the window reaches past the weekend.
    ['Wednesday', '2026-11-25T20:00:00Z', ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-30']],
    ['Thursday', '2026-11-26T20:00:00Z', ['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01']],
    ['Friday', '2026-11-27T20:00:00Z', ['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02']],
    // Saturday: 4 days ahead; Sunday: 3; never a weekend day.
    ['Saturday', '2026-11-28T20:00:00Z', ['2026-11-30', '2026-12-01', '2026-12-02']],
    ['Sunday', '2026-11-29T20:00:00Z', ['2026-11-30', '2026-12-01', '2026-12-02']],
  ])('on a %s offers weekdays from today within its window', (_day, now, expected) => {
    expect(pickupDates(new Date(now), LA)).toEqual(expected);
  });

  it('counts from the date at the pickup address, not the server\'s', () => {
    // 02:00 UTC on Tuesday is still Monday evening in Los Angeles, and Monday night in New York.
    const now = new Date('2026-11-24T02:00:00Z');
    expect(pickupDates(now, LA)[0]).toBe('2026-11-23');
    expect(pickupDates(now, NY)[0]).toBe('2026-11-23');
    // 06:00 UTC on Saturday is Saturday in New York (weekend window) but Friday in Los Angeles.
    const saturday = new Date('2026-11-28T06:00:00Z');
    expect(pickupDates(saturday, NY)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(pickupDates(saturday, LA)).toEqual(['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02']);
  });

  it.each([
    // Spring forward (2026-03-08, a Sunday) and fall back (2026-11-01, a Sunday) in the US.
    ['just before spring forward', '2026-03-08T09:59:00Z', ['2026-03-09', '2026-03-10', '2026-03-11']],
    ['just after spring forward', '2026-03-08T10:01:00Z', ['2026-03-09', '2026-03-10', '2026-03-11']],
    ['at midnight after spring forward', '2026-03-09T07:00:00Z', ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']],
    ['just after fall back', '2026-11-01T09:30:00Z', ['2026-11-02', '2026-11-03', '2026-11-04']],
    ['at midnight after fall back', '2026-11-02T08:00:00Z', ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']],
    ['a minute before that midnight', '2026-11-02T07:59:00Z', ['2026-11-02', '2026-11-03', '2026-11-04']],
  ])('is unchanged by the clock change: %s', (_when, now, expected) => {
    expect(pickupDates(new Date(now), LA)).toEqual(expected);
  });

  it('refuses a date in the past, a weekend day and one beyond the window', () => {
    const monday = new Date('2026-11-23T20:00:00Z');
    expect(isPickupDateAllowed('2026-11-23', monday, LA)).toBe(true);
    expect(isPickupDateAllowed('2026-11-20', monday, LA)).toBe(false);
    expect(isPickupDateAllowed('2026-11-27', monday, LA)).toBe(false);
    expect(isPickupDateAllowed('2026-11-29', new Date('2026-11-27T20:00:00Z'), LA)).toBe(false);
  });
});

describe('the pickup lists and defaults (spec 03 §9)', () => {
  it('has a time zone for every state, by code or name, and Pacific time otherwise', () => {
    for (const state of US_STATES) expect(stateTimeZone(state.code)).toMatch(/^(America|Pacific)\//);
    expect(stateTimeZone('New York')).toBe(NY);
    expect(stateTimeZone('TX')).toBe('America/Chicago');
    expect(stateTimeZone('')).toBe(LA);
  });

  it('offers the ten package locations and the 09:00 to 16:00 window', () => {
    expect(PACKAGE_LOCATIONS).toHaveLength(10);
    expect(PACKAGE_LOCATIONS).toContain('Knock on Door/Ring Bell');
    expect(PICKUP_DEFAULTS).toMatchObject({ earliest: '09:00:00', latest: '16:00:00', packageCount: 1, instructionsMax: 120 });
  });
});
