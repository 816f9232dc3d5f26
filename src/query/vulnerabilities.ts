// Vulnerabilities of packages and artifacts (SPEC §3): certified findings, widened to the
// dependency walk on request, with VEX suppression and aliases folded into one vulnerability.
import type { GraphView } from '../index/graph-view.js';
import type { Attribution, CertifyVulnRecord, VexRecord } from '../index/vulnerabilities/records.js';
import { equivalenceClosure, walkArtifactDependencies, walkPackageDependencies } from '../index/walk.js';
import type { Severity } from '../model/vulnerability.js';
import { cvssRating, highestRating, labelRating, type Rating, type RatingKind } from '../vuln/severity.js';
import { NodeKind } from '../model/kinds.js';
import { MATCHER_URI, MATCHER_VERSION, type AdvisoryRecord } from '../index/vulnerabilities/advisory-matcher.js';
import type { ScanMetadata } from '../model/facts.js';
import { resolveArtifact, type NamedPackages } from './resolve.js';
import { compareText } from '../model/compare.js';

/** How a finding was made (the model's scan metadata) and which document said so. */
export type ScanMetadataView = ScanMetadata & Attribution;

export interface PackageVulnerability {
  package: string;
  vulnerability: { type: string; vulnerabilityIDs: string[] };
  metadata: ScanMetadataView;
}

export interface ArtifactVulnerability {
  id: string;
  type: string;
  vulnerabilityIDs: string[];
  description: string;
  severity: Severity;
  cvssScore?: number;
  /** Which rating gave `severity`; absent when no rating is known (UNKNOWN). */
  severitySource?: SeveritySource;
  package: string;
}

export interface SeveritySource {
  kind: RatingKind;
  /** The vulnerability id (the entry's or an alias) the rating was given for. */
  vulnerabilityID: string;
  /** CVSS only: GUAC's score type (CVSSv2, CVSSv3, CVSSv31, CVSSv4) and the base score. */
  scoreType?: string;
  score?: number;
  /** The document that gave the rating: its origin and collector. */
  origin: string;
  collector: string;
}

/** The VEX statuses that take a vulnerability off a subject. */
export const SUPPRESSING: ReadonlySet<string> = new Set(['NOT_AFFECTED', 'FIXED']);

/**
 * The latest VEX statement of `subject` about the vulnerability `vuln` (any of its aliases):
 * the latest knownSince, then the later document. Every VEX rule of the service reads this one.
 */
export function latestVexRecord(index: GraphView, subject: number, vuln: number): VexRecord | undefined {
  const records = index.vexOf(subject);
  if (records.length === 0) return undefined;
  const root = index.aliasRoot(vuln);
  let best: VexRecord | undefined;
  for (const r of records) {
    if (index.aliasRoot(r.vuln) !== root) continue;
    if (!best || r.knownSince > best.knownSince || (r.knownSince === best.knownSince && r.doc >= best.doc)) best = r;
  }
  return best;
}

function latestVexStatus(index: GraphView, subject: number, vuln: number): string | undefined {
  return latestVexRecord(index, subject, vuln)?.status;
}

/** Suppressed when the package itself or a queried product's latest statement says so. */
function isSuppressed(index: GraphView, pkg: number, vuln: number, products: readonly number[]): boolean {
  const own = latestVexStatus(index, pkg, vuln);
  if (own && SUPPRESSING.has(own)) return true;
  for (const p of products) {
    const status = latestVexStatus(index, p, vuln);
    if (status && SUPPRESSING.has(status)) return true;
  }
  return false;
}

export function vulnerabilityIds(index: GraphView, vuln: number): string[] {
  const others = index
    .aliasesOf(vuln)
    .filter((v) => v !== vuln)
    .map(index.keyOf)
    .sort();
  return [index.keyOf(vuln), ...others];
}

/** An offline advisory match, read as a scan by the "supplygraph OSV matcher" as of the advisory's last change. */
export function advisoryScan(advisory: Readonly<AdvisoryRecord>): ScanMetadataView {
  return {
    scannerUri: MATCHER_URI,
    scannerVersion: MATCHER_VERSION,
    dbUri: advisory.dbUri,
    dbVersion: advisory.modified ?? '',
    timeScanned: advisory.asOf,
    origin: advisory.origin,
    collector: advisory.collector,
  };
}

/** Certified findings plus offline advisory matches, minus what VEX suppresses. */
function findings(index: GraphView, packages: readonly number[], products: readonly number[]): CertifyVulnRecord[] {
  const out: CertifyVulnRecord[] = [];
  for (const pkg of packages) {
    for (const r of index.findingsOf(pkg)) {
      if (!isSuppressed(index, pkg, r.vuln, products)) out.push(r);
    }
    for (const vuln of index.advisoryMatchesOf(pkg)) {
      if (isSuppressed(index, pkg, vuln, products)) continue;
      out.push({ pkg, vuln, ...advisoryScan(index.advisory(vuln)!) });
    }
  }
  return out;
}

