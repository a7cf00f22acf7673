import { describe, expect, it } from 'vitest';
import { waitingPackageSchema } from './account-calls.js';
import { lockerDoorSchema } from './locker-doors-calls.js';
import { doorLine, doorName, doorOutOfReach, outOfReachAdvice } from './locker-doors.js';
import { deliveredEventSchema, lockerEventCall } from './locker-events-calls.js';

const delivery = { type: 'delivered', boxId: '2135846', hubId: 'h1', carrier: 'USPS', trackingNo: '9400' };

describe('lockerDoorSchema', () => {
  it('reads lettered and numbered columns, any case, as text', () => {
    expect(lockerDoorSchema.parse({ column: 'b', row: 3, low: true })).toEqual({ column: 'B', row: 3, low: true });
    expect(lockerDoorSchema.parse({ column: 'AA', row: 99, low: false })).toEqual({ column: 'AA', row: 99, low: false });
    expect(lockerDoorSchema.parse({ column: 12, row: 1, low: false })).toEqual({ column: '12', row: 1, low: false });
    expect(lockerDoorSchema.parse({ column: ' 7 ', row: 1, low: false }).column).toBe('7');
  });

  it.each([
    [{ column: '', row: 3, low: true }, 'door.column'],
    [{ column: 'ABC', row: 3, low: true }, 'door.column'],
    [{ column: 'B-', row: 3, low: true }, 'door.column'],
    [{ column: 0, row: 3, low: true }, 'door.column'],
    [{ column: 100, row: 3, low: true }, 'door.column'],
    [{ column: 1.5, row: 3, low: true }, 'door.column'],
    [{ column: 'B', row: 0, low: true }, 'door.row'],
    [{ column: 'B', row: 100, low: true }, 'door.row'],
    [{ column: 'B', row: 2.5, low: true }, 'door.row'],
    [{ column: 'B', row: '3', low: true }, 'door.row'],
    [{ column: 'B', row: 3, low: 1 }, 'door.low'],
    [{ column: 'B', row: 3 }, 'door.low'],
  ])('refuses %o, naming %s', (door, field) => {
    const result = lockerDoorSchema.safeParse(door);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message.startsWith(field)).toBe(true);
  });
});

describe('the delivered event and its answer', () => {
  it('takes a door, or none from an older controller (absent or null)', () => {
    expect(deliveredEventSchema.parse({ ...delivery, door: { column: 'c', row: 2, low: true } }).door).toEqual({ column: 'C', row: 2, low: true });
    expect(deliveredEventSchema.parse(delivery).door).toBeUndefined();
    expect(deliveredEventSchema.parse({ ...delivery, door: null }).door).toBeNull();
    expect(deliveredEventSchema.safeParse({ ...delivery, door: 'B3' }).success).toBe(false);
  });

  it("answers the recipient's reach need and the door; an older server's answer without them still reads", () => {
    const base = { errorcode: 0, message: 'Event recorded', packageId: 1, pickupCode: '123456', creditsCharged: 0, overtimeDays: 0 };
    expect(lockerEventCall.response.parse({ ...base, recipient: { needsLowCompartment: true }, door: { column: 'B', row: 3, low: true } })).toMatchObject({
      recipient: { needsLowCompartment: true },
      door: { column: 'B', row: 3, low: true },
    });
    expect(lockerEventCall.response.safeParse(base).success).toBe(true);
  });

  it('lists a waiting package with or without its door', () => {
    const waiting = {
      packageId: 1,
      hubName: 'Hub',
      hubAddress: '1 Main St',
      carrier: 'USPS',
      trackingNo: '9400',
      deliveredAt: '2026-01-15T18:00:00.000Z',
      pickupCode: '123456',
      freeUntil: '2026-01-16T20:00:00.000Z',
      overdueDays: 0,
      creditsDue: 1,
    };
    expect(waitingPackageSchema.safeParse(waiting).success).toBe(true);
    expect(waitingPackageSchema.parse({ ...waiting, door: { column: 'B', row: 3, low: false }, doorOutOfReach: true, hubPhone: '' }).doorOutOfReach).toBe(true);
  });
});

describe('door texts', () => {
  it('names lettered columns B3 and numbered ones 12-3, so 1-23 and 12-3 differ', () => {
    expect(doorName({ column: 'B', row: 3 })).toBe('B3');
    expect(doorName({ column: '12', row: 3 })).toBe('12-3');
    expect(doorName({ column: '1', row: 23 })).toBe('1-23');
  });

  it('says whether the door is the low one', () => {
    expect(doorLine({ column: 'B', row: 3, low: true })).toBe('Door B3 · low, wheelchair reachable');
    expect(doorLine({ column: 'A', row: 1, low: false })).toBe('Door A1 · high, above 48 in');
  });

  it('is out of reach only for a customer who needs a low door behind a high one', () => {
    const high = { column: 'A', row: 1, low: false };
    expect(doorOutOfReach(high, true)).toBe(true);
    expect(doorOutOfReach(high, false)).toBe(false);
    expect(doorOutOfReach({ ...high, low: true }, true)).toBe(false);
    expect(doorOutOfReach(null, true)).toBe(false);
  });

  it("points to the hub's phone, or its staff when it has none", () => {
    const high = { column: 'A', row: 1, low: false };
    expect(outOfReachAdvice(high, { name: 'AirBox Union Square', phone: '(415) 555-0134' })).toBe(
      'Door A1 is above wheelchair reach: no low door was free when it was delivered. Call AirBox Union Square at (415) 555-0134 and someone will bring it to you or move it to a low door.',
    );
    expect(outOfReachAdvice(high, { name: 'Hub', phone: '' })).toContain('Ask the staff at Hub');
  });
});
