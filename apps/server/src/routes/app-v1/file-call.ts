import type { CallDescriptor } from '@airbox/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type CallOptions, callRouteSchema, rateLimitOf } from './define-call.js';

/** A file answer: the body is the bytes, never cached; `attachment` makes the browser save it. */
export function sendFile(reply: FastifyReply, file: { contentType: string; filename: string; disposition: 'inline' | 'attachment'; bytes: Buffer }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${file.disposition}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}

/**
 * A contract call whose success answer is a file (downloadLabelPdf, downloadInvoice): the
 * descriptor's method, path and request schema, a signed-in session, and failures in the spec's
 * JSON shape. The 200 answer is the file, so it has no JSON schema.
 */
export function defineFileCall<Input>(app: FastifyInstance, call: CallDescriptor<z.ZodType<Input>, z.ZodType>, options: Pick<CallOptions, 'throttled'> = {}) {
  return {
    handle(handler: (input: Input, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>): void {
      const inQuery = call.encoding === 'query';
      app.route({
        method: call.method,
        url: call.path,
        schema: callRouteSchema(call),
        config: { signedIn: call.signedIn, rateLimit: rateLimitOf(app, options.throttled) },
        handler: (request, reply) => handler((inQuery ? request.query : request.body) as Input, request, reply),
      });
    },
  };
}