export function packageVulnKey(v: PackageVulnerability): (string | number)[] {
  const m = v.metadata;
  return [
    v.package,
    v.vulnerability.vulnerabilityIDs[0],
    m.timeScanned,
    m.scannerUri,
    m.scannerVersion,
    m.dbUri,
    m.dbVersion,
    m.origin,
    m.collector,
  ];
}

export function packageVulnerabilities(
  index: GraphView,
  named: NamedPackages,
  includeDependencies: boolean,
): PackageVulnerability[] {
  const products = equivalenceClosure(index, named.ids);
  const packages = includeDependencies
    ? [...new Set([...named.ids, ...walkPackageDependencies(index, named.ids, true)])]
    : named.ids;
  // Keyed once: the key both de-duplicates (the same finding stated by several documents) and orders.
  const byKey = new Map<string, PackageVulnerability>();
  for (const r of findings(index, packages, products)) {
    const item: PackageVulnerability = {
      package: index.keyOf(r.pkg),
      vulnerability: { type: index.vulnType(r.vuln), vulnerabilityIDs: vulnerabilityIds(index, r.vuln) },
      metadata: {
        scannerUri: r.scannerUri,
        scannerVersion: r.scannerVersion,
        dbUri: r.dbUri,
        dbVersion: r.dbVersion,
        timeScanned: r.timeScanned,
        origin: r.origin,
        collector: r.collector,
      },
    };
    const key = packageVulnKey(item).join('\u0000');
    if (!byKey.has(key)) byKey.set(key, item);
  }
  return [...byKey.keys()].sort().map((key) => byKey.get(key)!);
}

/**
 * Whether a text stated at `time` replaces the one kept so far (kept at `keptTime`): the latest
 * wins, and of equally recent ones the smallest, so the answer never depends on ingest order.
 */
export function replacesKeptText(text: string, time: string, kept: string, keptTime: string): boolean {
  return !kept || time > keptTime || (time === keptTime && text < kept);
}

const sourceKey = (s: SeveritySource): string =>
  [s.origin, s.collector, s.vulnerabilityID, s.kind, s.scoreType ?? '', s.score ?? ''].join('\u0000');

/**
 * Description and severity of a vulnerability from the metadata of it and its aliases. Severity
 * follows the one rule (src/vuln/severity.ts): the highest rating any document gives, label or
 * CVSS; `cvssScore` is the highest CVSS score any document gives.
 */
export function vulnerabilitySummary(
  index: GraphView,
  vuln: number,
): { description: string; severity: Severity; cvssScore?: number; severitySource?: SeveritySource } {
  let description = '';
  let descriptionTime = '';
  let score: number | undefined;
  const ratings: (Rating & { source: SeveritySource })[] = [];
  for (const v of index.aliasesOf(vuln)) {
    for (const m of index.vulnMetadataOf(v)) {
      if (m.description && replacesKeptText(m.description, m.timestamp ?? '', description, descriptionTime)) {
        description = m.description;
        descriptionTime = m.timestamp ?? '';
      }
      const from = { vulnerabilityID: index.keyOf(v), origin: m.origin, collector: m.collector };
      const cvss = m.scoreValue !== undefined ? cvssRating(m.scoreType, m.scoreValue) : undefined;
      if (cvss) {
        score = Math.max(score ?? 0, m.scoreValue!);
        ratings.push({ ...cvss, source: { kind: 'cvss', ...from, scoreType: m.scoreType, score: m.scoreValue } });
      }
      const label = labelRating(m.severity);
      if (label) ratings.push({ ...label, source: { kind: 'label', ...from } });
    }
  }
  // Equal ratings from several documents: the first by source, whatever order they came in.
  ratings.sort((a, b) => compareText(sourceKey(a.source), sourceKey(b.source)));
  const best = highestRating(ratings);
  return {
    description,
    severity: best?.severity ?? 'UNKNOWN',
    ...(score !== undefined ? { cvssScore: score } : {}),
    ...(best ? { severitySource: best.source } : {}),
  };
}

export function artifactVulnKey(v: ArtifactVulnerability): string[] {
  return [v.package, v.id];
}

export function artifactVulnerabilities(
  index: GraphView,
  digest: string,
  includeDependencies: boolean,
): ArtifactVulnerability[] {
  const artifact = resolveArtifact(index, digest);
  const products = equivalenceClosure(index, [artifact]);
  const packages = new Set(products.filter((id) => index.kinds[id] === NodeKind.Package));
  if (includeDependencies) for (const p of walkArtifactDependencies(index, artifact)) packages.add(p);
  const byPair = new Map<string, ArtifactVulnerability>();
  for (const r of findings(index, [...packages], products)) {
    const root = index.aliasRoot(r.vuln);
    const key = `${r.pkg}:${root}`;
    if (byPair.has(key)) continue;
    byPair.set(key, {
      id: index.keyOf(r.vuln),
      type: index.vulnType(r.vuln),
      vulnerabilityIDs: vulnerabilityIds(index, r.vuln),
      ...vulnerabilitySummary(index, r.vuln),
      package: index.keyOf(r.pkg),
    });
  }
  return [...byPair.values()].sort((a, b) => compareText(a.package, b.package) || compareText(a.id, b.id));
}
