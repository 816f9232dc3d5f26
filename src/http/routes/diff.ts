// /v0/diff?from=&to=: what changed between two builds (components, vulnerabilities, licences)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { diffBuilds } from '../../query/build-diff.js';
import { resolveStoredBuild } from '../../query/build-ref.js';
import type { ComputedAnswer } from '../plugins/app/response-cache.js';
import { BuildDiffSchema, DiffQuerySchema, type BuildDiffBody, type DiffQuery } from '../schemas/diff.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';

/** The diff of the two builds at the index's current version. */
function diffAnswer(app: FastifyInstance, from: number, to: number): ComputedAnswer {
  const body: BuildDiffBody = diffBuilds(app.indexService.index, from, to);
  return { body, schema: BuildDiffSchema };
}

/** The two builds' subject nodes: stored builds named by the store, the rest by the index. */
async function buildsOf(app: FastifyInstance, query: DiffQuery): Promise<[number, number]> {
  const index = app.indexService.index;
  return Promise.all([
    resolveStoredBuild(index, app.ports.projects, query.from, 'from'),
    resolveStoredBuild(index, app.ports.projects, query.to, 'to'),
  ]);
}

const DIFF_SCHEMA = {
  operationId: 'getBuildDiff',
  summary: 'What changed between two builds: components, vulnerabilities, licences',
  description:
    'A build is a stored SBOM (its document digest, or project@version), a package version (a purl with a version) ' +
    'or an artifact (a digest); its components are what ' +
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
  app.get('/v0/diff', { schema: DIFF_SCHEMA }, async (request, reply) => {
    const [from, to] = await buildsOf(app, request.query);
    return reply.sendCached(app.indexService.version, app.versionTag(), () => diffAnswer(app, from, to));
  });
  return Promise.resolve();
};

export default diffRoutes;
