// Projects and their builds (docs/api.md, "Projects and builds"), read through the project
// catalogue: a page of projects (by name, or by last build, newest first), one project with a
// page of its builds (newest first), and what an upload or a move says about a build. Keyset
// cursors (cursor.ts) name the list and its filters, so a page never repeats or skips a row
// while builds arrive.
import { BuildInputError, checkBuildInput, parseLabels, type BuildInput } from '../model/build.js';
import type { ProjectCatalogue, ProjectQuery, StoredBuild, StoredProject } from '../store/types.js';
import { decodeKeyCursor, encodeKeyCursor } from './cursor.js';
import { InvalidInputError, NotFoundError } from './errors.js';

export type ProjectSort = ProjectQuery['sort'];

export interface ProjectFilters {
  namePrefix?: string;
  /** key=value texts, as ?label= gives them. */
  labels?: readonly string[];
}

export interface ProjectPage {
  projects: StoredProject[];
  total: number;
  /** SBOMs stored without a project (docs/api.md: moved into one with PUT …/project). */
  unassigned: number;
  nextCursor?: string;
}

function listOf(filters: ProjectFilters, sort: ProjectSort): string {
  return `projects:${JSON.stringify([filters.namePrefix ?? null, filters.labels ?? [], sort])}`;
}

/** ?label= texts as (key, value) pairs; 400 naming the parameter for one that is not key=value. */
export function labelPairs(texts: readonly string[] | undefined): (readonly [string, string])[] {
  try {
    return Object.entries(parseLabels(texts ?? []));
  } catch (err) {
    throw asInvalidInput(err);
  }
}

/** One page of projects under `filters`, with the cursor of the next. */
export async function projectPage(
  catalogue: Pick<ProjectCatalogue, 'listProjects'>,
  filters: ProjectFilters,
  sort: ProjectSort,
  pageSize: number,
  cursor: string | undefined,
): Promise<ProjectPage> {
  const list = listOf(filters, sort);
  const after = cursor === undefined ? undefined : decodeKeyCursor(list, cursor, ['string', 'string']);
  const { projects, total, unassigned } = await catalogue.listProjects({
    ...(filters.namePrefix === undefined ? {} : { namePrefix: filters.namePrefix }),
    labels: labelPairs(filters.labels),
    sort,
    ...(after ? { after: { name: after[0] as string, latestBuiltAt: after[1] as string } } : {}),
    limit: pageSize + 1,
  });
  const shown = projects.slice(0, pageSize);
  const page: ProjectPage = { projects: shown, total, unassigned };
  if (projects.length > pageSize) {
    const last = shown[pageSize - 1];
    page.nextCursor = encodeKeyCursor(list, [last.name, last.latest?.builtAt ?? '']);
  }
  return page;
}

export interface ProjectDetail {
  project: StoredProject;
  builds: StoredBuild[];
  nextCursor?: string;
}

/** The project named; 404 when there is none. */
export async function existingProject(
  catalogue: Pick<ProjectCatalogue, 'getProject'>,
  name: string,
): Promise<StoredProject> {
  const project = await catalogue.getProject(name);
  if (!project) throw new NotFoundError('SG_PROJECT_NOT_FOUND', `no project is named "${name}"`);
  return project;
}

/** A project and one page of its builds, newest first; 404 when no project has the name. */
export async function projectDetail(
  catalogue: Pick<ProjectCatalogue, 'getProject' | 'projectBuilds'>,
  name: string,
  pageSize: number,
  cursor: string | undefined,
): Promise<ProjectDetail> {
  const project = await existingProject(catalogue, name);
  const list = `builds:${JSON.stringify(name)}`;
  const before = cursor === undefined ? undefined : decodeKeyCursor(list, cursor, ['string', 'number']);
  const builds = await catalogue.projectBuilds(name, {
    ...(before ? { before: { builtAt: before[0] as string, doc: before[1] as number } } : {}),
    limit: pageSize + 1,
  });
  const shown = builds.slice(0, pageSize);
  const detail: ProjectDetail = { project, builds: shown };
  if (builds.length > pageSize) {
    const last = shown[pageSize - 1];
    detail.nextCursor = encodeKeyCursor(list, [last.builtAt, last.document]);
  }
  return detail;
}

/** What an upload's query (or the CLI's flags) says about its builds, checked; 400 naming the parameter. */
export function buildInputOf(query: BuildInput & { label?: string | readonly string[] }): BuildInput | undefined {
  const { label, ...fields } = query;
  const labels =
    label === undefined ? undefined : Object.fromEntries(labelPairs(typeof label === 'string' ? [label] : label));
  const given: BuildInput = { ...fields, ...(labels ? { labels } : {}) };
  const present = Object.values(given).some((v) => v !== undefined);
  if (!present) return undefined;
  try {
    return checkBuildInput(given);
  } catch (err) {
    throw asInvalidInput(err);
  }
}

function asInvalidInput(err: unknown): unknown {
  return err instanceof BuildInputError ? new InvalidInputError(err.field, err.message) : err;
}
