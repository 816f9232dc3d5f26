// CycloneDX VDR/VEX entries (parse-vulnerabilities.ts) → facts. Each (affected component, vulnerability)
// becomes a CertifyVuln from the BOM's tool; `analysis.state` acts as VEX for that component:
// not_affected / false_positive → NOT_AFFECTED, resolved → FIXED, exploitable → AFFECTED,
// in_triage → UNDER_INVESTIGATION. An `affects` ref must name a component of this BOM: anything
// else is skipped, so a VDR never adds a package to the SBOM it describes. A statement about a
// component without a version names every version (docs/api.md, VEX), so one whose `affects` entry
// lists `versions` (versions or ranges, which are not matched) is not recorded as VEX.
import type { ScanMetadata, VexStatus } from '../../../model/facts.js';
import type { Segments } from '../common/json.js';
import { parsePurl } from '../../../model/purl.js';
import { vectorRating } from '../../../vuln/severity.js';
import { firstLine, vulnRef, VulnFacts, type RatingInput, type VulnInfo } from '../common/vulns.js';
import type { ParseContext } from '../types.js';
import type { CdxRating, CdxVulnerabilities, CdxVulnerability } from './parse-vulnerabilities.js';
import type { CycloneDxRead } from './translate.js';
import { lookupTable } from '../../../model/lookup-table.js';

const VEX_STATE = lookupTable<VexStatus>({
  not_affected: 'NOT_AFFECTED',
  false_positive: 'NOT_AFFECTED',
  resolved: 'FIXED',
  resolved_with_pedigree: 'FIXED',
  exploitable: 'AFFECTED',
  in_triage: 'UNDER_INVESTIGATION',
});

/** CycloneDX rating methods that are CVSS → GUAC's score types. */
const CVSS_METHODS = lookupTable<string>({
  cvssv2: 'CVSSv2',
  cvssv3: 'CVSSv3',
  cvssv31: 'CVSSv31',
  cvssv4: 'CVSSv4',
  cvssv40: 'CVSSv4',
});

/**
 * A valid vector is scored; otherwise a CVSS method's stated base score is used. Each rating is
 * its `source`'s, else the vulnerability's `source`'s (docs/formats/vulnerabilities.md, "Rating sources").
 */
function ratingsOf(
  ratings: readonly CdxRating[],
  defaultSource: string | undefined,
): Pick<VulnInfo, 'labels' | 'vectors' | 'scores' | 'ratings'> {
  const labels: string[] = [];
  const vectors: string[] = [];
  const scores: { scoreType: string; score: number }[] = [];
  const sourced: RatingInput[] = [];
  for (const r of ratings) {
    const source = r.source ?? defaultSource;
    if (r.severity) {
      labels.push(r.severity);
      sourced.push({ source, label: r.severity });
    }
    if (r.vector && vectorRating(r.vector)) {
      vectors.push(r.vector);
      sourced.push({ source, vector: r.vector });
      continue;
    }
    const scoreType = CVSS_METHODS[(r.method ?? '').toLowerCase()];
    if (scoreType && r.score !== undefined) {
      scores.push({ scoreType, score: r.score });
      sourced.push({ source, scoreType, score: r.score });
    }
  }
  return { labels, vectors, scores, ratings: sourced };
}

/** What every entry of one BOM is translated with. */
interface Translation {
  read: CycloneDxRead;
  vf: VulnFacts;
  tool: CdxVulnerabilities['tool'];
  timeScanned: string;
}

export function translateCycloneDxVulnerabilities(
  read: CycloneDxRead,
  { tool, entries, extension }: CdxVulnerabilities,
  ctx: ParseContext,
): void {
  const t: Translation = { read, vf: new VulnFacts(read.builder), tool, timeScanned: read.timestamp ?? ctx.now };
  for (const v of entries) {
    const { affected, ranged } = affectedPackages(read, v);
    apply(t, v, affected, ranged);
  }

  // 1.2/1.3 vulnerability extension: the component is the one the entries sit in (its `ref`
  // attribute is informative only: Grype wrote random URNs there), with the identity it got as a
  // package, also when it has no bom-ref and no purl.
  for (const { component, entries: inComponent } of extension) {
    const purl = read.componentPurls.get(component);
    for (const v of inComponent) {
      if (purl) apply(t, v, [purl]);
      else
        read.builder.skip(
          read.path(v.at),
          `vulnerability "${v.id ?? ''}" belongs to a component that is not a package (skipped above): not recorded`,
        );
    }
  }
}

