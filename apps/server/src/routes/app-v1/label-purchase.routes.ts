import type { FastifyInstance } from 'fastify';

/** The label-purchase page's calls (rate, buy, save for later) and refunds. */
export default async function labelPurchaseRoutes(_app: FastifyInstance) {}
