// /v0/path?from=&to=: the cheapest dependency paths between two nodes (stated chains before SBOM
// inclusions), each hop with its evidence
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pathsWithEvidence } from '../../query/path-evidence.js';
import { PathListSchema, PathQuerySchema, type PathList } from '../schemas/paths.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';
import { notModified } from '../plugins/app/response-cache.js';

// Typed as a plain record: the handler answers 200 and 304 itself (sendCached cannot await the store).
const PATH_RESPONSES: Record<string, unknown> = {
  ...okResponse('Shortest paths, at most `limit`', PathListSchema, 'body'),
  ...notModifiedResponse,
  ...dataRouteErrors,
  ...problemResponses(404),
};

const pathRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    '/v0/path',
    {
      schema: {
        operationId: 'getPath',
        summary: 'Why a package is among the dependencies: the paths to it, each hop with its evidence',
        description:
          'Over exactly the edges the dependency walks follow: a path exists exactly when a package `to` names is among ' +
          'the dependencies of `from` (`/v0/package/{purl}/dependencies`, or `/v0/artifact/{digest}/dependencies` for a ' +
          'digest). Each path starts with the start node (no `edge`); every later step names the edge that reached it and ' +
          'the earliest stored document stating it. The paths follow the chains the documents state (IsDependency, ' +
          "IsOccurrence, HashEqual, SLSA materials) and take an SBOM inclusion (`sbom`, the edge from an SBOM's subject " +
          'to each component) only where no such chain reaches the package: the fewest inclusions, then the fewest ' +
          'edges; `via` says which (`dependencies` or `inclusion`). Several paths (`limit`) are all of that same cost, ' +
          'in the order of their sequences of node keys.',
        tags: ['packages'],
        querystring: PathQuerySchema,
        response: PATH_RESPONSES,
      },
    },
    async (request, reply) => {
      const service = app.indexService;
      // The paths depend on the graph only: the version ETag, as for every answer from the index.
      if (notModified(request, reply, app.versionTag(service.version))) return reply;
      const { from, to, limit } = request.query;
      const body: PathList = await pathsWithEvidence(service.index, app.ports.evidence, from, to, limit ?? 1);
      return body;
    },
  );
  return Promise.resolve();
};

export default pathRoutes;
