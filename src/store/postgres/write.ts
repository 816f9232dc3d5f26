// Bulk write of one document: everything in one transaction (atomic per document), rows sent
// as arrays through unnest (a few statements per document, whatever its size), and ids taken
// from the sg_log row while it is locked so that ids grow in commit order.
// (COPY FROM STDIN through the driver's writable stream was measured: about 3x slower per
// document here, the stream's round trips dominate; unnest needs no extra protocol either.)
import { createHash } from 'node:crypto';
import { encodeDocument, packDependencies, type NodeKey } from '../fact-rows.js';
import { PairSet } from '../pair-set.js';
import type { DocumentInput, WriteOutcome } from '../types.js';
import type { Sql } from './connection.js';

/** Rows per statement: bounds the size of one message without costing round trips. */
const CHUNK = 20_000;

/**
 * PostgreSQL text cannot hold NUL (SQLite can); rather than fail a document over one stray
 * character, it is stored as U+FFFD. Fact data is JSON, where NUL is already escaped.
 */
function text<T extends string | null>(value: T): T {
  return (value !== null && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value) as T;
}

export function nodeHash(n: NodeKey): string {
  return createHash('sha256').update(`${n.kind}\u0000${n.key}`).digest('hex');
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Looks up committed node ids by hash; committed ids never change, so callers may cache them. */
export async function selectNodeIds(sql: Sql, hashes: readonly string[], into: Map<string, number>): Promise<void> {
  for (const part of chunks(hashes)) {
    const rows = await sql<{ id: number; key_hash: string }[]>`
      SELECT id, key_hash FROM sg_nodes WHERE key_hash = ANY(${part}::text[])`;
    for (const r of rows) into.set(r.key_hash, r.id);
  }
}

interface LogRow {
  last_node: number;
  last_fact: number;
  last_document: number;
  last_edge: number;
}

/** Edges this write stored, to be remembered once it has committed. */
export interface CreatedEdges {
  ranked: boolean;
  pairs: number[];
}

/** Dependency edges known to be committed, ranked and not (the caller's cache, like node ids). */
export interface KnownEdges {
  ranked: PairSet;
  unranked: PairSet;
}

/**
 * Writes the document unless its digest is stored. `known` maps node hashes to committed ids
 * (the caller's cache); the ids this transaction creates come back in `created` and are only
 * safe to cache once the transaction has committed.
 */
export async function writeDocumentTx(
  sql: Sql,
  input: DocumentInput,
  known: ReadonlyMap<string, number>,
  created: Map<string, number>,
  knownEdges: KnownEdges,
  createdEdges: CreatedEdges,
): Promise<WriteOutcome> {
  const encoded = encodeDocument(input.facts, input.origin, input.collector);
  const hashes = encoded.nodes.map(nodeHash);
  // Resolve what is already committed before taking the lock: the commit section stays short.
  const resolved = new Map<string, number>();
  const unknown = hashes.filter((h) => {
    const id = known.get(h);
    if (id !== undefined) resolved.set(h, id);
    return id === undefined;
  });
  if (unknown.length) await selectNodeIds(sql, unknown, resolved);
  for (const h of unknown) if (resolved.has(h)) created.set(h, resolved.get(h)!); // committed: cacheable

  return sql.begin(async (tx) => {
    // The commit section: one writer at a time from here to COMMIT, across every process.
    const [log] = await tx<
      LogRow[]
    >`SELECT last_node, last_fact, last_document, last_edge FROM sg_log WHERE id = 1 FOR UPDATE`;
    const [dup] = await tx<{ id: number }[]>`SELECT id FROM sg_documents WHERE digest = ${input.digest}`;
    if (dup) return { status: 'duplicate', documentId: dup.id };

    // Nodes another writer committed since the look-up above.
    const missing = hashes.filter((h) => !resolved.has(h));
    if (missing.length) await selectNodeIds(tx as unknown as Sql, missing, resolved);
    const fresh: number[] = [];
    let nextNode = log.last_node;
    for (let i = 0; i < hashes.length; i++) {
      if (resolved.has(hashes[i])) continue;
      resolved.set(hashes[i], ++nextNode);
      created.set(hashes[i], nextNode);
      fresh.push(i);
    }
    const documentId = log.last_document + 1;
    const summary = {
      packages: input.facts.packages.length,
      artifacts: input.facts.artifacts.length,
      dependencies: input.facts.dependencies.length,
      skipped: input.facts.skipped.length,
    };
    const ids = hashes.map((h) => resolved.get(h)!);
    let nextFact = log.last_fact;

    // Independent statements: postgres.js pipelines them on the transaction's connection.
    const pending: Promise<unknown>[] = [];
    for (const part of chunks(fresh)) {
      // ON CONFLICT is a backstop only: under the lock no other writer can insert these keys.
      pending.push(tx`INSERT INTO sg_nodes (id, kind, key, attr, key_hash)
        SELECT * FROM unnest(${part.map((i) => ids[i])}::bigint[], ${part.map((i) => encoded.nodes[i].kind)}::smallint[],
          ${part.map((i) => text(encoded.nodes[i].key))}::text[], ${part.map((i) => text(encoded.nodes[i].attr)) as string[]}::text[],
          ${part.map((i) => hashes[i])}::text[])
        ON CONFLICT (key_hash) DO NOTHING`);
    }
    pending.push(tx`INSERT INTO sg_documents (id, digest, name, format, origin, collector, ingested_at, frequency_eligible, summary, skipped)
      VALUES (${documentId}, ${input.digest}, ${text(input.name)}, ${text(input.facts.format)}, ${text(input.origin)}, ${text(input.collector)},
        ${input.ingestedAt}, ${encoded.frequencyEligible}, ${JSON.stringify(summary)}, ${text(JSON.stringify(input.facts.skipped))})`);
    for (const part of chunks(encoded.rows)) {
      const factIds = part.map(() => ++nextFact);
      pending.push(tx`INSERT INTO sg_facts (id, doc, kind, a, b, data)
        SELECT f.id, ${documentId}, f.kind, f.a, f.b, f.data
        FROM unnest(${factIds}::bigint[], ${part.map((r) => r.kind)}::smallint[], ${part.map((r) => ids[r.a])}::bigint[],
          ${part.map((r) => (r.b >= 0 ? ids[r.b] : null)) as number[]}::bigint[], ${part.map((r) => r.data) as string[]}::text[])
          AS f (id, kind, a, b, data)`);
    }
    let nextEdge = log.last_edge;
    if (encoded.dependencies.length) {
      pending.push(tx`INSERT INTO sg_dependency_sets (doc, edges, data)
        VALUES (${documentId}, ${packDependencies(encoded.dependencies, ids)}, ${JSON.stringify(encoded.dependencyData)})`);
      // Edges not known to be stored get ids in commit order; a conflict leaves a gap, which the
      // loader's "id > cursor" reading does not mind.
      const edgeSet = encoded.frequencyEligible ? knownEdges.ranked : knownEdges.unranked;
      const a: number[] = [];
      const b: number[] = [];
      const seen = new PairSet();
      for (const d of encoded.dependencies) {
        const x = ids[d.a];
        const y = ids[d.b];
        if (edgeSet.has(x, y) || !seen.add(x, y)) continue;
        a.push(x);
        b.push(y);
      }
      for (let i = 0; i < a.length; i += CHUNK) {
        const partA = a.slice(i, i + CHUNK);
        const edgeIds = partA.map(() => ++nextEdge);
        pending.push(tx`INSERT INTO sg_dependency_edges (id, a, b, ranked)
          SELECT e.id, e.a, e.b, ${encoded.frequencyEligible}
          FROM unnest(${edgeIds}::bigint[], ${partA}::bigint[], ${b.slice(i, i + CHUNK)}::bigint[]) AS e (id, a, b)
          ON CONFLICT (a, b, ranked) DO NOTHING`);
      }
      createdEdges.ranked = encoded.frequencyEligible;
      for (let i = 0; i < a.length; i++) createdEdges.pairs.push(a[i], b[i]);
    }
    pending.push(tx`UPDATE sg_log SET last_node = ${nextNode}, last_fact = ${nextFact}, last_document = ${documentId},
      last_edge = ${nextEdge} WHERE id = 1`);
    await Promise.all(pending);
    return { status: 'stored', documentId };
  });
}
