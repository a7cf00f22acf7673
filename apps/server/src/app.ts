import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { API_ERRORCODE, MESSAGES } from '@airbox/contract';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { DestinationStream } from 'pino';
import { answerSerializerCompiler } from './answer-serialization.js';
import type { AppConfig } from './config/env.js';
import { loggerOptions } from './config/logger.js';
import { AppError, isDatabaseUnavailable } from './errors.js';
import barcodes from './plugins/barcodes.js';
import cpuPool from './plugins/cpu-pool.js';
import carriers from './plugins/carriers.js';
import checkout from './plugins/checkout.js';
import database from './plugins/database.js';
import docs from './plugins/docs.js';
import jobs from './plugins/jobs.js';
import mail from './plugins/mail.js';
import passPush from './plugins/pass-push.js';
import payments from './plugins/payments.js';
import rateLimit from './plugins/rate-limit.js';
import security, { securityHeaders } from './plugins/security.js';
import session from './plugins/session.js';
import uspsPickups from './plugins/usps-pickups.js';
import wallet from './plugins/wallet.js';
import webApp from './plugins/web-app.js';
import { invalidRequestMessage, validatorCompiler } from './request-validation.js';
import appV1Routes from './routes/app-v1/index.js';
import healthRoutes from './routes/health.routes.js';
import passkitRoutes from './routes/passkit.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** What a client's X-Request-Id may be to be kept: letters, digits, '.', '_', '-' and ':', 8 to 64 of them. */
const SAFE_REQUEST_ID = /^[\w.:-]{8,64}$/;

/** Bodies are small forms and JSON: anything bigger is refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

/** The spec's answer to a failure that is not an AppError, by HTTP status. */
function clientFailure(statusCode: number): AppError {
  switch (statusCode) {
    case 401:
      return AppError.notSignedIn();
    case 403:
      return AppError.forbidden();
    case 404:
      return new AppError(404, API_ERRORCODE.notFound, MESSAGES.notFound);
    case 413:
      return new AppError(413, API_ERRORCODE.tooLarge, MESSAGES.requestTooLarge);
    case 431:
      return new AppError(431, API_ERRORCODE.tooLarge, MESSAGES.requestTooLarge);
    case 429:
      return AppError.tooMany(MESSAGES.tooManyAttempts);
    default:
      return new AppError(statusCode, API_ERRORCODE.invalidRequest, MESSAGES.invalidRequest);
  }
}

/** Builds the whole portal: plugins, routes, error and not-found handlers. Nothing reads env here. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const headers = securityHeaders(config.publicUrl);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // A client's X-Request-Id names its request in our logs and answers only when it is a plain
    // token; anything else (markup, a line break, a 10 kB string) gets an id of ours.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // The database plugin migrates and, on a first start, seeds the demo data: beyond Fastify's
    // 10 s on a busy machine (seen: the tests' demo seed with two other suites running), and a
    // migration on a large table may take minutes. A start that hangs still fails, after 5.
    pluginTimeout: 5 * 60_000,
    routerOptions: { ignoreTrailingSlash: false },
    // What the HTTP parser refuses (a malformed request, headers over the size limit) is answered
    // like any other failure: the spec's shape and the security headers.
    clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const failure = error.code === 'HPE_HEADER_OVERFLOW' ? clientFailure(431) : clientFailure(400);
      const body = JSON.stringify({ errorcode: failure.errorcode, message: failure.message });
      const lines = Object.entries({ ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'x-request-id': randomUUID(), connection: 'close' });
      if (socket.writable) socket.end(`HTTP/1.1 ${failure.statusCode} ${STATUS_CODES[failure.statusCode]}\r\n${lines.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`);
      socket.destroy(error);
    },
    // A URL Fastify cannot decode never reaches the hooks that add the headers.
    frameworkErrors: (_error, _request, reply) => {
      const failure = clientFailure(400);
      void (reply as FastifyReply).code(400).headers(headers).send({ errorcode: failure.errorcode, message: failure.message });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ check: config.checkAnswers }));

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
      },
      { name: 'config' },
    ),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let failure: AppError;
    if (error instanceof AppError) {
      failure = error;
    } else if (error.code === 'FST_ERR_VALIDATION' && error.validation && error.validation.length > 0) {
      // Each bad field with its rule: 'City: at most 255 characters; PinNo: Please create ...'.
      failure = AppError.invalid(invalidRequestMessage(error.validation));
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      failure = clientFailure(error.statusCode);
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      failure = AppError.unavailable();
    } else {
      request.log.error({ err: error }, 'unexpected failure');
      failure = new AppError(500, API_ERRORCODE.internal, MESSAGES.internalError);
    }
    if (failure.statusCode < 500) request.log.info({ errorcode: failure.errorcode, statusCode: failure.statusCode }, failure.message);
    return reply.code(failure.statusCode).send({ errorcode: failure.errorcode, message: failure.message });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && path.startsWith('/app/') && !path.startsWith('/app/v1/')) {
      return app.sendWebApp(request, reply);
    }
    return reply.code(404).send({ errorcode: API_ERRORCODE.notFound, message: MESSAGES.notFound });
  });

  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(security);
  try {
    // Before what uses it: onClose hooks run last-registered first, so the pool ends after the jobs.
    await app.register(cpuPool);
    await app.register(database);
    await app.register(mail);
    await app.register(payments);
    await app.register(carriers);
    await app.register(uspsPickups);
    await app.register(rateLimit);
    await app.register(session);
    await app.register(wallet);
    await app.register(passPush);
    await app.register(checkout);
    await app.register(jobs);
    await app.register(barcodes);
    await app.register(docs);
    await app.register(webApp);
    await app.register(healthRoutes);
    await app.register(appV1Routes);
    await app.register(passkitRoutes);
    await app.ready();
  } catch (error) {
    // What did start (the CPU pool's thread, the database's connections, the jobs' worker) ends
    // with the failed start, instead of holding the process or a test worker's pool thread.
    await app.close().catch((closing: unknown) => app.log.error({ err: closing }, 'closing after a failed start failed'));
    throw error;
  }
  return app;
}
