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
  /**
   * Its SBOM inclusions (indexes into nodes): each subject includes each member but itself;
   * undefined when the document has no SBOM (inclusion-sets.ts).
   */
  inclusions: { subjects: number[]; members: number[] } | undefined;
}

const DEPS_DEV = /deps\.dev/i;

/** The values of a table without field columns: shared. */
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
  const encoder = new DocumentEncoder(docOrigin, docCollector);
  for (const p of facts.packages) encoder.node(NodeKind.Package, p);
  for (const a of facts.artifacts) encoder.node(NodeKind.Artifact, a);
  for (const s of facts.sources) encoder.node(NodeKind.Source, s);
  const { frequencyEligible, inclusions } = encodeSboms(encoder, facts);
  for (const encode of FACT_ENCODERS) encode(encoder, facts);
  const { nodes, rows, dependencies, evidence } = encoder;
  return { nodes, facts: rows, dependencies, evidence, frequencyEligible, inclusions };
}

/** One document's nodes, rows and dependency evidence as they are encoded, each kept once. */
class DocumentEncoder {
  readonly nodes: NodeKey[] = [];
  // One map per node kind: no key concatenation on the hot path.
  private readonly nodeIndex = new Map<NodeKind, Map<string, number>>();
  readonly rows = new Map<FactTable, FactRow[]>();
  // Rows already written, by table and (a, b) packed into one number, then by values.
  private readonly seenRows = new Map<FactTable, TriplesSeen>();
  private readonly evidenceMemo = new Map<string, number>();
  readonly evidence: ColumnValue[][] = [];
  readonly dependencies: DependencyRow[] = [];
  private readonly seenDependencies = new TriplesSeen();
  // The previous fact's evidence: consecutive facts mostly share it, and then need no memo key.
  private last: DependencyFact | undefined;
  private lastIndex = -1;

  constructor(
    readonly docOrigin: string,
    readonly docCollector: string,
  ) {}

  node(kind: NodeKind, key: string, attr: string | null = null): number {
    let byKey = this.nodeIndex.get(kind);
    if (!byKey) this.nodeIndex.set(kind, (byKey = new Map<string, number>()));
    let i = byKey.get(key);
    if (i === undefined) {
      i = this.nodes.length;
      this.nodes.push({ kind, key, attr });
      byKey.set(key, i);
    }
    return i;
  }

  ref(r: NodeRef): number {
    return r.kind === 'package'
      ? this.node(NodeKind.Package, r.purl)
      : r.kind === 'artifact'
        ? this.node(NodeKind.Artifact, r.digest)
        : this.node(NodeKind.Source, r.url);
  }

  vuln(v: VulnRef): number {
    return this.node(NodeKind.Vulnerability, v.id, v.type);
  }

  /** The fields as column values: empty and undefined fields, origin/collector equal to the document's, are null. */
  values(columns: readonly Column[], fields: Readonly<Record<string, unknown>>): ColumnValue[] {
    const { docOrigin, docCollector } = this;
    return columns.length === 0
      ? NO_VALUES
      : columns.map(({ field, type }) => {
          const v = fields[field];
          if (v === undefined || v === null || v === '') return null;
          if ((field === 'origin' && v === docOrigin) || (field === 'collector' && v === docCollector)) return null;
          return type === 'json' ? JSON.stringify(v) : (v as ColumnValue);
        });
  }

  /** Dependency evidence repeats (type, justification) across a document: keep each shape once. */
  evidenceIndex(fact: DependencyFact): number {
    const last = this.last;
    if (
      last !== undefined &&
      fact.type === last.type &&
      fact.versionRange === last.versionRange &&
      fact.justification === last.justification &&
      fact.origin === last.origin &&
      fact.collector === last.collector
    )
      return this.lastIndex;
    const memoKey = `${fact.type}\u0000${fact.versionRange ?? ''}\u0000${fact.justification ?? ''}\u0000${fact.origin ?? ''}\u0000${fact.collector ?? ''}`;
    let i = this.evidenceMemo.get(memoKey);
    if (i === undefined) {
      i = this.evidence.length;
      // values() reads the evidence columns only (not from/to).
      this.evidence.push(this.values(EVIDENCE_COLUMNS, fact));
      this.evidenceMemo.set(memoKey, i);
    }
    this.last = fact;
    this.lastIndex = i;
    return i;
  }

  dependency(a: number, b: number, e: number): void {
    if (this.seenDependencies.add(a, b, e)) this.dependencies.push({ a, b, evidence: e });
  }

  row(kind: FactKind, a: number, b: number, fields: Readonly<Record<string, unknown>>): void {
    const table = factTable(kind);
    const v = this.values(table.columns, fields);
    let seen = this.seenRows.get(table);
    if (!seen) this.seenRows.set(table, (seen = new TriplesSeen()));
    if (!seen.add(a, b, v.length ? JSON.stringify(v) : '')) return;
    let list = this.rows.get(table);
    if (!list) this.rows.set(table, (list = []));
    list.push({ a, b, values: v });
  }
}

/**
 * HasSbom rows and the inclusions of their subjects; says whether an SBOM was not collected
 * from deps.dev. GUAC's bulk rule: an SBOM includes every package and artifact of its document.
 */
