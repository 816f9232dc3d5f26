// Migration step 12 (src/store/build-backfill.ts) on either backend: a store as schema 11 left it
// is made from a store of this build by dropping the project tables; migrated, it must hold the
// projects and builds the writer had recorded for the same documents.
import { expect } from 'vitest';
import type { GraphStore, StoredBuild, StoredProject } from '../../src/store/types.js';
import { FIXTURES } from '../helpers/corpus.js';
import { ingestInto } from '../helpers/server.js';
import { undoStep16 } from './advisory-names-migration.js';

/** Application SBOMs (package subjects), an image SBOM (an artifact subject named by a package), a subject-less BOM. */
const DOCUMENTS = [
  'cyclonedx-cyclonedx-maven-spring-petclinic.json',
  'cyclonedx-syft-alpine-latest-image.json',
  'cyclonedx-jake-python-env-with-vulns.json',
  'spdx-syft-coredns-v1.9.3-image.json',
];

export interface Portfolio {
  projects: StoredProject[];
  builds: StoredBuild[][];
  unassigned: number;
}

/** The SQL that undoes step 12, for a dialect's table names ("" or "sg_"). */
export function undoStep12(prefix: string): string[] {
  return [...['builds', 'projects', 'project_labels'].map((t) => `DROP TABLE ${prefix}${t}`), ...undoStep16(prefix)];
}

async function portfolioOf(store: GraphStore): Promise<Portfolio> {
  const { projects, unassigned } = await store.listProjects({ sort: 'name', limit: 100 });
  const builds = await Promise.all(projects.map((p) => store.projectBuilds(p.name, { limit: 100 })));
  return { projects, builds, unassigned };
}

/** Ingests the documents; returns the projects the writer recorded. */
export async function ingestBuilds(location: string, open: () => Promise<GraphStore>): Promise<Portfolio> {
  const results = await ingestInto(location, Object.fromEntries(DOCUMENTS.map((d) => [d, FIXTURES.text(d)])));
  expect(results.map((r) => r.status)).toEqual(DOCUMENTS.map(() => 'stored'));
  const store = await open();
  try {
    const portfolio = await portfolioOf(store);
    expect(portfolio.projects.length).toBe(3);
    expect(portfolio.unassigned).toBe(1);
    return portfolio;
  } finally {
    await store.close();
  }
}

/** The migrated store holds the same projects and builds. */
export async function expectBuildsBackfilled(open: () => Promise<GraphStore>, before: Portfolio): Promise<void> {
  const store = await open();
  try {
    expect(await portfolioOf(store)).toEqual(before);
  } finally {
    await store.close();
  }
}
