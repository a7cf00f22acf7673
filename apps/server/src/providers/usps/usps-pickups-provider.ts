import { carrierHoliday, DAY_MS, PACKAGE_LOCATIONS, PICKUP_DEFAULTS, USPS_PICKUP_SERVICES } from '@airbox/contract';

/**
 * What the portal asks USPS about carrier pickups (spec 03 §3 "USPS pickup inquiry response", §7
 * CarrierPickupAvailability, CarrierPickupSchedule, CarrierPickupInquiry): whether a carrier
 * collects at an address, schedule a free pickup, read it back, change it, cancel it. USPS's
 * Carrier Pickup 3.x REST API (apis.usps.com/pickup/v3) does it since the XML Web Tools closed in
 * January 2026; the local simulator (the default) behaves like it.
 *
 * Requests are in the spec's words (its service names and package locations); what USPS holds is
 * in USPS's (packageType PRIORITY_MAIL, packageLocation FRONT_DOOR): both sides map through
 * uspsPickupRequestBody, so the simulator and the adapter store and answer the same thing.
 */

export type UspsPickupService = (typeof USPS_PICKUP_SERVICES)[number];
export type PackageLocation = (typeof PACKAGE_LOCATIONS)[number];

/** USPS's packageType values (Carrier Pickup 3.1 SchedulePickupRequest.packages). */
export const USPS_PACKAGE_TYPES = [
  'FIRST-CLASS_PACKAGE_SERVICE',
  'PRIORITY_MAIL_EXPRESS',
  'PRIORITY_MAIL',
  'RETURNS',
  'USPS_GROUND_ADVANTAGE',
  'INTERNATIONAL',
  'OTHER',
] as const;
export type UspsPackageType = (typeof USPS_PACKAGE_TYPES)[number];

/** USPS's packageLocation values (SchedulePickupRequest.pickupLocation). */
export const USPS_PACKAGE_LOCATIONS = ['FRONT_DOOR', 'BACK_DOOR', 'SIDE_DOOR', 'KNOCK_ON_DOOR', 'MAIL_ROOM', 'OFFICE', 'PORCH', 'RECEPTION', 'MAILBOX', 'OTHER'] as const;
export type UspsPackageLocation = (typeof USPS_PACKAGE_LOCATIONS)[number];

/**
 * The pickup services as USPS's package types. 'Express Mail' is Priority Mail Express's name
 * before 2013; Parcel Select Ground became USPS Ground Advantage in July 2023 (the pickup API has
 * no Parcel Select); First-Class Package Service is still in USPS's list, so it stays. USPS's
 * USPS_GROUND_ADVANTAGE reads back as 'USPS Ground Advantage', the first service of that type.
 */
export const USPS_PACKAGE_TYPE_OF_SERVICE: Record<UspsPickupService, UspsPackageType> = {
  'Priority Mail Express': 'PRIORITY_MAIL_EXPRESS',
  'Priority Mail': 'PRIORITY_MAIL',
  'Express Mail': 'PRIORITY_MAIL_EXPRESS',
  'First Class': 'FIRST-CLASS_PACKAGE_SERVICE',
  'USPS Ground Advantage': 'USPS_GROUND_ADVANTAGE',
  'Parcel Select Ground': 'USPS_GROUND_ADVANTAGE',
};

/** The spec's package locations as USPS's. USPS has no locker: 'Locker' is OTHER, said in the instructions. */
export const USPS_PACKAGE_LOCATION_OF: Record<PackageLocation, UspsPackageLocation> = {
  'Front Door': 'FRONT_DOOR',
  'Back Door': 'BACK_DOOR',
  'Side Door': 'SIDE_DOOR',
  'Knock on Door/Ring Bell': 'KNOCK_ON_DOOR',
  'Mail Room': 'MAIL_ROOM',
  Office: 'OFFICE',
  Reception: 'RECEPTION',
  'In/At Mailbox': 'MAILBOX',
  Other: 'OTHER',
  Locker: 'OTHER',
};

