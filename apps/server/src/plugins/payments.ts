import fp from 'fastify-plugin';
import { createPaymentsProvider } from '../providers/payments/index.js';
import type { PaymentsProvider } from '../providers/payments/payments-provider.js';
import { createSmsProvider } from '../providers/sms/index.js';
import type { SmsProvider } from '../providers/sms/sms-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsProvider;
    sms: SmsProvider;
  }
}

/** The payments provider (PAYMENTS_PROVIDER) and the text messages provider (SMS_PROVIDER). */
export default fp(
  async (app) => {
    app.decorate('payments', createPaymentsProvider(app.config, app.db, app.log));
    app.decorate('sms', createSmsProvider(app.config, app.log));
  },
  { name: 'payments', dependencies: ['config', 'database'] },
);
