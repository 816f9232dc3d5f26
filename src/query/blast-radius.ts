// What a vulnerability reaches (issue 13): the package versions that have it (affected, or
// suppressed by their own VEX statement), and the package versions and artifacts whose walks
// reach an affected one, each with one shortest path. The answers agree, item by item, with
// /v0/package/{purl}/vulns and /v0/artifact/{digest}/vulns with includeDependencies=true.
import { BlastWalk, ForwardSearch, type BlastMode } from '../index/blast-walk.js';
import type { GraphView } from '../index/graph-view.js';
import type { VexRecord } from '../index/vulnerabilities/records.js';
import { equivalenceClosure } from '../index/walk.js';
import { NodeKind } from '../model/kinds.js';
import { matchPackages } from './resolve.js';
import {
  advisoryScan,
  isVersionlessPackage,
  latestVexRecord,
  SUPPRESSING,
  type ScanMetadataView,
} from './vulnerabilities.js';

/** One reason a package version has the vulnerability: a scan that found it, or an advisory that matches it. */
export interface Evidence extends ScanMetadataView {
  kind: 'scan' | 'advisory';
  /** The id (of the vulnerability's aliases) the scan or advisory names. */
  vulnerabilityId: string;
}

/** A VEX statement as the answers show it. */
export interface StatementView {
  /** The subject the statement is about (purl or digest). */
  subject: string;
  vulnerabilityId: string;
  status: string;
  justification?: string;
  statement?: string;
  knownSince: string;
  origin: string;
  collector: string;
}

export interface AffectedPackages {
  /** Package versions that have the vulnerability, each with its evidence. */
  affected: Map<number, Evidence[]>;
  /** Package versions whose own latest statement takes it off (NOT_AFFECTED / FIXED). */
  suppressed: Map<number, { evidence: Evidence[]; by: VexRecord }>;
}

export function statementView(index: GraphView, r: VexRecord): StatementView {
  return {
    subject: index.keyOf(r.subject),
    vulnerabilityId: index.keyOf(r.vuln),
    status: r.status,
    ...(r.justification ? { justification: r.justification } : {}),
    ...(r.statement ? { statement: r.statement } : {}),
    knownSince: r.knownSince,
    origin: r.origin,
    collector: r.collector,
  };
}

function evidenceKey(e: Evidence): string {
  return [
    e.kind,
    e.vulnerabilityId,
    e.timeScanned,
    e.scannerUri,
    e.scannerVersion,
    e.dbUri,
    e.dbVersion,
    e.origin,
    e.collector,
  ].join('\u0000');
}

/** Every package version with a finding for any alias, or matched by an advisory of one; split by their own VEX. */
export function affectedPackages(index: GraphView, vuln: number): AffectedPackages {
  const evidence = new Map<number, Map<string, Evidence>>();
  const add = (pkg: number, e: Evidence): void => {
    let byKey = evidence.get(pkg);
    if (!byKey) evidence.set(pkg, (byKey = new Map<string, Evidence>()));
    byKey.set(evidenceKey(e), e);
  };
  for (const alias of index.aliasesOf(vuln)) {
    const vulnerabilityId = index.keyOf(alias);
    for (const f of index.findingsOfVuln(alias)) {
      add(f.pkg, {
        kind: 'scan',
        vulnerabilityId,
        scannerUri: f.scannerUri,
        scannerVersion: f.scannerVersion,
        dbUri: f.dbUri,
        dbVersion: f.dbVersion,
        timeScanned: f.timeScanned,
        origin: f.origin,
        collector: f.collector,
      });
    }
    const advisory = index.advisory(alias);
    if (!advisory) continue;
    for (const pkg of index.packagesMatchedBy(alias)) {
      add(pkg, { kind: 'advisory', vulnerabilityId, ...advisoryScan(advisory) });
    }
  }
  const result: AffectedPackages = { affected: new Map(), suppressed: new Map() };
  for (const [pkg, byKey] of evidence) {
    const list = [...byKey.keys()].sort().map((k) => byKey.get(k)!);
    const own = latestVexRecord(index, pkg, vuln);
    if (own && SUPPRESSING.has(own.status)) result.suppressed.set(pkg, { evidence: list, by: own });
    else result.affected.set(pkg, list);
  }
  return result;
}

