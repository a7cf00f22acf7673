import type { AppConfig } from '../../config/env.js';
import type { CarriersProvider } from './carriers-provider.js';
import { createEasyPostCarriersProvider } from './easypost-carriers-provider.js';
import { createSimulatorCarriersProvider } from './simulator-carriers-provider.js';
import type { SimulatorStore } from './simulator-store.js';

/**
 * CARRIERS_PROVIDER picks the provider: the simulator (default) or EasyPost. The simulator keeps
 * its labels in `simulatorStore` (the app passes the database's; in memory when absent).
 */
export function createCarriersProvider(config: Pick<AppConfig, 'carriers' | 'clock'>, simulatorStore?: SimulatorStore): CarriersProvider {
  const carriers = config.carriers ?? { provider: 'simulator', webhookSecret: undefined };
  if (carriers.provider === 'easypost') {
    return createEasyPostCarriersProvider({ apiKey: carriers.apiKey, apiBase: carriers.apiBase, webhookSecret: carriers.webhookSecret, timeoutMs: carriers.timeoutMs });
  }
  return createSimulatorCarriersProvider({ clock: config.clock, webhookSecret: carriers.webhookSecret, store: simulatorStore });
}

/** How often the simulator moves a label one step, in ms; 0 for only on command (and for EasyPost). */
export function simulatorStepMs(config: Pick<AppConfig, 'carriers'>): number {
  const carriers = config.carriers ?? { provider: 'simulator', webhookSecret: undefined };
  if (carriers.provider !== 'simulator') return 0;
  return (carriers.stepMinutes ?? 60) * 60 * 1000;
}
