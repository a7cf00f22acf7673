import { z } from 'zod';
import { call } from './call-descriptor.js';
import { CONTACT_DEFAULT_COUNTRY, CONTACT_PHONE_PATTERN } from './contacts.js';
import { LIMITS } from './constants.js';
import { OPENAPI_CODE, PICKUP_ERRORCODE, READ_ERRORCODE } from './errorcodes.js';
import { flagField, idField, intField, optionalIdField, optionalTextField, textField, whenMissing } from './fields.js';
import { PACKAGE_LOCATIONS, PICKUP_DEFAULTS, PICKUP_MESSAGES, USPS_PICKUP_SERVICES } from './pickups.js';
import { SCAN_FORM_LIMITS, shipmentIdsField } from './scan-forms.js';

/**
 * The calls and forms of carrier pickups (spec 03 §2 Pickup wizard, §3, §5, §7 Pickups): FedEx
 * through the carriers provider and paid (validateAddress, createPickup, paypalByPickup,
 * checkPickupStatus), USPS free through the USPS calls. Ours beside them: cancel a pickup, move a
 * USPS pickup to another date, and the list of the customer's pickups (getUserPickups). A USPS
 * pickup may be for several labels at one address: a label scheduled at the address and on the
 * day of one the customer has joins it (USPS comes once, for all the packages). Money is dollars with two decimals as text ('4.50').
 */

const result = z.object({ errorcode: z.number().int(), message: z.string() });
/** The /openapi calls answer `code` as the spec's clients read it, and errorcode with the same value. */
const openapiResult = result.extend({ code: z.number().int() });

const NAME_MAX = 50;
const TOO_LONG = 'Too long';

/** Letters, spaces, apostrophes, dots and hyphens: a person's name ('Cannot enter a number'). */
const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}\s'.-]*$/u;

const required = (message: string, max: number = LIMITS.fieldMax) =>
  textField.trim().min(1, { message, abort: true }).max(max, TOO_LONG);

const personName = (message: string) =>
  required(message, NAME_MAX).refine((value) => PERSON_NAME_PATTERN.test(value), {
    message: PICKUP_MESSAGES.cannotEnterNumber,
  });

const phoneField = textField.trim().min(1, { message: PICKUP_MESSAGES.phone, abort: true }).regex(CONTACT_PHONE_PATTERN, PICKUP_MESSAGES.format);
const zipField = textField.trim().min(1, { message: PICKUP_MESSAGES.zip, abort: true }).regex(/^\d{5}$/, PICKUP_MESSAGES.format);

/** The USPS service a package goes by (spec 03 §9). */
export const uspsServiceField = z.enum(USPS_PICKUP_SERVICES, { error: PICKUP_MESSAGES.carrierService });
/** Where the package waits for the driver (spec 03 §9). */
export const packageLocationField = z.enum(PACKAGE_LOCATIONS, { error: PICKUP_MESSAGES.packageLocation });
/** Special instructions for the driver: at most 120 characters (spec 03 §5). */
export const pickupInstructionsField = optionalTextField(PICKUP_DEFAULTS.instructionsMax, `At most ${PICKUP_DEFAULTS.instructionsMax} characters`);

/** Spec 03 §3 Pickup address form, with §5's rules; ServiceType is asked for USPS only. */
const pickupAddressFields = z.object({
  FirstName: personName(PICKUP_MESSAGES.firstName),
  LastName: personName(PICKUP_MESSAGES.lastName),
  Company: optionalTextField(NAME_MAX, TOO_LONG),
  Cell_phone_number: phoneField,
  Address_line_1: required(PICKUP_MESSAGES.address1),
  Address_line_2: optionalTextField(LIMITS.fieldMax, TOO_LONG),
  City: required(PICKUP_MESSAGES.city),
  State_province_region: required(PICKUP_MESSAGES.state, 64),
  Country: whenMissing(required(PICKUP_MESSAGES.country, 64), CONTACT_DEFAULT_COUNTRY),
  Zip_code: zipField,
});
export const pickupAddressStepSchema = pickupAddressFields;
export const uspsPickupAddressStepSchema = pickupAddressFields.extend({ ServiceType: uspsServiceField });
export type PickupAddressForm = z.input<typeof uspsPickupAddressStepSchema>;

/** 'HH:mm' or 'HH:mm:ss', as a time input gives it. */
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const timeField = textField.trim().min(1, { message: PICKUP_MESSAGES.completeDate, abort: true }).regex(TIME_PATTERN, PICKUP_MESSAGES.completeDate);
/** A calendar date, 'YYYY-MM-DD'. */
export const PICKUP_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const dateField = textField.trim().min(1, { message: PICKUP_MESSAGES.date, abort: true }).regex(PICKUP_DATE_PATTERN, PICKUP_MESSAGES.date);