/** The address's part USPS checks for eligibility (the spec's CarrierPickupAvailability fields). */
export interface UspsAddress {
  firm?: string | undefined;
  streetAddress: string;
  secondaryAddress?: string | undefined;
  city: string;
  /** A 2-letter USPS state code. */
  state: string;
  zip5: string;
}

/** Who USPS meets at the pickup address, and where. */
export interface UspsPickupAddress extends UspsAddress {
  firstName: string;
  lastName: string;
  /** 10 digits. In an answer: '' when USPS keeps no number. */
  phone: string;
  email?: string | undefined;
}

/** The address as USPS standardized it ('388 TOWNSEND ST'), with its ZIP+4 when USPS knows it. */
export interface UspsStandardAddress extends UspsAddress {
  zipPlus4: string | null;
}

/**
 * USPS's word on an address. Eligible: its standard form and the first date a carrier could
 * come. USPS's REST API gives no carrier route and no date (the XML API's CarrierRoute, Date,
 * DayOfWeek): the date is USPS's published rule (firstUspsPickupDate), federal holidays aside.
 */
export type UspsEligibility =
  | { eligible: true; address: UspsStandardAddress; date: string; dayOfWeek: string }
  | { eligible: false; description: string };

export interface UspsPickupRequest {
  address: UspsPickupAddress;
  /** YYYY-MM-DD: Monday to Saturday, from firstUspsPickupDate up to a year ahead. */
  pickupDate: string;
  /** At least one; count 1 or more each. */
  packages: { serviceType: UspsPickupService; count: number }[];
  /** Pounds, all packages together (the spec's weight in ounces / 16). */
  estimatedWeight: number;
  packageLocation: PackageLocation;
  /** At most 120 characters (spec 03 §5). */
  specialInstructions?: string | undefined;
}

/** A scheduled pickup as USPS holds it, in USPS's words. */
export interface UspsPickup {
  confirmationNumber: string;
  /** YYYY-MM-DD. */
  pickupDate: string;
  /** 'Monday' … 'Saturday': the pickup date's. */
  dayOfWeek: string;
  address: UspsPickupAddress;
  /** packageType: one of USPS_PACKAGE_TYPES (kept as USPS says it, should it add one). */
  packages: { packageType: string; count: number }[];
  /** Pounds. */
  estimatedWeight: number;
  /** One of USPS_PACKAGE_LOCATIONS, as USPS says it. */
  packageLocation: string;
  specialInstructions: string | null;
  /**
   * The version of the pickup to give update or cancel (If-Match). USPS's lasts an hour and is
   * spent by an update or cancel: inquire again before changing a pickup read earlier. Null
   * when USPS sent none.
   */
  eTag: string | null;
}

/** Every call of the provider, by name: what the simulator can be told to fail. */
export const USPS_PICKUP_STEPS = ['checkEligibility', 'schedule', 'inquire', 'update', 'cancel'] as const;
export type UspsPickupStep = (typeof USPS_PICKUP_STEPS)[number];

/** Schedules USPS carrier pickups: the simulator by default, USPS's REST API with USPS_PICKUPS_PROVIDER=usps. */
export interface UspsPickupsProvider {
  readonly name: 'simulator' | 'usps';
  /** Whether a carrier collects at the address; not eligible is an answer, not an error. */
  checkEligibility(address: UspsAddress): Promise<UspsEligibility>;
  /**
   * Schedules a pickup: its confirmation number, date and eTag. NOT_ELIGIBLE when no carrier
   * collects there, PICKUP_EXISTS when USPS holds one at the address already. Not idempotent
   * (USPS takes no idempotency key): after UNAVAILABLE, USPS may have booked it.
   */
  schedule(request: UspsPickupRequest): Promise<UspsPickup>;
  /** The pickup, with a current eTag; null when cancelled or unknown. */
  inquire(confirmationNumber: string): Promise<UspsPickup | null>;
  /** Replaces the pickup's date, address, packages, weight and location; PRECONDITION_FAILED when eTag is not the current one. */
  update(confirmationNumber: string, eTag: string, request: UspsPickupRequest): Promise<UspsPickup>;
  /** Cancels the pickup for good; PRECONDITION_FAILED when eTag is not the current one, NOT_FOUND when already cancelled. */
  cancel(confirmationNumber: string, eTag: string): Promise<void>;
}

