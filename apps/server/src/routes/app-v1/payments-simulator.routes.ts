import { textField } from '@airbox/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../providers/mail/mail-provider.js';
import { amountOf } from '../../providers/payments/payments-provider.js';
import { SIMULATOR_DECLINED_CENTS, SIMULATOR_PAGE_PATH, type SimulatorPaymentsProvider } from '../../providers/payments/simulator-payments-provider.js';

const tokenQuery = z.object({ token: textField.max(64).optional().catch(undefined) });
const tokenBody = z.object({ token: textField.max(64) });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f7fa;color:#1a1a1a;margin:0;display:flex;justify-content:center;padding:48px 16px}
main{background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.15);padding:32px;max-width:420px;width:100%}
h1{font-size:1.4rem;margin-top:0}.amount{font-size:2rem;font-weight:700;margin:8px 0 24px}
.note{color:#555;font-size:.875rem}form{display:inline}button{font-size:1rem;padding:10px 20px;margin-right:12px;border-radius:4px;border:1px solid #0b5cad;cursor:pointer}
.approve{background:#0b5cad;color:#fff}.cancel{background:#fff;color:#0b5cad}
button:focus-visible{outline:2px solid #0b5cad;outline-offset:2px}
</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * The payment simulator's approval page (PAYMENTS_PROVIDER=simulator): what the payer sees at
 * PayPal, as a plain HTML page with two forms and no script. Approve and Cancel send the browser
 * to the portal's return or cancel URL with ?token=, as PayPal does.
 */
export default async function paymentsSimulatorRoutes(app: FastifyInstance) {
  const simulator = app.payments as SimulatorPaymentsProvider;
  const notFound = page('Payment not found', '<h1>Payment not found</h1><p>This payment does not exist or is finished.</p>');

  app.get(SIMULATOR_PAGE_PATH, { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const { token } = request.query as z.infer<typeof tokenQuery>;
    const order = token ? await simulator.findOrder(token) : undefined;
    // Everywhere else no-referrer, under which browsers send 'Origin: null' with a form post and
    // the Origin check refuses it. This page carries no secret in its URL's path worth hiding from
    // its own origin, so it lets its two forms say where they come from.
    reply.type('text/html; charset=utf-8').header('referrer-policy', 'same-origin');
    if (!order || (order.status !== 'CREATED' && order.status !== 'APPROVED')) return reply.code(404).send(notFound);
    const hidden = `<input type="hidden" name="token" value="${escapeHtml(order.id)}">`;
    return reply.send(
      page(
        'Payment simulator',
        `<h1>Payment simulator</h1>
<p>${escapeHtml(order.description)}</p>
<p class="amount">$${escapeHtml(amountOf(order.amount_cents))} ${escapeHtml(order.currency)}</p>
<form method="post" action="${SIMULATOR_PAGE_PATH}/approve">${hidden}<button class="approve" type="submit">Approve</button></form>
<form method="post" action="${SIMULATOR_PAGE_PATH}/cancel">${hidden}<button class="cancel" type="submit">Cancel</button></form>
<p class="note">No money moves: this is the portal's local payment simulator. Amounts ending in .${SIMULATOR_DECLINED_CENTS} are declined at capture.</p>`,
      ),
    );
  });

  app.post(`${SIMULATOR_PAGE_PATH}/approve`, { schema: { hide: true, body: tokenBody } }, async (request, reply) => {
    const { token } = request.body as z.infer<typeof tokenBody>;
    const target = await simulator.approve(token);
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(notFound);
    return reply.redirect(target, 303);
  });

  app.post(`${SIMULATOR_PAGE_PATH}/cancel`, { schema: { hide: true, body: tokenBody } }, async (request, reply) => {
    const { token } = request.body as z.infer<typeof tokenBody>;
    const target = await simulator.cancel(token);
    if (!target) return reply.code(404).type('text/html; charset=utf-8').send(notFound);
    return reply.redirect(target, 303);
  });
}
