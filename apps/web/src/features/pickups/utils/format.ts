/** Dates and times of a pickup, which happen in the time of the pickup address. */

/** 'YYYY-MM-DD' as 'Wednesday, Nov 25' (the calendar date itself, whatever the viewer's zone). */
export function pickupDateLabel(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'short', day: 'numeric', year: 'numeric' }).format(day);
}

/** 'HH:mm[:ss]' as '9:00 AM'. */
export function timeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** 'HH:mm' or 'HH:mm:ss' as 'HH:mm:ss'. */
export const fullTime = (time: string) => (time.length === 5 ? `${time}:00` : time);

/** A moment at the pickup address as createPickup takes it: 'YYYY-MM-DD HH:mm:ss'. */
export const pickupDatetime = (date: string, time: string) => `${date} ${fullTime(time)}`;

/** The time zone's name on a date, e.g. 'Eastern Standard Time' (its id when unknown). */
export function timeZoneName(date: string, timeZone: string): string {
  try {
    const noon = new Date(`${date}T12:00:00Z`);
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' }).formatToParts(noon);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * A pickup window ('YYYY-MM-DD HH:mm:ss' twice, in the address's own time) as
 * 'Wednesday, Nov 25, 2026, 9:00 AM – 4:00 PM Eastern Standard Time'.
 */
export function pickupWindowText(min: string, max: string, timeZone: string): string {
  const [minDate = '', minTime = ''] = min.split(/[ T]/);
  const [maxDate = '', maxTime = ''] = max.split(/[ T]/);
  if (!minDate || !minTime || !maxTime) return [min, max].filter(Boolean).join(' – ');
  const zone = timeZone ? ` ${timeZoneName(minDate, timeZone)}` : '';
  const end = maxDate && maxDate !== minDate ? `${pickupDateLabel(maxDate)}, ${timeLabel(maxTime)}` : timeLabel(maxTime);
  return `${pickupDateLabel(minDate)}, ${timeLabel(minTime)} – ${end}${zone}`;
}
