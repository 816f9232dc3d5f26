// /v0/artifact/{digest}/dependencies, /v0/artifact/{digest}/vulns
import type { FastifyInstance } from 'fastify';
import { artifactDependencies } from '../../query/dependencies.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { artifactVulnerabilities, artifactVulnKey } from '../../query/vulnerabilities.js';
import { versionTag, type ApiContext } from '../context.js';
import { answerCached, pageRequestOf, paginationInfo, parseBoolean, type PaginationQuery } from '../respond.js';
import {
  artifactVulnerabilityListResponse,
  dataRouteErrors,
  includeDependenciesProperty,
  notModifiedResponse,
  okResponse,
  paginationQueryProperties,
  problemResponses,
  purlListResponse,
} from '../schemas/common.js';

type Query = PaginationQuery & { includeDependencies?: string };

const digestParam = {
  type: 'object',
  properties: {
    digest: { type: 'string', description: '<algorithm>:<digest>, or the digest alone when one algorithm has it.' },
  },
  required: ['digest'],
} as const;

const identity = (s: string): string[] => [s];

export function artifactRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { digest: string }; Querystring: Query }>(
    '/v0/artifact/:digest/dependencies',
    {
      schema: {
        operationId: 'getArtifactDeps',
        summary: 'Transitive dependencies of an artifact (its SBOM is authoritative: packages in it are leaves)',
        tags: ['artifacts'],
        params: digestParam,
        querystring: { type: 'object', properties: paginationQueryProperties },
        response: {
          ...okResponse('Package versions the artifact depends on, sorted, one page', purlListResponse, 'body'),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) =>
      answerCached(ctx, request, reply, ctx.service.version, versionTag(ctx), () => {
        const purls = artifactDependencies(ctx.service.index, request.params.digest);
        const page = paginate(
          purls,
          identity,
          pageRequestOf(request.query),
          ctx.limits,
          () => scopeOf('artifact-dependencies', request.params.digest.toLowerCase()),
          ctx.service.version,
        );
        return { body: { PaginationInfo: paginationInfo(page), PurlList: page.items } };
      }),
  );

  app.get<{ Params: { digest: string }; Querystring: Query }>(
    '/v0/artifact/:digest/vulns',
    {
      schema: {
        operationId: 'getArtifactVulns',
        summary:
          'Vulnerabilities of the packages an artifact is an occurrence of (optionally of its dependencies), VEX applied',
        tags: ['artifacts'],
        params: digestParam,
        querystring: {
          type: 'object',
          properties: { ...paginationQueryProperties, includeDependencies: includeDependenciesProperty },
        },
        response: {
          ...okResponse(
            'One entry per (package, vulnerability), aliases folded, one page',
            artifactVulnerabilityListResponse,
            'body',
          ),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) =>
      answerCached(ctx, request, reply, ctx.service.version, versionTag(ctx), () => {
        const include = parseBoolean(request.query.includeDependencies);
        const vulns = artifactVulnerabilities(ctx.service.index, request.params.digest, include);
        const page = paginate(
          vulns,
          artifactVulnKey,
          pageRequestOf(request.query),
          ctx.limits,
          () => scopeOf('artifact-vulns', request.params.digest.toLowerCase(), include),
          ctx.service.version,
        );
        return { body: { PaginationInfo: paginationInfo(page), vulnerabilities: page.items } };
      }),
  );
}
