import { z } from 'zod';
import { lockerSchema, sessionUserSchema } from './auth-calls.js';
import { call } from './call-descriptor.js';
import { pickupShareSummarySchema } from './pickup-shares.js';
import { BOX_ID_MESSAGES, BOX_ID_PATTERN } from './airbox-id.js';
import { LIMITS } from './constants.js';
import {
  QR_CODE_ERRORCODE,
  READ_ERRORCODE,
  UPDATE_PROFILE_ERRORCODE,
  USER_RECORD_ERRORCODE,
  VERIFY_PASSWORD_ERRORCODE,
  WALLET_PASS_ERRORCODE,
} from './errorcodes.js';
import { STRONG_PASSWORD_PATTERN, flagField, idField, textField, whenMissing } from './fields.js';
import { lockerDoorAnswerSchema } from './locker-doors-calls.js';
import { hubSchema } from './registration-calls.js';
import { COUNTRY_UNITED_STATES, PHONE_PATTERN, nameField, pinField, zipField } from './registration.js';

/** The signed-in account screens of spec 03 (profile, AirBox ID, QR code, wallet pass). */
export const PROFILE_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter a valid email address',
  password:
    'Password must contain at least 8 characters, including at least one number, uppercase letter, and lowercase letter.',
  pin: 'Please create a valid 6-digit PIN number',
  boxIdReserved: 'This AirBox ID is reserved!',
  phone: 'Please enter a valid phone number',
  optionalPhone: 'Phone number must be 10 digits',
  confirmPasswordRequired: 'Please enter password',
  incorrectPassword: 'Incorrect password',
  noChanges: 'You have not made any changes',
  fixErrors: 'Please fix all current errors',
  leaveWarning: 'The system may not save your changes.',
  updateDialogTitle: 'Update profile settings',
  updateSuccess: 'Update success',
  somethingWrongTitle: 'Oops... Something went wrong',
  walletFailure: 'Apple Wallet pass generation failed.',
  walletSuccess: 'Apple Wallet pass generated successfully.',
  zip: 'Please enter a 5-digit ZIP code',
  country: 'Only the United States is served',
  boxIdTaken: 'This AirBox ID is already taken, please change another one',
  duplicatedEmail: 'Duplicated email!',
  hubNotAllowed: 'Please choose one of the hubs offered',
  qrResetLocked: 'The QR code can be reset once every 5 minutes. Please try again later.',
} as const;

/** Notification_method (spec 03 §2): 'Email', 'Text Message', both comma-joined, or empty. */
export const NOTIFICATION_METHOD = { email: 'Email', text: 'Text Message' } as const;

/** Notification_method from the profile's two switches (emailChoose, messageChoose). */
export function notificationMethod(email: boolean, text: boolean): string {
  return [email && NOTIFICATION_METHOD.email, text && NOTIFICATION_METHOD.text].filter(Boolean).join(',');
}

/** The two switches from a stored Notification_method. */
export function notificationChoices(method: string | null | undefined): { emailChoose: boolean; messageChoose: boolean } {
  const parts = (method ?? '').split(',').map((part) => part.trim());
  return { emailChoose: parts.includes(NOTIFICATION_METHOD.email), messageChoose: parts.includes(NOTIFICATION_METHOD.text) };
}

const NOTIFICATION_METHODS: readonly string[] = Object.values(NOTIFICATION_METHOD);

/** Notification_method as a client sends it back: 'Email', 'Text Message', both comma-joined (either order), or ''. */
export const notificationMethodField = textField
  .trim()
  .max(64)
  .refine(
    (value) => value === '' || value.split(',').every((part) => NOTIFICATION_METHODS.includes(part.trim())),
    `must be '${NOTIFICATION_METHOD.email}', '${NOTIFICATION_METHOD.text}', both joined by a comma, or empty`,
  );

/** QR code regeneration is locked for 5 minutes after use (spec 03 §9). */
export const QR_RESET_COOLDOWN_MS = 300_000;
/** Sizes of the QR codes (spec 03 §9). */
export const QR_SIZE = { profile: 300, pickupCode: 100 } as const;

