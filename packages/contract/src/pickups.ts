import { DAY_MS } from './constants.js';
import { carrierDisplayName } from './shipments.js';
import { usStateCode, type UsStateCode } from './us-states.js';

/**
 * Carrier pickups (spec 03 §2 Pickup wizard, §3, §4 Pickup flow, §5, §9): the texts, the lists and
 * the date window both the wizard and the server apply. No zod here.
 */

/** Texts the spec quotes, word for word. */
export const PICKUP_MESSAGES = {
  cannotEnterNumber: 'Cannot enter a number',
  format: 'Enter the correct format',
  address1: 'Please enter address 1 line',
  city: 'Please enter city',
  phone: 'Please enter phone number',
  country: 'Please enter country',
  zip: 'Please enter ZIP code',
  firstName: 'Please enter first name',
  lastName: 'Please enter last name',
  state: 'Please enter state',
  carrierService: 'Please select carrier service',
  date: 'Please select a date',
  completeDate: 'Please fill in the complete pickup Date!',
  packageLocation: 'Please select packaging location!',
  allCheckboxes: 'You must check all checkboxes to continue.',
  paymentMethod: 'Please select a payment method!',
  upsUnavailable: 'Door-to-door pickup is currently not available for this carrier!',
  notAvailable: 'Pickup is not available for this service!',
  serviceException: 'Service exception!',
  successful: 'Your carrier pickup was successful!',
  failed: 'SCHEDULE PICKUP FAILED',
  uspsScheduled: 'Your carrier pickup has been scheduled',
  uspsSuccessful: 'Your carrier pickup was successful',
  uspsCancelled: 'Your pickup request was cancelled',
  // Ours: the other results a paid pickup's payment redirect may carry in `message` (beside
  // `successful`, and the reason it failed), which are not failures of the booking itself.
  booking: 'Your payment was received; your pickup is being booked with the carrier.',
  paymentCancelled: 'The payment was cancelled, so the pickup was not booked. You can pay for it again.',
  notBooked: 'This pickup could not be booked, and your payment was refunded. The label in the list says why.',
  cancelled: 'Your pickup was cancelled.',
} as const;

/**
 * Every `message` a paid pickup's result page (Purchased Labels, spec 03 §2) can carry: the web
 * app shows one of these and nothing else, since anyone can put any text in a link.
 */
export const PICKUP_RESULT_MESSAGES = [
  PICKUP_MESSAGES.successful,
  PICKUP_MESSAGES.booking,
  PICKUP_MESSAGES.paymentCancelled,
  PICKUP_MESSAGES.notBooked,
  PICKUP_MESSAGES.cancelled,
] as const;
export type PickupResultMessage = (typeof PICKUP_RESULT_MESSAGES)[number];

export const isPickupResultMessage = (text: string): text is PickupResultMessage => (PICKUP_RESULT_MESSAGES as readonly string[]).includes(text);

/**
 * Where a parcel goes when its carrier has no pickup here (UPS: 'Door-to-door pickup is currently
 * not available for this carrier!'): the customer's own AirBox hub, or the carrier's drop-off
 * locations. Said on the Rates step under UPS and by the label's drop-off choices.
 */
export const DROPOFF_TEXT = {
  title: 'Drop-off options',
  rateNote: 'UPS does not come to the door here: once the label is printed, drop the package at your AirBox hub or at a UPS location.',
  intro: 'Bring the package, with its label attached, to one of these:',
  hub: 'Your AirBox hub',
  hubNote: 'Leave it with the hub: AirBox hands it to UPS.',
  noHub: 'You have no AirBox hub yet: choose one in your profile to drop packages there.',
  carrier: 'A UPS location',
  carrierNote: 'The UPS Store, UPS Access Point and UPS Drop Box locations take labelled packages.',
  /** The link's text, with the ZIP Code the customer searches from. */
  locatorLink: (zip: string) => (zip ? `Find a UPS drop-off near ${zip}` : 'Find a UPS drop-off near you'),
} as const;

/** UPS's own drop-off locator (it asks for the place to search from). */
export const UPS_DROPOFF_LOCATOR_URL = 'https://www.ups.com/dropoff/?loc=en_US';

/** Package locations a USPS driver is told (spec 03 §9). */
export const PACKAGE_LOCATIONS = [
  'Front Door',
  'Back Door',
  'Side Door',
  'Knock on Door/Ring Bell',
  'Mail Room',
  'Office',
  'Reception',
  'In/At Mailbox',
  'Other',
  'Locker',
] as const;

/**
 * USPS service options of the pickup address step: the spec's five (§9), and USPS Ground
 * Advantage, the USPS service the portal sells most (Parcel Select Ground's successor since July
 * 2023, a package type of its own in USPS's pickup API).
 */
