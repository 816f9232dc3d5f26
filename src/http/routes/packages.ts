// /v0/package/{purl}, /v0/package/{purl}/dependencies, /v0/package/{purl}/vulns
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { packageDependencies } from '../../query/dependencies.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { canonicalQueryPurl, matchPackages } from '../../query/resolve.js';
import { packageVulnerabilities, packageVulnKey } from '../../query/vulnerabilities.js';
import { canonicalPurl } from '../../model/purl.js';
import { versionTag, type ApiContext } from '../context.js';
import {
  answerCached,
  pageHeaders,
  pageRequestOf,
  paginationInfo,
  parseBoolean,
  type PaginationQuery,
} from '../respond.js';
import {
  dataRouteErrors,
  dependencyListResponse,
  includeDependenciesProperty,
  notModifiedResponse,
  okResponse,
  packageVulnerabilityListResponse,
  paginationQueryProperties,
  problemResponses,
  purlListResponse,
} from '../schemas/common.js';

type Resource = 'self' | 'dependencies' | 'vulns';
type Query = PaginationQuery & { includeDependencies?: string };

const purlParam = {
  type: 'object',
  properties: { purl: { type: 'string', description: 'URL-encoded Package URL; partial purls are templates.' } },
  required: ['purl'],
} as const;

const identity = (s: string): string[] => [s];

/**
 * An unencoded path "<purl>/dependencies" or "<purl>/vulns" names that resource of the purl when
 * the part before the suffix is a purl; otherwise the whole path is the purl (so a package named
 * "dependencies" or "vulns" must be percent-encoded). Only the parse decides: a purl that parses
 * but names nothing known is the resource's 404, never a fallback to the package list.
 */
function splitResource(rest: string): { resource: Resource; purl: string } {
  for (const resource of ['dependencies', 'vulns'] as const) {
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

export function packageRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const answer = (
    resource: Resource,
    purlText: string,
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
  ): FastifyReply =>
    answerCached(ctx, request, reply, ctx.service.version, versionTag(ctx), () => {
      const index = ctx.service.index;
      const version = ctx.service.version;
      const pageRequest = pageRequestOf(request.query);
      if (resource === 'self') {
        const canonical = canonicalQueryPurl(purlText);
        const purls = index.sortPackages(matchPackages(index, canonical)).map((id) => index.keys[id]);
        const page = paginate(purls, identity, pageRequest, ctx.limits, () => scopeOf('package', canonical), version);
        return { body: { PaginationInfo: paginationInfo(page), PurlList: page.items } };
      }
      if (resource === 'dependencies') {
        const purls = packageDependencies(index, purlText);
        const page = paginate(
          purls,
          identity,
          pageRequest,
          ctx.limits,
          () => scopeOf('dependencies', canonicalPurl(purlText)),
          version,
        );
        return { body: { PaginationInfo: paginationInfo(page), dependencies: page.items } };
      }
      const include = parseBoolean(request.query.includeDependencies);
      const vulns = packageVulnerabilities(index, purlText, include);
      const page = paginate(
        vulns,
        packageVulnKey,
        pageRequest,
        ctx.limits,
        () => scopeOf('vulns', canonicalPurl(purlText), include),
        version,
      );
      return { body: page.items, headers: pageHeaders(request, page) };
    });

  const paginationOnly = { type: 'object', properties: paginationQueryProperties } as const;
  app.get<{ Params: { purl: string }; Querystring: Query }>(
    '/v0/package/:purl',
    {
      schema: {
        operationId: 'getPackagePurls',
        summary: 'Every package version matching a (possibly partial) purl',
        description:
          'The purl is a template: type, namespace and name must match, version and subpath only when given, and ' +
          'the given qualifiers must be a subset. No match is an empty list.',
        tags: ['packages'],
        params: purlParam,
        querystring: paginationOnly,
        response: {
          ...okResponse('Matching package versions, sorted, one page', purlListResponse, 'body'),
          ...notModifiedResponse,
          ...dataRouteErrors,
        },
      },
    },
    (request, reply) => answer('self', request.params.purl, request, reply),
  );

  app.get<{ Params: { purl: string }; Querystring: Query }>(
    '/v0/package/:purl/dependencies',
    {
      schema: {
        operationId: 'getPackageDeps',
        summary: 'Transitive dependencies of the package(s) a purl names',
        tags: ['packages'],
        params: purlParam,
        querystring: paginationOnly,
        response: {
          ...okResponse(
            'Package versions the named packages depend on, sorted, one page',
            dependencyListResponse,
            'body',
          ),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) => answer('dependencies', request.params.purl, request, reply),
  );

  app.get<{ Params: { purl: string }; Querystring: Query }>(
    '/v0/package/:purl/vulns',
    {
      schema: {
        operationId: 'getPackageVulns',
        summary: 'Vulnerabilities of the package(s) a purl names, optionally of their dependencies too',
        tags: ['packages'],
        params: purlParam,
        querystring: {
          type: 'object',
          properties: { ...paginationQueryProperties, includeDependencies: includeDependenciesProperty },
        },
        response: {
          ...okResponse(
            'One entry per (package, vulnerability, scan), VEX applied, one page',
            packageVulnerabilityListResponse,
            'headers',
          ),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) => answer('vulns', request.params.purl, request, reply),
  );

  // Clients that do not percent-encode the purl's slashes still reach the right resource.
  app.get<{ Params: { '*': string }; Querystring: Query }>(
    '/v0/package/*',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          properties: { ...paginationQueryProperties, includeDependencies: includeDependenciesProperty },
        },
      },
    },
    (request, reply) => {
      const { resource, purl } = splitResource(request.params['*']);
      return answer(resource, purl, request, reply);
    },
  );
}
