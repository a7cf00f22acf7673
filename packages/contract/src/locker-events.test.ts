import { describe, expect, it } from 'vitest';
import { lockerEventSchema } from './locker-events-calls.js';
import { overdueDays, pacificTime, pickupCharge, pickupGraceEnd, pickupReminderWindow } from './locker-events.js';

const at = (iso: string) => new Date(iso);

describe('pickupReminderWindow', () => {
  it('runs from 8:00 AM to 12:00 PM Pacific on the day after the delivery, winter and summer', () => {
    expect(pickupReminderWindow(at('2026-01-15T18:00:00Z'))).toEqual({ from: at('2026-01-16T16:00:00Z'), until: at('2026-01-16T20:00:00Z') });
    expect(pickupReminderWindow(at('2026-07-15T18:00:00Z'))).toEqual({ from: at('2026-07-16T15:00:00Z'), until: at('2026-07-16T19:00:00Z') });
  });

  it('follows the Pacific day across the clock change (delivered Saturday night before DST starts)', () => {
    // 2026-03-07 23:30 PST; the morning after is Sunday 8 March, the first day of PDT.
    expect(pickupReminderWindow(at('2026-03-08T07:30:00Z'))).toEqual({ from: at('2026-03-08T15:00:00Z'), until: at('2026-03-08T19:00:00Z') });
  });
});

describe('pickupGraceEnd', () => {
  it('is 12:00 PM Pacific standard time the next day in winter', () => {
    expect(pickupGraceEnd(at('2026-01-15T18:00:00Z')).toISOString()).toBe('2026-01-16T20:00:00.000Z');
  });

  it('is 12:00 PM Pacific daylight time the next day in summer', () => {
    expect(pickupGraceEnd(at('2026-07-15T18:00:00Z')).toISOString()).toBe('2026-07-16T19:00:00.000Z');
  });

  it('counts the next day from the Pacific calendar day, not the UTC one', () => {
    // 11:30 PM PST on January 10 is already January 11 in UTC.
    expect(pickupGraceEnd(at('2026-01-11T07:30:00Z')).toISOString()).toBe('2026-01-11T20:00:00.000Z');
    // 12:05 AM PST on January 11.
    expect(pickupGraceEnd(at('2026-01-11T08:05:00Z')).toISOString()).toBe('2026-01-12T20:00:00.000Z');
  });

  it('ends at noon PDT when the clocks spring forward overnight (March 8, 2026)', () => {
    expect(pickupGraceEnd(at('2026-03-07T18:00:00Z')).toISOString()).toBe('2026-03-08T19:00:00.000Z');
  });

  it('ends at noon PST when the clocks fall back overnight (November 1, 2026)', () => {
    expect(pickupGraceEnd(at('2026-10-31T17:00:00Z')).toISOString()).toBe('2026-11-01T20:00:00.000Z');
  });
});

