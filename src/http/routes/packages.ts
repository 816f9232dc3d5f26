// /v0/package/{purl}, /v0/package/{purl}/dependencies, /v0/package/{purl}/dependents,
// /v0/package/{purl}/artifacts, /v0/package/{purl}/vulns
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { canonicalPurl } from '../../model/purl.js';
import {
  artifactSubjects,
  packageArtifacts,
  packageDependencies,
  packageDependents,
} from '../../query/dependencies.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { canonicalQueryPurl, matchingPackagePurls, resolvePackages } from '../../query/resolve.js';
import { packageVulnerabilities, packageVulnKey } from '../../query/vulnerabilities.js';
import { pageHeaders, pageRequestOf, paginationInfo, parseBoolean } from '../paging.js';
import type { ComputedAnswer } from '../plugins/app/response-cache.js';
import {
  DependencyListSchema,
  DependentListSchema,
  PackageArtifactListSchema,
  PurlListSchema,
  type DependencyList,
  type DependentList,
  type PackageArtifactList,
  type PurlList,
} from '../schemas/lists.js';
import {
  DependentsQuerySchema,
  PackageQuerySchema,
  PaginationQuerySchema,
  VulnerabilityQuerySchema,
  type PackageQuery,
} from '../schemas/pagination.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';
import { PackageVulnerabilityListSchema, type PackageVulnerabilityList } from '../schemas/vulnerabilities.js';

type Resource = 'self' | 'dependencies' | 'dependents' | 'artifacts' | 'vulns';

const PurlParamsSchema = Type.Object({
  purl: Type.String({ description: 'URL-encoded Package URL; partial purls are templates.' }),
});

const identity = (s: string): string[] => [s];

/**
 * An unencoded path "<purl>/dependencies", "<purl>/dependents", "<purl>/artifacts" or "<purl>/vulns" names that resource of the purl when
 * the part before the suffix is a purl; otherwise the whole path is the purl (so a package named
 * "dependencies" or "vulns" must be percent-encoded). Only the parse decides: a purl that parses
 * but names nothing known is the resource's 404, never a fallback to the package list.
 */
function splitResource(rest: string): { resource: Resource; purl: string } {
  for (const resource of ['dependencies', 'dependents', 'artifacts', 'vulns'] as const) {
    const suffix = `/${resource}`;
    if (!rest.endsWith(suffix)) continue;
    const purl = rest.slice(0, -suffix.length);
    try {
      canonicalPurl(purl);
      return { resource, purl };
    } catch {
      // Not "<purl>/<resource>": the whole remainder is the purl.
    }
  }
  return { resource: 'self', purl: rest };
}

/** The answer of one resource of a purl, at the index's current version. */
function computeAnswer(
  app: FastifyInstance,
  resource: Resource,
  purlText: string,
  query: PackageQuery,
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
    const named = resolvePackages(index, purlText);
    const purls = packageDependencies(index, named);
    const scope = () => scopeOf('dependencies', named.canonical);
    const page = paginate(purls, identity, pageRequest, app.pageLimits, scope, version);
    const body: DependencyList = { PaginationInfo: paginationInfo(page), dependencies: page.items };
    return { body, schema: DependencyListSchema };
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
  const vulns = packageVulnerabilities(index, named, include);
  const scope = () => scopeOf('vulns', named.canonical, include);
  const page = paginate(vulns, packageVulnKey, pageRequest, app.pageLimits, scope, version);
  const body: PackageVulnerabilityList = page.items;
  return { body, schema: PackageVulnerabilityListSchema, headers: pageHeaders(reply.request, page) };
}

const packageRoutes: FastifyPluginAsyncTypebox = (app) => {
  const answer = (resource: Resource, purlText: string, query: PackageQuery, reply: FastifyReply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () =>
      computeAnswer(app, resource, purlText, query, reply),
    );

  app.get(
    '/v0/package/:purl',
    {
      schema: {
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
      },
    },
    (request, reply) => answer('self', request.params.purl, request.query, reply),
  );

  app.get(
    '/v0/package/:purl/dependencies',
    {
      schema: {
        operationId: 'getPackageDeps',
        summary: 'Transitive dependencies of the package(s) a purl names',
        tags: ['packages'],
        params: PurlParamsSchema,
        querystring: PaginationQuerySchema,
        response: {
          ...okResponse(
            'Package versions the named packages depend on, sorted, one page',
            DependencyListSchema,
            'body',
          ),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) => answer('dependencies', request.params.purl, request.query, reply),
  );

  app.get(
    '/v0/package/:purl/dependents',
    {
      schema: {
        operationId: 'getPackageDependents',
        summary: 'Package versions that depend, transitively, on the package(s) a purl names',
        description:
          'The exact inverse of `/dependencies`: A is listed for B exactly when B is among the dependencies of A. ' +
          '`direct=true`: only the versions with a dependency or SBOM inclusion of a named package (or its equivalents).',
        tags: ['packages'],
        params: PurlParamsSchema,
        querystring: DependentsQuerySchema,
        response: {
          ...okResponse(
            'Package versions depending on the named packages, sorted, one page',
            DependentListSchema,
            'body',
          ),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) => answer('dependents', request.params.purl, request.query, reply),
  );

  app.get(
    '/v0/package/:purl/artifacts',
    {
      schema: {
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
      },
    },
    (request, reply) => answer('artifacts', request.params.purl, request.query, reply),
  );

  app.get(
    '/v0/package/:purl/vulns',
    {
      schema: {
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
      },
    },
    (request, reply) => answer('vulns', request.params.purl, request.query, reply),
  );

  // Clients that do not percent-encode the purl's slashes still reach the right resource.
  app.get(
    '/v0/package/*',
    {
      schema: {
        hide: true,
        params: Type.Object({ '*': Type.String() }),
        querystring: PackageQuerySchema,
      },
    },
    (request, reply) => {
      const { resource, purl } = splitResource(request.params['*']);
      return answer(resource, purl, request.query, reply);
    },
  );
  return Promise.resolve();
};

export default packageRoutes;
