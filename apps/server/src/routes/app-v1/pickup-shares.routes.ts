import { getPublicPickupShareCall, PICKUP_SHARE_ERRORCODE, PICKUP_SHARE_MESSAGES, READ_ERRORCODE, revokePickupShareCall, sharePickupCall } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { publicPickupShare, revokePickupShare, sharePickup } from '../../modules/pickup-shares/pickup-shares.service.js';
import { defineCall, signedInUser } from './define-call.js';

/** Share a pickup (issue 22 item 1): the owner's two calls (the session's user only) and the public link's answer, throttled. */
export default async function pickupSharesRoutes(app: FastifyInstance) {
  defineCall(app, sharePickupCall).handle(async (input, request) => {
    const made = await sharePickup(app, signedInUser(request).user_id, input);
    const message = input.via === 'link' ? PICKUP_SHARE_MESSAGES.shared.link : PICKUP_SHARE_MESSAGES.shared[input.via](made.sentTo);
    return { errorcode: PICKUP_SHARE_ERRORCODE.ok, message, data: made };
  });

  defineCall(app, revokePickupShareCall).handle(async (input, request) => {
    await revokePickupShare(app, signedInUser(request).user_id, input.packageId);
    return { errorcode: PICKUP_SHARE_ERRORCODE.ok, message: PICKUP_SHARE_MESSAGES.revoked };
  });

  defineCall(app, getPublicPickupShareCall, { throttled: 'directory' }).handle(async ({ token }) => {
    const data = await publicPickupShare(app, token);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', data };
  });
}
