import { describe, expect, it } from 'vitest';
import {
  PACKAGE_LOCATIONS,
  PICKUP_DEFAULTS,
  USPS_PICKUP_SERVICES,
  carrierHoliday,
  carrierPickupDates,
  localToday,
  pickupDateRefusal,
  pickupDates,
  stateTimeZone,
  uspsPickupServiceOfLabel,
} from './pickups.js';
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
    expect(pickupDateRefusal('2026-11-23', monday, LA, 'FedEx')).toBeNull();
    expect(pickupDateRefusal('2026-11-20', monday, LA, 'FedEx')).not.toBeNull();
    expect(pickupDateRefusal('2026-11-27', monday, LA, 'FedEx')).toContain('2026-11-27 is not one of them');
    expect(pickupDateRefusal('2026-11-29', new Date('2026-11-27T20:00:00Z'), LA, 'FedEx')).not.toBeNull();
  });
});

describe("the carriers' calendar: holidays and the same-day cutoff", () => {
  it.each([
    // 2026: New Year's on a Thursday; Independence Day on a Saturday is observed on Friday 3 July.
    ['2026-01-01', "New Year's Day", "New Year's Day"],
    ['2026-01-19', 'Martin Luther King Jr. Day', null],
    ['2026-02-16', "Washington's Birthday", null],
    ['2026-05-25', 'Memorial Day', 'Memorial Day'],
    ['2026-06-19', 'Juneteenth', null],
    ['2026-07-03', 'Independence Day', 'Independence Day'],
    ['2026-07-04', null, null],
    ['2026-09-07', 'Labor Day', 'Labor Day'],
    ['2026-10-12', 'Columbus Day', null],
    ['2026-11-11', 'Veterans Day', null],
    ['2026-11-26', 'Thanksgiving Day', 'Thanksgiving Day'],
    ['2026-11-27', null, null],
    ['2026-12-25', 'Christmas Day', 'Christmas Day'],
    // 2027: Christmas on a Saturday is observed on Friday 24 December, and New Year's Day 2028 on Friday 31 December 2027.
    ['2027-12-24', 'Christmas Day', 'Christmas Day'],
    ['2027-12-31', "New Year's Day", "New Year's Day"],
    // Juneteenth 2027 on a Saturday is observed on Friday 18 June; Juneteenth 2033 on a Sunday on Monday 20 June.
    ['2027-06-18', 'Juneteenth', null],
    ['2033-06-20', 'Juneteenth', null],
  ])('%s: USPS %s, FedEx and UPS %s', (date, usps, others) => {
    expect(carrierHoliday(date, 'USPS')).toBe(usps);
    expect(carrierHoliday(date, 'FedEx')).toBe(others);
    expect(carrierHoliday(date, 'UPSDAP')).toBe(others);
  });

  it('offers no Thanksgiving, with the reason when it is asked for', () => {
    // Monday 23 November 2026, noon in Los Angeles.
    const monday = new Date('2026-11-23T20:00:00Z');
    expect(carrierPickupDates(monday, LA, 'FedEx')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    expect(pickupDateRefusal('2026-11-26', monday, LA, 'FedEx')).toBe('FedEx does not pick up on Thanksgiving Day (2026-11-26). Choose 2026-11-23, 2026-11-24, 2026-11-25.');
    // The Wednesday before: Thanksgiving gone, Friday kept (the carriers pick up then).
    expect(carrierPickupDates(new Date('2026-11-25T17:00:00Z'), NY, 'FedEx')).toEqual(['2026-11-25', '2026-11-27', '2026-11-30']);
  });

  it("offers USPS today only before 2:00 AM Central Time, wherever the address is", () => {
    // 1:30 AM Central on Tuesday 24 November: 2:30 AM in New York, still Monday 11:30 PM in Los Angeles.
    const beforeCutoff = new Date('2026-11-24T07:30:00Z');
    expect(carrierPickupDates(beforeCutoff, NY, 'USPS')[0]).toBe('2026-11-24');
    expect(carrierPickupDates(beforeCutoff, LA, 'USPS')[0]).toBe('2026-11-24');
    // 6:00 AM in New York (5:00 AM Central): today is gone, with the reason.
    const morning = new Date('2026-11-24T11:00:00Z');
    expect(carrierPickupDates(morning, NY, 'USPS')).toEqual(['2026-11-25', '2026-11-27']);
    expect(pickupDateRefusal('2026-11-24', morning, NY, 'USPS')).toBe(
      'A USPS pickup for today had to be booked by 2:00 AM Central Time. Choose 2026-11-25, 2026-11-27.',
    );
  });

  it('offers FedEx today only before 2:00 PM at the pickup address', () => {
    // 1:59 PM and 2:00 PM in New York on Monday 23 November.
    expect(carrierPickupDates(new Date('2026-11-23T18:59:00Z'), NY, 'FedEx')[0]).toBe('2026-11-23');
    expect(carrierPickupDates(new Date('2026-11-23T19:00:00Z'), NY, 'FedEx')[0]).toBe('2026-11-24');
    // The same instant is 11:00 AM in Los Angeles: today is still open there.
    expect(carrierPickupDates(new Date('2026-11-23T19:00:00Z'), LA, 'FedEx')[0]).toBe('2026-11-23');
    expect(localToday(new Date('2026-11-24T02:00:00Z'), LA)).toBe('2026-11-23');
  });
});

describe('the pickup lists and defaults (spec 03 §9)', () => {
  it('has a time zone for every state, by code or name, and Pacific time otherwise', () => {
    for (const state of US_STATES) expect(stateTimeZone(state.code)).toMatch(/^(America|Pacific)\//);
    expect(stateTimeZone('New York')).toBe(NY);
    expect(stateTimeZone('TX')).toBe('America/Chicago');
    expect(stateTimeZone('')).toBe(LA);
  });

  it("gives a USPS label's service as its pickup service, Ground Advantage among them", () => {
    expect(uspsPickupServiceOfLabel('GroundAdvantage')).toBe('USPS Ground Advantage');
    expect(USPS_PICKUP_SERVICES).toContain(uspsPickupServiceOfLabel('GroundAdvantage'));
    expect(uspsPickupServiceOfLabel('Priority')).toBe('Priority Mail');
    expect(uspsPickupServiceOfLabel('Express')).toBe('Priority Mail Express');
    expect(uspsPickupServiceOfLabel('SomethingNew')).toBe('');
  });

  it('offers the ten package locations and the 09:00 to 16:00 window', () => {
    expect(PACKAGE_LOCATIONS).toHaveLength(10);
    expect(PACKAGE_LOCATIONS).toContain('Knock on Door/Ring Bell');
    expect(PICKUP_DEFAULTS).toMatchObject({ earliest: '09:00:00', latest: '16:00:00', packageCount: 1, instructionsMax: 120 });
  });
});