/**
 * For every node whose equivalence closure holds a subject whose deciding statement takes the
 * vulnerability off: that statement (the first such subject in key order when there are several).
 * A statement about a purl without a version stands for every version it names as a template,
 * each decided by its own deciding statement (latestVexRecord).
 */
export function suppressingStatements(index: GraphView, vuln: number): Map<number, VexRecord> {
  const stated = new Set<number>();
  for (const alias of index.aliasesOf(vuln)) for (const r of index.vexAbout(alias)) stated.add(r.subject);
  const subjects = new Set(stated);
  for (const subject of stated)
    if (isVersionlessPackage(index, subject))
      for (const version of matchPackages(index, index.keyOf(subject))) subjects.add(version);
  const suppressors: { subject: number; by: VexRecord }[] = [];
  for (const subject of subjects) {
    const latest = latestVexRecord(index, subject, vuln);
    if (latest && SUPPRESSING.has(latest.status)) suppressors.push({ subject, by: latest });
  }
  suppressors.sort((a, b) => (index.keyOf(a.subject) < index.keyOf(b.subject) ? -1 : 1));
  const by = new Map<number, VexRecord>();
  for (const s of suppressors)
    for (const node of equivalenceClosure(index, [s.subject])) if (!by.has(node)) by.set(node, s.by);
  return by;
}

/** A blast-radius answer: the items (node ids, sorted), and each one's path, valid until the next query. */
export interface BlastRadius {
  /** Items not suppressed, then, with includeSuppressed, the suppressed ones, all in one sorted list. */
  items: number[];
  suppressedBy: ReadonlyMap<number, VexRecord>;
  /** Items left out (or marked) because a statement about their closure takes the vulnerability off. */
  suppressedCount: number;
  /** The path from an item (excluded) to the affected package (included), as node ids. */
  via(item: number): number[];
}

// One of each per process: queries are synchronous, so no two use them at once.
const backwards = new BlastWalk();
const forwards = new ForwardSearch();

/** Package versions or artifacts that reach an affected package version (see docs/api.md "Vulnerabilities"). */
export function blastRadius(
  index: GraphView,
  vuln: number,
  mode: BlastMode,
  includeSuppressed: boolean,
  affected: ReadonlySet<number> = new Set(affectedPackages(index, vuln).affected.keys()),
): BlastRadius {
  const suppressedBy = suppressingStatements(index, vuln);
  const special = new Map<number, number[]>();
  const found: number[] = [];
  const wanted = mode === 'packages' ? NodeKind.Package : NodeKind.Artifact;
  // The forward package walk leaves out its start's equivalents: a package equivalent to an
  // affected one is a dependent only if it reaches another affected package, found one by one.
  const nearAffected = mode === 'packages' ? new Set(equivalenceClosure(index, [...affected])) : new Set<number>();
  for (const candidate of nearAffected) {
    if (index.kinds[candidate] !== NodeKind.Package) continue;
    const own = new Set(equivalenceClosure(index, [candidate]));
    const path = forwards.nearest(index, candidate, own, (p) => affected.has(p));
    if (path) special.set(candidate, path);
  }
  backwards.run(index, affected, mode);
  const { order, reached } = backwards;
  for (let i = 0; i < reached; i++) {
    const v = order[i];
    if (index.kinds[v] === wanted && !nearAffected.has(v)) found.push(v);
  }
  found.push(...special.keys());
  let suppressedCount = 0;
  const items = found.filter((v) => {
    if (!suppressedBy.has(v)) return true;
    suppressedCount++;
    return includeSuppressed;
  });
  const sorted =
    mode === 'packages'
      ? index.sortPackages(items)
      : items
          .map((id) => [index.keyOf(id), id] as const)
          .sort((a, b) => (a[0] < b[0] ? -1 : 1))
          .map((p) => p[1]);
  return {
    items: sorted,
    suppressedBy,
    suppressedCount,
    via: (item) => special.get(item) ?? backwards.pathFrom(item),
  };
}
