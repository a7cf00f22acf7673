import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's schemas: /openapi.json, browsable at /docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${app.config.brandName} customer portal API`,
          description: 'The calls of the customer portal (spec 01 §7). Failures answer `{errorcode, message}`.',
          version: app.config.version,
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'airbox_session' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
    app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  },
  { name: 'docs', dependencies: ['config'] },
);