export const USPS_ERROR_CODES = [
  /** No carrier collects at this address. */
  'NOT_ELIGIBLE',
  /** Refused as it is (HTTP 400/422: a bad date, field or package): trying again changes nothing. */
  'INVALID_REQUEST',
  /** No such pickup, or it is cancelled (HTTP 404, or 400 'Case number not found.'). */
  'NOT_FOUND',
  /** The eTag is not the pickup's current one (HTTP 412, or a 400 about the If-Match): inquire again, then retry. */
  'PRECONDITION_FAILED',
  /** USPS holds a pickup at this address already (400 020001 'Pickup already exists for this address.'). */
  'PICKUP_EXISTS',
  /** The client id and secret, or a token, were refused (HTTP 401/403): a configuration fault. */
  'UNAUTHORIZED',
  /** Too many calls: try again later (HTTP 429). */
  'RATE_LIMITED',
  /** USPS did not answer, timed out, failed (HTTP 5xx) or answered nonsense: try again later. */
  'UNAVAILABLE',
] as const;
export type UspsErrorCode = (typeof USPS_ERROR_CODES)[number];

const RETRYABLE: ReadonlySet<UspsErrorCode> = new Set(['RATE_LIMITED', 'UNAVAILABLE']);

/**
 * USPS refused or failed a call. `description` is USPS's own text where it gave one (the spec's
 * data.Error.Description); `retryable`: the same call may succeed later.
 */
export class UspsError extends Error {
  override name = 'UspsError';
  readonly retryable: boolean;
  constructor(
    readonly code: UspsErrorCode,
    readonly description: string,
    readonly details: {
      statusCode?: number | undefined;
      providerCode?: string | undefined;
      /** RATE_LIMITED: how long USPS asked to wait (Retry-After), when it said. */
      retryAfterSeconds?: number | undefined;
    } = {},
  ) {
    super(`USPS ${code}: ${description}`);
    this.retryable = RETRYABLE.has(code);
  }
}

/** USPS's state codes (its API's pattern): the states, DC, territories and military post offices. */
const USPS_STATES = new Set(
  'AA AE AL AK AP AS AZ AR CA CO CT DE DC FM FL GA GU HI ID IL IN IA KS KY LA ME MH MD MA MI MN MS MO MP MT NE NV NH NJ NM NY NC ND OH OK OR PW PA PR RI SC SD TN TX UT VT VI VA WA WV WI WY'.split(' '),
);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Heavier than any pile of packages a carrier takes in one pickup: a typo, not a weight. */
const MAX_ESTIMATED_WEIGHT_LB = 10_000;
const MAX_PACKAGE_COUNT = 999;

const invalid = (description: string) => new UspsError('INVALID_REQUEST', description);

/** 'YYYY-MM-DD' as a UTC midnight in ms; NaN when it is not a real calendar date. */
export function calendarDay(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return Number.NaN;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date ? ms : Number.NaN;
}

/** The weekday's name of a 'YYYY-MM-DD' date ('Monday'). */
export function dayOfWeekOf(date: string): string {
  const ms = calendarDay(date);
  return Number.isFinite(ms) ? WEEKDAYS[new Date(ms).getUTCDay()]! : '';
}

/**
 * The first date a USPS carrier can come, as USPS publishes the rule: Monday to Saturday,
 * booked by 2:00 AM Central time on the day itself (later, the next day). Federal holidays are
 * not counted out here (USPS gives no list through the API; it refuses such a date itself, and
 * pickupDateProblem does as the simulator's USPS).
 */
