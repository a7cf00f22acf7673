import { extendPickupCall, PICKUP_EXTENSION_ERRORCODE, PICKUP_EXTENSION_MESSAGES, quotePickupExtensionCall } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { extendWithCredits, quoteExtension, startPayPalExtension } from '../../modules/pickup-extensions/pickup-extensions.service.js';
import { defineCall, signedInUser } from './define-call.js';

/** Extend a pickup (issue 22 item 2): the quote, and the day paid with credits or PayPal. The package's owner is always the session's user. */
export default async function pickupExtensionsRoutes(app: FastifyInstance) {
  defineCall(app, quotePickupExtensionCall).handle(async (input, request) => {
    const data = await quoteExtension(app, signedInUser(request).user_id, input.packageId);
    return { errorcode: PICKUP_EXTENSION_ERRORCODE.ok, message: 'success', data };
  });

  // A PayPal extension opens a checkout at the payment provider: charged to the account's hourly budget.
  defineCall(app, extendPickupCall, { budget: { name: 'checkouts' } }).handle(async (input, request) => {
    const userId = signedInUser(request).user_id;
    if (input.payWith === 'paypal') {
      const redirectURL = await startPayPalExtension(app, userId, input.packageId, input.day);
      return { errorcode: PICKUP_EXTENSION_ERRORCODE.redirect, message: 'success', redirectURL };
    }
    const extended = await extendWithCredits(app, userId, input.packageId, input.day);
    const message = extended.charged ? PICKUP_EXTENSION_MESSAGES.extended(new Date(extended.freeUntil)) : PICKUP_EXTENSION_MESSAGES.alreadyExtended;
    return { errorcode: PICKUP_EXTENSION_ERRORCODE.ok, message, data: { freeUntil: extended.freeUntil, extendedDays: extended.extendedDays, balance: extended.balance } };
  });
}
