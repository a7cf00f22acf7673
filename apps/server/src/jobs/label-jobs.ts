import { refundPaymentOrder } from '../modules/payments/payment-orders.js';
import { purchaseLabel, voidFailedLabel } from '../modules/shipments/label-checkout.js';
import { autoRefundUnusedLabels, checkRefundStatus } from '../modules/shipments/refunds.service.js';
import type { JobPayloads } from '../modules/jobs/jobs.js';
import type { JobContext } from './context.js';

/** label-purchase: finishes a paid label the carrier did not answer (the same purchase key each time). */
export function runLabelPurchase({ shipmentId }: JobPayloads['label-purchase'], context: JobContext): Promise<void> {
  return purchaseLabel(context, shipmentId);
}

/**
 * label-void: asks the carrier to void the label it made for a failed purchase, if it made one
 * (once); tried again while a purchase may still be making one (settling).
 */
export function runLabelVoid({ shipmentId }: JobPayloads['label-void'], context: JobContext): Promise<void> {
  return voidFailedLabel(context, shipmentId);
}

/** payment-refund: gives a captured payment back, once (the refund's key is the order's). */
export async function runPaymentRefund({ paymentOrderId, amountCents, currency }: JobPayloads['payment-refund'], context: JobContext): Promise<void> {
  const amount = amountCents !== undefined && currency !== undefined ? { cents: amountCents, currency } : undefined;
  await refundPaymentOrder(context, paymentOrderId, amount ? { amount } : {});
}

/** refund-status: how the carrier stands on a label's refund. */
export function runRefundStatus({ shipmentId, check }: JobPayloads['refund-status'], context: JobContext): Promise<void> {
  return checkRefundStatus(context, shipmentId, check);
}

/** auto-refund-labels (daily): unused labels refunded shortly before their window closes. */
export function runAutoRefunds(context: JobContext): Promise<void> {
  return autoRefundUnusedLabels(context);
}
