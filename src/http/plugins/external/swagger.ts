// The OpenAPI document, built from the route schemas (routes/openapi.ts serves it), and the docs page.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { OPERATIONAL_PATHS } from '../../paths.js';
import { swaggerOptions } from '../../schemas/openapi.js';

export default fp(
  async (app) => {
    await app.register(swagger, swaggerOptions);
    await app.register(swaggerUi, { routePrefix: OPERATIONAL_PATHS.docsPage, uiConfig: { deepLinking: true } });
  },
  { name: 'swagger' },
);
