import { describe, expect, it } from 'vitest';
import { overdueDays, pickupGraceEnd, pickupReminderWindow } from './locker-events.js';
import { OPERATION_TYPE, creditSign } from './operations.js';
import { extendPickupRequestSchema } from './pickup-extensions-calls.js';
import { extendedFreeUntil, extensionRefusal, freeUntilText, PICKUP_EXTENSION_MAX_DAYS } from './pickup-extensions.js';
import { freePeriodStart } from './vacation-holds.js';

describe('a free period extended by paid days', () => {
  const delivered = new Date('2026-12-01T23:30:00Z'); // Tue Dec 1, 3:30 PM PST

  it('moves the free period a Pacific day on for each day paid', () => {
    expect(freePeriodStart(delivered, null, 0)).toEqual(delivered);
    expect(pickupGraceEnd(freePeriodStart(delivered, null, 0)).toISOString()).toBe('2026-12-02T20:00:00.000Z');
    expect(pickupGraceEnd(freePeriodStart(delivered, null, 1)).toISOString()).toBe('2026-12-03T20:00:00.000Z');
    expect(extendedFreeUntil(delivered, null, 2).toISOString()).toBe('2026-12-04T20:00:00.000Z');
  });

  it('adds to a vacation hold’s end', () => {
    // Held until Dec 5: free until Dec 7 noon; one day more: Dec 8 noon.
    expect(extendedFreeUntil(delivered, '2026-12-05', 0).toISOString()).toBe('2026-12-07T20:00:00.000Z');
    expect(extendedFreeUntil(delivered, '2026-12-05', 1).toISOString()).toBe('2026-12-08T20:00:00.000Z');
  });

  it('counts late days, and the reminder, from the extended end', () => {
    const start = freePeriodStart(delivered, null, 1);
    expect(overdueDays(start, new Date('2026-12-03T19:59:00Z'))).toBe(0);
    expect(overdueDays(start, new Date('2026-12-03T20:00:01Z'))).toBe(1);
    expect(pickupReminderWindow(start)).toEqual({ from: new Date('2026-12-03T16:00:00Z'), until: new Date('2026-12-03T20:00:00Z') });
  });

  it('keeps a Pacific day across the clock change', () => {
    // Delivered Sat Oct 31 2026 (PDT); two days on is Mon Nov 2 (PST): free until Tue Nov 3 noon PST.
    const beforeFall = new Date('2026-10-31T17:00:00Z');
    expect(extendedFreeUntil(beforeFall, null, 2).toISOString()).toBe('2026-11-03T20:00:00.000Z');
  });

  it('is refused once the fee started or past the limit', () => {
    const freeUntil = new Date('2026-12-02T20:00:00Z');
    expect(extensionRefusal({ freeUntil, extendedDays: 0, now: new Date('2026-12-02T19:59:59Z') })).toBeNull();
    expect(extensionRefusal({ freeUntil, extendedDays: 0, now: freeUntil })).toBe('feeStarted');
    expect(extensionRefusal({ freeUntil, extendedDays: PICKUP_EXTENSION_MAX_DAYS, now: new Date('2026-12-01T00:00:00Z') })).toBe('limitReached');
  });

  it('says the end in Pacific time and takes a package and a way to pay', () => {
    expect(freeUntilText(new Date('2026-12-03T20:00:00Z'))).toBe('Thu, Dec 3, 12:00 PM PST');
    expect(extendPickupRequestSchema.safeParse({ packageId: 3, day: 1, payWith: 'credits' }).success).toBe(true);
    expect(extendPickupRequestSchema.safeParse({ packageId: 3, day: 1, payWith: 'card' }).success).toBe(false);
    expect(extendPickupRequestSchema.safeParse({ packageId: 3, day: 3, payWith: 'credits' }).success).toBe(false);
    expect(creditSign(OPERATION_TYPE.pickupExtension)).toBe('-');
  });
});