/**
 * The packages of this BOM an entry's `affects` refs name, and (`ranged`) those whose `affects`
 * entry lists versions, with that entry's path.
 */
function affectedPackages(
  read: CycloneDxRead,
  v: CdxVulnerability,
): { affected: string[]; ranged: Map<string, Segments> } {
  const affected: string[] = [];
  const ranged = new Map<string, Segments>();
  for (const { at, ref, versions } of v.affects) {
    const purl = ref ? read.resolveRef(ref) : undefined;
    if (purl) {
      affected.push(purl);
      if (versions) ranged.set(purl, [...at.slice(0, -1), 'versions']);
    } else if (!ref || !read.skippedRefs.has(ref)) unknownRef(read, at, ref);
  }
  // JFrog Xray (and GUAC's reading of it): no `affects`, the vulnerability's own bom-ref names the component.
  if (v.affects.length === 0 && v.ownRef?.startsWith('pkg:')) {
    const purl = read.resolveRef(v.ownRef);
    if (purl) affected.push(purl);
    else if (!read.skippedRefs.has(v.ownRef)) unknownRef(read, [...v.at, 'bom-ref'], v.ownRef);
  }
  return { affected, ranged };
}

function unknownRef(read: CycloneDxRead, segments: Segments, ref: string | undefined): void {
  read.builder.skip(
    read.path(segments),
    `"${(ref ?? '').slice(0, 200)}" names no component of this BOM: not recorded, and not added to the SBOM`,
  );
}

/** `ranged`: the affected purls whose `affects` entry lists versions, with that entry's path. */
function apply(t: Translation, v: CdxVulnerability, affected: string[], ranged?: ReadonlyMap<string, Segments>): void {
  const { read, vf } = t;
  const id = v.id;
  if (!id) {
    read.builder.skip(read.path(v.at), 'a vulnerability without an id');
    return;
  }
  vf.metadata(id, {
    description: v.description ?? firstLine(v.detail),
    ...ratingsOf(v.ratings, v.source.name),
    references: v.advisories,
    timestamp: v.updated ?? v.published,
    published: v.published,
    defaultSeverity: 'UNKNOWN',
  });
  for (const alias of v.aliases) vf.equal(id, alias, 'CycloneDX vulnerability reference');
  const scan: ScanMetadata = {
    scannerUri: t.tool.name,
    scannerVersion: t.tool.version,
    dbUri: v.source.url ?? v.source.name ?? '',
    dbVersion: '',
    timeScanned: t.timeScanned,
  };
  for (const purl of affected) {
    vf.finding(purl, id, scan);
    stateAnalysis(t, v, id, purl, ranged?.get(purl));
  }
}

/** `analysis.state` as VEX for the component; `versions`: the path of the versions its `affects` entry lists. */
function stateAnalysis(t: Translation, v: CdxVulnerability, id: string, purl: string, versions?: Segments): void {
  const status = VEX_STATE[v.analysis.state ?? ''];
  if (!status) return;
  if (versions && !parsePurl(purl).version) {
    t.read.builder.skip(
      t.read.path(versions),
      `the analysis of ${purl} is about the versions listed here, and the component has no version: ` +
        'not recorded as VEX (versions are not matched, and a purl without a version names every version)',
    );
    return;
  }
  t.read.builder.vex({
    subject: { kind: 'package', purl },
    vulnerability: vulnRef(id),
    status,
    justification: v.analysis.justification,
    statement: v.analysis.detail,
    knownSince: v.analysis.lastUpdated ?? v.updated ?? t.timeScanned,
  });
}