function encodeSboms(
  e: DocumentEncoder,
  facts: DocumentFacts,
): Pick<EncodedDocument, 'frequencyEligible' | 'inclusions'> {
  let frequencyEligible = false;
  const subjects: number[] = [];
  for (const s of facts.sboms) {
    const { subject, ...rest } = s;
    const subjectIndex = e.ref(subject);
    e.row(FactKind.HasSbom, subjectIndex, -1, rest);
    subjects.push(subjectIndex);
    const origin = `${s.origin ?? e.docOrigin} ${s.collector ?? e.docCollector}`;
    if (!DEPS_DEV.test(origin)) frequencyEligible = true;
  }
  if (subjects.length === 0) return { frequencyEligible, inclusions: undefined };
  const members = [
    ...facts.packages.map((p) => e.node(NodeKind.Package, p)),
    ...facts.artifacts.map((a) => e.node(NodeKind.Artifact, a)),
  ];
  return { frequencyEligible, inclusions: { subjects, members } };
}

function encodeDependencies(e: DocumentEncoder, { dependencies }: DocumentFacts): void {
  for (const d of dependencies) {
    if (d.from === d.to) continue;
    e.dependency(e.node(NodeKind.Package, d.from), e.node(NodeKind.Package, d.to), e.evidenceIndex(d));
  }
}

function encodeOccurrences(e: DocumentEncoder, { occurrences }: DocumentFacts): void {
  for (const o of occurrences) {
    const { artifact, subject, ...rest } = o;
    e.row(FactKind.IsOccurrence, e.node(NodeKind.Artifact, artifact), e.ref(subject), rest);
  }
}

function encodeHashEquals(e: DocumentEncoder, { hashEquals }: DocumentFacts): void {
  for (const h of hashEquals) {
    if (h.artifact === h.equal) continue;
    const { artifact, equal, ...rest } = h;
    e.row(FactKind.HashEqual, e.node(NodeKind.Artifact, artifact), e.node(NodeKind.Artifact, equal), rest);
  }
}

function encodeSlsa(e: DocumentEncoder, { slsa }: DocumentFacts): void {
  for (const s of slsa) {
    const { subject, materials, ...rest } = s;
    const a = e.node(NodeKind.Artifact, subject);
    if (materials.length === 0) e.row(FactKind.HasSlsa, a, -1, rest);
    for (const m of materials) e.row(FactKind.HasSlsa, a, e.node(NodeKind.Artifact, m), rest);
  }
}

function encodeCertifyVulns(e: DocumentEncoder, { certifyVulns }: DocumentFacts): void {
  for (const c of certifyVulns) {
    const { package: purl, vulnerability, scan, ...rest } = c;
    e.row(FactKind.CertifyVuln, e.node(NodeKind.Package, purl), vulnerability ? e.vuln(vulnerability) : -1, {
      ...scan,
      ...rest,
    });
  }
}

function encodeVulnEquals(e: DocumentEncoder, { vulnEquals }: DocumentFacts): void {
  for (const v of vulnEquals) {
    const { vulnerability, equal, ...rest } = v;
    if (vulnerability.id === equal.id) continue;
    e.row(FactKind.VulnEqual, e.vuln(vulnerability), e.vuln(equal), rest);
  }
}

function encodeVulnMetadata(e: DocumentEncoder, { vulnMetadata }: DocumentFacts): void {
  for (const m of vulnMetadata) {
    const { vulnerability, ...rest } = m;
    e.row(FactKind.VulnMetadata, e.vuln(vulnerability), -1, rest);
  }
}

function encodeVex(e: DocumentEncoder, { vex }: DocumentFacts): void {
  for (const v of vex) {
    const { subject, vulnerability, ...rest } = v;
    e.row(FactKind.Vex, e.ref(subject), e.vuln(vulnerability), rest);
  }
}

function encodeHasSourceAt(e: DocumentEncoder, { hasSourceAt }: DocumentFacts): void {
  for (const h of hasSourceAt) {
    const { package: purl, source, allVersions, ...rest } = h;
    const subject = allVersions
      ? e.node(NodeKind.PackageName, packageNameOf(parsePurl(purl)))
      : e.node(NodeKind.Package, purl);
    e.row(FactKind.HasSourceAt, subject, e.node(NodeKind.Source, source), rest);
  }
}

function encodeScorecards(e: DocumentEncoder, { scorecards }: DocumentFacts): void {
  for (const s of scorecards) {
    const { source, ...rest } = s;
    e.row(FactKind.Scorecard, e.node(NodeKind.Source, source), -1, rest);
  }
}

function encodeLicenses(e: DocumentEncoder, { licenses }: DocumentFacts): void {
  for (const l of licenses) {
    const { package: purl, ...rest } = l;
    e.row(FactKind.HasLicense, e.node(NodeKind.Package, purl), -1, rest);
  }
}

function encodeAdvisories(e: DocumentEncoder, { advisories }: DocumentFacts): void {
  for (const adv of advisories) {
    const { vulnerability, ...rest } = adv;
    e.row(FactKind.Advisory, e.vuln(vulnerability), -1, { ...rest, names: affectedNames(adv.affected) });
  }
}

/** The fact kinds after the SBOMs, one encoder each, in the order their nodes and rows are written. */
const FACT_ENCODERS: readonly ((e: DocumentEncoder, facts: DocumentFacts) => void)[] = [
  encodeDependencies,
  encodeOccurrences,
  encodeHashEquals,
  encodeSlsa,
  encodeCertifyVulns,
  encodeVulnEquals,
  encodeVulnMetadata,
  encodeVex,
  encodeHasSourceAt,
  encodeScorecards,
  encodeLicenses,
  encodeAdvisories,
];

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

/** The distinct (ecosystem, name) pairs of an advisory's entries: what a lean load reads of them. */
function affectedNames(affected: readonly { ecosystem: string; name: string }[]): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const a of affected) seen.set(`${a.ecosystem}\u0000${a.name}`, [a.ecosystem, a.name]);
  return [...seen.values()];
}
