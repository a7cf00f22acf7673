import fp from 'fastify-plugin';
import type { CarriersProvider } from '../providers/carriers/carriers-provider.js';
import { createCarriersProvider } from '../providers/carriers/index.js';
import { createDatabaseSimulatorStore } from '../providers/carriers/simulator-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    carriers: CarriersProvider;
  }
}

/**
 * The carriers provider (CARRIERS_PROVIDER): labels, rates, refunds, trackers, pickups and their
 * webhooks. The simulator keeps its labels in the app's database (carrier_simulator_objects), so
 * every server and every restart sees the same ones.
 */
export default fp(
  async (app) => {
    app.decorate('carriers', createCarriersProvider(app.config, createDatabaseSimulatorStore(app.db)));
  },
  { name: 'carriers', dependencies: ['config', 'database'] },
);