/** Seconds since midnight of 'HH:mm[:ss]'. */
export function secondsOfDay(time: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

/** Ours: the window must have a start before its end. */
export const PICKUP_WINDOW_MESSAGE = 'The latest time must be after the earliest time';

/**
 * Spec 03 §3 Pickup date form, with §5's rules. Which dates may be booked depends on today at the
 * pickup address (pickupDates): the step offers only those, and the server checks again.
 */
const pickupDateFields = z.object({
  PickupDate: dateField,
  Earliest: whenMissing(timeField, PICKUP_DEFAULTS.earliest),
  Latest: whenMissing(timeField, PICKUP_DEFAULTS.latest),
  reference: whenMissing(z.union([z.literal(''), packageLocationField], { error: PICKUP_MESSAGES.packageLocation }), ''),
  instructions: pickupInstructionsField,
});
const windowInOrder = <T extends { Earliest: string; Latest: string }>(form: T) => secondsOfDay(form.Earliest) < secondsOfDay(form.Latest);
export const pickupDateStepSchema = pickupDateFields.refine(windowInOrder, { message: PICKUP_WINDOW_MESSAGE, path: ['Latest'] });
/** USPS comes on its delivery round, so no window is asked; the package location is. */
export const uspsPickupDateStepSchema = pickupDateFields.extend({ reference: packageLocationField });
export type PickupDateForm = z.input<typeof uspsPickupDateStepSchema>;

/** Spec 03 §5 Payment for pickup: the three agreements, then PayPal. */
const agreement = z.literal(true, { error: PICKUP_MESSAGES.allCheckboxes });
export const pickupPaymentStepSchema = z.object({
  agreeTerms: agreement,
  agreeNotRefundable: agreement,
  agreePackageReady: agreement,
  paypal: z.literal(true, { error: PICKUP_MESSAGES.paymentMethod }),
});
export type PickupPaymentForm = z.input<typeof pickupPaymentStepSchema>;

/** A pickup's price with one carrier service (spec 03 §3 Pickup record, pickup_rates). */
export const pickupRateSchema = z.object({ id: z.string(), rate: z.string(), currency: z.string(), service: z.string(), carrier: z.string() });
export type PickupRate = z.infer<typeof pickupRateSchema>;

/** 'YYYY-MM-DD HH:mm[:ss]' or 'YYYY-MM-DDTHH:mm[:ss]': a moment at the pickup address, in its own time. */
export const PICKUP_DATETIME_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const localDatetimeField = textField.trim().regex(PICKUP_DATETIME_PATTERN, PICKUP_MESSAGES.completeDate);

/** The shipment a pickup is for, by its carrier shipment id (a row's shipmentID). */
const shipmentIdField = textField.trim().min(1).max(LIMITS.fieldMax);

export const createPickupCall = call({
  method: 'POST',
  path: '/openapi/easyPost/createPickup',
  encoding: 'form',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "Ask the label's carrier for a pickup at a verified address (addressId from validateAddress) between two local times there. code 0: data.pickupId and data.pickup_rates; -1 with the reason ('Pickup is not available for this service!', 'Door-to-door pickup is currently not available for this carrier!', 'Service exception!').",
  request: z.object({
    addressId: textField.trim().min(1).max(64),
    shipmentId: shipmentIdField,
    minDatetime: localDatetimeField,
    maxDatetime: localDatetimeField,
    /** The package location (spec 03 §9). */
    reference: whenMissing(z.union([z.literal(''), packageLocationField], { error: PICKUP_MESSAGES.packageLocation }), ''),
    instructions: pickupInstructionsField,
    /** 1: the pickup is at the customer's locker (a drop-off code is given); 0: at the address. */
    userLocker: whenMissing(flagField, false),
  }),
  response: openapiResult.extend({ data: z.object({ pickupId: z.string(), pickup_rates: z.array(pickupRateSchema) }) }),
});

export const paypalByPickupCall = call({
  method: 'POST',
  path: '/openapi/easyPost/paypalByPickup',
  encoding: 'form',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "Pay for one rate of a created pickup: code 0 with paymentUrl (the payment provider's approval page). The pickup is booked with the carrier once the payment is captured. -1 with the reason.",
  request: z.object({
    shipmentId: shipmentIdField,
    pickupId: textField.trim().min(1).max(64),
    pickupRateId: textField.trim().min(1).max(64),
    /** Ignored: the session says who pays. */
    userId: z.unknown().optional(),
    useLocker: whenMissing(flagField, false),
  }),
  response: openapiResult.extend({ paymentUrl: z.string() }),
});

/** Where a pickup happens, as its details show it. */
export const pickupAddressSchema = z.object({
  name: z.string(),
  company: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
});

/**
 * A pickup's state on the wire: 'quoted' (rates given, not paid: the payer cancelled, it can be
 * paid again), 'paying' (waiting for the payment), 'booking' (paid, the carrier is being asked),
 * 'scheduled', 'canceled', 'failed' (the carrier refused; the money came back).
 */
export const PICKUP_STATES = ['quoted', 'paying', 'booking', 'scheduled', 'canceled', 'failed'] as const;
export type PickupState = (typeof PICKUP_STATES)[number];

export const checkPickupStatusCall = call({
  method: 'POST',
  path: '/app/v1/checkPickupStatus',
  encoding: 'form',
  signedIn: true,
  successCodes: [PICKUP_ERRORCODE.ok],
  summary:
    "A shipment's pickup with its carrier (Pickup Order Details): status, address, rates, window, instructions, package location, confirmation, and the locker drop-off code. errorcode 0; -1 no such pickup of the signed-in user.",
  request: z.object({
    pickupId: textField.trim().min(1).max(64),
    carrier: optionalTextField(16),
    shippingdetails_id: idField,
  }),
  response: result.extend({
    /** The code that opens a locker door to leave the package for the carrier ('' unless at the locker). */
    dropoffCode: z.string(),
    data: z.object({
      status: z.enum(PICKUP_STATES),
      address: pickupAddressSchema,
      pickup_rates: z.array(pickupRateSchema),
      /** The window, in the address's own time: 'YYYY-MM-DD HH:mm:ss'. */
      min_datetime: z.string(),
      max_datetime: z.string(),
      instructions: z.string(),
      reference: z.string(),
      confirmation: z.string(),
      // Beside the spec's fields.
      carrier: z.string(),
      service: z.string(),
      /** What was paid ('' when nothing). */
      price: z.string(),
      /** The address's time zone, e.g. America/New_York. */
      timeZone: z.string(),
      /** Why it failed, and that the money came back ('' otherwise). */
      note: z.string(),
      canCancel: z.boolean(),
    }),
  }),
});

// USPS (spec 03 §7): free, scheduled without a payment step.

const USPS_ADDRESS_MAX = 64;
const uspsText = (message: string) => required(message, USPS_ADDRESS_MAX);

const uspsAddressRequest = z.object({
  firmname: optionalTextField(NAME_MAX, TOO_LONG),
  address1: uspsText(PICKUP_MESSAGES.address1),
  address2: optionalTextField(USPS_ADDRESS_MAX, TOO_LONG),
  city: uspsText(PICKUP_MESSAGES.city),
  state: uspsText(PICKUP_MESSAGES.state),
  zip5: zipField,
});

/** USPS's answer when it refuses: Error.Description says why. */
const uspsErrorSchema = z.object({ Description: z.string() });

export const uspsPickupAvailabilityCall = call({
  method: 'POST',
  path: '/openapi/USPS/CarrierPickupAvailability',
  encoding: 'form',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "Whether USPS picks up at an address, and its first day. code 0 with data.CarrierPickupAvailabilityResponse (CarrierRoute, Date, DayOfWeek), or data.Error.Description when it does not; -1 'Service exception!'.",
  request: uspsAddressRequest,
  response: openapiResult.extend({
    data: z.object({
      Error: uspsErrorSchema.optional(),
      CarrierPickupAvailabilityResponse: z.object({ CarrierRoute: z.string(), Date: z.string(), DayOfWeek: z.string() }).optional(),
    }),
  }),
});

/** A USPS schedule's answer: USPS's refusal, or its confirmation, day and (ours) the packages it comes for. */
const uspsScheduledData = z.object({
  Error: uspsErrorSchema.optional(),
  ConfirmationNumber: z.string().optional(),
  Date: z.string().optional(),
  DayOfWeek: z.string().optional(),
  PackageCount: z.number().int().optional(),
});

export const uspsPickupScheduleCall = call({
  method: 'POST',
  path: '/openapi/USPS/CarrierPickupSchedule',
  encoding: 'form',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "Schedule a free USPS pickup for a bought USPS label (shipmentdetailsid: the row's shippingdetails_id). At the address and on the day of a USPS pickup the customer has already, the label joins it (data.Joined, data.PackageCount the packages USPS now comes for). code 0 with data.ConfirmationNumber; -1 with data.Error.Description and message saying why.",
  request: uspsAddressRequest.extend({
    firstname: personName(PICKUP_MESSAGES.firstName),
    lastname: personName(PICKUP_MESSAGES.lastName),
    servicetype: uspsServiceField,
    uselocker: whenMissing(flagField, false),
    /** One package per label (spec 03 §9). */
    count: whenMissing(z.coerce.number<string | number>().int().min(1).max(1), PICKUP_DEFAULTS.packageCount),
    phone: phoneField,
    /** Pounds; the label's weight when left out. */
    estimatedweight: whenMissing(z.coerce.number<string | number>().positive().max(150), 0),
    packagelocation: packageLocationField,
    specialinstructions: pickupInstructionsField,
    shipmentdetailsid: idField,
    /** Ignored: the session says whose pickup it is (an id when sent, like every other field checked). */
    userid: optionalIdField,
    /** Ours: the day, 'YYYY-MM-DD', from the date step (USPS's first available day when left out). */
    pickupdate: whenMissing(dateField, ''),
  }),
  response: openapiResult.extend({
    // Beside the spec's fields: whether the label joined a pickup the customer had.
    data: uspsScheduledData.extend({ Joined: z.boolean().optional() }),
  }),
});

/** One USPS pickup for several labels (issue 25 item 2): at most this many labels. */
export const USPS_PICKUP_LABELS_MAX = SCAN_FORM_LIMITS.labelsMax;

/**
 * Ours (issue 25 item 2): ONE USPS pickup for several of the customer's USPS labels at one
 * address, the package count and estimated weight summed from the labels (each label's service
 * counted as USPS's package type). The same address, contact, date and package location as
 * CarrierPickupSchedule; no servicetype, count or estimatedweight (the labels say them). Each
 * label shows the pickup (its pickupId, PICKUP DETAILS); cancelPickupCall with wholePickup 1 on
 * any of them cancels it and frees them all.
 */
export const uspsPickupScheduleLabelsCall = call({
  method: 'POST',
  path: '/openapi/USPS/CarrierPickupScheduleLabels',
  encoding: 'json',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "Ours (issue 25 item 2): schedule ONE free USPS pickup for several bought USPS labels (shipmentIds: their shippingdetails_id, 1 to 500) at one address, the package count and weight summed from the labels. code 0 with data.ConfirmationNumber, Date, DayOfWeek, PackageCount, EstimatedWeight (lb) and Labels (order numbers); -1 with data.Error.Description and message naming each label refused (not USPS, refunded, scanned, already with a pickup) or USPS's refusal.",
  request: uspsAddressRequest.extend({
    shipmentIds: shipmentIdsField,
    firstname: personName(PICKUP_MESSAGES.firstName),
    lastname: personName(PICKUP_MESSAGES.lastName),
    uselocker: whenMissing(flagField, false),
    phone: phoneField,
    packagelocation: packageLocationField,
    specialinstructions: pickupInstructionsField,
    /** The day, 'YYYY-MM-DD' (USPS's first available day when left out). */
    pickupdate: whenMissing(dateField, ''),
  }),
  response: openapiResult.extend({
    data: uspsScheduledData.extend({
      /** Pounds, the labels' weights summed. */
      EstimatedWeight: z.number().optional(),
      /** The order numbers of the labels USPS comes for. */
      Labels: z.array(z.string()).optional(),
    }),
  }),
});

/** Spec 03 §3 USPS pickup inquiry response. */
export const uspsPickupInquirySchema = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  FirmName: z.string(),
  /** The street line, and the suite or apartment. */
  Address: z.string(),
  SuiteOrApt: z.string(),
  City: z.string(),
  State: z.string(),
  ZIP5: z.string(),
  Phone: z.string(),
  ConfirmationNumber: z.string(),
  SpecialInstructions: z.string(),
  Date: z.string(),
  DayOfWeek: z.string(),
  PackageCount: z.number().int(),
  ServiceType: z.string(),
  EstimatedWeight: z.number(),
  PackageLocation: z.string(),
});
export type UspsPickupInquiry = z.infer<typeof uspsPickupInquirySchema>;

