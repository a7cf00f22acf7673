import { z } from 'zod';
import { call } from './call-descriptor.js';
import { LIMITS } from './constants.js';
import { ACTIVATION_ERRORCODE, CHECK_USER_ERRORCODE, LOGIN_ERRORCODE, LOGOUT_ERRORCODE, RESEND_ACTIVATION_ERRORCODE, RESET_ERRORCODE } from './errorcodes.js';
import { emailField, idField, textField } from './fields.js';

/** The calls of signing in and out, activation and the forgotten password (spec 01 §3, spec 02). */

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