describe('overdueDays', () => {
  const delivered = at('2026-01-15T18:00:00Z'); // 10:00 AM PST
  it('charges nothing up to and at the grace end', () => {
    expect(overdueDays(delivered, at('2026-01-15T19:00:00Z'))).toBe(0);
    expect(overdueDays(delivered, at('2026-01-16T20:00:00Z'))).toBe(0);
  });
  it('charges 1 for a pickup in the first started day after the grace end', () => {
    expect(overdueDays(delivered, at('2026-01-16T20:00:01Z'))).toBe(1);
    expect(overdueDays(delivered, at('2026-01-17T20:00:00Z'))).toBe(1);
  });
  it('charges 2 in the second day and never more', () => {
    expect(overdueDays(delivered, at('2026-01-17T20:00:01Z'))).toBe(2);
    expect(overdueDays(delivered, at('2026-01-25T12:00:00Z'))).toBe(2);
  });
  it('runs a day from noon to noon Pacific across the spring change (23 hours)', () => {
    const beforeSpring = at('2026-03-07T18:00:00Z'); // Saturday 10:00 AM PST
    expect(overdueDays(beforeSpring, at('2026-03-08T18:59:59Z'))).toBe(0); // 11:59:59 AM PDT
    expect(overdueDays(beforeSpring, at('2026-03-08T19:30:00Z'))).toBe(1); // 12:30 PM PDT
    expect(overdueDays(beforeSpring, at('2026-03-09T19:00:00Z'))).toBe(1);
    expect(overdueDays(beforeSpring, at('2026-03-09T19:00:01Z'))).toBe(2);
  });
  it('runs a day from noon to noon Pacific across the fall change (25 hours)', () => {
    const beforeFall = at('2026-10-31T17:00:00Z'); // Saturday 10:00 AM PDT
    expect(overdueDays(beforeFall, at('2026-11-01T19:30:00Z'))).toBe(0); // 11:30 AM PST
    expect(overdueDays(beforeFall, at('2026-11-01T20:00:01Z'))).toBe(1);
    expect(overdueDays(beforeFall, at('2026-11-02T20:00:00Z'))).toBe(1);
    expect(overdueDays(beforeFall, at('2026-11-02T20:00:01Z'))).toBe(2);
  });
  it('treats a pickup recorded before the delivery as on time', () => {
    expect(overdueDays(delivered, at('2026-01-14T00:00:00Z'))).toBe(0);
  });
});

describe('pickupCharge', () => {
  const delivered = at('2026-01-15T18:00:00Z');
  it('charges the credit plan 1 for the delivery plus the overdue days', () => {
    expect(pickupCharge({ deliveredAt: delivered, pickedUpAt: at('2026-01-16T10:00:00Z'), coveredByMembership: false })).toEqual({ base: 1, overtimeDays: 0, total: 1 });
    expect(pickupCharge({ deliveredAt: delivered, pickedUpAt: at('2026-01-19T10:00:00Z'), coveredByMembership: false })).toEqual({ base: 1, overtimeDays: 2, total: 3 });
  });
  it('charges a member only the overdue days', () => {
    expect(pickupCharge({ deliveredAt: delivered, pickedUpAt: at('2026-01-16T10:00:00Z'), coveredByMembership: true })).toEqual({ base: 0, overtimeDays: 0, total: 0 });
    expect(pickupCharge({ deliveredAt: delivered, pickedUpAt: at('2026-01-17T10:00:00Z'), coveredByMembership: true })).toEqual({ base: 0, overtimeDays: 1, total: 1 });
  });
});

describe('pacificTime', () => {
  it('rolls a day past the month end into the next month', () => {
    expect(pacificTime(2026, 1, 32, 12).toISOString()).toBe('2026-02-01T20:00:00.000Z');
  });
});

describe('lockerEventSchema', () => {
  it('reads a delivery and a pickup', () => {
    expect(lockerEventSchema.parse({ type: 'delivered', boxId: '2135846', hubId: 'h1', carrier: 'USPS', trackingNo: '9400' }).type).toBe('delivered');
    expect(lockerEventSchema.parse({ type: 'picked_up', hubId: 'h1', pickupCode: '583920', pickedUpAt: '2026-01-15T18:00:00Z' }).type).toBe('picked_up');
  });
  it('refuses an unknown type, a short AirBox ID, a 5-digit code and a date without a zone', () => {
    expect(lockerEventSchema.safeParse({ type: 'lost', hubId: 'h1' }).success).toBe(false);
    expect(lockerEventSchema.safeParse({ type: 'delivered', boxId: '21358', hubId: 'h1', carrier: 'USPS', trackingNo: '1' }).success).toBe(false);
    expect(lockerEventSchema.safeParse({ type: 'picked_up', hubId: 'h1', pickupCode: '58392' }).success).toBe(false);
    expect(lockerEventSchema.safeParse({ type: 'picked_up', hubId: 'h1', pickupCode: '583920', pickedUpAt: '2026-01-15 18:00' }).success).toBe(false);
  });
});
