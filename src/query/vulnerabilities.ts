// Vulnerabilities of packages and artifacts (docs/api.md, "Vulnerabilities"): certified findings, widened to the
// dependency walk on request, with VEX suppression and aliases folded into one vulnerability.
import type { GraphView } from '../index/graph-view.js';
import type { Attribution, CertifyVulnRecord, VexRecord } from '../index/vulnerabilities/records.js';
import { equivalenceClosure, walkArtifactDependencies, walkPackageDependencies } from '../index/walk.js';
import type { Severity } from '../model/vulnerability.js';
import { severityOf, type SeveritySource } from './vuln-severity.js';
import { NodeKind } from '../model/kinds.js';
import { matchesPurlTemplate, type PurlKey } from '../index/purl-key.js';
import { MATCHER_URI, MATCHER_VERSION, type AdvisoryRecord } from '../index/vulnerabilities/advisory-matcher.js';
import type { ScanMetadata } from '../model/facts.js';
import { resolveArtifact, type NamedPackages } from './resolve.js';
import { compareText } from '../model/compare.js';
import type { Exploitation } from '../model/exploitation.js';

/** How a finding was made (the model's scan metadata) and which document said so. */
export type ScanMetadataView = ScanMetadata & Attribution;

export interface PackageVulnerability {
  package: string;
  vulnerability: { type: string; vulnerabilityIDs: string[] } & Exploitation;
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
  kev: Exploitation['kev'];
  epss: Exploitation['epss'];
  package: string;
}

export type { SeveritySource } from './vuln-severity.js';

/** The VEX statuses that take a vulnerability off a subject. */
export const SUPPRESSING: ReadonlySet<string> = new Set(['NOT_AFFECTED', 'FIXED']);

/** Whether `r` replaces `kept` among equally specific statements: the later knownSince, then the later document. */
function isLater(r: VexRecord, kept: VexRecord | undefined): boolean {
  return !kept || r.knownSince > kept.knownSince || (r.knownSince === kept.knownSince && r.doc >= kept.doc);
}

/**
 * The statement that decides for `subject` about the vulnerability `vuln` (any of its aliases),
 * by the VEX rule of docs/api.md "Vulnerabilities": the subject's own statements; for a package
 * with none, the statements about a purl without a version that names it as a template (those
 * naming more qualifiers and a subpath first). Among equally specific ones the latest knownSince,
 * then the later document. Every VEX rule of the service reads this one.
 */
export function latestVexRecord(index: GraphView, subject: number, vuln: number): VexRecord | undefined {
  const records = index.vexOf(subject);
  const root = index.aliasRoot(vuln);
  let best: VexRecord | undefined;
  for (const r of records) {
    if (index.aliasRoot(r.vuln) === root && isLater(r, best)) best = r;
  }
  if (best || index.kinds[subject] !== NodeKind.Package) return best;
  return latestTemplateRecord(index, subject, vuln);
}

/** A package node without a version: a VEX statement about it names its versions as a template. */
export function isVersionlessPackage(index: GraphView, node: number): boolean {
  return index.kinds[node] === NodeKind.Package && index.packagePurl(node).key.version === undefined;
}

/** How much of a purl a template names beyond the package name: its qualifiers, and its subpath. */
function specificity(template: Readonly<PurlKey>): number {
  return template.qualifiers.length + (template.subpath === undefined ? 0 : 1);
}

/**
 * The deciding statement among those about a versionless purl that names `pkg` as a template:
 * read from the statements about its package name and the vulnerability's aliases only.
 */
function latestTemplateRecord(index: GraphView, pkg: number, vuln: number): VexRecord | undefined {
  const purl = index.packagePurl(pkg);
  let best: VexRecord | undefined;
  let bestSpecificity = -1;
  for (const alias of index.aliasesOf(vuln)) {
    for (const r of index.templateVexAbout(purl.nameKey, alias)) {
      const template = index.packagePurl(r.subject).key;
      if (!matchesPurlTemplate(template, purl.key)) continue;
      const rank = specificity(template);
      if (rank > bestSpecificity || (rank === bestSpecificity && isLater(r, best))) {
        best = r;
        bestSpecificity = rank;
      }
    }
  }
  return best;
}

/**
 * The statement that decides whether `vuln` is taken off package `pkg` in `products`: the
 * package's own latest statement when it suppresses, else the first product's that does, else
 * the package's own (which then does not suppress); undefined when nothing is said.
 */
export function vexVerdict(
  index: GraphView,
  pkg: number,
  vuln: number,
  products: readonly number[],
): VexRecord | undefined {
  const own = latestVexRecord(index, pkg, vuln);
  if (own && SUPPRESSING.has(own.status)) return own;
  for (const p of products) {
    const record = latestVexRecord(index, p, vuln);
    if (record && SUPPRESSING.has(record.status)) return record;
  }
  return own;
}

/** Suppressed when the package itself or a queried product's latest statement says so. */
function isSuppressed(index: GraphView, pkg: number, vuln: number, products: readonly number[]): boolean {
  const verdict = vexVerdict(index, pkg, vuln, products);
  return verdict !== undefined && SUPPRESSING.has(verdict.status);
}

/** KEV and EPSS of a vulnerability, by its id and aliases (docs/api.md, "Exploitation: KEV and EPSS"). */
export function exploitationOfVuln(index: GraphView, vuln: number): Exploitation {
  return index.exploitation.of(vulnerabilityIds(index, vuln));
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
    const ids = vulnerabilityIds(index, r.vuln);
    const item: PackageVulnerability = {
      package: index.keyOf(r.pkg),
      vulnerability: { type: index.vulnType(r.vuln), vulnerabilityIDs: ids, ...index.exploitation.of(ids) },
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

/**
 * Description and severity of a vulnerability from the metadata of it and its aliases: the latest
 * description; severity, score and source by the one rule (./vuln-severity.ts, docs/api.md
 * "Severity") for the package `purl`, or for the vulnerability itself without one.
 */
export function vulnerabilitySummary(
  index: GraphView,
  vuln: number,
  purl?: string,
): { description: string; severity: Severity; cvssScore?: number; severitySource?: SeveritySource } {
  let description = '';
  let descriptionTime = '';
  for (const v of index.aliasesOf(vuln)) {
    for (const m of index.vulnMetadataOf(v)) {
      if (m.description && replacesKeptText(m.description, m.timestamp ?? '', description, descriptionTime)) {
        description = m.description;
        descriptionTime = m.timestamp ?? '';
      }
    }
  }
  const { severity, cvssScore, severitySource } = severityOf(index, vuln, purl);
  return {
    description,
    severity,
    ...(cvssScore !== undefined ? { cvssScore } : {}),
    ...(severitySource ? { severitySource } : {}),
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
    const ids = vulnerabilityIds(index, r.vuln);
    byPair.set(key, {
      id: index.keyOf(r.vuln),
      type: index.vulnType(r.vuln),
      vulnerabilityIDs: ids,
      ...vulnerabilitySummary(index, r.vuln, index.keyOf(r.pkg)),
      ...index.exploitation.of(ids),
      package: index.keyOf(r.pkg),
    });
  }
  return [...byPair.values()].sort((a, b) => compareText(a.package, b.package) || compareText(a.id, b.id));
}
