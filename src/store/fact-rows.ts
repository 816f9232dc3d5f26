// DocumentFacts → backend-neutral rows: the nodes a document names and its facts as
// (kind, a, b, data) rows whose a/b point into that node list. Every backend writes these.
import type { DependencyFact, DocumentFacts, FactOrigin, NodeRef, VulnRef } from '../model/facts.js';
import { packageNameOf, parsePurl } from '../model/purl.js';
import { FactKind, NodeKind } from '../model/kinds.js';
import { isLinkFactKind, type StoredRecord } from '../model/stored-facts.js';
import type { LoadSink } from './types.js';

export interface NodeKey {
  kind: NodeKind;
  key: string;
  attr: string | null;
}

export interface FactRow {
  kind: FactKind;
  a: number; // index into nodes
  b: number; // index into nodes, -1 for none
  data: string | null;
}

/** One dependency fact: a depends on b (indexes into nodes), with its data (index into dependencyData). */
export interface DependencyRow {
  a: number;
  b: number;
  data: number;
}

export interface EncodedDocument {
  nodes: NodeKey[];
  /** Every fact but IsDependency. */
  rows: FactRow[];
  /**
   * The document's IsDependency facts, kept apart: backends store them per document (the
   * evidence) and, de-duplicated across documents, as the edge set the index loads.
   */
  dependencies: DependencyRow[];
  /** Distinct data of the dependency facts (type, range, justification…), JSON or null. */
  dependencyData: (string | null)[];
  /** The document has an SBOM not collected from deps.dev (SPEC §3 frequency). */
  frequencyEligible: boolean;
}

const DEPS_DEV = /deps\.dev/i;

/** Records (a, b, data) in `seen`; true the first time. a/b are node indexes of one document (far below 2^26; b may be -1). */
function firstTime(
  seen: Map<number, (number | string | null)[]>,
  a: number,
  b: number,
  data: number | string | null,
): boolean {
  const pair = a * 0x4000000 + (b + 1);
  const datas = seen.get(pair);
  if (!datas) {
    seen.set(pair, [data]);
    return true;
  }
  if (datas.includes(data)) return false;
  datas.push(data);
  return true;
}

