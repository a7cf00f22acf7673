import { MESSAGES } from '@airbox/contract';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmetMiddleware, { type HelmetOptions } from 'helmet';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A server-to-server call proven by its own signature or key (a carrier's webhook, the
     * lockers' events), not by a browser's session: the foreign-Origin refusal does not apply to it.
     */
    signedByCaller?: boolean;
  }
}

/**
 * Where the calls are mounted: every answer is private unless its route sets its own
 * Cache-Control, and every method may change something (the spec has GET calls that do).
 */
const CALL_PREFIXES = ['/app/v1/', '/openapi/'];

/** Methods that change nothing outside the calls' prefixes (pages, assets, /healthz). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The payment provider's pages are added to form-action with the payments issue. */
const FORM_ACTION = ["'self'"];

/** Helmet's settings: a strict CSP, no referrer, no framing, HSTS over HTTPS (exported for the bench's bare server). */
export function helmetOptions(publicUrl: string): FastifyHelmetOptions {
  const https = publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: FORM_ACTION,
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** Helmet's headers for these options, as it writes them on an answer (lower-case names). */
function helmetHeaders(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  // The same options: helmet's ESM and CommonJS typings differ only in a symbol's identity.
  helmetMiddleware(helmetOptions(publicUrl) as HelmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The same headers as a plain list, for the answers Fastify writes before any hook runs
 * (a request the HTTP parser refuses, a URL it cannot decode).
 */
export function securityHeaders(publicUrl: string): Record<string, string> {
  return { ...helmetHeaders(publicUrl), 'cache-control': 'no-store' };
}

/**
 * Security headers on every answer, errors included, no-store on the calls' answers, and the
 * refusal of calls sent by other sites: an Origin header that is neither PUBLIC_URL's origin nor
 * the request's own host, on every call of either prefix and every state-changing method anywhere.
 */
export default fp(
  async (app) => {
    const publicOrigin = new URL(app.config.publicUrl).origin;
    // Helmet's headers, worked out once: @fastify/helmet builds helmet's middleware again for every
    // request (its CSP directives parsed each time), a share of each call's cost (issue 24). The same
    // headers, set on the raw answer as helmet sets them, so a route's own header still wins.
    const headers = Object.entries(helmetHeaders(app.config.publicUrl));

    const foreignOrigin = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin;
      if (origin === undefined) return false;
      return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
    };
    // By the route's own path, which the router matched on the decoded address: the raw one of
    // /app/%761/... does not start with /app/v1/ and would miss the Origin check and no-store.
    const isCall = (request: FastifyRequest, route: FastifyRequest['routeOptions']) => {
      const path = route.url ?? request.url;
      return CALL_PREFIXES.some((prefix) => path.startsWith(prefix));
    };
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      const route = request.routeOptions;
      const mayChangeState = !SAFE_METHODS.has(request.method) || isCall(request, route);
      if (mayChangeState && !route.config.signedByCaller && foreignOrigin(request)) {
        done(AppError.forbidden(MESSAGES.foreignOrigin));
        return;
      }
      done();
    });
    // The calls answer with people's PINs, addresses, pickup codes and payments: no browser or
    // proxy cache keeps an answer, errors included, unless its route says it is public.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isCall(request, request.routeOptions) && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security', dependencies: ['config'] },
);
