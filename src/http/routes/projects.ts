// /v0/projects: projects and their builds (docs/api.md, "Projects and builds"), read from the
// project catalogue; labels set on a project, and a build moved to another project. Project
// names hold slashes ("@acme/orders", "ghcr.io/acme/api"): one wildcard route takes the rest of
// the path, percent-encoded or not.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documentDigest } from '../../query/documents.js';
import { validatePageSize } from '../../query/pagination.js';
import { buildInputOf, existingProject, labelPairs, projectDetail, projectPage } from '../../query/projects.js';
import { byFindings, countsPerBuild, portfolioFindingsInSlices } from '../../query/findings.js';
import { paginate, scopeOf } from '../../query/pagination.js';
import { ProblemError } from '../errors.js';
import { pageRequestOf } from '../paging.js';
import { repeated } from '../query-parameters.js';
import { DOCUMENTS_PATH, PROJECTS_PATH } from '../paths.js';
import {
  buildBody,
  MoveBuildQuerySchema,
  ProjectDetailQuerySchema,
  ProjectDetailSchema,
  ProjectLabelQuerySchema,
  ProjectListQuerySchema,
  ProjectListSchema,
  ProjectSummarySchema,
  projectSummary,
  type ProjectDetail,
  type ProjectList,
} from '../schemas/projects.js';
import { DocumentParamsSchema } from '../schemas/documents.js';
import { jsonResponse, problemResponses, requestErrors } from '../schemas/responses.js';

const NameParamsSchema = Type.Object({
  name: Type.String({
    description: 'The project name, percent-encoded (`%40acme%2Forders`); unencoded slashes work too.',
  }),
});

/** The same routes for names with unencoded slashes ("@acme/orders"), left out of the API description. */
const UNENCODED_PARAMS = Type.Object({ '*': Type.String() });

/** The page size asked for, checked; the configured cap when none. */
function pageSizeOf(
  app: { pageLimits: Parameters<typeof validatePageSize>[1] },
  query: object,
): { size: number; cursor?: string } {
  const page = pageRequestOf(query);
  validatePageSize(page.pageSize, app.pageLimits);
  return {
    size: page.pageSize ?? app.pageLimits.listCap,
    ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
  };
}

const listRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'listProjects',
    summary: 'Projects with their latest build, by name or by last build',
    tags: ['projects'],
    querystring: ProjectListQuerySchema,
    response: {
      200: jsonResponse('One page of projects', ProjectListSchema),
      ...requestErrors,
      ...problemResponses(400, 401, 429, 502),
    },
  };
  app.get(PROJECTS_PATH, { config: { access: 'read' }, schema }, async (request) => {
    const { name, label, sort } = request.query;
    const { size, cursor } = pageSizeOf(app, request.query);
    const filters = {
      ...(name === undefined ? {} : { namePrefix: name }),
      ...(label ? { labels: repeated(label) } : {}),
    };
    if (sort === 'findings') return projectsByFindings(app, filters, request.query);
    const page = await projectPage(app.ports.projects, filters, sort ?? 'name', size, cursor);
    const body: ProjectList = {
      PaginationInfo: { TotalCount: page.total },
      unassigned: page.unassigned,
      projects: page.projects.map(projectSummary),
    };
    if (page.nextCursor !== undefined) body.PaginationInfo.NextCursor = page.nextCursor;
    return body;
  });
  return Promise.resolve();
};

/**
 * The projects ranked by their latest build's findings: every project the filters keep is read
 * (one row each) and ranked on the index, then paged as the index's lists are (offset cursors
 * at one index version).
 */
async function projectsByFindings(
  app: FastifyInstance,
  filters: { namePrefix?: string; labels?: string[] },
  query: { PageSize?: number; Cursor?: string },
): Promise<ProjectList> {
  const { list, total, unassigned } = await allProjects(app, filters);
  const ranked = await byFindings(() => app.indexService.index, list);
  const page = paginate(
    ranked,
    (p) => [p.name],
    pageRequestOf(query),
    app.pageLimits,
    () => scopeOf('projects-by-findings', JSON.stringify(filters)),
    app.indexService.version,
  );
  const body: ProjectList = {
    PaginationInfo: { TotalCount: total },
    unassigned,
    projects: page.items.map(projectSummary),
  };
  if (page.nextCursor !== undefined) body.PaginationInfo.NextCursor = page.nextCursor;
  return body;
}

async function allProjects(app: FastifyInstance, filters: { namePrefix?: string; labels?: string[] }) {
  const labels = labelPairs(filters.labels);
  const list = await app.ports.projects.latestBuilds({
    ...(filters.namePrefix === undefined ? {} : { namePrefix: filters.namePrefix }),
    labels,
  });
  const { unassigned } = await app.ports.projects.listProjects({ sort: 'name', labels, limit: 1 });
  return { list, total: list.length, unassigned };
}

