import dayjs from 'dayjs';

/** Formatting rules of spec 01 §9. */

type DateInput = string | number | Date;

/** The hubs' time zone: the portal's lockers keep Pacific time (the pickup grace period's 12:00 PM PST). */
export const HUB_TIME_ZONE = 'America/Los_Angeles';

/**
 * A value made when first asked for, then kept. For Intl formatters: a page's first one costs the
 * browser 30-200 ms (it loads its locale data), so a module makes none until it formats (issue 24:
 * formatUsd's, made as the contract's schemas loaded, held up the dashboard, which shows no money).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** formatHubDateTime's formatter of each time zone, made once: making one costs more than a list's dates. */
const hubDateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function hubDateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = hubDateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    hubDateTimeFormats.set(timeZone, format);
  }
  return format;
}

/**
 * A date and time as customers read it on every screen (issue 11): spec 01 §9's M/D/YYYY with the
 * 12-hour clock, in the customer's hub time zone and naming it ('11/23/2026 3:48 AM PST'), so a
 * list, a message body and a dashboard agree whatever zone the viewer's device is in. Empty text
 * for a missing or invalid date.
 */
export function formatHubDateTime(value: DateInput | null | undefined, timeZone: string = HUB_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  const parts = hubDateTimeFormat(timeZone).formatToParts(date.toDate());
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** Under an hour in minutes, under a day in hours, otherwise in days. */
export function relativeTime(value: DateInput, now: DateInput = Date.now()): string {
  const minutes = Math.max(0, dayjs(now).diff(dayjs(value), 'minute'));
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

const ABBREVIATIONS = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** 1234 → '1.2k', 5_600_000 → '5.6M' (powers of 1000, up to E). */
export function abbreviateNumber(value: number, fractionDigits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  let magnitude = Math.abs(value);
  let step = 0;
  while (magnitude >= 1000 && step < ABBREVIATIONS.length - 1) {
    magnitude /= 1000;
    step += 1;
  }
  const rounded = Number(magnitude.toFixed(step === 0 ? 0 : fractionDigits));
  if (rounded >= 1000 && step < ABBREVIATIONS.length - 1) {
    return `${sign}1${ABBREVIATIONS[step + 1]}`;
  }
  return `${sign}${rounded}${ABBREVIATIONS[step]}`;
}

/** The digits of a phone number, without separators or a leading +1 country code. */
export function phoneDigits(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * A phone as a form shows it while it is typed or pasted (spec 03 §5: mask ###-###-####): its
 * digits as phoneDigits keeps them (separators and a +1 country code gone, before any length
 * limit), at most 10, grouped as far as they go: '+1 (206) 555-0100' → '206-555-0100', '2065' → '206-5'.
 */
export function maskPhone(value: string): string {
  const digits = phoneDigits(value).slice(0, 10);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter((group) => group !== '').join('-');
}

/** Order tables show phones as '(xxx) xxx-xxxx'; anything that is not 10 digits is shown as given. */
export function formatPhoneDisplay(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  if (digits.length !== 10) return value ?? '';
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Forms show phones as '###-###-####' once the field loses focus. */
export function formatPhoneDashed(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  if (digits.length !== 10) return value ?? '';
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}
