import { describe, expect, it } from 'vitest';
import { pickupGraceEnd } from './locker-events.js';
import { vacationHoldFormSchema } from './vacation-holds-calls.js';
import { addDays, freePeriodStart, holdDatesProblem, VACATION_HOLD_MESSAGES } from './vacation-holds.js';

describe('vacation hold dates', () => {
  it('takes YYYY-MM-DD days and refuses others naming the field', () => {
    expect(vacationHoldFormSchema.parse({ startDate: '2026-12-01', endDate: '2026-12-14' })).toEqual({ startDate: '2026-12-01', endDate: '2026-12-14' });
    const bad = vacationHoldFormSchema.safeParse({ startDate: '2026-02-30', endDate: '12/14/2026' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.message)).toEqual([VACATION_HOLD_MESSAGES.startDate, VACATION_HOLD_MESSAGES.endDate]);
  });

  it('starts today or later, ends on or after its start, lasts at most 14 days', () => {
    expect(holdDatesProblem('2026-11-30', '2026-12-02', '2026-12-01')).toBe(VACATION_HOLD_MESSAGES.startPast);
    expect(holdDatesProblem('2026-12-03', '2026-12-02', '2026-12-01')).toBe(VACATION_HOLD_MESSAGES.endBeforeStart);
    expect(holdDatesProblem('2026-12-01', '2026-12-15', '2026-12-01')).toBe(VACATION_HOLD_MESSAGES.tooLong);
    expect(holdDatesProblem('2026-12-01', '2026-12-14', '2026-12-01')).toBeNull();
    expect(holdDatesProblem('2026-12-01', '2026-12-01', '2026-12-01')).toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('counts a held package’s free period from midnight Pacific after the hold', () => {
    const delivered = new Date('2026-12-05T18:00:00Z');
    expect(freePeriodStart(delivered, null)).toEqual(delivered);
    expect(freePeriodStart(delivered, '2026-12-12').toISOString()).toBe('2026-12-13T08:00:00.000Z');
    expect(pickupGraceEnd(freePeriodStart(delivered, '2026-12-12')).toISOString()).toBe('2026-12-14T20:00:00.000Z');
  });
});