const nameOf = (request: FastifyRequest): string => {
  const params = request.params as { name?: string; '*'?: string };
  return params.name ?? params['*'] ?? '';
};

/** Registers a project route twice: at `/v0/projects/:name`, described, and at `/v0/projects/*`, hidden. */
function bothNames(schema: { params: unknown }): [string, { params: unknown; hide?: boolean }][] {
  return [
    [`${PROJECTS_PATH}/:name`, schema],
    [`${PROJECTS_PATH}/*`, { ...schema, params: UNENCODED_PARAMS, hide: true }],
  ];
}

const showRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'getProject',
    summary: 'One project: its labels, latest build and a page of its builds, newest first',
    tags: ['projects'],
    params: NameParamsSchema,
    querystring: ProjectDetailQuerySchema,
    response: {
      200: jsonResponse('The project', ProjectDetailSchema),
      ...requestErrors,
      ...problemResponses(400, 401, 404, 429, 502),
    },
  };
  for (const [path, routeSchema] of bothNames(schema))
    app.get(path, { config: { access: 'read' }, schema: routeSchema as typeof schema }, async (request) => {
      const { size, cursor } = pageSizeOf(app, request.query);
      const detail = await projectDetail(app.ports.projects, nameOf(request), size, cursor);
      const builds = detail.builds.map((build) => ({ project: detail.project.name, build }));
      const counts = countsPerBuild(builds, await portfolioFindingsInSlices(() => app.indexService.index, builds, {}));
      const body: ProjectDetail = {
        ...projectSummary(detail.project),
        PaginationInfo: { TotalCount: detail.project.builds },
        history: detail.builds.map((b) => ({ ...buildBody(b), findings: counts.get(b.document)! })),
      };
      if (detail.nextCursor !== undefined) body.PaginationInfo.NextCursor = detail.nextCursor;
      return body;
    });
  return Promise.resolve();
};

const labelRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'setProjectLabels',
    summary: 'Set or remove labels of a project (the other labels stay as they are)',
    tags: ['projects'],
    params: NameParamsSchema,
    querystring: ProjectLabelQuerySchema,
    response: {
      200: jsonResponse('The project, labels changed', ProjectSummarySchema),
      ...requestErrors,
      ...problemResponses(400, 401, 403, 404, 429, 502),
    },
  };
  for (const [path, routeSchema] of bothNames(schema))
    app.patch(path, { config: { access: 'ingest' }, schema: routeSchema as typeof schema }, async (request) => {
      const name = nameOf(request);
      const changes: Record<string, string | null> = Object.fromEntries(labelPairs(repeated(request.query.label)));
      for (const key of repeated(request.query.unset) ?? []) changes[key] = null;
      const found = await app.ports.projects.setProjectLabels(name, changes);
      await app.audit(request, { action: 'project.labels', digest: null, result: found ? 'changed' : 'not-found' });
      if (!found) throw new ProblemError('SG_PROJECT_NOT_FOUND', `no project is named "${name}"`);
      return projectSummary(await existingProject(app.ports.projects, name));
    });
  return Promise.resolve();
};

const moveRoute: FastifyPluginAsyncTypebox = (app) => {
  const schema = {
    operationId: 'moveBuild',
    summary: 'Move the build an SBOM document is to another project',
    tags: ['projects'],
    params: DocumentParamsSchema,
    querystring: MoveBuildQuerySchema,
    response: {
      200: jsonResponse('Moved: the project it is a build of now', ProjectSummarySchema),
      ...requestErrors,
      ...problemResponses(400, 401, 403, 404, 409, 429, 502),
    },
  };
  app.put(`${DOCUMENTS_PATH}/:digest/project`, { config: { access: 'ingest' }, schema }, async (request) => {
    const digest = documentDigest(request.params.digest);
    const project = buildInputOf({ project: request.query.name })!.project!;
    const result = await app.ports.projects.moveBuild(digest, project, new Date().toISOString());
    await app.audit(request, { action: 'build.move', digest, result });
    if (result === 'not-found') throw new ProblemError('SG_DOCUMENT_NOT_FOUND', `no document has the digest ${digest}`);
    if (result === 'not-a-build') {
      throw new ProblemError('SG_NOT_A_BUILD', `the document ${digest} has no SBOM, so it is no build of a project`);
    }
    return projectSummary(await existingProject(app.ports.projects, project));
  });
  return Promise.resolve();
};

const projectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(listRoute);
  await app.register(showRoute);
  await app.register(labelRoute);
  await app.register(moveRoute);
};

export default projectRoutes;