const optionalPhone = textField
  .trim()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), PROFILE_MESSAGES.optionalPhone);

/**
 * The profile form (spec 03 §2, §5). The AirBox ID may change, but never to a reserved id
 * (all digits the same or a continuous run): the web app clears it with 'This AirBox ID is reserved!'.
 */
export const profileFormSchema = z.object({
  First_name: nameField(PROFILE_MESSAGES.firstName),
  Last_name: nameField(PROFILE_MESSAGES.lastName),
  Email: textField
    .trim()
    .min(1, { message: PROFILE_MESSAGES.email, abort: true })
    .max(LIMITS.emailMax, PROFILE_MESSAGES.email)
    .regex(z.regexes.email, PROFILE_MESSAGES.email),
  Password: textField
    .max(LIMITS.fieldMax, PROFILE_MESSAGES.password)
    .refine((value) => value === '' || STRONG_PASSWORD_PATTERN.test(value), PROFILE_MESSAGES.password),
  // Reserved and continuous ids are refused only when the id changes (spec 03 §2): the web app
  // clears such a new id, the server refuses it; a customer keeping an old one can still save.
  BOXID: textField.trim().regex(BOX_ID_PATTERN, BOX_ID_MESSAGES.format),
  Cell_phone_number: textField.trim().regex(PHONE_PATTERN, PROFILE_MESSAGES.phone),
  secondaryCellPhone: optionalPhone,
  Home_phone_number: optionalPhone,
  lockerUUID: textField.trim().max(64),
  Country: z.literal(COUNTRY_UNITED_STATES, { message: PROFILE_MESSAGES.country }),
  State_province_region: textField.trim().max(LIMITS.fieldMax),
  City: textField.trim().max(LIMITS.fieldMax),
  Address_line_1: textField.trim().max(LIMITS.fieldMax),
  Address_line_2: textField.trim().max(LIMITS.fieldMax),
  Zip_code: zipField,
  PinNo: pinField,
  isHandicapped: flagField,
  emailChoose: flagField,
  messageChoose: flagField,
  /** Ask the refund of unused labels shortly before the carrier's window closes (issue 9); on unless turned off. */
  autoRefundLabels: whenMissing(flagField, true),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

/** The password asked in the 'Update profile settings' dialog. */
export const confirmPasswordFormSchema = z.object({
  password: textField
    .min(1, { message: PROFILE_MESSAGES.confirmPasswordRequired, abort: true })
    .max(LIMITS.fieldMax, PROFILE_MESSAGES.incorrectPassword),
});

const result = z.object({ errorcode: z.number().int(), message: z.string() });

/**
 * A correct verifyPassword re-authenticates the session for this long: updateSelfUserInfo then
 * saves without the password being sent again (spec 03 §4: verify, then update).
 */
export const REAUTHENTICATION_WINDOW_MS = 5 * 60 * 1000;

export const verifyPasswordCall = call({
  method: 'POST',
  path: '/app/v1/verifyPassword',
  encoding: 'form',
  signedIn: true,
  successCodes: [VERIFY_PASSWORD_ERRORCODE.correct],
  summary:
    "Check the signed-in user's password before a profile change. errorcode 1: correct, and this session may then change the profile without the password for 5 minutes; 0: 'Incorrect password'.",
  request: z.object({ userId: idField, password: textField.min(1).max(LIMITS.fieldMax) }),
  response: result,
});

export const updateSelfUserInfoCall = call({
  method: 'POST',
  path: '/app/v1/updateSelfUserInfo',
  encoding: 'form',
  signedIn: true,
  successCodes: [UPDATE_PROFILE_ERRORCODE.updated],
  summary:
    "Update the signed-in user's profile. Needs the current password, as confirmPassword or by a correct verifyPassword in this session within the last 5 minutes; otherwise errorcode 0 'Incorrect password'. A field left out stays as it is (the record from getUserByUser_id may be sent back, nulls dropped); Notification_method or emailChoose/messageChoose set the notification switches. autoRefundLabels (1/0) turns the automatic refund of unused labels on or off. A new e-mail or password ends the user's other sessions. errorcode 1: updated.",
  request: profileFormSchema.partial().extend({
    user_id: idField,
    // How getUserByUser_id names the two switches; emailChoose and messageChoose, when sent, win.
    Notification_method: notificationMethodField.optional(),
    // Absent or empty: the session must have been re-authenticated by verifyPassword.
    confirmPassword: textField.max(LIMITS.fieldMax, PROFILE_MESSAGES.incorrectPassword).default(''),
  }),
  response: result,
});

export const getUserQrCodeCall = call({
  method: 'GET',
  path: '/app/v1/getUserQRcode',
  encoding: 'query',
  signedIn: true,
  successCodes: [QR_CODE_ERRORCODE.ok],
  summary:
    'The locker QR code text (AirBox ID and PIN, protected). update=1 issues a new one and voids the old one, at most once every 5 minutes. errorcode 0: success.',
  request: z.object({ user_id: idField, update: z.enum(['0', '1']).default('0') }),
  response: result.extend({
    qrcode: z.string(),
    boxid: z.string(),
    /** When the next reset is allowed (ISO), so the lock survives a reload on any device. */
    next_reset_at: z.string().nullable(),
  }),
});

/** How long the download link of a pass (OS mac) works; it works once. */
export const WALLET_LINK_TTL_MS = 10 * 60 * 1000;

export const appleWalletPassCall = call({
  method: 'GET',
  path: '/app/v1/appleWallet/getPass',
  encoding: 'query',
  signedIn: true,
  successCodes: [WALLET_PASS_ERRORCODE.ok],
  summary:
    "The Apple Wallet pass: on mac (Apple) a download link in data; on win (others) the pass is mailed to the user and data is empty. errorcode 0: success.",
  request: z.object({ user_id: idField, OS: z.enum(['win', 'mac']) }),
  response: result.extend({ data: z.string() }),
});

export const getLockerInfoByUserCall = call({
  method: 'GET',
  path: '/app/v1/getLockerInfoByUser',
  encoding: 'query',
  signedIn: true,
  successCodes: [READ_ERRORCODE.ok],
  summary:
    "The hubs the signed-in user may choose as default: the building's hubs for roles 15 and 16, every public hub otherwise.",
  request: z.object({ user_id: idField }),
  response: result.extend({ locker_info: z.array(hubSchema) }),
});

export const getStatesCall = call({
  method: 'GET',
  path: '/app/v1/getStates',
  encoding: 'query',
  signedIn: false,
  successCodes: [READ_ERRORCODE.ok],
  summary: 'The US states and DC, as code and name.',
  request: z.object({}),
  response: result.extend({ data: z.array(z.object({ code: z.string(), name: z.string() })) }),
});

const nullableText = z.string().nullable();

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
  /** Its live share (issue 22 item 1), null when none; absent from older servers. */
  share: pickupShareSummarySchema.nullable().optional(),
  /** End of the free period (the Terms: 12:00 PM Pacific the day after the delivery). */
  freeUntil: z.string(),
  /** Overdue days so far (at most 2), 1 credit each. */
  overdueDays: z.number().int().min(0),
  /** Credits a pickup now would cost: the delivery (unless a membership covers it) plus the overdue days. */
  creditsDue: z.number().int().min(0),
  /** The door the locker put it behind (issue 22 item 3); null when the controller did not say. */
  door: lockerDoorAnswerSchema.nullable().optional(),
  /** The customer needs a low door and it went behind a high one: the screens say so and how to get help. */
  doorOutOfReach: z.boolean().optional(),
  /** The hub's phone ('' when it has none listed), for help at the locker. */
  hubPhone: z.string().optional(),
  /** Delivered during a vacation hold (issue 22 item 2): the hold's last day ('YYYY-MM-DD'), its free period counted after it; null when not held. */
  heldUntil: z.string().nullable().optional(),
  /** Days its free period was extended by the customer (issue 22 item 2), 0 to PICKUP_EXTENSION_MAX_DAYS; absent from older servers. */
  extendedDays: z.number().int().min(0).optional(),
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
