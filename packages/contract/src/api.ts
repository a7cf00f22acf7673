import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  ACTIVATION_ERRORCODE,
  CHECK_USER_ERRORCODE,
  LOGIN_ERRORCODE,
  LOGOUT_ERRORCODE,
  READ_ERRORCODE,
  RESEND_ACTIVATION_ERRORCODE,
  RESET_ERRORCODE,
  USER_RECORD_ERRORCODE,
} from './errorcodes.js';
import { emailField, idField, pageField, pageSizeField, textField } from './fields.js';

/**
 * The wire contract of spec 01 §7: one descriptor per call with its method, path, body encoding,
 * request schema and success response schema. The web client and the server both use these objects.
 */
export type CallEncoding = 'form' | 'json' | 'query';

export interface CallDescriptor<Req extends z.ZodType, Res extends z.ZodType> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly encoding: CallEncoding;
  /** Whether the call needs a signed-in session. */
  readonly signedIn: boolean;
  readonly summary: string;
  /**
   * The errorcodes of a success answer, named in errorcodes.ts. The web client returns the data
   * of such an answer and turns any other into an ApiError carrying its errorcode and message.
   */
  readonly successCodes: readonly number[];
  readonly request: Req;
  readonly response: Res;
}

/** Declares one call; the identity function keeps each descriptor's precise types. */
export function call<Req extends z.ZodType, Res extends z.ZodType>(descriptor: CallDescriptor<Req, Res>) {
  return descriptor;
}