export function encodeDocument(facts: DocumentFacts, docOrigin: string, docCollector: string): EncodedDocument {
  const nodes: NodeKey[] = [];
  // One map per node kind: no key concatenation on the hot path.
  const nodeIndex = new Map<NodeKind, Map<string, number>>();
  const rows: FactRow[] = [];
  // Rows already written, by kind and (a, b) packed into one number, then by data.
  const seenRows = new Map<number, Map<number, (number | string | null)[]>>();
  const dataMemo = new Map<string, number>();
  const dependencyData: (string | null)[] = [];
  const dependencies: DependencyRow[] = [];
  const seenDependencies = new Map<number, (number | string | null)[]>();

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
  /** Drops origin/collector equal to the document's, and undefined fields, to keep rows small. */
  const data = (fields: Record<string, unknown> & FactOrigin): string | null => {
    const out: Record<string, unknown> = {};
    for (const k in fields) {
      const v = fields[k];
      if (v === undefined || v === '') continue;
      if (k === 'origin' && v === docOrigin) continue;
      if (k === 'collector' && v === docCollector) continue;
      out[k] = v;
    }
    return Object.keys(out).length ? JSON.stringify(out) : null;
  };
  /** Dependency data repeats (type, justification) across a document: serialise each shape once. */
  const dependencyDataIndex = (fields: Omit<DependencyFact, 'from' | 'to'>): number => {
    const memoKey = `${fields.type}\u0000${fields.versionRange ?? ''}\u0000${fields.justification ?? ''}\u0000${fields.origin ?? ''}\u0000${fields.collector ?? ''}`;
    let i = dataMemo.get(memoKey);
    if (i === undefined) {
      i = dependencyData.length;
      dependencyData.push(data(fields));
      dataMemo.set(memoKey, i);
    }
    return i;
  };
  const dependency = (a: number, b: number, d: number): void => {
    if (firstTime(seenDependencies, a, b, d)) dependencies.push({ a, b, data: d });
  };
  const row = (kind: FactKind, a: number, b: number, d: string | null): void => {
    let byPair = seenRows.get(kind);
    if (!byPair) seenRows.set(kind, (byPair = new Map<number, (number | string | null)[]>()));
    if (firstTime(byPair, a, b, d)) rows.push({ kind, a, b, data: d });
  };

  for (const p of facts.packages) node(NodeKind.Package, p);
  for (const a of facts.artifacts) node(NodeKind.Artifact, a);
  for (const s of facts.sources) node(NodeKind.Source, s);

  let frequencyEligible = false;
  for (const s of facts.sboms) {
    const { subject, ...rest } = s;
    const subjectIndex = ref(subject);
    row(FactKind.HasSbom, subjectIndex, -1, data(rest));
    const origin = `${s.origin ?? docOrigin} ${s.collector ?? docCollector}`;
    if (!DEPS_DEV.test(origin)) frequencyEligible = true;
    // GUAC's bulk rule: an SBOM includes every package and artifact of its document.
    for (const p of facts.packages) {
      const i = node(NodeKind.Package, p);
      if (i !== subjectIndex) row(FactKind.SbomIncludes, subjectIndex, i, null);
    }
    for (const a of facts.artifacts) {
      const i = node(NodeKind.Artifact, a);
      if (i !== subjectIndex) row(FactKind.SbomIncludes, subjectIndex, i, null);
    }
  }
  for (const d of facts.dependencies) {
    if (d.from === d.to) continue;
    const { from, to, ...rest } = d;
    dependency(node(NodeKind.Package, from), node(NodeKind.Package, to), dependencyDataIndex(rest));
  }
  for (const o of facts.occurrences) {
    const { artifact, subject, ...rest } = o;
    row(FactKind.IsOccurrence, node(NodeKind.Artifact, artifact), ref(subject), data(rest));
  }
  for (const h of facts.hashEquals) {
    if (h.artifact === h.equal) continue;
    const { artifact, equal, ...rest } = h;
    row(FactKind.HashEqual, node(NodeKind.Artifact, artifact), node(NodeKind.Artifact, equal), data(rest));
  }
  for (const s of facts.slsa) {
    const { subject, materials, ...rest } = s;
    const a = node(NodeKind.Artifact, subject);
    const d = data(rest);
    if (materials.length === 0) row(FactKind.HasSlsa, a, -1, d);
    for (const m of materials) row(FactKind.HasSlsa, a, node(NodeKind.Artifact, m), d);
  }
  for (const c of facts.certifyVulns) {
    const { package: purl, vulnerability, scan, ...rest } = c;
    row(
      FactKind.CertifyVuln,
      node(NodeKind.Package, purl),
      vulnerability ? vuln(vulnerability) : -1,
      data({ ...scan, ...rest }),
    );
  }
  for (const e of facts.vulnEquals) {
    const { vulnerability, equal, ...rest } = e;
    if (vulnerability.id === equal.id) continue;
    row(FactKind.VulnEqual, vuln(vulnerability), vuln(equal), data(rest));
  }
  for (const m of facts.vulnMetadata) {
    const { vulnerability, ...rest } = m;
    row(FactKind.VulnMetadata, vuln(vulnerability), -1, data(rest));
  }
  for (const v of facts.vex) {
    const { subject, vulnerability, ...rest } = v;
    row(FactKind.Vex, ref(subject), vuln(vulnerability), data(rest));
  }
  for (const h of facts.hasSourceAt) {
    const { package: purl, source, allVersions, ...rest } = h;
    const subject = allVersions
      ? node(NodeKind.PackageName, packageNameOf(parsePurl(purl)))
      : node(NodeKind.Package, purl);
    row(FactKind.HasSourceAt, subject, node(NodeKind.Source, source), data(rest));
  }
  for (const s of facts.scorecards) {
    const { source, ...rest } = s;
    row(FactKind.Scorecard, node(NodeKind.Source, source), -1, data(rest));
  }
  for (const adv of facts.advisories) {
    const { vulnerability, ...rest } = adv;
    row(FactKind.Advisory, vuln(vulnerability), -1, data(rest));
  }
  return { nodes, rows, dependencies, dependencyData, frequencyEligible };
}

/** A document's dependency facts as stored evidence: (a, b, data index) triples of node ids. */
export function packDependencies(dependencies: readonly DependencyRow[], ids: readonly number[]): Buffer {
  const triples = new Uint32Array(dependencies.length * 3);
  for (let i = 0; i < dependencies.length; i++) {
    const d = dependencies[i];
    triples[i * 3] = ids[d.a];
    triples[i * 3 + 1] = ids[d.b];
    triples[i * 3 + 2] = d.data;
  }
  return Buffer.from(triples.buffer, triples.byteOffset, triples.byteLength);
}

/**
 * Hands one stored fact row to a load sink. Rows of kind IsDependency can only be left over from
 * schema 1 (their edges are in the dependency edge table) and are dropped. The data was written
 * by encodeDocument from typed facts, so it is trusted as the record's fields.
 */
export function deliverFact(
  sink: LoadSink,
  kind: FactKind,
  a: number,
  b: number,
  doc: number,
  data: string | null,
): void {
  if (kind === FactKind.IsDependency) return;
  if (isLinkFactKind(kind)) sink.link(kind, a, b, doc);
  else {
    const fields = (data ? JSON.parse(data) : {}) as StoredRecord['fields'];
    sink.record({ kind, a, b, doc, fields });
  }
}
