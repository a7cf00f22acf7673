import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { PaymentsProvider } from './payments-provider.js';
import { createPayPalPaymentsProvider, type PayPalConfig } from './paypal-payments-provider.js';
import { createSimulatorPaymentsProvider } from './simulator-payments-provider.js';

/** PAYMENTS_PROVIDER picks the provider: the simulator (default) or PayPal (which logs its retries and PayPal's debug_id to `log`). */
export function createPaymentsProvider(config: AppConfig, db: Db, log?: PayPalConfig['log']): PaymentsProvider {
  const payments = config.payments ?? { provider: 'simulator' };
  if (payments.provider === 'paypal') {
    return createPayPalPaymentsProvider({
      clientId: payments.paypalClientId,
      clientSecret: payments.paypalClientSecret,
      apiBase: payments.paypalApiBase,
      brandName: config.brandName,
      ...(log ? { log } : {}),
    });
  }
  return createSimulatorPaymentsProvider(db, config.publicUrl, config.clock);
}
