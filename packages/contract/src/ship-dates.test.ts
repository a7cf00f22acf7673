import { describe, expect, it } from 'vitest';
import { rateLabelCall } from './shipments-calls.js';
import { estimatedDeliveryDate, formatShortDay, isCarrierWorkday, isIsoDate, shipDateRefusal, shipDates, shipDatesFrom } from './ship-dates.js';

const LA = 'America/Los_Angeles';

describe('shipDates', () => {
  it('offers today before 5:00 PM at the sender, then working days up to a week ahead, never a weekend or a federal holiday', () => {
    // Monday 23 November 2026, 10:00 AM in Los Angeles: Thanksgiving (26th) and the weekend are left out.
    expect(shipDates(new Date('2026-11-23T18:00:00Z'), LA)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30']);
  });

  it('leaves today out from 5:00 PM at the sender’s address', () => {
    // 5:00 PM in Los Angeles is 8:00 PM in New York: the sender's zone decides.
    expect(shipDates(new Date('2026-11-24T01:00:00Z'), LA)[0]).toBe('2026-11-24');
    expect(shipDates(new Date('2026-11-24T01:00:00Z'), 'America/New_York')[0]).toBe('2026-11-24');
    expect(shipDates(new Date('2026-11-23T21:59:00Z'), 'America/New_York')[0]).toBe('2026-11-23');
    expect(shipDates(new Date('2026-11-23T22:00:00Z'), 'America/New_York')[0]).toBe('2026-11-24');
    expect(shipDates(new Date('2026-11-24T00:59:00Z'), LA)[0]).toBe('2026-11-23');
    expect(shipDates(new Date('2026-11-24T01:00:00Z'), LA)).not.toContain('2026-11-23');
  });

  it('starts on the next working day on a weekend, and reads the sender’s state', () => {
    // Saturday 28 November, noon in Los Angeles.
    expect(shipDatesFrom(new Date('2026-11-28T20:00:00Z'), 'CA')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    // Christmas and New Year's Day (both Fridays in 2026 and 2027) are not offered.
    expect(shipDates(new Date('2026-12-24T18:00:00Z'), LA)).toEqual(['2026-12-24', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31']);
  });

  it('refuses a day that is not offered, naming the field and the days that are', () => {
    const allowed = ['2026-11-30', '2026-12-01'];
    expect(shipDateRefusal('2026-12-01', allowed)).toBeNull();
    expect(shipDateRefusal('2026-11-28', allowed)).toBe('shipDate: 2026-11-28 is not a day this label can be shipped; choose one of 2026-11-30, 2026-12-01');
  });
});

describe('estimatedDeliveryDate', () => {
  it('counts working days after the ship date, skipping the weekend', () => {
    expect(estimatedDeliveryDate('2026-11-30', 2, 'USPS')).toBe('2026-12-02');
    expect(estimatedDeliveryDate('2026-12-03', 2, 'USPS')).toBe('2026-12-07');
    expect(estimatedDeliveryDate('2026-12-04', 1, 'FedEx')).toBe('2026-12-07');
  });

  it('skips the carrier’s own holidays: USPS closes on Veterans Day, UPS and FedEx do not', () => {
    // Tuesday 10 November 2026; Veterans Day is Wednesday the 11th.
    expect(estimatedDeliveryDate('2026-11-10', 1, 'USPS')).toBe('2026-11-12');
    expect(estimatedDeliveryDate('2026-11-10', 1, 'UPSDAP')).toBe('2026-11-11');
    // Thanksgiving closes all three.
    expect(estimatedDeliveryDate('2026-11-25', 1, 'FedEx')).toBe('2026-11-27');
  });

  it('counts from the next working day when handed over on a day off; 0 days is the ship date', () => {
    expect(estimatedDeliveryDate('2026-11-28', 1, 'USPS')).toBe('2026-12-01');
    expect(estimatedDeliveryDate('2026-11-30', 0, 'USPS')).toBe('2026-11-30');
  });

  it('reads and writes calendar days whatever the zone', () => {
    expect(formatShortDay('2026-12-01')).toBe('Tue, Dec 1');
    expect(isIsoDate('2026-12-01')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isCarrierWorkday('2026-11-26')).toBe(false);
  });
});

describe('rateLabelCall ship date', () => {
  const order = {
    from: { firstName: 'A', lastName: 'B', company: '', address1: '1 Main St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94105', phone: '415-555-0101', email: '', residential: false },
    to: { firstName: 'C', lastName: 'D', company: '', address1: '2 Elm St', address2: '', city: 'Portland', state: 'OR', zipcode: '97201', phone: '503-555-0199', email: '', residential: true },
    parcel: { length: 10, width: 8, height: 4, weightLb: 1, weightOz: 0 },
  };

  it('is optional (a form body drops it) and must be a date as YYYY-MM-DD when sent', () => {
    expect(rateLabelCall.request.parse(order).shipDate).toBeUndefined();
    expect(rateLabelCall.request.parse({ ...order, shipDate: null }).shipDate).toBeUndefined();
    expect(rateLabelCall.request.parse({ ...order, shipDate: '2026-12-01' }).shipDate).toBe('2026-12-01');
    const refused = rateLabelCall.request.safeParse({ ...order, shipDate: 'Dec 1' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['shipDate'], message: 'shipDate: must be a date as YYYY-MM-DD' });
  });
});
