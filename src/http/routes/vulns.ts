// /v0/vuln/{id}, /v0/vuln/{id}/packages, /v0/vuln/{id}/dependents, /v0/vuln/{id}/artifacts
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { BlastMode } from '../../index/blast-walk.js';
import type { GraphView } from '../../index/graph-view.js';
import { affectedPackages, blastRadius, statementView } from '../../query/blast-radius.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { resolveVulnerability } from '../../query/resolve.js';
import { vulnerabilityRecord } from '../../query/vuln-record.js';
import { exploitationOfVuln, latestVexRecord } from '../../query/vulnerabilities.js';
import { pageRequestOf, paginationInfo } from '../paging.js';
import type { ComputedAnswer } from '../plugins/app/response-cache.js';
import { dataRouteErrors, notModifiedResponse, okResponse, problemResponses } from '../schemas/responses.js';
import {
  VulnArtifactListSchema,
  VulnDependentListSchema,
  VulnListQuerySchema,
  VulnPackageListSchema,
  VulnParamsSchema,
  VulnRecordSchema,
  type VulnArtifactList,
  type VulnDependentList,
  type VulnListQuery,
  type VulnPackageList,
} from '../schemas/vuln-record.js';

type Resource = 'packages' | 'dependents' | 'artifacts';

/** Cursors are scoped by the alias set, so a cursor from the CVE's list pages the GHSA's too. */
const scope = (index: GraphView, vuln: number, resource: Resource, include: boolean) => () =>
  scopeOf('vuln', resource, index.keyOf(index.aliasRoot(vuln)), include);

function packagesAnswer(app: FastifyInstance, id: string, query: VulnListQuery): ComputedAnswer {
  const index = app.indexService.index;
  const vuln = resolveVulnerability(index, id);
  const include = query.include === 'suppressed';
  const { affected, suppressed } = affectedPackages(index, vuln);
  const ids = index.sortPackages(include ? [...affected.keys(), ...suppressed.keys()] : affected.keys());
  const page = paginate(
    ids,
    (pkg) => [index.keyOf(pkg)],
    pageRequestOf(query),
    app.pageLimits,
    scope(index, vuln, 'packages', include),
    app.indexService.version,
  );
  const body: VulnPackageList = {
    PaginationInfo: paginationInfo(page),
    packages: page.items.map((pkg) => {
      const off = suppressed.get(pkg);
      return {
        purl: index.keyOf(pkg),
        evidence: off ? off.evidence : affected.get(pkg)!,
        vex: latestVexRecord(index, pkg, vuln)?.status ?? null,
        ...(off ? { suppressedBy: statementView(index, off.by) } : {}),
      };
    }),
  };
  return { body, schema: VulnPackageListSchema };
}

function blastAnswer(app: FastifyInstance, id: string, query: VulnListQuery, mode: BlastMode): ComputedAnswer {
  const index = app.indexService.index;
  const vuln = resolveVulnerability(index, id);
  const include = query.include === 'suppressed';
  const radius = blastRadius(index, vuln, mode, include);
  const page = paginate(
    radius.items,
    (node) => [index.keyOf(node)],
    pageRequestOf(query),
    app.pageLimits,
    scope(index, vuln, mode === 'packages' ? 'dependents' : 'artifacts', include),
    app.indexService.version,
  );
  // Paths only for the page: the walk left every node's next hop, so each is a few array reads.
  const items = page.items.map((node) => {
    const by = radius.suppressedBy.get(node);
    return {
      key: index.keyOf(node),
      via: radius.via(node).map(index.keyOf),
      ...(by ? { suppressedBy: statementView(index, by) } : {}),
    };
  });
  if (mode === 'packages') {
    const body: VulnDependentList = {
      PaginationInfo: paginationInfo(page),
      ...exploitationOfVuln(index, vuln),
      dependents: items.map(({ key, ...rest }) => ({ purl: key, ...rest })),
    };
    return { body, schema: VulnDependentListSchema };
  }
  const body: VulnArtifactList = {
    PaginationInfo: paginationInfo(page),
    ...exploitationOfVuln(index, vuln),
    artifacts: items.map(({ key, ...rest }) => ({ digest: key, ...rest })),
  };
  return { body, schema: VulnArtifactListSchema };
}

