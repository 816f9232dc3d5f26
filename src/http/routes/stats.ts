// How much the graph holds: counts for dashboards and the web UI's home page.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notModifiedResponse, okResponse, problemResponses, requestErrors } from '../schemas/responses.js';
import { GraphStatsSchema, type GraphStats } from '../schemas/stats.js';

const statsRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    '/v0/stats',
    {
      schema: {
        operationId: 'getGraphStats',
        summary: 'How much the graph holds: documents, packages, artifacts, vulnerabilities, dependency edges',
        description:
          'Counted from the in-memory index at one version (the ETag), so the numbers agree with every other answer ' +
          'at that version; a document stored after it counts from the next refresh on.',
        tags: ['operations'],
        response: {
          ...okResponse('The counts at the current index version', GraphStatsSchema, 'body'),
          ...notModifiedResponse,
          // The data route errors but 400: the route takes no input to be wrong.
          ...requestErrors,
          ...problemResponses(401, 429, 502),
        },
      },
    },
    (_request, reply) => {
      const service = app.indexService;
      const version = service.version;
      return reply.sendCached(version, app.versionTag(), () => {
        const body: GraphStats = { version, ...service.index.graphCounts() };
        return { body, schema: GraphStatsSchema };
      });
    },
  );
  return Promise.resolve();
};

export default statsRoutes;
