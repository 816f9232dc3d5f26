// How much the graph holds: counts for dashboards and the web UI's home page.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dataRouteErrors, notModifiedResponse, okResponse } from '../schemas/responses.js';
import { GraphStatsSchema } from '../schemas/stats.js';

const statsRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    '/v0/stats',
    {
      schema: {
        operationId: 'getGraphStats',
        summary: 'How much the graph holds: documents, packages, artifacts, vulnerabilities, dependency edges',
        tags: ['operations'],
        response: {
          ...okResponse('The counts at the current index version', GraphStatsSchema, 'body'),
          ...notModifiedResponse,
          ...dataRouteErrors,
        },
      },
    },
    () => {
      // CONTRACT STUB (branch ui-contract only): the implementation replaces it.
      throw new Error('not implemented yet');
    },
  );
  return Promise.resolve();
};

export default statsRoutes;
