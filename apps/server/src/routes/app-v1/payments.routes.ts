import { textField } from '@airbox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clientNetwork } from '../../modules/auth/client-network.js';
import { usesPaymentSimulator } from '../../modules/payments/payment-simulator.js';
import { cancelPurchase, completePurchase, PAYMENT_CANCEL_PATH, PAYMENT_RETURN_PATH } from '../../modules/payments/payments.service.js';
import { resumeSession } from '../../modules/sessions/sessions.service.js';
import { rateLimitOf } from './define-call.js';
import paymentsSimulatorRoutes from './payments-simulator.routes.js';

/** The provider's return and cancel carry ?token={order id} (and PayerID, which is not needed). */
const returnQuery = z.object({ token: textField.max(128).optional().catch(undefined) });

/**
 * The checkout's own routes, whatever the order pays for (a plan, a label, a pickup: each
 * purpose opens its order in its own call): the provider's return and cancel, which the checkout
 * core settles (modules/payments/payments.service.ts) and answer with a redirect to the page the
 * order's purpose names; and the payment simulator's page when it is the provider.
 */
export default async function paymentsRoutes(app: FastifyInstance) {
  /**
   * The browser arrives from the provider with the session cookie (SameSite=Lax allows it): read
   * once a request, for the throttle's key and for the handler.
   */
  const sessionUserIds = new WeakMap<FastifyRequest, Promise<number | undefined>>();
  const sessionUserId = (request: FastifyRequest): Promise<number | undefined> => {
    let userId = sessionUserIds.get(request);
    if (userId === undefined) {
      const token = app.sessionCookie.read(request);
      userId = token ? resumeSession(app.db, token, app.config.clock()).then((user) => user?.user_id) : Promise.resolve(undefined);
      sessionUserIds.set(request, userId);
    }
    return userId;
  };

  // Throttled as the directory's calls are, per signed-in customer (per address without a live
  // session): a return asks the provider to capture, and one looped on an order never approved
  // would spend the merchant's calls to the provider. Per customer, so that customers paying
  // behind one address (a campus) do not share a count.
  const throttle = rateLimitOf(app, 'directory');
  const perCustomer = async (request: FastifyRequest) => {
    const userId = await sessionUserId(request);
    return userId === undefined ? clientNetwork(request.ip) : `user:${userId}`;
  };
  const options = { schema: { hide: true, querystring: returnQuery }, config: { rateLimit: throttle && { ...throttle, keyGenerator: perCustomer } } };

  app.get(PAYMENT_RETURN_PATH, options, async (request, reply) => {
    const { token } = request.query as z.infer<typeof returnQuery>;
    return reply.redirect(await completePurchase(app, await sessionUserId(request), token), 303);
  });

  app.get(PAYMENT_CANCEL_PATH, options, async (request, reply) => {
    const { token } = request.query as z.infer<typeof returnQuery>;
    return reply.redirect(await cancelPurchase(app, await sessionUserId(request), token), 303);
  });

  if (usesPaymentSimulator(app)) await app.register(paymentsSimulatorRoutes);
}