/** Every failure answer, whatever the call: the spec's errorcode and message. */
export const apiErrorSchema = z.object({
  errorcode: z.number().int(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

const nullableText = z.string().nullable();

/** A delivery hub (locker). lockerUUID on the user points at its id. */
export const lockerSchema = z.object({
  id: z.string(),
  business_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  location: z.string().nullable(),
});
export type Locker = z.infer<typeof lockerSchema>;

/** What login returns of the user: the fields the web app keeps in its cookies (spec 01 §3). */
export const sessionUserSchema = z.object({
  user_id: z.number().int(),
  role_id: z.number().int(),
  Status: z.number().int(),
  Email: z.string(),
  First_name: z.string(),
  Last_name: z.string(),
  BOXID: z.string(),
  credits: z.number().int(),
  membership: z.number().int().nullable(),
  membership_expire: nullableText,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The signed-in user's own record (getUserByUser_id): the session fields plus the profile (spec 03 §2). */
export const userProfileSchema = sessionUserSchema.extend({
  PinNo: z.string(),
  Cell_phone_number: z.string(),
  secondaryCellPhone: z.string(),
  Home_phone_number: z.string(),
  Email2: z.string(),
  Address_line_1: z.string(),
  Address_line_2: z.string(),
  City: z.string(),
  State_province_region: z.string(),
  Zip_code: z.string(),
  Country: z.string(),
  lockerUUID: nullableText,
  isHandicapped: z.number().int(),
  Notification_method: z.string(),
  Community: z.string(),
  bcm_user_id: z.number().int().nullable(),
  business_company_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  building_id: z.number().int().nullable(),
  bc_id: z.number().int().nullable(),
  /** Unused labels are refunded automatically shortly before the carrier's window closes (issue 9; on by default). */
  autoRefundLabels: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const carrierServiceMappingSchema = z.object({
  carrier: z.string(),
  easypost_original: z.string(),
  renamed: z.string(),
  service_search_queries: z.string(),
});
export type CarrierServiceMapping = z.infer<typeof carrierServiceMappingSchema>;

const empty = z.object({});

export const loginCall = call({
  method: 'POST',
  path: '/app/v1/login',
  encoding: 'form',
  signedIn: false,
  successCodes: [LOGIN_ERRORCODE.signedIn],
  summary: 'Sign in with e-mail and password. errorcode 1: signed in (or see user Status), 0: wrong credentials.',
  request: z.object({
    name: textField.trim().min(1).max(LIMITS.fieldMax),
    password: textField.min(1).max(LIMITS.fieldMax),
  }),
  response: z.object({
    errorcode: z.literal([LOGIN_ERRORCODE.signedIn, LOGIN_ERRORCODE.wrongCredentials]),
    message: z.string(),
    version: z.string(),
    user: z.array(sessionUserSchema),
    locker: z.array(lockerSchema),
  }),
});

export const carrierServiceRenamingCall = call({
  method: 'GET',
  path: '/app/v1/carrierServiceRenaming',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'The carrier service renaming list, kept by the web app in session storage.',
  request: empty,
  response: z.object({
    errorcode: z.literal(READ_ERRORCODE.ok),
    message: z.string(),
    data: z.array(carrierServiceMappingSchema),
  }),
});

export const resendRegisterEmailCall = call({
  method: 'POST',
  path: '/app/v1/resendRegristerEmail',
  encoding: 'form',
  signedIn: false,
  successCodes: [RESEND_ACTIVATION_ERRORCODE.sent],
  summary: 'Send a new activation mail to a user who has not activated yet. errorcode 0: sent.',
  request: z.object({ userID: idField }),
  response: z.object({ errorcode: z.number().int(), message: z.string() }),
});

export const logoutCall = call({
  method: 'POST',
  path: '/app/v1/logout',
  encoding: 'form',
  signedIn: true,
  successCodes: [LOGOUT_ERRORCODE.signedOut],
  summary: 'End the session. errorcode 1: signed out.',
  request: z.object({ user_id: idField }),
  response: z.object({ errorcode: z.literal(LOGOUT_ERRORCODE.signedOut), message: z.string() }),
});

export const getUserByUserIdCall = call({
  method: 'POST',
  path: '/app/v1/getUserByUser_id',
  encoding: 'form',
  signedIn: true,
  successCodes: [USER_RECORD_ERRORCODE.found],
  summary: "The signed-in user's record and lockers. errorcode 1: found.",
  request: z.object({ user_id: idField }),
  response: z.object({
    errorcode: z.literal(USER_RECORD_ERRORCODE.found),
    message: z.string(),
    users: z.array(userProfileSchema),
    lockers: z.array(lockerSchema),
  }),
});

/**
 * A package waiting in a locker for the signed-in user (issue 11: the dashboard lists them, so a
 * pickup code stays reachable even after its message is deleted). Times are ISO instants.
 */
export const waitingPackageSchema = z.object({
  packageId: z.number().int(),
  hubName: z.string(),
  /** The hub's street, city, state and zip on one line. */
  hubAddress: z.string(),
  carrier: z.string(),
  trackingNo: z.string(),
  deliveredAt: z.string(),
  pickupCode: z.string(),
  /** End of the free period (the Terms: 12:00 PM Pacific the day after the delivery). */
  freeUntil: z.string(),
  /** Overdue days so far (at most 2), 1 credit each. */
  overdueDays: z.number().int().min(0),
  /** Credits a pickup now would cost: the delivery (unless a membership covers it) plus the overdue days. */
  creditsDue: z.number().int().min(0),
});
export type WaitingPackage = z.infer<typeof waitingPackageSchema>;

export const getUnPickupsByIdCall = call({
  method: 'POST',
  path: '/app/v1/getUnPickupsById',
  encoding: 'form',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary:
    'How many packages wait in a locker for the signed-in user, and (this server) which: hub, carrier, arrival, pickup code, free period and credits due. errorcode 0: success.',
  request: z.object({ uid: idField }),
  response: z.object({
    errorcode: z.literal(READ_ERRORCODE.ok),
    message: z.string(),
    unpickups: z.number().int().min(0),
    // Optional: the spec's answer has only the count; a server that follows it alone still works.
    packages: z.array(waitingPackageSchema).optional(),
  }),
});

export const checkUserCall = call({
  method: 'POST',
  path: '/app/v1/checkUser',
  encoding: 'form',
  signedIn: false,
  successCodes: [CHECK_USER_ERRORCODE.linkSent, CHECK_USER_ERRORCODE.noSuchAccount],
  summary: 'Forgot password: mails a reset link when the account exists. The answer never tells which.',
  request: z.object({ email: emailField() }),
  response: z.object({ errorcode: z.literal([CHECK_USER_ERRORCODE.linkSent, CHECK_USER_ERRORCODE.noSuchAccount]), message: z.string() }),
});

export const userActivateCall = call({
  method: 'POST',
  path: '/app/v1/userActivate',
  encoding: 'form',
  signedIn: false,
  successCodes: [ACTIVATION_ERRORCODE.activated],
  summary: 'Activate an account with the code from its activation mail.',
  request: z.object({ activateCode: textField.trim().min(1).max(LIMITS.fieldMax) }),
  response: z.object({ errorcode: z.number().int(), message: z.string() }),
});

export const resetPasswordCall = call({
  method: 'GET',
  path: '/app/v1/resetPassword',
  encoding: 'query',
  signedIn: false,
  successCodes: [RESET_ERRORCODE.success],
  summary: 'Set a new password with the link from a reset mail. errorcode 0 success, -10 expired, -9 unknown or used.',
  request: z.object({
    Email: textField.trim().min(1).max(LIMITS.fieldMax),
    generatedId: textField.trim().min(1).max(LIMITS.fieldMax),
    Password: textField.min(1).max(LIMITS.fieldMax),
  }),
  response: z.object({ errorcode: z.number().int(), message: z.string() }),
});

/** Route codes printable as Code128 (set B without the space), at most LIMITS.routeCodeMax characters. */
export const barcodeCodeField = z
  .string()
  .min(1, { message: 'pcode: at least 1 character', abort: true })
  .max(LIMITS.routeCodeMax, `pcode: at most ${LIMITS.routeCodeMax} characters`)
  .regex(/^[\x21-\x7e]+$/, 'pcode: visible ASCII characters only');

export const genCode128Call = call({
  method: 'GET',
  path: '/app/v1/genCode128',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'A Code128 barcode of the route code, as a base64 PNG. errorcode 0: success.',
  request: z.object({ pcode: barcodeCodeField }),
  response: z.object({ errorcode: z.literal(READ_ERRORCODE.ok), message: z.string(), data: z.string() }),
});

export const getAdvertisementsCall = call({
  method: 'GET',
  path: '/app/v1/getAdvertisements',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'Current advertisements; the web app shows the first one in a banner.',
  request: empty,
  response: z.object({
    errorcode: z.literal(READ_ERRORCODE.ok),
    message: z.string(),
    ads: z.array(z.object({ content: z.string() })),
  }),
});

export const getThirdPartyOrdersCall = call({
  method: 'GET',
  path: '/app/v1/getThirdPartyOrders',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'A third-party order placed in a locker, with its pickup code (the public /ShowQRcode page).',
  request: z.object({
    orderId: textField.trim().min(1).max(64),
    mId: textField.trim().min(1).max(64),
    page: pageField.default(1),
    size: pageSizeField.default(10),
  }),
  response: z.object({
    errorcode: z.literal(READ_ERRORCODE.ok),
    message: z.string(),
    data: z.object({
      total: z.number().int(),
      list: z.array(z.object({ orderId: z.string(), pickUpCode: z.string() })),
    }),
  }),
});