export const USPS_PICKUP_SERVICES = ['Priority Mail Express', 'Priority Mail', 'Express Mail', 'First Class', 'Parcel Select Ground', 'USPS Ground Advantage'] as const;
export type UspsPickupServiceName = (typeof USPS_PICKUP_SERVICES)[number];

/** A USPS label's service as the carrier service names it (a row's rateService) and its pickup service. */
const USPS_PICKUP_SERVICE_OF_LABEL: Readonly<Record<string, UspsPickupServiceName>> = {
  GroundAdvantage: 'USPS Ground Advantage',
  Priority: 'Priority Mail',
  Express: 'Priority Mail Express',
  First: 'First Class',
  ParcelSelect: 'Parcel Select Ground',
};

/** The pickup service of a USPS label's service ('GroundAdvantage'), or '' when it has none (the customer chooses). */
export const uspsPickupServiceOfLabel = (rateService: string): UspsPickupServiceName | '' => USPS_PICKUP_SERVICE_OF_LABEL[rateService] ?? '';

/** The default pickup window and the package count (spec 03 §3, §9). */
export const PICKUP_DEFAULTS = { earliest: '09:00:00', latest: '16:00:00', packageCount: 1, instructionsMax: 120 } as const;

/**
 * A state's time zone: where most of its people live (a pickup is booked in the time of the
 * address it happens at). States split between two zones take the larger one's.
 */
const STATE_TIME_ZONES: Record<UsStateCode, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** The time zone of an address's state (code or name); Pacific time, the service's own, when unknown. */
export function stateTimeZone(state: string | null | undefined): string {
  const code = usStateCode(state);
  return code ? STATE_TIME_ZONES[code] : 'America/Los_Angeles';
}

/** Days ahead a pickup may be booked, by weekday of today (0 Sunday): 3, but 5 from Wednesday to Friday and 4 on Saturday. */
const DAYS_AHEAD = [3, 3, 3, 5, 5, 5, 4] as const;

