// /v0/package/{purl}, /v0/package/{purl}/dependencies, /v0/package/{purl}/dependents,
// /v0/package/{purl}/artifacts, /v0/package/{purl}/vulns, /v0/package/{purl}/info
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  artifactSubjects,
  packageArtifacts,
  packageDependencyIds,
  packageDependents,
  packageDirectDependencyIds,
} from '../../query/dependencies.js';
import { matchesLicense, parseLicenseFilter } from '../../query/licenses.js';
import { packageInfoAnswer } from '../../query/package-info.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { canonicalQueryPurl, matchingPackagePurls, resolvePackages } from '../../query/resolve.js';
import { packageVulnerabilities, packageVulnKey } from '../../query/vulnerabilities.js';
import { pageHeaders, pageRequestOf, paginationInfo, parseBoolean } from '../paging.js';
import { notModified, type ComputedAnswer } from '../plugins/app/response-cache.js';
import { purlListBytes } from '../purl-list-bytes.js';
import { purlQualifierHint, resourceQueryParameters, splitResource, type Resource } from '../package-path.js';
import {
  DependencyListSchema,
  DependentListSchema,
  PackageArtifactListSchema,
  PurlListSchema,
  type DependentList,
  type PackageArtifactList,
  type PurlList,
} from '../schemas/lists.js';
import { DependencyQuerySchema, PackageResourceQuerySchema, type PackageResourceQuery } from '../schemas/licenses.js';
import { PackageInfoSchema, type PackageInfoBody } from '../schemas/package-info.js';
import { DependentsQuerySchema, PaginationQuerySchema, VulnerabilityQuerySchema } from '../schemas/pagination.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';
import { PackageVulnerabilityListSchema, type PackageVulnerabilityList } from '../schemas/vulnerabilities.js';
import {
  exploitationFiltersOf,
  exploitationScope,
  filtersExploitation,
  passesExploitation,
} from '../../query/exploitation-filter.js';

const PurlParamsSchema = Type.Object({
  purl: Type.String({ description: 'URL-encoded Package URL; partial purls are templates.' }),
});

const identity = (s: string): string[] => [s];

/** The answer of one resource of a purl (all but `info`), at the index's current version. */
function computeAnswer(
  app: FastifyInstance,
  resource: Exclude<Resource, 'info'>,
  purlText: string,
  query: PackageResourceQuery,
  reply: FastifyReply,
): ComputedAnswer {
  const index = app.indexService.index;
  const version = app.indexService.version;
  const pageRequest = pageRequestOf(query);
  if (resource === 'self') {
    const canonical = canonicalQueryPurl(purlText);
    const purls = matchingPackagePurls(index, canonical);
    const page = paginate(purls, identity, pageRequest, app.pageLimits, () => scopeOf('package', canonical), version);
    const body: PurlList = { PaginationInfo: paginationInfo(page), PurlList: page.items };
    return { body, schema: PurlListSchema };
  }
  if (resource === 'dependencies') {
    const filter = query.license === undefined ? undefined : parseLicenseFilter(query.license);
    const direct = parseBoolean(query.direct);
    const named = resolvePackages(index, purlText);
    const all = direct ? packageDirectDependencyIds(index, named) : packageDependencyIds(index, named);
    const ids = filter ? all.filter((id) => matchesLicense(index.licensesOf(id), filter)) : all;
    // `direct` is in the scope: a cursor of one list is refused by the other.
    const scope = () =>
      scopeOf('dependencies', named.canonical, direct, ...(filter ? ['license', JSON.stringify(filter)] : []));
    const page = paginate(ids, (id) => [index.keyOf(id)], pageRequest, app.pageLimits, scope, version);
    // Written as bytes (DependencyListSchema's shape): the most asked computed answer.
    return { bytes: purlListBytes(index, paginationInfo(page), 'dependencies', page.items) };
  }
  if (resource === 'dependents') {
    const direct = parseBoolean(query.direct);
    const named = resolvePackages(index, purlText);
    const ids = packageDependents(index, named, direct);
    const scope = () => scopeOf('dependents', named.canonical, direct);
    // Purls only for the page: a popular package has tens of thousands of dependents.
    const page = paginate(ids, (id) => [index.keyOf(id)], pageRequest, app.pageLimits, scope, version);
    const body: DependentList = { PaginationInfo: paginationInfo(page), dependents: page.items.map(index.keyOf) };
    return { body, schema: DependentListSchema };
  }
  if (resource === 'artifacts') {
    const named = resolvePackages(index, purlText);
    const ids = packageArtifacts(index, named);
    const scope = () => scopeOf('package-artifacts', named.canonical);
    const page = paginate(ids, (id) => [index.keyOf(id)], pageRequest, app.pageLimits, scope, version);
    // Subjects only for the page: a popular package ships in many artifacts.
    const artifacts = page.items.map((id) => ({ digest: index.keyOf(id), subjects: artifactSubjects(index, id) }));
    const body: PackageArtifactList = { PaginationInfo: paginationInfo(page), artifacts };
    return { body, schema: PackageArtifactListSchema };
  }
  const include = parseBoolean(query.includeDependencies);
  const named = resolvePackages(index, purlText);
  const exploited = exploitationFiltersOf(query);
  const all = packageVulnerabilities(index, named, include);
  const vulns = filtersExploitation(exploited)
    ? all.filter((v) => passesExploitation(exploited, v.vulnerability))
    : all;
  const scope = () => scopeOf('vulns', named.canonical, include, ...exploitationScope(exploited));
  const page = paginate(vulns, packageVulnKey, pageRequest, app.pageLimits, scope, version);
  const body: PackageVulnerabilityList = page.items;
  return { body, schema: PackageVulnerabilityListSchema, headers: pageHeaders(reply.request, page) };
}

