// The OpenAPI document as JSON (hidden from the document itself). Open to all, like the docs
// page: it describes the API and holds no data (docs/api.md, "Access and tokens").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OPERATIONAL_PATHS } from '../paths.js';

const openApiRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get(OPERATIONAL_PATHS.openApiDocument, { schema: { hide: true }, config: { access: 'open' } }, () =>
    app.swagger(),
  );
  return Promise.resolve();
};

export default openApiRoute;
