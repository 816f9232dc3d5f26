// /v0/diff?from=&to=: what changed between two builds (components, vulnerabilities, licences)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { diffBuilds } from '../../query/build-diff.js';
import { resolveBuild } from '../../query/build-ref.js';
import type { ComputedAnswer } from '../plugins/app/response-cache.js';
import { BuildDiffSchema, DiffQuerySchema, type BuildDiffBody, type DiffQuery } from '../schemas/diff.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';

/** The diff of the two builds at the index's current version. */
function diffAnswer(app: FastifyInstance, query: DiffQuery): ComputedAnswer {
  const index = app.indexService.index;
  const from = resolveBuild(index, query.from, 'from');
  const to = resolveBuild(index, query.to, 'to');
  const body: BuildDiffBody = diffBuilds(index, from, to);
  return { body, schema: BuildDiffSchema };
}

const DIFF_SCHEMA = {
  operationId: 'getBuildDiff',
  summary: 'What changed between two builds: components, vulnerabilities, licences',
  description:
    'A build is a package version (a purl with a version) or an artifact (a digest); its components are what ' +
    '`/v0/package/{purl}/dependencies` or `/v0/artifact/{digest}/dependencies` answers for it, its vulnerabilities ' +
    'what `/vulns?includeDependencies=true` answers (VEX applied). Components are compared by package name, ' +
    'vulnerabilities by package name and vulnerability (any alias). Not paged: every list is whole.',
  tags: ['packages', 'artifacts'],
  querystring: DiffQuerySchema,
  response: {
    ...okResponse('The changes from `from` to `to`, each list sorted', BuildDiffSchema, 'body'),
    ...notModifiedResponse,
    ...dataRouteErrors,
    ...problemResponses(404),
  },
};

const diffRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/diff', { schema: DIFF_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () => diffAnswer(app, request.query)),
  );
  return Promise.resolve();
};

export default diffRoutes;
