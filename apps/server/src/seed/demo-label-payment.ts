import type { Db } from '../db/database.js';
import { insertInvoice } from '../modules/shipments/shipments.repository.js';

/**
 * What a demo label bought outside the seed's main list was paid with: a captured payment order of
 * the payment simulator, and its invoice, the rate charged and the discount from the carrier's
 * retail price. Shared by the demo's return label and its label abroad.
 */
export async function insertDemoLabelPayment(
  trx: Db,
  payment: { userId: number; providerOrderId: string; captureId: string; requestId: string; cents: number; at: Date },
): Promise<number> {
  const at = payment.at.toISOString();
  const { id } = await trx
    .insertInto('payment_orders')
    .values({
      user_id: payment.userId,
      provider: 'simulator',
      provider_order_id: payment.providerOrderId,
      request_id: payment.requestId,
      purpose: 'label',
      plan: null,
      quantity: 1,
      amount_cents: payment.cents,
      currency: 'USD',
      status: 'captured',
      created_at: at,
      captured_at: at,
      capture_id: payment.captureId,
      refund_request_id: null,
      refunded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The invoice of such a label: its rate, no insurance, the discount from the retail price; the reference as the simulator's payments show it. */
export async function insertDemoLabelInvoice(
  trx: Db,
  invoice: { shipmentId: number; orderNo: string; rateCents: number; retailCents: number; providerOrderId: string; at: Date },
): Promise<void> {
  await insertInvoice(trx, {
    shipment_id: invoice.shipmentId,
    invoice_no: `INV-${invoice.orderNo}`,
    rate_cents: invoice.rateCents,
    insurance_cents: 0,
    discount_cents: invoice.retailCents - invoice.rateCents,
    total_cents: invoice.rateCents,
    payment_reference: `simulator …${invoice.providerOrderId.slice(-9)}`,
    created_at: invoice.at.toISOString(),
  });
}
