import fp from 'fastify-plugin';
import type { CarriersProvider } from '../providers/carriers/carriers-provider.js';
import { createCarriersProvider } from '../providers/carriers/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    carriers: CarriersProvider;
  }
}

/** The carriers provider (CARRIERS_PROVIDER): labels, rates, refunds, trackers, pickups and their webhooks. */
export default fp(
  async (app) => {
    app.decorate('carriers', createCarriersProvider(app.config));
  },
  { name: 'carriers', dependencies: ['config'] },
);
