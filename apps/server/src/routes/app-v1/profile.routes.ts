import {
  getLockerInfoByUserCall,
  getStatesCall,
  getUserQrCodeCall,
  PROFILE_MESSAGES,
  QR_CODE_ERRORCODE,
  READ_ERRORCODE,
  UPDATE_PROFILE_ERRORCODE,
  updateSelfUserInfoCall,
  US_STATES,
  VERIFY_PASSWORD_ERRORCODE,
  verifyPasswordCall,
} from '@airbox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientNetwork } from '../../modules/auth/client-network.js';
import { selectableLockers } from '../../modules/hubs/hubs.wire.js';
import { hubsUserMayChoose, reauthenticateSession, updateProfile } from '../../modules/profile/profile.service.js';
import { currentQrCode } from '../../modules/qr-codes/qr-codes.service.js';
import { resetQrCodeAndPass } from '../../modules/wallet/pass-web-service.service.js';
import { sha256 } from '../../modules/tokens/tokens.crypto.js';
import { refuseCrossSite } from './cross-site.js';
import { defineCall, signedInAccount } from './define-call.js';

/** The signed-in account screens (spec 03 §7): password check, profile, QR code, hub and state lists. */
export default async function profileRoutes(app: FastifyInstance) {
  // A signed-in route has a session cookie: the session plugin resumed it.
  const sessionHash = (request: FastifyRequest) => sha256(app.sessionCookie.read(request) ?? '');

  // Throttled per address as well as per account: it answers whether a password is right.
  defineCall(app, verifyPasswordCall, { throttled: true, account: true }).handle(async (input, request) => {
    const correct = await reauthenticateSession(app, signedInAccount(request), input.password, sessionHash(request), clientNetwork(request.ip));
    return correct
      ? { errorcode: VERIFY_PASSWORD_ERRORCODE.correct, message: 'success' }
      : { errorcode: VERIFY_PASSWORD_ERRORCODE.incorrect, message: PROFILE_MESSAGES.incorrectPassword };
  });

  defineCall(app, updateSelfUserInfoCall, { throttled: true, account: true }).handle(async (input, request) => {
    const outcome = await updateProfile(app, signedInAccount(request), input, sessionHash(request), clientNetwork(request.ip));
    switch (outcome.kind) {
      case 'updated':
        return { errorcode: UPDATE_PROFILE_ERRORCODE.updated, message: PROFILE_MESSAGES.updateSuccess };
      case 'incorrectPassword':
        return { errorcode: UPDATE_PROFILE_ERRORCODE.incorrectPassword, message: PROFILE_MESSAGES.incorrectPassword };
      case 'refused':
        return { errorcode: UPDATE_PROFILE_ERRORCODE.refused, message: outcome.message };
    }
  });

  defineCall(app, getUserQrCodeCall, { account: true }).handle(async (input, request) => {
    const user = signedInAccount(request);
    const now = app.config.clock();
    if (input.update === '1') {
      refuseCrossSite(request);
      const { kind, code } = await resetQrCodeAndPass(app, user, now);
      const locked = kind === 'locked';
      return {
        errorcode: locked ? QR_CODE_ERRORCODE.resetLocked : QR_CODE_ERRORCODE.ok,
        message: locked ? PROFILE_MESSAGES.qrResetLocked : 'success',
        qrcode: code.qrcode,
        boxid: code.boxid,
        next_reset_at: code.nextResetAt,
      };
    }
    const code = await currentQrCode(app.db, app.config.sessionSecret, user, now);
    return { errorcode: QR_CODE_ERRORCODE.ok, message: 'success', qrcode: code.qrcode, boxid: code.boxid, next_reset_at: code.nextResetAt };
  });

  defineCall(app, getLockerInfoByUserCall, { account: true }).handle(async (_input, request) => {
    const hubs = await hubsUserMayChoose(app.db, signedInAccount(request));
    return { errorcode: READ_ERRORCODE.ok, message: 'success', locker_info: selectableLockers(hubs) };
  });

  defineCall(app, getStatesCall).handle(async () => ({
    errorcode: READ_ERRORCODE.ok,
    message: 'success',
    data: US_STATES.map(({ code, name }) => ({ code, name })),
  }));
}
