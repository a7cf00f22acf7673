import { API_ERRORCODE, getPublicTrackingCall, READ_ERRORCODE, SHIPMENT_MESSAGES } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { takeCarrierWebhook } from '../../modules/shipments/carrier-webhooks.service.js';
import { publicTracking } from '../../modules/shipments/tracking.service.js';
import { defineCall } from './define-call.js';

/** Where EasyPost posts tracker events (set as the webhook URL in its dashboard). */
export const CARRIER_WEBHOOK_PATH = '/app/v1/webhooks/easypost';

/** EasyPost's events are a few kB; a tracker with a long history stays far below this. */
export const CARRIER_WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The carriers provider's tracking webhooks, and the recipients' public tracking call.
 *
 * The webhook is a server-to-server call: no session, no Origin check (signedByCaller); it is
 * proven by the X-Hmac-Signature of its raw bytes (EASYPOST_WEBHOOK_SECRET), so its body is kept
 * as received. A verified tracker event is stored by its id and queued for the carrier-event job,
 * and answered 200 at once; a replayed id changes nothing and is answered 200 too, so EasyPost
 * stops sending it. Not in the wire contract nor the API docs: it is EasyPost's contract.
 */
export default async function carrierWebhooksRoutes(app: FastifyInstance) {
  defineCall(app, getPublicTrackingCall, { throttled: 'directory' }).handle(async ({ token }) => {
    const tracking = await publicTracking(app.db, token);
    if (!tracking) throw new AppError(404, API_ERRORCODE.notFound, SHIPMENT_MESSAGES.trackingNotFound);
    return { errorcode: READ_ERRORCODE.ok, message: SHIPMENT_MESSAGES.success, data: tracking };
  });

  await app.register(async (scope) => {
    // This scope's bodies stay the bytes received, whatever their type: the signature is over them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CARRIER_WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

    scope.post(
      CARRIER_WEBHOOK_PATH,
      { bodyLimit: CARRIER_WEBHOOK_BODY_LIMIT_BYTES, schema: { hide: true }, config: { signedByCaller: true } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const intake = await takeCarrierWebhook(app, raw, request.headers);
        if (intake.result === 'unsigned') {
          request.log.warn('carrier webhook refused: bad or missing X-Hmac-Signature');
          throw new AppError(401, API_ERRORCODE.notSignedIn, 'The webhook signature is not valid.');
        }
        // An event about something else (a batch, a refund) was taken and ignored.
        if (intake.result === 'trackerEvent') {
          const { eventId, fresh } = intake;
          request.log.info({ eventId, fresh }, fresh ? 'carrier event stored' : 'carrier event replayed: ignored');
          if (fresh) app.jobs.nudge();
        }
        return reply.code(200).send({ errorcode: READ_ERRORCODE.ok, message: SHIPMENT_MESSAGES.success });
      },
    );
  });
}
