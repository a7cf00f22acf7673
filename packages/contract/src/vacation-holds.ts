import { pacificDay, pacificTime } from './locker-events.js';

/**
 * Vacation holds (issue 22 item 2, the hold half). The customer sets the days they are away in
 * My Profile (Pacific calendar days, the Terms' zone and every hub's, both days included, at most
 * VACATION_HOLD_MAX_DAYS). A package delivered on a day of a hold is kept: its free period is
 * counted from the first moment after the hold (midnight Pacific after its last day, so it is
 * free until noon the day after that), its morning reminder waits, no overdue day is counted
 * during the hold, and the locker events API answers the hold so the controller keeps the
 * compartment. The package keeps the hold's last day (locker_packages.held_until) from its
 * delivery; cancelling a hold that has begun ends it the day before the cancel day, so its
 * packages' free period runs from the cancel day (no fee for the days already held).
 */

export const VACATION_HOLD_MAX_DAYS = 14;
/** Holds not yet over that one customer may keep. */
export const VACATION_HOLD_MAX_ACTIVE = 3;

export const VACATION_HOLD_ERRORCODE = { ok: 0, invalid: -1, overlap: -2, notFound: -404, limitReached: -409 } as const;

export const VACATION_HOLD_MESSAGES = {
  startDate: 'startDate: enter the first day of your hold as YYYY-MM-DD',
  endDate: 'endDate: enter the last day of your hold as YYYY-MM-DD',
  startPast: 'startDate: the hold must start today or later',
  endBeforeStart: 'endDate: the last day must be on or after the first day',
  tooLong: `endDate: a hold lasts at most ${VACATION_HOLD_MAX_DAYS} days`,
  overlap: (start: string, end: string) => `startDate: these days overlap your hold ${start} – ${end}; change or cancel that one first`,
  full: `You have ${VACATION_HOLD_MAX_ACTIVE} holds coming up, the most we keep. Cancel one before adding another.`,
  notFound: 'id: that hold is not among your holds',
  started: 'id: this hold has begun; cancel it (which ends it today) instead of changing its days',
  saved: (start: string, end: string) => `Your hold from ${start} to ${end} is saved.`,
  cancelled: 'Your hold is cancelled.',
} as const;

/** Whether 'YYYY-MM-DD' names a real day. */
export function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The Pacific calendar day of an instant as 'YYYY-MM-DD'. */
export function pacificDateString(at: Date): string {
  const { year, month, day } = pacificDay(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' moved by whole days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Days from a to b, both included (a ≤ b). */
export function daysIncluded(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The instant a package's free period is counted from: its delivery, or for a package held until
 * a day (its hold's last day), midnight Pacific after that day; then, for each day the customer
 * paid to extend it (issue 22 item 2, at most PICKUP_EXTENSION_MAX_DAYS), midnight Pacific a
 * calendar day later. pickupGraceEnd, overdueDays and pickupReminderWindow take this in place of
 * the delivery (they read only its Pacific day), so every screen, reminder, pass and charge
 * follows from this one place.
 */
export function freePeriodStart(deliveredAt: Date, heldUntil: string | null | undefined, extendedDays = 0): Date {
  let start = deliveredAt;
  if (heldUntil) {
    const [year, month, day] = heldUntil.split('-').map(Number) as [number, number, number];
    const afterHold = pacificTime(year, month, day + 1, 0);
    if (afterHold > deliveredAt) start = afterHold;
  }
  if (extendedDays <= 0) return start;
  const { year, month, day } = pacificDay(start);
  return pacificTime(year, month, day + extendedDays, 0);
}

/** A hold's days' own problem (not overlaps): the message naming its field, or null. */
export function holdDatesProblem(startDate: string, endDate: string, today: string): string | null {
  if (startDate < today) return VACATION_HOLD_MESSAGES.startPast;
  if (endDate < startDate) return VACATION_HOLD_MESSAGES.endBeforeStart;
  if (daysIncluded(startDate, endDate) > VACATION_HOLD_MAX_DAYS) return VACATION_HOLD_MESSAGES.tooLong;
  return null;
}
