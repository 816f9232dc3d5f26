// `supplygraph projects list|show|move`: the projects of the store, straight from the store (like
// `documents`), with the same fields as GET /v0/projects. Exit 0, or 1 with one line saying why.
import { buildBody, projectSummary } from '../http/schemas/projects.js';
import { documentDigest } from '../query/documents.js';
import { buildInputOf, labelPairs } from '../query/projects.js';
import type { StoredBuild } from '../store/types.js';
import { withStore } from './preflight.js';

export interface ProjectListOptions {
  namePrefix?: string;
  label?: string;
  limit: number;
  json: boolean;
}

const latestLine = (b: StoredBuild | null): string => (b ? `${b.version ?? '-'}  ${b.builtAt}  ${b.digest}` : '-');

export function runProjectList(location: string, options: ProjectListOptions): Promise<number> {
  return withStore(location, async (store) => {
    const { projects, total, unassigned } = await store.listProjects({
      ...(options.namePrefix === undefined ? {} : { namePrefix: options.namePrefix }),
      labels: labelPairs(options.label === undefined ? [] : [options.label]),
      sort: 'name',
      limit: options.limit,
    });
    if (options.json) {
      console.log(JSON.stringify({ total, unassigned, projects: projects.map(projectSummary) }));
      return 0;
    }
    for (const p of projects) console.log(`${p.name}  ${p.builds} builds  latest ${latestLine(p.latest)}`);
    const more = total > projects.length ? `; --limit ${total} lists them all` : '';
    console.error(`${projects.length} of ${total} projects${more}; ${unassigned} SBOMs without a project`);
    return 0;
  });
}

export function runProjectShow(location: string, name: string, limit: number, json: boolean): Promise<number> {
  return withStore(location, async (store) => {
    const project = await store.getProject(name);
    if (!project) {
      console.error(`supplygraph: no project is named "${name}"`);
      return 1;
    }
    const builds = await store.projectBuilds(name, { limit });
    if (json) {
      console.log(JSON.stringify({ ...projectSummary(project), history: builds.map(buildBody) }));
      return 0;
    }
    const labels = Object.entries(project.labels).map(([k, v]) => `${k}=${v}`);
    console.log(`${project.name}: ${project.builds} builds; labels ${labels.join(', ') || '-'}`);
    for (const b of builds) console.log(`  ${latestLine(b)}`);
    return 0;
  });
}

export function runProjectMove(location: string, digestText: string, to: string): Promise<number> {
  const digest = documentDigest(digestText);
  const project = buildInputOf({ project: to })!.project!;
  return withStore(location, async (store) => {
    const result = await store.moveBuild(digest, project, new Date().toISOString());
    if (result === 'moved') {
      console.error(`moved ${digest} to ${project}`);
      return 0;
    }
    console.error(
      result === 'not-found'
        ? `supplygraph: no document has the digest ${digest}`
        : `supplygraph: the document ${digest} has no SBOM, so it is no build of a project`,
    );
    return 1;
  });
}
