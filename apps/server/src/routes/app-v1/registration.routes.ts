import {
  FIRST_LOGIN_ERRORCODE,
  firstLoginCall,
  GET_BOXID_ERRORCODE,
  getBoxidCall,
  INVITATION_ERRORCODE,
  REGISTER_ERRORCODE,
  registerCall,
  REGISTRATION_MESSAGES,
  verifyInvitationCodeCall,
} from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { suggestBoxId } from '../../modules/registration/box-ids.service.js';
import { isZipServed } from '../../modules/registration/registration.repository.js';
import { register, verifyInvitation } from '../../modules/registration/registration.service.js';
import { defineCall } from './define-call.js';

/** Self-registration (spec 02 §7). Every call is public: the visitor has no account yet. */
export default async function registrationRoutes(app: FastifyInstance) {
  defineCall(app, registerCall, { throttled: true }).handle(async (input) => {
    const outcome = await register(app, input);
    return outcome.kind === 'created'
      ? { errorcode: REGISTER_ERRORCODE.created, message: REGISTRATION_MESSAGES.activationSent }
      : { errorcode: REGISTER_ERRORCODE.refused, message: outcome.message };
  });

  defineCall(app, firstLoginCall).handle(async (input) =>
    (await isZipServed(app.db, input.zip_code))
      ? { errorcode: FIRST_LOGIN_ERRORCODE.served, message: REGISTRATION_MESSAGES.validZip }
      : { errorcode: FIRST_LOGIN_ERRORCODE.notServed, message: REGISTRATION_MESSAGES.invalidZip },
  );

  // Throttled: every answer reserves an id for 30 minutes.
  defineCall(app, getBoxidCall, { throttled: 'directory' }).handle(async (input) => {
    const boxId = await suggestBoxId(app.db, input.phoneNumber, app.config.clock());
    return boxId
      ? { errorcode: GET_BOXID_ERRORCODE.found, message: 'success', BOXID: boxId }
      : { errorcode: GET_BOXID_ERRORCODE.noneFree, message: REGISTRATION_MESSAGES.noFreeBoxId };
  });

  // Throttled like sign-in: codes must not be guessable by trying.
  defineCall(app, verifyInvitationCodeCall, { throttled: true }).handle(async (input) => {
    const grant = await verifyInvitation(app.db, input.code, app.config.clock());
    return grant
      ? { errorcode: INVITATION_ERRORCODE.valid, message: 'success', data: [grant] }
      : { errorcode: INVITATION_ERRORCODE.invalid, message: REGISTRATION_MESSAGES.invalidInvitationCode, data: [] };
  });
}
