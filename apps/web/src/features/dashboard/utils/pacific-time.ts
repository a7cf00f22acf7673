import { PICKUP_TIME_ZONE } from '@airbox/contract';

/*
 * The free period and the overdue days are counted in Pacific time (the Terms: grace until
 * 12:00 PM PST the next day), so the dashboard shows the package times there, zone named, e.g.
 * 'Nov 24, 2026, 12:00 PM PST', as the delivery message does.
 */
const pacific = new Intl.DateTimeFormat('en-US', {
  timeZone: PICKUP_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An ISO instant in Pacific time with its zone; '' when it is not a date. */
export function pacificDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : pacific.format(at);
}
