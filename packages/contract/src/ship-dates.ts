import { DAY_MS } from './constants.js';
import { carrierHoliday, localToday, stateTimeZone } from './pickups.js';

/**
 * A label's ship date (the day it is handed to the carrier, EasyPost's options.label_date) and
 * the delivery date it leads to. The Rates step offers the ship dates, the server checks the one
 * sent against the same list, and both count delivery days the same way. No zod here.
 */

/**
 * Today is offered until 5:00 PM at the sender's address (after that a parcel is handed over
 * tomorrow at the earliest); the last day offered is a week from today.
 */
export const SHIP_DATE_RULES = { sameDayUntilHour: 17, daysAhead: 7 } as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a text is a calendar date as the wire writes it ('YYYY-MM-DD'). */
export const isIsoDate = (text: string) => DATE_PATTERN.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Whether a carrier works on this date: a weekday that is not one of its holidays (pickups.ts's
 * calendar). With no carrier named, USPS's calendar: every federal holiday, UPS's and FedEx's
 * included, so a day open for USPS is open for all three.
 */
export function isCarrierWorkday(date: string, carrier = 'USPS'): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && carrierHoliday(date, carrier) === null;
}

/** The hour (0-23) at an instant in a time zone. */
const hourAt = (now: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));

/**
 * The days a label may be dated for now, 'YYYY-MM-DD', earliest first: today at the sender's
 * address while it is a working day there before 5:00 PM, then every working day (no weekend, no
 * federal holiday) up to a week from today. The first is the default ship date.
 */
export function shipDates(now: Date, timeZone: string): string[] {
  const today = localToday(now, timeZone);
  const dates: string[] = [];
  for (let offset = 0; offset <= SHIP_DATE_RULES.daysAhead; offset += 1) {
    const date = addDays(today, offset);
    if (!isCarrierWorkday(date)) continue;
    if (offset === 0 && hourAt(now, timeZone) >= SHIP_DATE_RULES.sameDayUntilHour) continue;
    dates.push(date);
  }
  return dates;
}

/** The ship dates of a sender in this state (code or name): shipDates at the state's time zone. */
export const shipDatesFrom = (now: Date, senderState: string) => shipDates(now, stateTimeZone(senderState));

/** Why a ship date cannot be used now (the field named, the days that can), or null when it can. */
export function shipDateRefusal(date: string, allowed: readonly string[]): string | null {
  if (allowed.includes(date)) return null;
  return `shipDate: ${date} is not a day this label can be shipped; choose one of ${allowed.join(', ')}`;
}

/**
 * The day a parcel handed over on `shipDate` is expected, `businessDays` working days of its
 * carrier later (weekends and the carrier's holidays skipped), 'YYYY-MM-DD'. A ship date that is
 * not a working day counts from the next one.
 */
export function estimatedDeliveryDate(shipDate: string, businessDays: number, carrier: string): string {
  let date = shipDate;
  while (!isCarrierWorkday(date, carrier)) date = addDays(date, 1);
  let left = Math.max(0, Math.round(businessDays));
  while (left > 0) {
    date = addDays(date, 1);
    if (isCarrierWorkday(date, carrier)) left -= 1;
  }
  return date;
}

/** A calendar date as the Rates step reads it, whatever the viewer's zone: 'Tue, Dec 1'. */
export const formatShortDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
