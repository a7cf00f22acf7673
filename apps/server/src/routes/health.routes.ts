import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** GET /healthz: 200 when the database answers, 503 otherwise (for load balancers). */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
