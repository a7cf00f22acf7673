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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientNetwork } from '../../modules/auth/client-network.js';
import { BOX_ID_RESERVATION_MS, suggestBoxId } from '../../modules/box-ids/box-ids.service.js';
import { register, servesZip, verifyInvitation } from '../../modules/registration/registration.service.js';
import { randomToken, sha256 } from '../../modules/tokens/tokens.crypto.js';
import { defineCall } from './define-call.js';

/**
 * The visitor cookie names whoever getBoxid suggested an AirBox ID to, so that only they can
 * register with it while it is held. It holds a random token; the holds keep its SHA-256.
 */
const VISITOR_COOKIE = 'airbox_visitor';

/** Self-registration (spec 02 §7). Every call is public: the visitor has no account yet. */
export default async function registrationRoutes(app: FastifyInstance) {
  const cookieOptions = { path: '/app/v1/', httpOnly: true, sameSite: 'lax', secure: app.config.publicUrl.startsWith('https:'), signed: true } as const;
  const visitorOf = (request: FastifyRequest): string | undefined => {
    const raw = request.cookies[VISITOR_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    return unsigned?.valid && unsigned.value ? unsigned.value : undefined;
  };

  defineCall(app, registerCall, { throttled: true }).handle(async (input, request) => {
    const visitor = visitorOf(request);
    const outcome = await register(app, input, visitor && sha256(visitor));
    return outcome.kind === 'created'
      ? { errorcode: REGISTER_ERRORCODE.created, message: REGISTRATION_MESSAGES.activationSent }
      : { errorcode: REGISTER_ERRORCODE.refused, message: outcome.message };
  });

  defineCall(app, firstLoginCall).handle(async (input) =>
    (await servesZip(app.db, input.zip_code))
      ? { errorcode: FIRST_LOGIN_ERRORCODE.served, message: REGISTRATION_MESSAGES.validZip }
      : { errorcode: FIRST_LOGIN_ERRORCODE.notServed, message: REGISTRATION_MESSAGES.invalidZip },
  );

  // Throttled: every answer reserves an id for 30 minutes (at most BOX_ID_HOLDS_PER_NETWORK a network).
  defineCall(app, getBoxidCall, { throttled: 'directory' }).handle(async (input, request, reply) => {
    let visitor = visitorOf(request);
    if (!visitor) {
      visitor = randomToken();
      reply.setCookie(VISITOR_COOKIE, visitor, { ...cookieOptions, maxAge: BOX_ID_RESERVATION_MS / 1000 });
    }
    const holder = { visitor: sha256(visitor), network: sha256(clientNetwork(request.ip)) };
    const boxId = await suggestBoxId(app.db, input.phoneNumber, holder, app.config.clock());
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
