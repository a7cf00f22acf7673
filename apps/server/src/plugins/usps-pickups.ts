import fp from 'fastify-plugin';
import { createUspsPickupsProvider } from '../providers/usps/index.js';
import type { UspsPickupsProvider } from '../providers/usps/usps-pickups-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    uspsPickups: UspsPickupsProvider;
  }
}

/**
 * The USPS carrier pickup provider (USPS_PICKUPS_PROVIDER): eligibility, schedule, inquiry,
 * update and cancel. The simulator keeps its pickups in the app's database
 * (usps_simulator_pickups), so every server and every restart sees the same ones.
 */
export default fp(
  async (app) => {
    app.decorate('uspsPickups', createUspsPickupsProvider(app.config, app.db));
  },
  { name: 'usps-pickups', dependencies: ['config', 'database'] },
);
