// /v0/artifact/{digest}/dependencies, /v0/artifact/{digest}/vulns
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { artifactDependencies } from '../../query/dependencies.js';
import { filterByLicense, parseLicenseFilter } from '../../query/licenses.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { artifactVulnerabilities, artifactVulnKey } from '../../query/vulnerabilities.js';
import { pageRequestOf, paginationInfo, parseBoolean } from '../paging.js';
import { ArtifactInfoSchema } from '../schemas/artifact-info.js';
import { PurlListSchema, type PurlList } from '../schemas/lists.js';
import { DependencyQuerySchema } from '../schemas/licenses.js';
import { VulnerabilityQuerySchema } from '../schemas/pagination.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';
import { ArtifactVulnerabilityListSchema, type ArtifactVulnerabilityList } from '../schemas/vulnerabilities.js';

const DigestParamsSchema = Type.Object({
  digest: Type.String({ description: '<algorithm>:<digest>, or the digest alone when one algorithm has it.' }),
});

const identity = (s: string): string[] => [s];

const artifactRoutes: FastifyPluginAsyncTypebox = (app) => {
  app.get(
    '/v0/artifact/:digest/dependencies',
    {
      schema: {
        operationId: 'getArtifactDeps',
        summary: 'Transitive dependencies of an artifact (its SBOM is authoritative: packages in it are leaves)',
        description: '`license`: only the dependencies under that licence (or, `unknown`, without one).',
        tags: ['artifacts'],
        params: DigestParamsSchema,
        querystring: DependencyQuerySchema,
        response: {
          ...okResponse('Package versions the artifact depends on, sorted, one page', PurlListSchema, 'body'),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    (request, reply) => {
      const service = app.indexService;
      return reply.sendCached(service.version, app.versionTag(), () => {
        const { license } = request.query;
        const filter = license === undefined ? undefined : parseLicenseFilter(license);
        const all = artifactDependencies(service.index, request.params.digest);
        const purls = filter ? filterByLicense(service.index, all, filter) : all;
        const licenseScope = filter ? ['license', JSON.stringify(filter)] : [];
        const page = paginate(
          purls,
          identity,
          pageRequestOf(request.query),
          app.pageLimits,
          () => scopeOf('artifact-dependencies', request.params.digest.toLowerCase(), ...licenseScope),
          service.version,
        );
        const body: PurlList = { PaginationInfo: paginationInfo(page), PurlList: page.items };
        return { body, schema: PurlListSchema };
      });
    },
  );

  app.get(
    '/v0/artifact/:digest/info',
    {
      schema: {
        operationId: 'getArtifactInfo',
        summary: 'What the graph knows of one artifact: subjects, provenance, documents, counts',
        tags: ['artifacts'],
        params: DigestParamsSchema,
        response: {
          ...okResponse('The artifact with its subjects, provenance, documents and counts', ArtifactInfoSchema, 'body'),
          ...notModifiedResponse,
          ...dataRouteErrors,
          ...problemResponses(404),
        },
      },
    },
    () => {
      // CONTRACT STUB (branch ui-contract only): the implementation replaces it.
      throw new Error('not implemented yet');
    },
  );

  app.get(
    '/v0/artifact/:digest/vulns',
    {
      schema: {
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
      },
    },
    (request, reply) => {
      const service = app.indexService;
      return reply.sendCached(service.version, app.versionTag(), () => {
        const include = parseBoolean(request.query.includeDependencies);
        const vulns = artifactVulnerabilities(service.index, request.params.digest, include);
        const page = paginate(
          vulns,
          artifactVulnKey,
          pageRequestOf(request.query),
          app.pageLimits,
          () => scopeOf('artifact-vulns', request.params.digest.toLowerCase(), include),
          service.version,
        );
        const body: ArtifactVulnerabilityList = { PaginationInfo: paginationInfo(page), vulnerabilities: page.items };
        return { body, schema: ArtifactVulnerabilityListSchema };
      });
    },
  );
  return Promise.resolve();
};

export default artifactRoutes;