/** Today's calendar date in a time zone, as year, month (1-12) and day. */
function localDate(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((found) => found.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * The dates a pickup may be booked for (spec 03 §5), 'YYYY-MM-DD', earliest first: from today to
 * 3 days ahead (5 on Wednesday to Friday, 4 on Saturday), weekdays only, "today" being the date
 * at the pickup address. Days are counted on the calendar, so a clock change changes nothing.
 */
export function pickupDates(now: Date, timeZone: string): string[] {
  const today = localDate(now, timeZone);
  // Calendar arithmetic in UTC, where every day has 24 hours.
  const start = Date.UTC(today.year, today.month - 1, today.day);
  const ahead = DAYS_AHEAD[new Date(start).getUTCDay()]!;
  const dates: string[] = [];
  for (let offset = 0; offset <= ahead; offset += 1) {
    const date = new Date(start + offset * DAY_MS);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(date.toISOString().slice(0, 10));
  }
  return dates;
}

/** Today's date ('YYYY-MM-DD') in a time zone. */
export function localToday(now: Date, timeZone: string): string {
  const today = localDate(now, timeZone);
  return `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
}

// The carriers' calendar: the days they do not pick up, and how late a pickup for today may be booked.

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The nth (1-4) weekday (0 Sunday) of a month (1-12), or its last when n is -1, as UTC midnight ms. */
function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n === -1) {
    const last = Date.UTC(year, month, 0);
    return last - (((new Date(last).getUTCDay() - weekday + 7) % 7) * DAY_MS);
  }
  const first = Date.UTC(year, month - 1, 1);
  return first + (((weekday - new Date(first).getUTCDay() + 7) % 7) + (n - 1) * 7) * DAY_MS;
}

/** A fixed-date holiday on the weekday it is observed: a Saturday's on the Friday before, a Sunday's on the Monday after (5 U.S.C. 6103). */
function observed(year: number, month: number, day: number): number {
  const date = Date.UTC(year, month - 1, day);
  const weekday = new Date(date).getUTCDay();
  return date + (weekday === 6 ? -DAY_MS : weekday === 0 ? DAY_MS : 0);
}

/**
 * The federal holidays of a year as observed (5 U.S.C. 6103), with whether UPS and FedEx close too.
 * USPS closes on all eleven (its postal holidays are the federal ones); UPS and FedEx pick up on
 * none of New Year's Day, Memorial Day, Independence Day, Labor Day, Thanksgiving and Christmas
 * (their published holiday schedules), and as usual on the other five.
 */
function federalHolidays(year: number): { date: string; name: string; allCarriers: boolean }[] {
  return [
    { ms: observed(year, 1, 1), name: "New Year's Day", allCarriers: true },
    { ms: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King Jr. Day', allCarriers: false },
    { ms: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday", allCarriers: false },
    { ms: nthWeekday(year, 5, 1, -1), name: 'Memorial Day', allCarriers: true },
    { ms: observed(year, 6, 19), name: 'Juneteenth', allCarriers: false },
    { ms: observed(year, 7, 4), name: 'Independence Day', allCarriers: true },
    { ms: nthWeekday(year, 9, 1, 1), name: 'Labor Day', allCarriers: true },
    { ms: nthWeekday(year, 10, 1, 2), name: 'Columbus Day', allCarriers: false },
    { ms: observed(year, 11, 11), name: 'Veterans Day', allCarriers: false },
    { ms: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day', allCarriers: true },
    { ms: observed(year, 12, 25), name: 'Christmas Day', allCarriers: true },
  ].map(({ ms, ...holiday }) => ({ date: isoDate(ms), ...holiday }));
}

/**
 * The holiday a carrier does not pick up on at this date ('YYYY-MM-DD'), e.g. 'Thanksgiving Day',
 * or null. Next year's New Year's Day is looked at too: a Saturday's is observed on 31 December.
 */
export function carrierHoliday(date: string, carrier: string): string | null {
  const year = Number(date.slice(0, 4));
  const usps = carrierDisplayName(carrier) === 'USPS';
  const holiday = [...federalHolidays(year), ...federalHolidays(year + 1)].find((found) => found.date === date && (usps || found.allCarriers));
  return holiday?.name ?? null;
}

/**
 * How late a pickup for today may be booked. USPS: by 2:00 AM Central Time on the day (USPS's
 * published Carrier Pickup rule, whatever the address's zone). FedEx and the others: ours, by
 * 2:00 PM at the pickup address, which leaves the driver two hours before the default window
 * (09:00 to 16:00) ends.
 */
const SAME_DAY_CUTOFF: Readonly<Record<'USPS' | 'other', { hour: number; timeZone: string | null; text: string }>> = {
  USPS: { hour: 2, timeZone: 'America/Chicago', text: '2:00 AM Central Time' },
  other: { hour: 14, timeZone: null, text: '2:00 PM at the pickup address' },
};

/** A carrier's same-day cutoff: the hour, the zone it is told in (null: the pickup address's) and its words. */
export const sameDayCutoff = (carrier: string) => SAME_DAY_CUTOFF[carrierDisplayName(carrier) === 'USPS' ? 'USPS' : 'other'];

/** The hour (0-23) at an instant in a time zone. */
const localHour = (now: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));

/** Whether a pickup for today (at an address in this time zone) can no longer be booked with the carrier. */
function pastSameDayCutoff(now: Date, timeZone: string, carrier: string): boolean {
  const cutoff = sameDayCutoff(carrier);
  const zone = cutoff.timeZone ?? timeZone;
  // The cutoff's own day is the address's today (Central and the address's dates differ only around midnight).
  return localToday(now, zone) > localToday(now, timeZone) || (localToday(now, zone) === localToday(now, timeZone) && localHour(now, zone) >= cutoff.hour);
}

/**
 * The dates a carrier's pickup may be booked for now, 'YYYY-MM-DD', earliest first: the spec's
 * window at the pickup address (pickupDates) without the carrier's holidays, and without today
 * once the carrier's same-day cutoff has passed. The one rule the wizard offers and the server
 * checks.
 */
export function carrierPickupDates(now: Date, timeZone: string, carrier: string): string[] {
  const today = localToday(now, timeZone);
  return pickupDates(now, timeZone).filter(
    (date) => carrierHoliday(date, carrier) === null && (date !== today || !pastSameDayCutoff(now, timeZone, carrier)),
  );
}

/** Why a carrier's pickup cannot be booked for this date now, in the customer's words, or null when it can. */
export function pickupDateRefusal(date: string, now: Date, timeZone: string, carrier: string): string | null {
  const dates = carrierPickupDates(now, timeZone, carrier);
  if (dates.includes(date)) return null;
  const name = carrierDisplayName(carrier);
  const holiday = carrierHoliday(date, carrier);
  const choose = dates.length > 0 ? ` Choose ${dates.join(', ')}.` : '';
  if (holiday && pickupDates(now, timeZone).includes(date)) return `${name} does not pick up on ${holiday} (${date}).${choose}`;
  if (date === localToday(now, timeZone)) return `A ${name} pickup for today had to be booked by ${sameDayCutoff(carrier).text}.${choose}`;
  return `A ${name} pickup can be booked on a working weekday from today to ${dates.at(-1) ?? 'today'} at the pickup address (${dates.join(', ')}); ${date} is not one of them.`;
}