/** Answers a resource of a purl (all but `info`) from the response cache, or computes it. */
function answerCached(
  app: FastifyInstance,
  resource: Exclude<Resource, 'info'>,
  purlText: string,
  query: PackageResourceQuery,
  reply: FastifyReply,
): void {
  reply.sendCached(app.indexService.version, app.versionTag(), () =>
    computeAnswer(app, resource, purlText, query, reply),
  );
}

/**
 * /info: computed on one index version, then the store names the SBOMs including the package (so
 * not through the response cache, which computes synchronously; the version ETag still applies).
 */
async function answerInfo(
  app: FastifyInstance,
  purlText: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const service = app.indexService;
  if (notModified(request, reply, app.versionTag(service.version))) return reply;
  const body: PackageInfoBody = await packageInfoAnswer(service.index, app.ports.evidence, purlText);
  return reply.send(body);
}

const SELF_SCHEMA = {
  operationId: 'getPackagePurls',
  summary: 'Every package version matching a (possibly partial) purl',
  description:
    'The purl is a template: type, namespace and name must match, version and subpath only when given, and ' +
    'the given qualifiers must be a subset. No match is an empty list.',
  tags: ['packages'],
  params: PurlParamsSchema,
  querystring: PaginationQuerySchema,
  response: {
    ...okResponse('Matching package versions, sorted, one page', PurlListSchema, 'body'),
    ...notModifiedResponse,
    ...dataRouteErrors,
  },
};

const selfRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/package/:purl', { schema: SELF_SCHEMA }, (request, reply) =>
    answerCached(app, 'self', request.params.purl, request.query, reply),
  );
  return Promise.resolve();
};

const DEPENDENCIES_SCHEMA = {
  operationId: 'getPackageDeps',
  summary: 'Transitive dependencies of the package(s) a purl names',
  description:
    '`license`: only the dependencies under that licence (or, `unknown`, without one). `direct=true`: only ' +
    'the first step of the walk (the exact inverse of `/dependents?direct=true`).',
  tags: ['packages'],
  params: PurlParamsSchema,
  querystring: DependencyQuerySchema,
  response: {
    ...okResponse('Package versions the named packages depend on, sorted, one page', DependencyListSchema, 'body'),
    ...notModifiedResponse,
    ...dataRouteErrors,
    ...problemResponses(404),
  },
};

const dependenciesRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/package/:purl/dependencies', { schema: DEPENDENCIES_SCHEMA }, (request, reply) =>
    answerCached(app, 'dependencies', request.params.purl, request.query, reply),
  );
  return Promise.resolve();
};

const DEPENDENTS_SCHEMA = {
  operationId: 'getPackageDependents',
  summary: 'Package versions that depend, transitively, on the package(s) a purl names',
  description:
    'The exact inverse of `/dependencies`: A is listed for B exactly when B is among the dependencies of A. ' +
    '`direct=true`: only the versions with a dependency or SBOM inclusion of a named package (or its equivalents).',
  tags: ['packages'],
  params: PurlParamsSchema,
  querystring: DependentsQuerySchema,
  response: {
    ...okResponse('Package versions depending on the named packages, sorted, one page', DependentListSchema, 'body'),
    ...notModifiedResponse,
    ...dataRouteErrors,
    ...problemResponses(404),
  },
};

const dependentsRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/package/:purl/dependents', { schema: DEPENDENTS_SCHEMA }, (request, reply) =>
    answerCached(app, 'dependents', request.params.purl, request.query, reply),
  );
  return Promise.resolve();
};

const ARTIFACTS_SCHEMA = {
  operationId: 'getPackageArtifacts',
  summary: 'Artifacts (images, binaries) whose dependencies include the package(s) a purl names',
  description:
    'The exact inverse of `/v0/artifact/{digest}/dependencies`: artifact A is listed for the purl exactly when a ' +
    'package it names is among the dependencies of A. Each artifact comes with the purls it is known as.',
  tags: ['packages'],
  params: PurlParamsSchema,
  querystring: PaginationQuerySchema,
  response: {
    ...okResponse(
      'Artifacts shipping the named packages, sorted by digest, one page',
      PackageArtifactListSchema,
      'body',
    ),
    ...notModifiedResponse,
    ...dataRouteErrors,
    ...problemResponses(404),
  },
};

const artifactsRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/package/:purl/artifacts', { schema: ARTIFACTS_SCHEMA }, (request, reply) =>
    answerCached(app, 'artifacts', request.params.purl, request.query, reply),
  );
  return Promise.resolve();
};

const VULNS_SCHEMA = {
  operationId: 'getPackageVulns',
  summary: 'Vulnerabilities of the package(s) a purl names, optionally of their dependencies too',
  tags: ['packages'],
  params: PurlParamsSchema,
  querystring: VulnerabilityQuerySchema,
  response: {
    ...okResponse(
      'One entry per (package, vulnerability, scan), VEX applied, one page',
      PackageVulnerabilityListSchema,
      'headers',
    ),
    ...notModifiedResponse,
    ...dataRouteErrors,
    ...problemResponses(404),
  },
};

const vulnsRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/package/:purl/vulns', { schema: VULNS_SCHEMA }, (request, reply) =>
    answerCached(app, 'vulns', request.params.purl, request.query, reply),
  );
  return Promise.resolve();
};

// Typed as a plain record: the handler answers 200 and 304 itself (see answerInfo).
const infoResponses: Record<string, unknown> = {
  ...okResponse(
    'The package version with its licences, sources, scorecard, documents and counts',
    PackageInfoSchema,
    'body',
  ),
  ...notModifiedResponse,
  ...dataRouteErrors,
  ...problemResponses(404),
};

const INFO_SCHEMA = {
  operationId: 'getPackageInfo',
  summary: 'What the graph knows of one package version: licences, sources, scorecard, documents, counts',
  description:
    'The purl must name one package version: exactly, or as a partial purl that matches one version only. A ' +
    'partial purl matching several is 400 `SG_PURL_NOT_EXACT`, naming the first matches and how many there are.',
  tags: ['packages'],
  params: PurlParamsSchema,
  response: infoResponses,
};

const infoRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/package/:purl/info', { schema: INFO_SCHEMA }, (request, reply) =>
    answerInfo(app, request.params.purl, request, reply),
  );
  return Promise.resolve();
};

const UNENCODED_SCHEMA = {
  hide: true,
  params: Type.Object({ '*': Type.String() }),
  querystring: PackageResourceQuerySchema,
};

/** Clients that do not percent-encode the purl's slashes still reach the right resource. */
const unencodedRoute: FastifyPluginAsyncTypebox = (app) => {
  const config = { queryParameters: resourceQueryParameters };
  app.get('/v0/package/*', { config, schema: UNENCODED_SCHEMA }, (request, reply) => {
    const { resource, purl } = splitResource(request.params['*']);
    if (resource === 'info') return answerInfo(app, purl, request, reply);
    return answerCached(app, resource, purl, request.query, reply);
  });
  return Promise.resolve();
};

const packageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Every route below refuses undeclared query parameters (plugins/app/declared-query.ts) with this hint.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, undeclaredQueryHint: purlQualifierHint };
  });
  await app.register(selfRoute);
  await app.register(dependenciesRoute);
  await app.register(dependentsRoute);
  await app.register(artifactsRoute);
  await app.register(vulnsRoute);
  await app.register(infoRoute);
  await app.register(unencodedRoute);
};

export default packageRoutes;
