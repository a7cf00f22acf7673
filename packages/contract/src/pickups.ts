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

/** USPS service options of the pickup address step (spec 03 §9). */
export const USPS_PICKUP_SERVICES = ['Priority Mail Express', 'Priority Mail', 'Express Mail', 'First Class', 'Parcel Select Ground'] as const;

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
    const date = new Date(start + offset * 24 * 60 * 60 * 1000);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) dates.push(date.toISOString().slice(0, 10));
  }
  return dates;
}

/** Whether a date ('YYYY-MM-DD') may be booked now at an address in this time zone. */
export function isPickupDateAllowed(date: string, now: Date, timeZone: string): boolean {
  return pickupDates(now, timeZone).includes(date);
}
