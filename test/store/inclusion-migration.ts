// Migration steps 10 and 11 (src/store/inclusion-sets.ts) on either backend: a store as schema 9
// left it is built from a store of this build by undoing them: the sets are unpacked into the
// per-component sbom_includes rows schema 9 wrote (in document order, one id each) and dropped.
// The migrated store must load the same graph, and count the same facts, as before the undo.
import { expect } from 'vitest';
import { FactKind } from '../../src/model/kinds.js';
import { forEachInclusion, type InclusionSet } from '../../src/store/inclusion-sets.js';
import type { GraphStore } from '../../src/store/types.js';
import { FIXTURES } from '../helpers/corpus.js';
import { ingestInto } from '../helpers/server.js';
import { loadedGraph, type LoadedGraph } from './release-store.js';
import { undoStep16 } from './advisory-names-migration.js';

/** An image scan (the image and its packages) and an application SBOM whose subject is also one of its components. */
const DOCUMENTS = ['cyclonedx-syft-alpine-latest-image.json', 'cyclonedx-grype-log4j-core-with-vulns.json'];

/** The stored sets, in document order. */
export const SETS_SQL = (prefix: string): string =>
  `SELECT doc, subjects, members FROM ${prefix}inclusion_sets ORDER BY doc`;

/** The SQL that undoes steps 11 and 10, given the stored sets, for a dialect's table names ("" or "sg_"). */
export function undoStep10(prefix: string, sets: readonly InclusionSet[]): string[] {
  const rows: string[] = [];
  for (const set of sets) {
    forEachInclusion(set, (a, b) => rows.push(`(${rows.length + 1}, ${Number(set.doc)}, ${a}, ${b})`));
  }
  const type = prefix ? 'BIGINT' : 'INTEGER';
  const statements = [
    `CREATE TABLE ${prefix}sbom_includes (id ${type} PRIMARY KEY, doc ${type} NOT NULL, a ${type} NOT NULL, b ${type})`,
    `CREATE INDEX ${prefix}sbom_includes_ab ON ${prefix}sbom_includes (a, b)`,
  ];
  for (let i = 0; i < rows.length; i += 500) {
    statements.push(`INSERT INTO ${prefix}sbom_includes (id, doc, a, b) VALUES ${rows.slice(i, i + 500).join(', ')}`);
  }
  return [...statements, `DROP TABLE ${prefix}inclusion_sets`, `DROP INDEX ${prefix}has_sbom_a`, ...undoStep16(prefix)];
}

/** Ingests the documents; returns what the store loads, which holds their inclusions. */
export async function ingestSboms(location: string, open: () => Promise<GraphStore>): Promise<LoadedGraph> {
  const results = await ingestInto(location, Object.fromEntries(DOCUMENTS.map((d) => [d, FIXTURES.text(d)])));
  expect(results.map((r) => r.status)).toEqual(['stored', 'stored']);
  const store = await open();
  try {
    const graph = await loadedGraph(store);
    expect(graph.facts[FactKind.SbomIncludes]?.length).toBeGreaterThan(10);
    return graph;
  } finally {
    await store.close();
  }
}

/** The migrated store loads and counts what it held before (stats included). */
export async function expectSetsRepacked(open: () => Promise<GraphStore>, before: LoadedGraph): Promise<void> {
  const store = await open();
  try {
    expect(await loadedGraph(store)).toEqual(before);
  } finally {
    await store.close();
  }
}
