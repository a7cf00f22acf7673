import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { PaymentsProvider } from './payments-provider.js';
import { createPayPalPaymentsProvider } from './paypal-payments-provider.js';
import { createSimulatorPaymentsProvider } from './simulator-payments-provider.js';

/** PAYMENTS_PROVIDER picks the provider: the simulator (default) or PayPal. */
export function createPaymentsProvider(config: AppConfig, db: Db): PaymentsProvider {
  const payments = config.payments ?? { provider: 'simulator' };
  if (payments.provider === 'paypal') {
    return createPayPalPaymentsProvider({
      clientId: payments.paypalClientId,
      clientSecret: payments.paypalClientSecret,
      apiBase: payments.paypalApiBase,
      brandName: config.brandName,
    });
  }
  return createSimulatorPaymentsProvider(db, config.publicUrl, config.clock);
}
