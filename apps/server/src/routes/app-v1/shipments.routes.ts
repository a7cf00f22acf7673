import type { FastifyInstance } from 'fastify';

/** Purchased Labels (spec 03 §7 Shipments): the list, a shipment's details and comments, its label and invoice files. */
export default async function shipmentsRoutes(_app: FastifyInstance) {}