export function firstUspsPickupDate(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((found) => found.type === type)?.value);
  let day = Date.UTC(part('year'), part('month') - 1, part('day')) + (part('hour') < 2 ? 0 : DAY_MS);
  if (new Date(day).getUTCDay() === 0) day += DAY_MS;
  return new Date(day).toISOString().slice(0, 10);
}

/** Why USPS would refuse this pickup date now (USPS's rule), or null when it takes it. */
export function pickupDateProblem(date: string, now: Date): string | null {
  const day = calendarDay(date);
  if (!Number.isFinite(day)) return 'The pickup date must be a date (YYYY-MM-DD).';
  if (new Date(day).getUTCDay() === 0) return 'Carrier pickup is available Monday through Saturday only.';
  if (carrierHoliday(date, 'USPS')) return 'Carrier pickup is not available on federal holidays.';
  const first = firstUspsPickupDate(now);
  if (date < first) return `The pickup date has passed or is too soon: the earliest pickup date is ${first}.`;
  if (day > calendarDay(first) + 365 * DAY_MS) return 'A pickup can be scheduled at most one year in advance.';
  return null;
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The address's fields checked as USPS's API limits them; INVALID_REQUEST names the first wrong one. */
export function checkUspsAddress<T extends UspsAddress>(address: T): T {
  const limits: [keyof UspsAddress, string, number, boolean][] = [
    ['firm', 'firm', 50, false],
    ['streetAddress', 'street address', 50, true],
    ['secondaryAddress', 'secondary address', 50, false],
    ['city', 'city', 28, true],
  ];
  for (const [field, name, max, required] of limits) {
    const value = text(address[field]);
    if (required && !value) throw invalid(`The ${name} is required.`);
    if (value.length > max) throw invalid(`The ${name} must be at most ${max} characters.`);
  }
  if (!USPS_STATES.has(text(address.state).toUpperCase())) throw invalid('The state must be a 2-letter USPS state code.');
  if (!/^\d{5}$/.test(text(address.zip5))) throw invalid('The ZIP Code must be 5 digits.');
  return address;
}

/** A pickup request checked before it goes to USPS (or the simulator); INVALID_REQUEST names the first problem. */
export function checkUspsPickupRequest(request: UspsPickupRequest): UspsPickupRequest {
  const { address } = request;
  checkUspsAddress(address);
  for (const [value, name] of [[address.firstName, 'first name'], [address.lastName, 'last name']] as const) {
    if (!text(value)) throw invalid(`The ${name} is required.`);
    if (text(value).length > 50) throw invalid(`The ${name} must be at most 50 characters.`);
  }
  if (!/^\d{10}$/.test(text(address.phone))) throw invalid('The phone number must be 10 digits.');
  const email = text(address.email);
  if (email && (email.length > 50 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) throw invalid('The e-mail address is not valid.');
  if (!Number.isFinite(calendarDay(request.pickupDate))) throw invalid('The pickup date must be a date (YYYY-MM-DD).');
  if (!Array.isArray(request.packages) || request.packages.length === 0) throw invalid('At least one package is required.');
  for (const pack of request.packages) {
    if (!(USPS_PICKUP_SERVICES as readonly string[]).includes(pack.serviceType)) throw invalid(`Unknown service type '${String(pack.serviceType)}'.`);
    if (!Number.isInteger(pack.count) || pack.count < 1 || pack.count > MAX_PACKAGE_COUNT) throw invalid(`The package count must be a whole number from 1 to ${MAX_PACKAGE_COUNT}.`);
  }
  if (!Number.isFinite(request.estimatedWeight) || request.estimatedWeight <= 0 || request.estimatedWeight > MAX_ESTIMATED_WEIGHT_LB) {
    throw invalid('The estimated weight must be a positive number of pounds.');
  }
  if (!(PACKAGE_LOCATIONS as readonly string[]).includes(request.packageLocation)) throw invalid(`Unknown package location '${String(request.packageLocation)}'.`);
  if (text(request.specialInstructions).length > PICKUP_DEFAULTS.instructionsMax) {
    throw invalid(`The special instructions must be at most ${PICKUP_DEFAULTS.instructionsMax} characters.`);
  }
  return request;
}

/** USPS's SchedulePickupRequest (also carrierPickupRequest in its answers). */
export interface UspsSchedulePickupBody {
  pickupDate: string;
  pickupAddress: {
    firstName: string;
    lastName: string;
    firm?: string | undefined;
    address: { streetAddress: string; secondaryAddress?: string | undefined; city: string; state: string; ZIPCode: string; ZIPPlus4?: string | null | undefined };
    /** One or two: the e-mail, the phone (USPS's cellNumber). */
    contact: ({ email: string } | { cellNumber: string })[];
  };
  packages: { packageType: string; packageCount: number }[];
  estimatedWeight: number;
  pickupLocation: { packageLocation: string; specialInstructions?: string | undefined; dogPresent?: boolean | undefined };
}

const given = (value: string | undefined) => (text(value) ? text(value) : undefined);

/**
 * A checked request in USPS's words. Packages of one type are counted together. USPS needs
 * instructions with OTHER: the portal's 'Locker' and 'Other' say so in them.
 */
export function uspsPickupRequestBody(request: UspsPickupRequest): UspsSchedulePickupBody {
  const { address } = request;
  const counts = new Map<UspsPackageType, number>();
  for (const pack of request.packages) {
    const type = USPS_PACKAGE_TYPE_OF_SERVICE[pack.serviceType];
    counts.set(type, (counts.get(type) ?? 0) + pack.count);
  }
  const packageLocation = USPS_PACKAGE_LOCATION_OF[request.packageLocation];
  let specialInstructions = given(request.specialInstructions);
  if (request.packageLocation === 'Locker') specialInstructions = specialInstructions ? `Locker: ${specialInstructions}` : 'Locker';
  else if (packageLocation === 'OTHER') specialInstructions ??= request.packageLocation;
  const email = given(address.email);
  return {
    pickupDate: request.pickupDate,
    pickupAddress: {
      firstName: text(address.firstName),
      lastName: text(address.lastName),
      firm: given(address.firm),
      address: {
        streetAddress: text(address.streetAddress),
        secondaryAddress: given(address.secondaryAddress),
        city: text(address.city),
        state: text(address.state).toUpperCase(),
        ZIPCode: text(address.zip5),
      },
      contact: [...(email ? [{ email }] : []), { cellNumber: text(address.phone) }],
    },
    packages: [...counts].map(([packageType, packageCount]) => ({ packageType, packageCount })),
    estimatedWeight: request.estimatedWeight,
    pickupLocation: { packageLocation, specialInstructions },
  };
}

/** A pickup as USPS answers it (confirmation number, date, its carrierPickupRequest) in the provider's terms. */
export function uspsPickupOf(confirmationNumber: string, pickupDate: string, body: UspsSchedulePickupBody, eTag: string | null): UspsPickup {
  const { pickupAddress } = body;
  const contact = (key: 'email' | 'cellNumber') => {
    for (const method of pickupAddress.contact) if (key in method) return (method as Record<string, string>)[key];
    return undefined;
  };
  return {
    confirmationNumber,
    pickupDate,
    dayOfWeek: dayOfWeekOf(pickupDate),
    address: {
      firstName: pickupAddress.firstName,
      lastName: pickupAddress.lastName,
      firm: pickupAddress.firm || undefined,
      streetAddress: pickupAddress.address.streetAddress,
      secondaryAddress: pickupAddress.address.secondaryAddress || undefined,
      city: pickupAddress.address.city,
      state: pickupAddress.address.state,
      zip5: pickupAddress.address.ZIPCode,
      phone: contact('cellNumber') ?? '',
      email: contact('email'),
    },
    packages: body.packages.map((pack) => ({ packageType: pack.packageType, count: pack.packageCount })),
    estimatedWeight: body.estimatedWeight,
    packageLocation: body.pickupLocation.packageLocation,
    specialInstructions: body.pickupLocation.specialInstructions || null,
    eTag,
  };
}
