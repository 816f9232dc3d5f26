// The stores release 7204861 wrote (test/fixtures/stores/release-7204861) and what a store loads,
// with ids replaced by what they stand for, so that a migrated store and a fresh ingest of the
// same documents compare equal exactly when they hold the same graph.
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { FactKind } from '../../src/model/kinds.js';
import type { GraphStore, LoadSink } from '../../src/store/types.js';
import { EMPTY_CURSOR } from '../../src/store/types.js';
import { cli } from '../cli/run-cli.js';

export const RELEASE_STORES = fileURLToPath(new URL('../fixtures/stores/release-7204861/', import.meta.url));

export interface LoadedGraph {
  documents: string[];
  /** Facts by kind, in load order, as JSON of node keys, document and fields. */
  facts: Record<number, string[]>;
  edges: string[];
  stats: Awaited<ReturnType<GraphStore['stats']>>;
}

export async function loadedGraph(store: GraphStore): Promise<LoadedGraph> {
  const nodes = new Map<number, string>();
  const docs = new Map<number, string>();
  const graph: LoadedGraph = { documents: [], facts: {}, edges: [], stats: await store.stats() };
  const fact = (kind: number, a: number, b: number, doc: number, fields?: unknown): void => {
    (graph.facts[kind] ??= []).push(
      JSON.stringify([nodes.get(a), b ? nodes.get(b) : null, docs.get(doc), fields ?? null]),
    );
  };
  const sink: LoadSink = {
    node: (id, kind, key, attr) => void nodes.set(id, `${kind}:${key}:${attr ?? ''}`),
    document: (row) => {
      const name = `${row.origin} ${row.collector}`;
      docs.set(row.id, name);
      graph.documents.push(name);
    },
    link: (kind, a, b, doc) => fact(kind, a, b, doc),
    record: (r) => fact(r.kind, r.a, r.b, r.doc, r.fields),
    dependencyEdge: (a, b, ranked) => void graph.edges.push(`${nodes.get(a)} ${nodes.get(b)} ${ranked}`),
  };
  await store.load(EMPTY_CURSOR, sink);
  graph.edges.sort();
  return graph;
}

/**
 * What parsers have learnt to read since the release, left out of both graphs so that they
 * compare the facts both parsers state (the release's store cannot hold what its parser did not
 * read; re-ingesting a document brings the new facts in):
 * - scanner reports: the scanned image as an artifact the report is an SBOM of (HasSBOM, SBOM
 *   inclusion, HashEqual of its digests);
 * - vulnerability metadata: `references`, `published` and `summary` (OSV, Grype, Trivy, CycloneDX), the
 *   ratings with their sources (`ratings`, every format that rates), and the metadata facts that
 *   hold nothing else (a severity-less record with only references);
 * - licences (HasLicense, SPDX and CycloneDX).
 * Node and fact counts are then compared through the facts themselves, not as totals.
 */
function asOfRelease(graph: LoadedGraph): LoadedGraph {
  const scannerReport = (doc: string | null) => /(^|\/)(grype|trivy)-[^ ]*\.json /.test(doc ?? '');
  const facts: Record<number, string[]> = {};
  for (const [kind, list] of Object.entries(graph.facts)) {
    const k = Number(kind);
    const kept = list.flatMap((text) => {
      const [a, b, doc, fields] = JSON.parse(text) as [string, string | null, string | null, any];
      if ((k === FactKind.HasSbom || k === FactKind.SbomIncludes || k === FactKind.HashEqual) && scannerReport(doc))
        return [];
      if (k === FactKind.HasLicense) return [];
      if (k !== FactKind.VulnMetadata || !fields) return [text];
      const { references, published, summary, ratings, ...rest } = fields;
      if ([references, published, summary, ratings].every((v) => v === undefined)) return [text];
      const informative = Object.entries(rest).some(
        ([key, v]) => v !== null && !['origin', 'collector'].includes(key) && !(key === 'severity' && v === 'UNKNOWN'),
      );
      return informative || rest.severity === undefined ? [JSON.stringify([a, b, doc, rest])] : [];
    });
    if (kept.length) facts[k] = kept;
  }
  const { documents, dependencyEdges } = graph.stats;
  return { ...graph, facts, stats: { documents, dependencyEdges, nodes: 0, facts: 0 } };
}

/** Asserts that the migrated store loads the graph the fresh one does; closes both. */
export async function expectSameGraph(migrated: GraphStore, fresh: GraphStore): Promise<void> {
  try {
    const [oldGraph, newGraph] = [asOfRelease(await loadedGraph(migrated)), asOfRelease(await loadedGraph(fresh))];
    expect(oldGraph.documents).toHaveLength(EXPECTED_DOCUMENTS);
    expect(Object.keys(oldGraph.facts).length).toBeGreaterThan(8);
    expect(oldGraph).toEqual(newGraph);
  } finally {
    await migrated.close();
    await fresh.close();
  }
}

/** Ingests examples/demo then examples/real into `location` with the current build, as the release store was. */
export async function ingestExamples(location: string): Promise<void> {
  const r = await cli(['ingest', '--store', location, 'examples/demo', 'examples/real']);
  expect(r.code, r.stderr).toBe(0);
}

/** The summary the fixture's documents were written with (examples/demo + examples/real). */
export const EXPECTED_DOCUMENTS = 15;

/**
 * Document summary rows as of the release: a scanner report's artifact count is left out, since
 * its scanned image is an artifact only since the release (see asOfRelease).
 */
export function summariesAsOfRelease(rows: unknown[]): unknown[] {
  return rows.map((row) => {
    const r = row as { format?: string; artifact_count?: unknown };
    return r.format === 'grype' || r.format === 'trivy' || r.format === 'trivy-legacy'
      ? { ...r, artifact_count: null }
      : r;
  });
}
