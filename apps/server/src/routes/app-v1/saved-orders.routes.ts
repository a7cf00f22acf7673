import type { FastifyInstance } from 'fastify';

/** Orders In Progress and the address calls of the label and pickup pages (spec 03 §7 Saved orders, validateAddress, getUserShipmentAddress, getMyAddress). */
export default async function savedOrdersRoutes(_app: FastifyInstance) {}
