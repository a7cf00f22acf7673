import { z } from 'zod';
import { refundPaymentOrder } from '../modules/payments/payment-orders.js';
import { defineJob, jobId } from './define-job.js';

const payload = z.object({ paymentOrderId: jobId, amountCents: z.number().int().positive().optional(), currency: z.string().optional() });

declare module '../modules/jobs/jobs.js' {
  interface JobPayloads {
    /** Gives a captured payment back (once: the refund's key is the order's); amount when it differs from the order's. */
    'payment-refund': z.infer<typeof payload>;
  }
}

export const paymentRefundJob = defineJob({
  name: 'payment-refund',
  payload,
  run: async ({ paymentOrderId, amountCents, currency }, context) => {
    const amount = amountCents !== undefined && currency !== undefined ? { cents: amountCents, currency } : undefined;
    await refundPaymentOrder(context, paymentOrderId, amount ? { amount } : {});
  },
});
