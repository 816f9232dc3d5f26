// DocumentFacts → backend-neutral rows: the nodes a document names, its facts as rows of their
// kind's table (a, b point into that node list; the values follow the table's columns) and its
// dependency facts with their evidence. The one writer (writer.ts) hands these to a backend.
import type { DependencyFact, DocumentFacts, NodeRef, VulnRef } from '../model/facts.js';
import { packageNameOf, parsePurl } from '../model/purl.js';
import { FactKind, NodeKind } from '../model/kinds.js';
import type { Column, ColumnValue } from './schema/columns.js';
import { EVIDENCE_COLUMNS, factTable, type FactTable } from './schema/tables.js';

export interface NodeKey {
  kind: NodeKind;
  key: string;
  attr: string | null;
}

export interface FactRow {
  a: number; // index into nodes
  b: number; // index into nodes, -1 for none
  /** In the order of the table's columns. */
  values: ColumnValue[];
}

/** One dependency fact: a depends on b (indexes into nodes), with its evidence (index into evidence). */
export interface DependencyRow {
  a: number;
  b: number;
  evidence: number;
}

export interface EncodedDocument {
  nodes: NodeKey[];
  /** Every fact but IsDependency, by table, in document order. */
  facts: Map<FactTable, FactRow[]>;
  /**
   * The document's IsDependency facts, kept apart: backends store them per document (the
   * evidence) and, de-duplicated across documents, as the edge set the index loads.
   */
  dependencies: DependencyRow[];
  /** Distinct evidence of the dependency facts, in the order of EVIDENCE_COLUMNS. */
  evidence: ColumnValue[][];
  /** The document has an SBOM not collected from deps.dev (docs/api.md, "Rankings"). */
  frequencyEligible: boolean;
}

const DEPS_DEV = /deps\.dev/i;

/** The values of a table without field columns (SBOM inclusion, the most numerous rows): shared. */
const NO_VALUES: ColumnValue[] = [];

/**
 * (a, b, data) triples seen; a/b are node indexes of one document (far below 2^26; b may be -1).
 * Most pairs carry one datum, kept without an array (fewer objects for the collector).
 */
class TriplesSeen {
  private readonly first = new Map<number, number | string>();
  private readonly more = new Map<number, (number | string)[]>();

  /** True the first time. */
  add(a: number, b: number, data: number | string): boolean {
    const pair = a * 0x4000000 + (b + 1);
    const first = this.first.get(pair);
    if (first === undefined) {
      this.first.set(pair, data);
      return true;
    }
    if (first === data) return false;
    const more = this.more.get(pair);
    if (!more) {
      this.more.set(pair, [data]);
      return true;
    }
    if (more.includes(data)) return false;
    more.push(data);
    return true;
  }
}

