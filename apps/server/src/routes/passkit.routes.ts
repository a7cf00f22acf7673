import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  latestPass,
  MAX_DEVICE_LOG_LENGTH,
  passesUpdatedSince,
  recordDeviceLogs,
  registerDevice,
  unregisterDevice,
} from '../modules/wallet/pass-web-service.service.js';
import { PASSKIT_PREFIX } from '../modules/wallet/wallet.service.js';

/*
 * Apple's PassKit web service (Wallet Passes reference: Register a Pass for Update Notifications,
 * Unregister a Pass for Update Notifications, Get the List of Updatable Passes, Send an Updated
 * Pass, Log a Message), at the passes' webServiceURL (PUBLIC_URL + /passkit). Apple's devices
 * call it, not browsers: no session or cookie, and no Origin check (signedByCaller: the pass's
 * token or the device's identifier proves the call), but each body is small and validated, each
 * path field too, and every route is throttled per client address.
 */

/** At most 100 characters: the router's limit for a path part (Apple's are 32 hexadecimal digits). */
const deviceLibraryIdentifier = z.string().regex(/^[\w.-]{1,100}$/, 'deviceLibraryIdentifier: 1 to 100 letters, digits, ., _ or -');
const passTypeIdentifier = z.string().regex(/^[\w.-]{1,100}$/, 'passTypeIdentifier: 1 to 100 letters, digits, ., _ or -');
const serialNumber = z.string().regex(/^[\w-]{1,64}$/, 'serialNumber: 1 to 64 letters, digits, _ or -');

const registrationParams = z.object({ deviceLibraryIdentifier, passTypeIdentifier, serialNumber });
const deviceParams = z.object({ deviceLibraryIdentifier, passTypeIdentifier });
const passParams = z.object({ passTypeIdentifier, serialNumber });
/** APNs device tokens are hex (64 digits today; Apple says they may grow). */
const registrationBody = z.object({ pushToken: z.string().regex(/^[0-9a-fA-F]{64,200}$/, 'pushToken: 64 to 200 hexadecimal digits') });
const listQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,15}$/, 'passesUpdatedSince: a tag this service gave (digits)')
    .transform(Number)
    .optional(),
});
const logBody = z.object({ logs: z.array(z.string().max(MAX_DEVICE_LOG_LENGTH * 4)).max(100) });
const headers = z.object({ authorization: z.string().max(300).optional() }).loose();

/** Devices call when a pass is added, changes or a push arrives: a few times a minute at most. */
const PASSKIT_RATE_MULTIPLIER = 6;

type Registration = z.output<typeof registrationParams>;

export default async function passkitRoutes(app: FastifyInstance) {
  const rateLimit = { max: app.config.authRateLimitPerMinute * PASSKIT_RATE_MULTIPLIER, timeWindow: 60_000 };
  const config = { rateLimit, signedByCaller: true };
  const prefix = `${PASSKIT_PREFIX}/v1`;
  const schema = { hide: true, headers };

  app.post(
    `${prefix}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    { schema: { ...schema, params: registrationParams, body: registrationBody }, config, bodyLimit: 1024 },
    async (request, reply) => {
      const params = request.params as Registration;
      const body = request.body as z.output<typeof registrationBody>;
      const outcome = await registerDevice(app, { ...params, authorization: request.headers.authorization, pushToken: body.pushToken });
      return reply.code(outcome === 'created' ? 201 : 200).header('cache-control', 'no-store').send({});
    },
  );

  app.delete(
    `${prefix}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    { schema: { ...schema, params: registrationParams }, config, bodyLimit: 1024 },
    async (request, reply) => {
      await unregisterDevice(app, { ...(request.params as Registration), authorization: request.headers.authorization });
      return reply.code(200).header('cache-control', 'no-store').send({});
    },
  );

  app.get(
    `${prefix}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    { schema: { ...schema, params: deviceParams, querystring: listQuery }, config },
    async (request, reply) => {
      const params = request.params as z.output<typeof deviceParams>;
      const query = request.query as z.output<typeof listQuery>;
      const updated = await passesUpdatedSince(app, { ...params, passesUpdatedSince: query.passesUpdatedSince });
      reply.header('cache-control', 'no-store');
      return updated ? reply.code(200).send(updated) : reply.code(204).send();
    },
  );

  app.get(`${prefix}/passes/:passTypeIdentifier/:serialNumber`, { schema: { ...schema, params: passParams }, config }, async (request, reply) => {
    const latest = await latestPass(app, {
      ...(request.params as z.output<typeof passParams>),
      authorization: request.headers.authorization,
      ifModifiedSince: request.headers['if-modified-since'],
    });
    reply.header('cache-control', 'no-store').header('last-modified', latest.lastModified.toUTCString());
    if (latest.notModified) return reply.code(304).send();
    return reply.header('content-type', latest.contentType).send(latest.pass);
  });

  app.post(`${prefix}/log`, { schema: { ...schema, body: logBody }, config, bodyLimit: 16 * 1024 }, async (request, reply) => {
    recordDeviceLogs(request, (request.body as z.output<typeof logBody>).logs);
    return reply.code(200).header('cache-control', 'no-store').send({});
  });
}
