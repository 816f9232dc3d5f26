// Migration step 7 (licences) on either backend: a store as schema 6 left it is built from a
// store of this build by undoing step 7 (dropping its licence table). That is exactly a schema-6
// store when the documents in it state no licence: that table is the only difference between
// the two schemas.
import { expect } from 'vitest';
import { FactKind } from '../../src/model/kinds.js';
import type { GraphStore } from '../../src/store/types.js';
import { FIXTURES } from '../helpers/corpus.js';
import { ingestInto } from '../helpers/server.js';
import { loadedGraph, type LoadedGraph } from './release-store.js';
import { undoStep8 } from './signature-migration.js';

/** A document without licence fields (the store's data before the migration). */
export const BEFORE_DOCUMENT = 'cyclonedx-grype-log4j-core-with-vulns.json';
/** A document with licence fields (ingested after the migration). */
export const AFTER_DOCUMENT = 'cyclonedx-syft-alpine-latest-image.json';

/** The SQL that undoes step 7 (and the steps after it), for a dialect's table names ("" or "sg_"). */
export function undoStep7(prefix: string): string[] {
  return [...undoStep8(prefix), `DROP TABLE ${prefix}has_license`];
}

/** Ingests the document without licences; returns what the store loads. */
export async function ingestBefore(location: string, open: () => Promise<GraphStore>): Promise<LoadedGraph> {
  const [result] = await ingestInto(location, { [BEFORE_DOCUMENT]: FIXTURES.text(BEFORE_DOCUMENT) });
  expect(result.status).toBe('stored');
  const store = await open();
  try {
    const graph = await loadedGraph(store);
    expect(graph.facts[FactKind.HasLicense]).toBeUndefined();
    return graph;
  } finally {
    await store.close();
  }
}

/** The migrated store loads what it held before; then it stores and loads licences. */
export async function expectMigratedKeepsDataAndStoresLicences(
  location: string,
  open: () => Promise<GraphStore>,
  before: LoadedGraph,
): Promise<void> {
  let store = await open();
  try {
    expect(await loadedGraph(store)).toEqual(before);
  } finally {
    await store.close();
  }
  const [result] = await ingestInto(location, { [AFTER_DOCUMENT]: FIXTURES.text(AFTER_DOCUMENT) });
  expect(result.status).toBe('stored');
  store = await open();
  try {
    const after = await loadedGraph(store);
    const licences = (after.facts[FactKind.HasLicense] ?? []).map((f) => JSON.parse(f) as [string, null, string, any]);
    expect(licences.length).toBeGreaterThan(10);
    expect(licences).toContainEqual([
      expect.stringContaining('pkg:alpine/alpine-keys@2.4-r1'),
      null,
      expect.stringContaining(AFTER_DOCUMENT),
      expect.objectContaining({ expression: 'MIT', kind: 'declared' }),
    ]);
    // The documents stored before are all still there.
    expect(after.documents.slice(0, before.documents.length)).toEqual(before.documents);
  } finally {
    await store.close();
  }
}
