import {
  ACTIVATION_ERRORCODE,
  CHECK_USER_ERRORCODE,
  checkUserCall,
  LOGIN_ERRORCODE,
  loginCall,
  LOGOUT_ERRORCODE,
  logoutCall,
  MESSAGES,
  RESEND_ACTIVATION_ERRORCODE,
  resendRegisterEmailCall,
  RESET_ERRORCODE,
  resetPasswordCall,
  userActivateCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { clientNetwork } from '../../modules/auth/client-network.js';
import { activateAccount, login, requestActivationLink, requestResetLink, resetPassword } from '../../modules/auth/auth.service.js';
import { endSession } from '../../modules/sessions/sessions.service.js';
import { defineCall } from './define-call.js';

const ACTIVATION_MESSAGES: Record<number, string> = {
  [ACTIVATION_ERRORCODE.activated]: MESSAGES.activated,
  [ACTIVATION_ERRORCODE.noSuchUser]: MESSAGES.activationUserMissing,
  [ACTIVATION_ERRORCODE.linkInvalid]: MESSAGES.linkInvalid,
};

const RESET_MESSAGES: Record<number, string> = {
  [RESET_ERRORCODE.success]: MESSAGES.resetSuccess,
  [RESET_ERRORCODE.serverError]: MESSAGES.resetServerError,
  [RESET_ERRORCODE.expired]: MESSAGES.resetTimeout,
  [RESET_ERRORCODE.illegal]: MESSAGES.resetIllegal,
};

/** Sign-in, sign-out, activation and password reset (spec 01 §4, §7). */
export default async function authRoutes(app: FastifyInstance) {
  const version = app.config.version;

  defineCall(app, loginCall, { throttled: true }).handle(async (input, request, reply) => {
    const client = { address: clientNetwork(request.ip), deviceProof: app.deviceProof.read(request) };
    const outcome = await login(app, input, client, app.sessionCookie.read(request));
    if (outcome.kind === 'wrongCredentials') {
      return { errorcode: LOGIN_ERRORCODE.wrongCredentials, message: MESSAGES.wrongCredentials, version, user: [], locker: [] };
    }
    // The right password: this browser may go on trying the account should guesses from elsewhere pass the limit.
    app.deviceProof.set(reply, outcome.deviceProof);
    if (outcome.kind === 'signedIn') app.sessionCookie.set(reply, outcome.sessionToken);
    const message = outcome.kind === 'refused' ? outcome.message : 'Login successful';
    return { errorcode: LOGIN_ERRORCODE.signedIn, message, version, user: [outcome.user], locker: outcome.locker };
  });

  defineCall(app, logoutCall).handle(async (_input, request, reply) => {
    const token = app.sessionCookie.read(request);
    if (token) await endSession(app.db, token);
    app.sessionCookie.clear(reply);
    return { errorcode: LOGOUT_ERRORCODE.signedOut, message: 'Logout successful' };
  });

  // The answer never waits for the lookup or the mail: the same for known and unknown e-mails.
  defineCall(app, checkUserCall, { throttled: true }).handle(async (input) => {
    await requestResetLink(app, input.email);
    return { errorcode: CHECK_USER_ERRORCODE.linkSent, message: MESSAGES.forgotNeutral };
  });

  defineCall(app, resetPasswordCall, { throttled: true }).handle(async (input, request) => {
    const errorcode = await resetPassword(app, input, clientNetwork(request.ip));
    return { errorcode, message: RESET_MESSAGES[errorcode] ?? MESSAGES.resetServerError };
  });

  defineCall(app, userActivateCall, { throttled: true }).handle(async (input) => {
    const errorcode = await activateAccount(app, input.activateCode);
    return { errorcode, message: ACTIVATION_MESSAGES[errorcode] ?? MESSAGES.internalError };
  });

  // Success whether or not the id names an unactivated user, so the answer reveals nothing.
  defineCall(app, resendRegisterEmailCall, { throttled: true }).handle(async (input) => {
    await requestActivationLink(app, input.userID);
    return { errorcode: RESEND_ACTIVATION_ERRORCODE.sent, message: MESSAGES.resendSuccess };
  });
}