/** What the portal keeps of a USPS pickup beside USPS's answer (spec 03 §3 dbInfo). */
export const uspsPickupDbInfoSchema = z.object({
  estimatedweight: z.number(),
  address2: z.string(),
  packagelocation: z.string(),
  dropoffcode: z.string(),
  count: z.number().int(),
  servicetype: z.string(),
  specialinstructions: z.string(),
  // Beside the spec's fields.
  confirmation: z.string(),
  pickupdate: z.string(),
  status: z.enum(PICKUP_STATES),
  /** The dates it may be set to, its own among them ([] once it cannot be changed). */
  reschedulableDates: z.array(z.string()),
  /** The order numbers of the labels USPS comes for in this pickup, this label's first. */
  labels: z.array(z.string()),
});
export type UspsPickupDbInfo = z.infer<typeof uspsPickupDbInfoSchema>;

export const uspsPickupInquiryCall = call({
  method: 'GET',
  path: '/openapi/USPS/CarrierPickupInquiry',
  encoding: 'query',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary:
    "A shipment's USPS pickup as USPS has it. code 0: data.CarrierPickupInquiryResponse (null once cancelled: 'Your pickup request was cancelled') and dbInfo; -1 the shipment has no USPS pickup (the wizard opens).",
  request: z.object({ shipmentDetailsId: idField }),
  response: openapiResult.extend({
    data: z.object({ CarrierPickupInquiryResponse: uspsPickupInquirySchema.nullable() }),
    dbInfo: uspsPickupDbInfoSchema,
  }),
});

