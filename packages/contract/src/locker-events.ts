/**
 * Locker events (issue 4): what a locker reports to the portal. A carrier delivered a package
 * into a hub for an AirBox ID, or a customer picked one up with its pickup code. The lockers
 * call POST /app/v1/locker/events with an API key; there is no session.
 */

/** The Terms' zone: the grace period ends at 12:00 PM Pacific time (PST, or PDT in summer). */
export const PICKUP_TIME_ZONE = 'America/Los_Angeles';
/** Hour of the day (Pacific) at which the grace period ends and each overdue day begins. */
export const PICKUP_GRACE_HOUR = 12;
/** At most this many overdue days are charged, 1 credit each. */
export const OVERDUE_MAX_DAYS = 2;
export const OVERDUE_CREDITS_PER_DAY = 1;

export const LOCKER_EVENT_MESSAGES = {
  recorded: 'Event recorded',
  unknownAirBoxId: 'No customer has this AirBox ID.',
  unknownHub: 'No hub has this id.',
  unknownPickupCode: 'No package waits at this hub with this pickup code.',
  alreadyPickedUp: 'This package was already picked up.',
  badApiKey: 'A valid locker API key is required.',
  recipientFound: 'Recipient found; nothing recorded.',
} as const;

/** Wall-clock parts of an instant in the Pacific zone. */
function pacificParts(at: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PICKUP_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Minutes the Pacific zone is ahead of UTC at an instant (-480 in PST, -420 in PDT). */
function pacificOffsetMinutes(at: Date): number {
  const p = pacificParts(at);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wallAsUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a Pacific wall-clock time (month 1-12; days past the month's end roll over).
 * Meant for hours the clocks never skip or repeat (the changes happen at 2 AM).
 */
export function pacificTime(year: number, month: number, day: number, hour = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const guess = new Date(wall + 8 * 3_600_000);
  return new Date(wall - pacificOffsetMinutes(guess) * 60_000);
}

/** The Pacific calendar day (year, month 1-12, day) an instant falls on. */
export function pacificDay(at: Date): { year: number; month: number; day: number } {
  const { year, month, day } = pacificParts(at);
  return { year, month, day };
}

/** End of the free period: 12:00 PM Pacific time on the day after the delivery (Pacific day). */
export function pickupGraceEnd(deliveredAt: Date): Date {
  const { year, month, day } = pacificDay(deliveredAt);
  return pacificTime(year, month, day + 1, PICKUP_GRACE_HOUR);
}

/** Hour (Pacific) of the morning reminder on the day the free period ends. */
export const PICKUP_REMINDER_HOUR = 8;

/**
 * When a package still waiting gets its one reminder: from 8:00 AM Pacific on the morning its
 * free period ends until the free period's end at 12:00 PM.
 */
export function pickupReminderWindow(deliveredAt: Date): { from: Date; until: Date } {
  const { year, month, day } = pacificDay(deliveredAt);
  return { from: pacificTime(year, month, day + 1, PICKUP_REMINDER_HOUR), until: pickupGraceEnd(deliveredAt) };
}

/**
 * Overdue days charged for a pickup (the Terms): none until the grace end, then one for each
 * started day, a day running from noon to noon Pacific time (23 or 25 hours across a clock
 * change), at most OVERDUE_MAX_DAYS.
 */
export function overdueDays(deliveredAt: Date, pickedUpAt: Date): number {
  const { year, month, day } = pacificDay(deliveredAt);
  let days = 0;
  while (days < OVERDUE_MAX_DAYS && pickedUpAt.getTime() > pacificTime(year, month, day + 1 + days, PICKUP_GRACE_HOUR).getTime()) {
    days += 1;
  }
  return days;
}

/**
 * Credits a pickup costs: 1 for the delivery unless a 6- or 12-month membership covers it, plus
 * 1 per overdue day. (The server charges at pickup: see the locker events service.)
 */
export function pickupCharge(input: { deliveredAt: Date; pickedUpAt: Date; coveredByMembership: boolean }): {
  base: number;
  overtimeDays: number;
  total: number;
} {
  const base = input.coveredByMembership ? 0 : 1;
  const overtime = overdueDays(input.deliveredAt, input.pickedUpAt);
  return { base, overtimeDays: overtime, total: base + overtime * OVERDUE_CREDITS_PER_DAY };
}
