import { BUY_MEMBERSHIP_ERRORCODE, buyMembershipCall, getMembershipsCall, READ_ERRORCODE, textField } from '@airbox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listMemberships } from '../../modules/memberships/memberships.repository.js';
import { toMembership } from '../../modules/memberships/memberships.wire.js';
import { startMembershipPurchase } from '../../modules/memberships/membership-checkout.js';
import { cancelPurchase, completePurchase, PAYMENT_CANCEL_PATH, PAYMENT_RETURN_PATH } from '../../modules/payments/payments.service.js';
import { resumeSession } from '../../modules/sessions/sessions.service.js';
import { defineCall, signedInUser } from './define-call.js';
import paymentsSimulatorRoutes from './payments-simulator.routes.js';

/** The provider's return and cancel carry ?token={order id} (and PayerID, which is not needed). */
const returnQuery = z.object({ token: textField.max(128).optional().catch(undefined) });

/** Memberships and their payment: plans, buyMembership, and the provider's return and cancel. */
export default async function membershipsRoutes(app: FastifyInstance) {

  defineCall(app, getMembershipsCall).handle(async () => {
    const memberships = await listMemberships(app.db);
    return { errorcode: READ_ERRORCODE.ok, message: 'success', memberships: memberships.map(toMembership) };
  });

  // Each call opens a checkout at the payment provider: charged to the account's hourly budget.
  defineCall(app, buyMembershipCall, { budget: { name: 'checkouts' } }).handle(async (input, request) => {
    const redirectURL = await startMembershipPurchase(app, signedInUser(request).user_id, input.plan, input.number);
    return { errorcode: BUY_MEMBERSHIP_ERRORCODE.redirect, message: 'success', redirectURL };
  });

  /** The browser arrives from the provider with the session cookie (SameSite=Lax allows it). */
  const sessionUserId = async (request: FastifyRequest): Promise<number | undefined> => {
    const token = app.sessionCookie.read(request);
    const user = token ? await resumeSession(app.db, token, app.config.clock()) : undefined;
    return user?.user_id;
  };

  app.get(PAYMENT_RETURN_PATH, { schema: { hide: true, querystring: returnQuery } }, async (request, reply) => {
    const { token } = request.query as z.infer<typeof returnQuery>;
    return reply.redirect(await completePurchase(app, await sessionUserId(request), token), 303);
  });

  app.get(PAYMENT_CANCEL_PATH, { schema: { hide: true, querystring: returnQuery } }, async (request, reply) => {
    const { token } = request.query as z.infer<typeof returnQuery>;
    return reply.redirect(await cancelPurchase(app, await sessionUserId(request), token), 303);
  });

  if (app.payments.name === 'simulator') await app.register(paymentsSimulatorRoutes);
}