export const uspsPickupChangeCall = call({
  method: 'POST',
  path: '/openapi/USPS/CarrierPickupChange',
  encoding: 'form',
  signedIn: true,
  successCodes: [OPENAPI_CODE.ok],
  summary: "Ours: move a scheduled USPS pickup to another day of the window, or change its package location or instructions. code 0 changed; -1 with the reason.",
  request: z.object({
    shipmentdetailsid: idField,
    pickupdate: dateField,
    packagelocation: packageLocationField,
    specialinstructions: pickupInstructionsField,
  }),
  response: openapiResult,
});

export const cancelPickupCall = call({
  method: 'POST',
  path: '/app/v1/cancelPickup',
  encoding: 'form',
  signedIn: true,
  successCodes: [PICKUP_ERRORCODE.ok],
  summary:
    "Ours: cancel a shipment's scheduled pickup (USPS, or FedEx where the carrier allows; a paid pickup is not refunded, as agreed). A USPS pickup for several labels keeps coming for the others (the label is taken off it), unless wholePickup is 1. errorcode 0 canceled; -1 no such pickup; -2 the carrier refused, with its reason.",
  request: z.object({ shippingdetails_id: idField, wholePickup: whenMissing(flagField, false) }),
  response: result,
});

/** A label a pickup is for, as the Pickups list shows it. */
export const pickupLabelSchema = z.object({
  shippingdetails_id: z.number().int(),
  orderNo: z.string(),
  trackingNum: z.string(),
  /** The id checkPickupStatus takes for this label's pickup (the row's pickupId). */
  pickupId: z.string(),
});

