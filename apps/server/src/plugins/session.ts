import { destinationGetsSession, loginDestination, SESSION_MAX_AGE_MS } from '@airbox/contract';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { DEVICE_PROOF_MS } from '../modules/auth/login-throttle.js';
import { isSqlite } from '../db/dialect.js';
import { type PendingSession, pendingSession, resumeSession, resumeSessionWithAccount } from '../modules/sessions/sessions.service.js';
import type { SessionUser } from '../modules/sessions/sessions.table.js';
import type { UserRow } from '../modules/users/users.table.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in session (the contract descriptor's `signedIn`). */
    signedIn?: boolean;
    /** A signed-in route whose handler uses the account's whole row: read with the session, in the same query. */
    account?: boolean;
    /** A signed-in list whose session is looked up in the list's own statement on PostgreSQL (define-call.ts, `sessionWithList`). */
    sessionWithList?: boolean;
  }
  interface FastifyRequest {
    /** Who is signed in, on routes with `config.signedIn`. */
    sessionUser: SessionUser | null;
    /** The signed-in user's whole row, on routes with `config.account`: read with the session. */
    sessionAccount: UserRow | null;
    /**
     * On routes with `config.sessionWithList` on PostgreSQL: the session, looked up in the list's
     * statement (or alone when none ran), which then sets sessionUser.
     */
    pendingSession: PendingSession | null;
  }
  interface FastifyInstance {
    sessionCookie: SessionCookie;
    deviceProof: DeviceProofCookie;
  }
}

export interface SessionCookie {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

/**
 * A browser's proof that it signed into an account before (OWASP's device cookies): a signed
 * cookie holding what deviceProofOf gives at each sign-in with the right password. Once an account
 * has LOGIN_FAILURES_PER_HOUR failures from all addresses together, only a browser whose proof
 * still counts (provesDevice) may go on trying it (login-throttle.ts).
 */
export interface DeviceProofCookie {
  /** The proof the browser sent, when it is one the server signed. */
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, proof: string): void;
}

/** Body and query fields that name a user: on a signed-in call they must name the caller. */
const USER_ID_FIELDS = ['user_id', 'uid', 'userID', 'userId'];

/** The values of the request's fields that name a user (USER_ID_FIELDS), as sent. */
function namedUsers(request: FastifyRequest): unknown[] {
  const named: unknown[] = [];
  for (const input of [request.body, request.query]) {
    if (typeof input !== 'object' || input === null) continue;
    for (const field of USER_ID_FIELDS) {
      const value = (input as Record<string, unknown>)[field];
      if (value !== undefined) named.push(value);
    }
  }
  return named;
}

/**
 * The session cookie is the only proof of identity. It holds a random token (signed with
 * SESSION_SECRET) whose SHA-256 names a row of the sessions table.
 */
/** A cookie's value when the server signed it (SESSION_SECRET), else undefined. */
function readSigned(request: FastifyRequest, name: string): string | undefined {
  const raw = request.cookies[name];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export default fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https:');
    const name = https ? '__Host-airbox_session' : 'airbox_session';
    const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: https, signed: true } as const;
    await app.register(cookie, { secret: app.config.sessionSecret });

    const sessionCookie: SessionCookie = {
      read: (request) => readSigned(request, name),
      set(reply, token) {
        reply.setCookie(name, token, { ...options, maxAge: SESSION_MAX_AGE_MS / 1000 });
      },
      clear(reply) {
        reply.clearCookie(name, options);
      },
    };
    app.decorate('sessionCookie', sessionCookie);

    const deviceName = https ? '__Host-airbox_device' : 'airbox_device';
    const deviceOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: https, signed: true, maxAge: DEVICE_PROOF_MS / 1000 } as const;
    const deviceProof: DeviceProofCookie = {
      read: (request) => readSigned(request, deviceName),
      set(reply, proof) {
        reply.setCookie(deviceName, proof, deviceOptions);
      },
    };
    app.decorate('deviceProof', deviceProof);
    app.decorateRequest('sessionUser', null);
    app.decorateRequest('sessionAccount', null);
    app.decorateRequest('pendingSession', null);
    const postgres = !isSqlite(app.db);

    // Before validation: a caller without a session learns nothing about the body's rules.
    app.addHook('preValidation', async (request) => {
      const { config } = request.routeOptions;
      if (!config.signedIn) return;
      const token = sessionCookie.read(request);
      if (!token) throw AppError.notSignedIn();
      const now = app.config.clock();
      // On the raw input: the schemas drop fields they do not name, and a forged one must not slip by.
      const named = namedUsers(request);
      const admit = <User extends SessionUser>(user: User | undefined): User => {
        if (!user || !destinationGetsSession(loginDestination({ role_id: user.role_id, Status: user.status }))) throw AppError.notSignedIn();
        if (named.some((value) => Number(value) !== user.user_id)) throw AppError.forbidden();
        request.sessionUser = user;
        return user;
      };
      // A list looks its session up in its own statement on PostgreSQL, one round trip instead of
      // two (issue 24); no answer of it leaves before the session is admitted (define-call.ts).
      if (config.sessionWithList && postgres) {
        request.pendingSession = pendingSession(app.db, token, now, admit);
        return;
      }
      // A route that uses the account reads its whole row in the session's query; the others, who it is.
      if (config.account) request.sessionAccount = admit(await resumeSessionWithAccount(app.db, token, now));
      else admit(await resumeSession(app.db, token, now));
    });
  },
  { name: 'session', dependencies: ['config', 'database'] },
);
