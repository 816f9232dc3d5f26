// /v0/artifact/{digest}/dependencies, /v0/artifact/{digest}/info, /v0/artifact/{digest}/vulns
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { artifactInfoAnswer } from '../../query/artifact-info.js';
import { artifactDependencies, artifactDirectDependencies } from '../../query/dependencies.js';
import { filterByLicense, parseLicenseFilter } from '../../query/licenses.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { artifactVulnerabilities, artifactVulnKey } from '../../query/vulnerabilities.js';
import { pageRequestOf, paginationInfo, parseBoolean } from '../paging.js';
import { notModified, type ComputedAnswer } from '../plugins/app/response-cache.js';
import { ArtifactInfoSchema, type ArtifactInfoBody } from '../schemas/artifact-info.js';
import { PurlListSchema, type PurlList } from '../schemas/lists.js';
import { DependencyQuerySchema, type DependencyQuery } from '../schemas/licenses.js';
import { VulnerabilityQuerySchema, type VulnerabilityQuery } from '../schemas/pagination.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';
import { ArtifactVulnerabilityListSchema, type ArtifactVulnerabilityList } from '../schemas/vulnerabilities.js';
import {
  exploitationFiltersOf,
  exploitationScope,
  filtersExploitation,
  passesExploitation,
} from '../../query/exploitation-filter.js';

const DigestParamsSchema = Type.Object({
  digest: Type.String({ description: '<algorithm>:<digest>, or the digest alone when one algorithm has it.' }),
});

const identity = (s: string): string[] => [s];

/**
 * One page of the artifact's dependencies (all or direct, optionally of one licence), at the
 * index's current version.
 */
function dependenciesAnswer(app: FastifyInstance, digest: string, query: DependencyQuery): ComputedAnswer {
  const service = app.indexService;
  const { license } = query;
  const filter = license === undefined ? undefined : parseLicenseFilter(license);
  const direct = parseBoolean(query.direct);
  const all = direct ? artifactDirectDependencies(service.index, digest) : artifactDependencies(service.index, digest);
  const purls = filter ? filterByLicense(service.index, all, filter) : all;
  const licenseScope = filter ? ['license', JSON.stringify(filter)] : [];
  // `direct` is in the scope: a cursor of one list is refused by the other.
  const page = paginate(
    purls,
    identity,
    pageRequestOf(query),
    app.pageLimits,
    () => scopeOf('artifact-dependencies', digest.toLowerCase(), direct, ...licenseScope),
    service.version,
  );
  const body: PurlList = { PaginationInfo: paginationInfo(page), PurlList: page.items };
  return { body, schema: PurlListSchema };
}

/**
 * /info: the index's part computed on one version, then the store's (provenance rows and the
 * SBOMs naming the artifact); so not through the response cache, which computes synchronously
 * (the version ETag still applies), as /v0/package/{purl}/info.
 */
async function answerArtifactInfo(
  app: FastifyInstance,
  digestText: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const service = app.indexService;
  if (notModified(request, reply, app.versionTag(service.version))) return reply;
  const body: ArtifactInfoBody = await artifactInfoAnswer(service.index, app.ports.evidence, digestText);
  return reply.send(body);
}

/** One page of the artifact's vulnerabilities (optionally of its dependencies), at the index's current version. */
function vulnsAnswer(app: FastifyInstance, digest: string, query: VulnerabilityQuery): ComputedAnswer {
  const service = app.indexService;
  const include = parseBoolean(query.includeDependencies);
  const exploited = exploitationFiltersOf(query);
  const all = artifactVulnerabilities(service.index, digest, include);
  const vulns = filtersExploitation(exploited) ? all.filter((v) => passesExploitation(exploited, v)) : all;
  const page = paginate(
    vulns,
    artifactVulnKey,
    pageRequestOf(query),
    app.pageLimits,
    () => scopeOf('artifact-vulns', digest.toLowerCase(), include, ...exploitationScope(exploited)),
    service.version,
  );
  const body: ArtifactVulnerabilityList = { PaginationInfo: paginationInfo(page), vulnerabilities: page.items };
  return { body, schema: ArtifactVulnerabilityListSchema };
}

const DEPENDENCIES_SCHEMA = {
  operationId: 'getArtifactDeps',
  summary: 'Transitive dependencies of an artifact (its SBOM is authoritative: packages in it are leaves)',
  description:
    '`license`: only the dependencies under that licence (or, `unknown`, without one). `direct=true`: only ' +
    'the first step of the walk (what the SBOMs and SLSA materials of the artifact and its equivalents reach).',
  tags: ['artifacts'],
  params: DigestParamsSchema,
  querystring: DependencyQuerySchema,
  response: {
    ...okResponse('Package versions the artifact depends on, sorted, one page', PurlListSchema, 'body'),
    ...notModifiedResponse,
    ...dataRouteErrors,
    ...problemResponses(404),
  },
};

const dependenciesRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/artifact/:digest/dependencies', { schema: DEPENDENCIES_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () =>
      dependenciesAnswer(app, request.params.digest, request.query),
    ),
  );
  return Promise.resolve();
};

// Typed as a plain record: the handler answers 200 and 304 itself (see answerArtifactInfo).
const infoResponses: Record<string, unknown> = {
  ...okResponse('The artifact with its subjects, provenance, documents and counts', ArtifactInfoSchema, 'body'),
  ...notModifiedResponse,
  ...dataRouteErrors,
  ...problemResponses(404),
};

const INFO_SCHEMA = {
  operationId: 'getArtifactInfo',
  summary: 'What the graph knows of one artifact: subjects, provenance, documents, counts',
  description:
    'The digest is resolved as on the other artifact routes. `provenance` and `documents` come from the ' +
    'store, the rest from the index at the version of the ETag.',
  tags: ['artifacts'],
  params: DigestParamsSchema,
  response: infoResponses,
};

const infoRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/artifact/:digest/info', { schema: INFO_SCHEMA }, (request, reply) =>
    answerArtifactInfo(app, request.params.digest, request, reply),
  );
  return Promise.resolve();
};

const VULNS_SCHEMA = {
  operationId: 'getArtifactVulns',
  summary:
    'Vulnerabilities of the packages an artifact is an occurrence of (optionally of its dependencies), VEX applied',
  tags: ['artifacts'],
  params: DigestParamsSchema,
  querystring: VulnerabilityQuerySchema,
  response: {
    ...okResponse(
      'One entry per (package, vulnerability), aliases folded, one page',
      ArtifactVulnerabilityListSchema,
      'body',
    ),
    ...notModifiedResponse,
    ...dataRouteErrors,
    ...problemResponses(404),
  },
};

const vulnsRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/artifact/:digest/vulns', { schema: VULNS_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () =>
      vulnsAnswer(app, request.params.digest, request.query),
    ),
  );
  return Promise.resolve();
};

const artifactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(dependenciesRoute);
  await app.register(infoRoute);
  await app.register(vulnsRoute);
};

export default artifactRoutes;
