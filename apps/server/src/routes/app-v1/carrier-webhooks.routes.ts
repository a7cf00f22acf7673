import type { FastifyInstance } from 'fastify';

/** The carriers provider's tracking webhooks, and the recipients' public tracking call. */
export default async function carrierWebhooksRoutes(_app: FastifyInstance) {}