/** The vulnerability record, merged over its aliases, at the index's current version. */
function recordAnswer(app: FastifyInstance, id: string): ComputedAnswer {
  const index = app.indexService.index;
  const body = vulnerabilityRecord(index, resolveVulnerability(index, id));
  return { body, schema: VulnRecordSchema };
}

const listErrors = { ...notModifiedResponse, ...dataRouteErrors, ...problemResponses(404) };

const RECORD_SCHEMA = {
  operationId: 'getVuln',
  summary: 'One vulnerability, merged from every document that names it or an alias, with the sizes of its lists',
  tags: ['vulnerabilities'],
  params: VulnParamsSchema,
  response: {
    ...okResponse('The vulnerability record', VulnRecordSchema, 'body'),
    ...listErrors,
  },
};

const recordRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/vuln/:id', { schema: RECORD_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () => recordAnswer(app, request.params.id)),
  );
  return Promise.resolve();
};

const PACKAGES_SCHEMA = {
  operationId: 'getVulnPackages',
  summary: 'Package versions that have the vulnerability (scanned or matched by an advisory), with the evidence',
  description:
    'A package version whose deciding VEX statement (its own, else one about its purl without a version) is `not_affected` or `fixed` is left out; ' +
    '`include=suppressed` lists it too, with that statement.',
  tags: ['vulnerabilities'],
  params: VulnParamsSchema,
  querystring: VulnListQuerySchema,
  response: {
    ...okResponse('Affected package versions, sorted by purl, one page', VulnPackageListSchema, 'body'),
    ...listErrors,
  },
};

const packagesRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/vuln/:id/packages', { schema: PACKAGES_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () =>
      packagesAnswer(app, request.params.id, request.query),
    ),
  );
  return Promise.resolve();
};

const DEPENDENTS_SCHEMA = {
  operationId: 'getVulnDependents',
  summary: 'Package versions whose dependencies include an affected one, each with one shortest path',
  description:
    'D is listed exactly when `/v0/package/{D}/vulns?includeDependencies=true` reports the vulnerability for a ' +
    'package among `/v0/package/{D}/dependencies`. A VEX statement about D or an equivalent that takes it off ' +
    'removes D; `include=suppressed` lists it with that statement.',
  tags: ['vulnerabilities'],
  params: VulnParamsSchema,
  querystring: VulnListQuerySchema,
  response: {
    ...okResponse('Dependent package versions, sorted by purl, one page', VulnDependentListSchema, 'body'),
    ...listErrors,
  },
};

const dependentsRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/vuln/:id/dependents', { schema: DEPENDENTS_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () =>
      blastAnswer(app, request.params.id, request.query, 'packages'),
    ),
  );
  return Promise.resolve();
};

const ARTIFACTS_SCHEMA = {
  operationId: 'getVulnArtifacts',
  summary: 'Artifacts (images, binaries) that contain an affected package version, each with one shortest path',
  description:
    'A is listed exactly when `/v0/artifact/{A}/vulns?includeDependencies=true` lists the vulnerability. ' +
    '`include=suppressed` also lists the artifacts a VEX statement takes it off, with that statement.',
  tags: ['vulnerabilities'],
  params: VulnParamsSchema,
  querystring: VulnListQuerySchema,
  response: {
    ...okResponse('Artifacts, sorted by digest, one page', VulnArtifactListSchema, 'body'),
    ...listErrors,
  },
};

const artifactsRoute: FastifyPluginAsyncTypebox = (app) => {
  app.get('/v0/vuln/:id/artifacts', { schema: ARTIFACTS_SCHEMA }, (request, reply) =>
    reply.sendCached(app.indexService.version, app.versionTag(), () =>
      blastAnswer(app, request.params.id, request.query, 'artifacts'),
    ),
  );
  return Promise.resolve();
};

const vulnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(recordRoute);
  await app.register(packagesRoute);
  await app.register(dependentsRoute);
  await app.register(artifactsRoute);
};

export default vulnRoutes;
