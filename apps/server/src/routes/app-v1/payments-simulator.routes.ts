import { textField } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  approveSimulatedPayment,
  cancelSimulatedPayment,
  SIMULATOR_NOT_FOUND_PAGE,
  SIMULATOR_PAGE_PATH,
  simulatorApprovalPage,
} from '../../modules/payments/payment-simulator.js';

const tokenQuery = z.object({ token: textField.max(64).optional().catch(undefined) });
const tokenBody = z.object({ token: textField.max(64) });

/**
 * The payment simulator's approval page (PAYMENTS_PROVIDER=simulator), registered by the payment
 * routes: what the payer sees at PayPal (modules/payments/payment-simulator.ts). Approve and
 * Cancel send the browser to the portal's return or cancel URL with ?token=, as PayPal does.
 */
export default async function paymentsSimulatorRoutes(app: FastifyInstance) {
  app.get(SIMULATOR_PAGE_PATH, { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const { token } = request.query as z.infer<typeof tokenQuery>;
    const html = await simulatorApprovalPage(app, token);
    // Everywhere else no-referrer, under which browsers send 'Origin: null' with a form post and
    // the Origin check refuses it. This page carries no secret in its URL's path worth hiding from
    // its own origin, so it lets its two forms say where they come from.
    reply.type('text/html; charset=utf-8').header('referrer-policy', 'same-origin');
    if (!html) return reply.code(404).send(SIMULATOR_NOT_FOUND_PAGE);
    return reply.send(html);
  });

  app.post(`${SIMULATOR_PAGE_PATH}/approve`, { schema: { hide: true, body: tokenBody } }, async (request, reply) => {
    const { token } = request.body as z.infer<typeof tokenBody>;
    const target = await approveSimulatedPayment(app, token);
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(SIMULATOR_NOT_FOUND_PAGE);
    return reply.redirect(target, 303);
  });

  app.post(`${SIMULATOR_PAGE_PATH}/cancel`, { schema: { hide: true, body: tokenBody } }, async (request, reply) => {
    const { token } = request.body as z.infer<typeof tokenBody>;
    const target = await cancelSimulatedPayment(app, token);
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(SIMULATOR_NOT_FOUND_PAGE);
    return reply.redirect(target, 303);
  });
}