export function encodeDocument(facts: DocumentFacts, docOrigin: string, docCollector: string): EncodedDocument {
  const nodes: NodeKey[] = [];
  // One map per node kind: no key concatenation on the hot path.
  const nodeIndex = new Map<NodeKind, Map<string, number>>();
  const rows = new Map<FactTable, FactRow[]>();
  // Rows already written, by table and (a, b) packed into one number, then by values.
  const seenRows = new Map<FactTable, TriplesSeen>();
  const evidenceMemo = new Map<string, number>();
  const evidence: ColumnValue[][] = [];
  const dependencies: DependencyRow[] = [];
  const seenDependencies = new TriplesSeen();

  const node = (kind: NodeKind, key: string, attr: string | null = null): number => {
    let byKey = nodeIndex.get(kind);
    if (!byKey) nodeIndex.set(kind, (byKey = new Map<string, number>()));
    let i = byKey.get(key);
    if (i === undefined) {
      i = nodes.length;
      nodes.push({ kind, key, attr });
      byKey.set(key, i);
    }
    return i;
  };
  const ref = (r: NodeRef): number =>
    r.kind === 'package'
      ? node(NodeKind.Package, r.purl)
      : r.kind === 'artifact'
        ? node(NodeKind.Artifact, r.digest)
        : node(NodeKind.Source, r.url);
  const vuln = (v: VulnRef): number => node(NodeKind.Vulnerability, v.id, v.type);
  /** The fields as column values: empty and undefined fields, origin/collector equal to the document's, are null. */
  const values = (columns: readonly Column[], fields: Readonly<Record<string, unknown>>): ColumnValue[] =>
    columns.length === 0
      ? NO_VALUES
      : columns.map(({ field, type }) => {
          const v = fields[field];
          if (v === undefined || v === null || v === '') return null;
          if ((field === 'origin' && v === docOrigin) || (field === 'collector' && v === docCollector)) return null;
          return type === 'json' ? JSON.stringify(v) : (v as ColumnValue);
        });
  // The previous fact's evidence: consecutive facts mostly share it, and then need no memo key.
  let last: DependencyFact | undefined;
  let lastIndex = -1;
  /** Dependency evidence repeats (type, justification) across a document: keep each shape once. */
  const evidenceIndex = (fact: DependencyFact): number => {
    if (
      last !== undefined &&
      fact.type === last.type &&
      fact.versionRange === last.versionRange &&
      fact.justification === last.justification &&
      fact.origin === last.origin &&
      fact.collector === last.collector
    )
      return lastIndex;
    const memoKey = `${fact.type}\u0000${fact.versionRange ?? ''}\u0000${fact.justification ?? ''}\u0000${fact.origin ?? ''}\u0000${fact.collector ?? ''}`;
    let i = evidenceMemo.get(memoKey);
    if (i === undefined) {
      i = evidence.length;
      // values() reads the evidence columns only (not from/to).
      evidence.push(values(EVIDENCE_COLUMNS, fact));
      evidenceMemo.set(memoKey, i);
    }
    last = fact;
    lastIndex = i;
    return i;
  };
  const dependency = (a: number, b: number, e: number): void => {
    if (seenDependencies.add(a, b, e)) dependencies.push({ a, b, evidence: e });
  };
  const row = (kind: FactKind, a: number, b: number, fields: Readonly<Record<string, unknown>> = {}): void => {
    const table = factTable(kind);
    const v = values(table.columns, fields);
    let seen = seenRows.get(table);
    if (!seen) seenRows.set(table, (seen = new TriplesSeen()));
    if (!seen.add(a, b, v.length ? JSON.stringify(v) : '')) return;
    let list = rows.get(table);
    if (!list) rows.set(table, (list = []));
    list.push({ a, b, values: v });
  };

  for (const p of facts.packages) node(NodeKind.Package, p);
  for (const a of facts.artifacts) node(NodeKind.Artifact, a);
  for (const s of facts.sources) node(NodeKind.Source, s);

  let frequencyEligible = false;
  for (const s of facts.sboms) {
    const { subject, ...rest } = s;
    const subjectIndex = ref(subject);
    row(FactKind.HasSbom, subjectIndex, -1, rest);
    const origin = `${s.origin ?? docOrigin} ${s.collector ?? docCollector}`;
    if (!DEPS_DEV.test(origin)) frequencyEligible = true;
    // GUAC's bulk rule: an SBOM includes every package and artifact of its document.
    for (const p of facts.packages) {
      const i = node(NodeKind.Package, p);
      if (i !== subjectIndex) row(FactKind.SbomIncludes, subjectIndex, i);
    }
    for (const a of facts.artifacts) {
      const i = node(NodeKind.Artifact, a);
      if (i !== subjectIndex) row(FactKind.SbomIncludes, subjectIndex, i);
    }
  }
  for (const d of facts.dependencies) {
    if (d.from === d.to) continue;
    dependency(node(NodeKind.Package, d.from), node(NodeKind.Package, d.to), evidenceIndex(d));
  }
  for (const o of facts.occurrences) {
    const { artifact, subject, ...rest } = o;
    row(FactKind.IsOccurrence, node(NodeKind.Artifact, artifact), ref(subject), rest);
  }
  for (const h of facts.hashEquals) {
    if (h.artifact === h.equal) continue;
    const { artifact, equal, ...rest } = h;
    row(FactKind.HashEqual, node(NodeKind.Artifact, artifact), node(NodeKind.Artifact, equal), rest);
  }
  for (const s of facts.slsa) {
    const { subject, materials, ...rest } = s;
    const a = node(NodeKind.Artifact, subject);
    if (materials.length === 0) row(FactKind.HasSlsa, a, -1, rest);
    for (const m of materials) row(FactKind.HasSlsa, a, node(NodeKind.Artifact, m), rest);
  }
  for (const c of facts.certifyVulns) {
    const { package: purl, vulnerability, scan, ...rest } = c;
    row(FactKind.CertifyVuln, node(NodeKind.Package, purl), vulnerability ? vuln(vulnerability) : -1, {
      ...scan,
      ...rest,
    });
  }
  for (const e of facts.vulnEquals) {
    const { vulnerability, equal, ...rest } = e;
    if (vulnerability.id === equal.id) continue;
    row(FactKind.VulnEqual, vuln(vulnerability), vuln(equal), rest);
  }
  for (const m of facts.vulnMetadata) {
    const { vulnerability, ...rest } = m;
    row(FactKind.VulnMetadata, vuln(vulnerability), -1, rest);
  }
  for (const v of facts.vex) {
    const { subject, vulnerability, ...rest } = v;
    row(FactKind.Vex, ref(subject), vuln(vulnerability), rest);
  }
  for (const h of facts.hasSourceAt) {
    const { package: purl, source, allVersions, ...rest } = h;
    const subject = allVersions
      ? node(NodeKind.PackageName, packageNameOf(parsePurl(purl)))
      : node(NodeKind.Package, purl);
    row(FactKind.HasSourceAt, subject, node(NodeKind.Source, source), rest);
  }
  for (const s of facts.scorecards) {
    const { source, ...rest } = s;
    row(FactKind.Scorecard, node(NodeKind.Source, source), -1, rest);
  }
  for (const l of facts.licenses) {
    const { package: purl, ...rest } = l;
    row(FactKind.HasLicense, node(NodeKind.Package, purl), -1, rest);
  }
  for (const adv of facts.advisories) {
    const { vulnerability, ...rest } = adv;
    row(FactKind.Advisory, vuln(vulnerability), -1, rest);
  }
  return { nodes, facts: rows, dependencies, evidence, frequencyEligible };
}

/** A document's dependency facts as stored: (a, b, evidence index) triples of node ids. */
export function packDependencies(dependencies: readonly DependencyRow[], ids: readonly number[]): Buffer {
  const triples = new Uint32Array(dependencies.length * 3);
  for (let i = 0; i < dependencies.length; i++) {
    const d = dependencies[i];
    triples[i * 3] = ids[d.a];
    triples[i * 3 + 1] = ids[d.b];
    triples[i * 3 + 2] = d.evidence;
  }
  return Buffer.from(triples.buffer, triples.byteOffset, triples.byteLength);
}
