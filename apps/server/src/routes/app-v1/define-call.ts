import { type AccountBudgetName, apiErrorSchema, type CallDescriptor } from '@airbox/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { spendAccountBudget } from '../../modules/auth/account-budget.js';
import type { ListOwner } from '../../db/counted-page.js';
import type { SessionUser } from '../../modules/sessions/sessions.table.js';
import type { UserRow } from '../../modules/users/users.table.js';

/**
 * The directory calls (company search) are made while a visitor types and scrolls, so they get
 * this many times the auth budget: enough for a person, slow for a scraper.
 */
export const DIRECTORY_RATE_MULTIPLIER = 6;

/**
 * A barcode page is opened once per pickup code a person holds (browsers keep the image for a
 * day), so six times the auth budget serves a person or an office behind one address, while a
 * client drawing a new code at every call is soon refused.
 */
export const BARCODE_RATE_MULTIPLIER = 6;

export interface CallOptions {
  /**
   * Throttled per client address: `true` allows AUTH_RATE_LIMIT_PER_MINUTE calls a minute,
   * `'directory'` DIRECTORY_RATE_MULTIPLIER and `'barcode'` BARCODE_RATE_MULTIPLIER times as
   * many. Each route counts on its own.
   */
  throttled?: boolean | 'directory' | 'barcode';
  /**
   * Also charged to the signed-in account's hourly budget of this name (ACCOUNT_BUDGETS), `units`
   * a call (1 when not given), whatever address it comes from; refused 429 once it is spent.
   */
  budget?: { name: AccountBudgetName; units?: number };
  /** A server-to-server call proven by its key or signature, not a session (see the security plugin). */
  signedByCaller?: boolean;
  /** A body larger than the app's BODY_LIMIT_BYTES this call takes (a label batch's file). */
  bodyLimit?: number;
  /**
   * The handler uses the account's whole row (signedInAccount): it is read with the session, in
   * one query. The other calls read only who is signed in (signedInUser), which costs less.
   */
  account?: boolean;
  /**
   * A read-only list whose page is read for listOwner(request) (db/counted-page.ts compiledPage):
   * on PostgreSQL its session is looked up in the page's statement, one round trip instead of two
   * (issue 24). No answer leaves before the session is admitted: a bad request, a failure ahead of
   * the page or a search that reads nothing looks it up on its own first, so a caller without a
   * session still learns nothing but 401.
   */
  sessionWithList?: boolean;
}

const RATE_MULTIPLIERS = { directory: DIRECTORY_RATE_MULTIPLIER, barcode: BARCODE_RATE_MULTIPLIER };

export function rateLimitOf(app: FastifyInstance, throttled: CallOptions['throttled']) {
  if (!throttled) return false;
  const perMinute = app.config.authRateLimitPerMinute * (throttled === true ? 1 : RATE_MULTIPLIERS[throttled]);
  return { max: perMinute, timeWindow: 60_000 };
}

/**
 * Registers one call of the wire contract: its method, path, request schema (body or query),
 * response schema (which drops every field it does not name) and whether it needs a session.
 */
export function defineCall<Input, Output>(
  app: FastifyInstance,
  call: CallDescriptor<z.ZodType<Input>, z.ZodType<Output>>,
  options: CallOptions = {},
) {
  // Two steps, so the handler's answer is checked against the fixed response type.
  return {
    handle(handler: (input: Input, request: FastifyRequest, reply: FastifyReply) => Promise<Output>): void {
      registerCall(app, call, options, handler);
    },
  };
}

function registerCall<Input, Output>(
  app: FastifyInstance,
  call: CallDescriptor<z.ZodType<Input>, z.ZodType<Output>>,
  options: CallOptions,
  handler: (input: Input, request: FastifyRequest, reply: FastifyReply) => Promise<Output>,
): void {
  const inQuery = call.encoding === 'query';
  const { budget } = options;
  if (budget && !call.signedIn) throw new Error(`${call.path}: an account budget needs a signed-in call`);
  if (options.account && !call.signedIn) throw new Error(`${call.path}: the account's row needs a signed-in call`);
  if (options.sessionWithList && (!call.signedIn || options.account || budget || options.throttled)) {
    throw new Error(`${call.path}: a session looked up with the list is for a signed-in list, without the account's row, a budget or a throttle`);
  }
  app.route({
    method: call.method,
    url: call.path,
    schema: callRouteSchema(call, { 200: call.response }),
    config: {
      signedIn: call.signedIn,
      account: options.account ?? false,
      sessionWithList: options.sessionWithList ?? false,
      rateLimit: rateLimitOf(app, options.throttled),
      signedByCaller: options.signedByCaller ?? false,
    },
    ...(options.bodyLimit !== undefined && { bodyLimit: options.bodyLimit }),
    ...(budget && {
      preHandler: async (request: FastifyRequest) => spendAccountBudget(app.accountBudgets, signedInUser(request).user_id, budget.name, budget.units ?? 1),
    }),
    ...(options.sessionWithList && { attachValidation: true }),
    handler: options.sessionWithList
      ? async (request, reply) => {
          try {
            if (request.validationError) throw request.validationError;
            return await handler((inQuery ? request.query : request.body) as Input, request, reply);
          } finally {
            // The list's statement did not admit the session (none ran, or it failed first).
            if (request.pendingSession && !request.sessionUser) await request.pendingSession.lookUp();
          }
        }
      : (request, reply) => handler((inQuery ? request.query : request.body) as Input, request, reply),
  });
}

/**
 * A call's route schema, shared by JSON and file calls: its summary, session, request schema
 * (query or body) and the spec's JSON failures; `success` adds the 200 answer's schema (none for a file).
 */
export function callRouteSchema(call: CallDescriptor<z.ZodType, z.ZodType>, success: { 200?: z.ZodType } = {}) {
  return {
    summary: call.summary,
    tags: ['app/v1'],
    ...(call.signedIn ? { security: [{ session: [] }] } : {}),
    ...(call.encoding === 'query' ? { querystring: call.request } : { body: call.request }),
    response: { ...success, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
  };
}

/** Who is signed in, on a route registered with a signedIn descriptor. */
export function signedInUser(request: FastifyRequest): SessionUser {
  const user = request.sessionUser;
  if (!user) throw new Error(request.pendingSession ? 'signedInUser() called before the list admitted the session: use listOwner()' : 'signedInUser() called on a route without a session');
  return user;
}

/** Whose list a `sessionWithList` call reads: the session to look up with it (PostgreSQL), or who is signed in. */
export function listOwner(request: FastifyRequest): ListOwner {
  return request.pendingSession ?? signedInUser(request).user_id;
}

/** The signed-in user's whole row, on a route registered with `account` (CallOptions): read with the session. */
export function signedInAccount(request: FastifyRequest): UserRow {
  const account = request.sessionAccount;
  if (!account) throw new Error('signedInAccount() called on a route not registered with `account`');
  return account;
}
