// /v0/findings and /v0/findings/summary (docs/api.md, "Findings"): the findings of each
// project's latest build (or every build of one project), filtered, sorted and paged; and their
// counts. The builds are read from the project catalogue, the findings from the index.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { GraphView } from '../../index/graph-view.js';
import {
  findingKey,
  findingSummary,
  parseSeverity,
  portfolioFindingsInSlices,
  selectBuilds,
  type FindingFilters,
  type FindingOrder,
  type FindingRow,
} from '../../query/findings.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { vulnerabilityIds } from '../../query/vulnerabilities.js';
import { pageRequestOf } from '../paging.js';
import { repeated } from '../query-parameters.js';
import {
  FindingListSchema,
  FindingQuerySchema,
  FindingSummaryQuerySchema,
  FindingSummarySchema,
  type FindingBody,
  type FindingList,
  type FindingSummaryBody,
  type FindingSummaryQuery,
} from '../schemas/findings.js';
import { buildBody } from '../schemas/projects.js';
import { exploitationFiltersOf } from '../../query/exploitation-filter.js';
import { jsonResponse, problemResponses, requestErrors } from '../schemas/responses.js';

function filtersOf(q: FindingSummaryQuery): FindingFilters {
  return {
    ...(q.severity === undefined ? {} : { severity: parseSeverity(q.severity, 'severity') }),
    ...(q.ecosystem === undefined ? {} : { ecosystem: q.ecosystem }),
    ...(q.package === undefined ? {} : { package: q.package }),
    ...(q.vulnerability === undefined ? {} : { vulnerability: q.vulnerability }),
    ...(q.suppressed === undefined ? {} : { suppressed: q.suppressed }),
    ...(q.fixAvailable === undefined ? {} : { fixAvailable: q.fixAvailable === 'true' }),
    ...exploitationFiltersOf(q),
  };
}

/** The rows of a question: its builds from the store, their findings from the index at one version. */
async function findingRows(app: FastifyInstance, q: FindingSummaryQuery, order: FindingOrder = 'severity') {
  const selection = {
    builds: q.builds ?? 'latest',
    ...(q.project === undefined ? {} : { project: q.project }),
    ...(q.label === undefined ? {} : { labels: repeated(q.label) }),
  };
  const builds = await selectBuilds(app.ports.projects, selection, app.pageLimits.listCap);
  const rows = await portfolioFindingsInSlices(() => app.indexService.index, builds, filtersOf(q), order);
  const { index, version } = app.indexService;
  return { builds, rows, index, version };
}

function findingBody(index: GraphView, r: FindingRow): FindingBody {
  const f = r.finding;
  const ids = vulnerabilityIds(index, f.vuln);
  return {
    project: r.project,
    build: buildBody(r.build),
    package: index.keyOf(f.pkg),
    vulnerability: { id: index.keyOf(f.vuln), vulnerabilityIDs: ids, ...index.exploitation.of(ids) },
    severity: f.severity,
    ...(f.cvssScore === undefined ? {} : { cvssScore: f.cvssScore }),
    fixAvailable: f.fixedIn.length > 0,
    fixedIn: f.fixedIn,
    vex: f.vex
      ? {
          status: f.vex.status,
          ...(f.vex.justification ? { justification: f.vex.justification } : {}),
          ...(f.vex.statement ? { statement: f.vex.statement } : {}),
          subject: index.keyOf(f.vex.subject),
        }
      : null,
    suppressed: f.suppressed,
    path: f.path.map(index.keyOf),
  };
}

const listRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'listFindings',
    summary: "Vulnerabilities reaching each project's latest build, worst first",
    tags: ['projects'],
    querystring: FindingQuerySchema,
    response: {
      200: jsonResponse('One page of findings', FindingListSchema),
      ...requestErrors,
      ...problemResponses(400, 401, 429, 502),
    },
  };
  app.get('/v0/findings', { config: { access: 'read' }, schema }, async (request) => {
    const order = request.query.sort ?? 'severity';
    const { rows, index, version } = await findingRows(app, request.query, order);
    const { PageSize, Cursor, ...filters } = request.query;
    const page = paginate(
      rows,
      (r) => findingKey(index, r, order),
      pageRequestOf({ PageSize, Cursor }),
      app.pageLimits,
      () => scopeOf('findings', JSON.stringify(filters)),
      version,
    );
    const body: FindingList = {
      PaginationInfo: { TotalCount: page.totalCount },
      findings: page.items.map((r) => findingBody(index, r)),
    };
    if (page.nextCursor !== undefined) body.PaginationInfo.NextCursor = page.nextCursor;
    return body;
  });
  return Promise.resolve();
};

const summaryRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'summarizeFindings',
    summary: 'Findings counted by severity, overall and per project build',
    tags: ['projects'],
    querystring: FindingSummaryQuerySchema,
    response: {
      200: jsonResponse('The counts', FindingSummarySchema),
      ...requestErrors,
      ...problemResponses(400, 401, 429, 502),
    },
  };
  app.get('/v0/findings/summary', { config: { access: 'read' }, schema }, async (request) => {
    const { builds, rows } = await findingRows(app, request.query);
    const summary = findingSummary(builds, rows);
    const body: FindingSummaryBody = {
      total: summary.total,
      bySeverity: summary.bySeverity,
      projects: summary.projects.map((p) => ({ ...p, build: buildBody(p.build) })),
    };
    return body;
  });
  return Promise.resolve();
};

const findingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(listRoute);
  await app.register(summaryRoute);
};

export default findingRoutes;