/** A pickup of the Pickups list: one carrier visit, with every label it is for. */
export const pickupListItemSchema = z.object({
  /** Stable while the pickup exists: the id of its first label's pickup record. */
  id: z.number().int(),
  /** As the wire names it: USPS, FedEx, UPSDAP. */
  carrier: z.string(),
  service: z.string(),
  status: z.enum(PICKUP_STATES),
  /** 'YYYY-MM-DD' at the address. */
  pickupDate: z.string(),
  /** The window at the address, 'YYYY-MM-DD HH:mm:ss' ('' for USPS, which comes on its round). */
  min_datetime: z.string(),
  max_datetime: z.string(),
  timeZone: z.string(),
  confirmation: z.string(),
  address: pickupAddressSchema,
  packageLocation: z.string(),
  labels: z.array(pickupLabelSchema),
  /** What was paid ('' when nothing). */
  price: z.string(),
  /** Why it failed ('' otherwise). */
  note: z.string(),
  canCancel: z.boolean(),
  /** USPS: its day, package location and instructions may be changed. */
  canChange: z.boolean(),
});
export type PickupListItem = z.infer<typeof pickupListItemSchema>;

/** The Pickups list shows this many a page at most; it reads the customer's newest 500 pickup records. */
export const PICKUP_LIST_LIMITS = { pageSizeMax: 50, recordsRead: 500 } as const;

export const getUserPickupsCall = call({
  method: 'GET',
  path: '/app/v1/getUserPickups',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary:
    "Ours: the signed-in customer's carrier pickups (the Pickups list), upcoming first by day, then those over, newest first; a USPS pickup for several labels is one item. errorcode 0 with data.total and data.list.",
  request: z.object({
    start: whenMissing(intField.min(0).max(PICKUP_LIST_LIMITS.recordsRead), 0),
    num: whenMissing(intField.min(1).max(PICKUP_LIST_LIMITS.pageSizeMax), 10),
  }),
  response: result.extend({ data: z.object({ total: z.number().int(), list: z.array(pickupListItemSchema) }) }),
});
