// The OpenAPI document as JSON (hidden from the document itself).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OPERATIONAL_PATHS } from '../paths.js';

const openApiRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get(OPERATIONAL_PATHS.openApiDocument, { schema: { hide: true } }, () => app.swagger());
  return Promise.resolve();
};

export default openApiRoute;
