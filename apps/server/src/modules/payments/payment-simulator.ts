import { formatUsd } from '@airbox/contract';
import type { AppContext } from '../../context.js';
import { escapeHtml } from '../../providers/mail/mail-provider.js';
import { SIMULATOR_DECLINED_CENTS, SIMULATOR_PAGE_PATH, type SimulatorPaymentsProvider } from '../../providers/payments/simulator-payments-provider.js';

/**
 * The payment simulator's approval page (PAYMENTS_PROVIDER=simulator): what the payer sees at
 * PayPal, as a plain HTML page with two forms and no script. Approve and Cancel send the browser
 * to the portal's return or cancel URL with ?token=, as PayPal does. Served by
 * routes/app-v1/payments-simulator.routes.ts when the simulator is the provider.
 */

export { SIMULATOR_PAGE_PATH };

type SimulatorDeps = Pick<AppContext, 'payments'>;

/** Whether payments go to the local simulator, whose page the portal then serves. */
export const usesPaymentSimulator = (deps: SimulatorDeps) => deps.payments.name === 'simulator';

const simulator = (deps: SimulatorDeps) => deps.payments as SimulatorPaymentsProvider;

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

/** The page of an order that does not exist or is finished. */
export const SIMULATOR_NOT_FOUND_PAGE = page('Payment not found', '<h1>Payment not found</h1><p>This payment does not exist or is finished.</p>');

/** The approval page of an order the payer can still approve or cancel; undefined for any other. */
export async function simulatorApprovalPage(deps: SimulatorDeps, token: string | undefined): Promise<string | undefined> {
  const order = token ? await simulator(deps).findOrder(token) : undefined;
  if (!order || (order.status !== 'CREATED' && order.status !== 'APPROVED')) return undefined;
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(order.id)}">`;
  return page(
    'Payment simulator',
    `<h1>Payment simulator</h1>
<p>${escapeHtml(order.description)}</p>
<p class="amount">${escapeHtml(formatUsd(order.amount_cents))} ${escapeHtml(order.currency)}</p>
<form method="post" action="${SIMULATOR_PAGE_PATH}/approve">${hidden}<button class="approve" type="submit">Approve</button></form>
<form method="post" action="${SIMULATOR_PAGE_PATH}/cancel">${hidden}<button class="cancel" type="submit">Cancel</button></form>
<p class="note">No money moves: this is the portal's local payment simulator. Amounts ending in .${SIMULATOR_DECLINED_CENTS} are declined at capture.</p>`,
  );
}

/** The payer approved: the portal's return URL to send them to, or undefined when the order cannot be approved. */
export function approveSimulatedPayment(deps: SimulatorDeps, token: string): Promise<string | undefined> {
  return simulator(deps).approve(token);
}

/** The payer cancelled: the portal's cancel URL, or undefined when the order cannot be cancelled. */
export function cancelSimulatedPayment(deps: SimulatorDeps, token: string): Promise<string | undefined> {
  return simulator(deps).cancel(token);
}
