import type { AppConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import { createUspsPickupsAdapter } from './usps-pickups-adapter.js';
import type { UspsPickupsProvider } from './usps-pickups-provider.js';
import { createUspsPickupsSimulator } from './usps-pickups-simulator.js';
import { createDatabaseUspsSimulatorStore } from './usps-simulator-store.js';

/**
 * USPS_PICKUPS_PROVIDER picks the provider: the simulator (default) or USPS's REST API. The
 * simulator keeps its pickups in `db` (the app passes its database; in memory when absent).
 */
export function createUspsPickupsProvider(config: Pick<AppConfig, 'uspsPickups' | 'clock'>, db?: Db): UspsPickupsProvider {
  const uspsPickups = config.uspsPickups ?? { provider: 'simulator' };
  if (uspsPickups.provider === 'usps') {
    return createUspsPickupsAdapter({ clientId: uspsPickups.clientId, clientSecret: uspsPickups.clientSecret, apiBase: uspsPickups.apiBase, clock: config.clock });
  }
  return createUspsPickupsSimulator({ clock: config.clock, store: db ? createDatabaseUspsSimulatorStore(db) : undefined });
}
