import type { AppConfig } from '../../config/env.js';
import type { CarriersProvider } from './carriers-provider.js';
import { createEasyPostCarriersProvider } from './easypost-carriers-provider.js';
import { createSimulatorCarriersProvider } from './simulator-carriers-provider.js';

/** CARRIERS_PROVIDER picks the provider: the simulator (default) or EasyPost. */
export function createCarriersProvider(config: Pick<AppConfig, 'carriers' | 'clock'>): CarriersProvider {
  const carriers = config.carriers ?? { provider: 'simulator', webhookSecret: undefined };
  if (carriers.provider === 'easypost') {
    return createEasyPostCarriersProvider({ apiKey: carriers.apiKey, apiBase: carriers.apiBase, webhookSecret: carriers.webhookSecret });
  }
  return createSimulatorCarriersProvider({ clock: config.clock, webhookSecret: carriers.webhookSecret });
}
