import { PICKUP_DATETIME_PATTERN } from '@airbox/contract';

/**
 * A pickup's window is said in the time of the address it happens at ('2026-11-24 09:00:00' in
 * America/New_York); the carriers are asked in instants. Conversions both ways with Intl, which
 * knows each zone's clock changes.
 */

export interface LocalDateTime {
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'HH:mm:ss'. */
  time: string;
}

/** '2026-11-24T09:00' or '2026-11-24 09:00:00' as its date and time ('HH:mm:ss'); null when it is neither. */
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const value = text.trim();
  if (!PICKUP_DATETIME_PATTERN.test(value)) return null;
  const [date = '', clock = ''] = value.split(/[ T]/);
  const time = clock.length === 5 ? `${clock}:00` : clock;
  // The pattern lets 2026-02-31 through: a date the calendar does not have is none.
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) return null;
  return { date, time };
}

/** 'YYYY-MM-DD HH:mm:ss', as the pickup record shows the window. */
export const formatLocalDateTime = (local: LocalDateTime) => `${local.date} ${local.time}`;

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instantMs));
  const part = (type: string) => Number(parts.find((found) => found.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant a local date and time names in a zone. Taken twice, so a time just after a clock
 * change gets that side's offset (a pickup window never falls in the night hour that changes).
 */
export function instantOf(local: LocalDateTime, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = local.date.split('-').map(Number);
  const [hours = 0, minutes = 0, seconds = 0] = local.time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}
