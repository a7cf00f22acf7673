import { z } from 'zod';
import { refundCaptureOfAnotherAmount, refundPaymentOrder } from '../modules/payments/payment-orders.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ paymentOrderId: jobId, amountCents: z.number().int().positive().optional(), currency: z.string().optional() });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /**
     * Gives a captured payment back (once: the refund's key is the order's). With an amount: a
     * capture of another amount than the order's, whose purpose ends in the refund's transaction;
     * without: money captured for nothing waiting (captureForPurpose), or for a purchase the
     * carrier refused (carrier-purchase.ts).
     */
    'payment-refund': z.infer<typeof payload>;
  }
}

export const paymentRefundJob = defineJob({
  name: 'payment-refund',
  payload,
  run: async ({ paymentOrderId, amountCents, currency }, context) => {
    if (amountCents !== undefined && currency !== undefined) await refundCaptureOfAnotherAmount(context, paymentOrderId, { cents: amountCents, currency });
    else await refundPaymentOrder(context, paymentOrderId);
  },
});
