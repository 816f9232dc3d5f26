// Trivy report shape validation: Vulnerabilities must be a list of objects each with a
// VulnerabilityID; suppressed findings and listed packages are read leniently (odd entries are
// passed over, as they name nothing to record).
import { DocumentError, type ScanMetadata } from '../../../../model/facts.js';
import { isoUtc } from '../../common/dates.js';
import { isObject, str, type Json } from '../../common/json.js';
import { licenceTexts } from '../../common/licenses.js';
import type { RatingInput } from '../../common/vulns.js';
import { imageDigests } from '../common.js';
import { trivyResults, type TrivyResult } from './detect.js';

export const TRIVY_URI = 'https://github.com/aquasecurity/trivy';

/** How a report names a package: maybe a purl, else name and version to build one from. */
export interface TrivyPackageRef {
  purl: unknown;
  name?: string;
  version?: string;
}

export interface TrivyFinding {
  path: string;
  id: string;
  pkg: TrivyPackageRef;
  description?: string;
  severity?: string;
  vectors: string[];
  /** Every source's rating: Severity (from SeveritySource), VendorSeverity, CVSS per source. */
  ratings: RatingInput[];
  /** PrimaryURL, then References[]. */
  references: string[];
  /** Title: the one-line summary. */
  title?: string;
  /** PublishedDate, ISO 8601 UTC. */
  published?: string;
}

export interface TrivySuppressedFinding {
  path: string;
  pkg: TrivyPackageRef;
  id?: string;
  status?: string;
  source?: string;
}

export interface TrivyResultEntry {
  path: string;
  type?: string;
  os?: OsInfo;
  findings: TrivyFinding[];
  suppressed: TrivySuppressedFinding[];
  /** --list-all-pkgs entries (objects only), with their `Licenses`. */
  packages: { path: string; pkg: TrivyPackageRef; licenses: string[] }[];
}

export interface TrivyReport {
  legacy: boolean;
  scan: ScanMetadata;
  /** Digests of the scanned image (repository digests first, then the image id), when it scanned one. */
  image: string[];
  results: TrivyResultEntry[];
}

/** The OS a result's packages come from: Metadata.OS, else the "(family name)" end of the target. */
export interface OsInfo {
  family: string;
  name?: string;
}

function osOf(report: Record<string, unknown>, result: TrivyResult): OsInfo | undefined {
  const meta = isObject(report.Metadata) && isObject(report.Metadata.OS) ? report.Metadata.OS : undefined;
  if (meta && str(meta.Family)) return { family: str(meta.Family)!.toLowerCase(), name: str(meta.Name) };
  const m = /\(([\w.-]+) ([^)]+)\)\s*$/.exec(String(result.Target));
  return m ? { family: m[1].toLowerCase(), name: m[2] } : undefined;
}

/** Vectors of the CVSS source trivy took the severity from, else NVD, else any. */
function vectorsOf(v: Record<string, unknown>): string[] {
  const cvss = isObject(v.CVSS) ? v.CVSS : {};
  const sources = [str(v.SeveritySource), 'nvd', ...Object.keys(cvss)].filter((s): s is string => !!s);
  for (const s of sources) {
    const c = cvss[s];
    if (!isObject(c)) continue;
    const vectors = ['V40Vector', 'V3Vector', 'V2Vector'].map((k) => str(c[k])).filter((x): x is string => !!x);
    if (vectors.length) return vectors;
  }
  return [];
}

/** Trivy's VendorSeverity numbers (0 is unknown: no rating). */
const VENDOR_SEVERITY = ['', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];

/** The CVSS fields of one source: vector field, stated score field, score type when the vector is unusable. */
const CVSS_FIELDS = [
  ['V40Vector', 'V40Score', 'CVSSv4'],
  ['V3Vector', 'V3Score', 'CVSSv3'],
  ['V2Vector', 'V2Score', 'CVSSv2'],
] as const;

/**
 * Every rating of a finding with its source: `Severity` is given by `SeveritySource` (Trivy
 * itself when it names none), `VendorSeverity` by each vendor, `CVSS` per source (the vector, else
 * the stated score).
 */
function ratingsOf(v: Record<string, unknown>): RatingInput[] {
  const out: RatingInput[] = [{ source: str(v.SeveritySource) ?? 'trivy', label: str(v.Severity) }];
  const vendors = isObject(v.VendorSeverity) ? v.VendorSeverity : {};
  for (const [source, n] of Object.entries(vendors)) {
    const label = typeof n === 'number' ? VENDOR_SEVERITY[n] : undefined;
    if (label) out.push({ source, label });
  }
  const cvss = isObject(v.CVSS) ? v.CVSS : {};
  for (const [source, c] of Object.entries(cvss)) {
    if (!isObject(c)) continue;
    for (const [vectorField, scoreField, scoreType] of CVSS_FIELDS) {
      const vector = str(c[vectorField]);
      const score = typeof c[scoreField] === 'number' ? c[scoreField] : undefined;
      if (vector || score !== undefined) out.push({ source, vector, scoreType, score });
    }
  }
  return out;
}

function packageRef(identifier: unknown, name: unknown, version: unknown): TrivyPackageRef {
  return { purl: isObject(identifier) ? identifier.PURL : undefined, name: str(name), version: str(version) };
}

export function parseTrivy(json: unknown, now: string): TrivyReport {
  const results = trivyResults(json);
  if (!results)
    throw new DocumentError('', 'not a Trivy report: expected SchemaVersion 2 with Results, or an array of results');
  const report = isObject(json) ? json : {};
  const legacy = Array.isArray(json);
  const trivy = isObject(report.Trivy) ? report.Trivy : {};
  const scan: ScanMetadata = {
    scannerUri: TRIVY_URI,
    scannerVersion: str(trivy.Version) ?? '',
    dbUri: '',
    dbVersion: '',
    timeScanned: isoUtc(report.CreatedAt) ?? now,
  };
  return {
    legacy,
    scan,
    image: scannedImageOf(report),
    results: results.map((result, r) => parseResult(report, result, legacy ? `/${r}` : `/Results/${r}`)),
  };
}

function parseResult(report: Json, result: TrivyResult, base: string): TrivyResultEntry {
  const list = result.Vulnerabilities ?? [];
  if (!Array.isArray(list)) throw new DocumentError(`${base}/Vulnerabilities`, '"Vulnerabilities" must be an array');
  const findings = list.map((v, i): TrivyFinding => {
    const path = `${base}/Vulnerabilities/${i}`;
    if (!isObject(v)) throw new DocumentError(path, 'a vulnerability must be an object');
    const id = str(v.VulnerabilityID);
    if (!id) throw new DocumentError(`${path}/VulnerabilityID`, 'a finding needs a VulnerabilityID');
    return {
      path,
      id,
      pkg: packageRef(v.PkgIdentifier, v.PkgName, v.InstalledVersion),
      description: str(v.Description) ?? str(v.Title),
      severity: str(v.Severity),
      vectors: vectorsOf(v),
      ratings: ratingsOf(v),
      title: str(v.Title),
      published: isoUtc(v.PublishedDate),
      references: urls([v.PrimaryURL, ...(Array.isArray(v.References) ? (v.References as unknown[]) : [])]),
    };
  });
  const suppressed: TrivySuppressedFinding[] = [];
  const modified = Array.isArray(result.ExperimentalModifiedFindings) ? result.ExperimentalModifiedFindings : [];
  modified.forEach((m, i) => {
    if (!isObject(m) || !isObject(m.Finding)) return;
    const f = m.Finding;
    suppressed.push({
      path: `${base}/ExperimentalModifiedFindings/${i}`,
      pkg: packageRef(f.PkgIdentifier, f.PkgName, f.InstalledVersion),
      id: str(f.VulnerabilityID),
      status: str(m.Status),
      source: str(m.Source),
    });
  });
  const packages: TrivyResultEntry['packages'] = [];
  const listed = Array.isArray(result.Packages) ? result.Packages : [];
  listed.forEach((p, i) => {
    if (isObject(p))
      packages.push({
        path: `${base}/Packages/${i}`,
        pkg: packageRef(p.Identifier, p.Name, p.Version),
        licenses: licenceTexts(p.Licenses),
      });
  });
  return { path: base, type: str(result.Type), os: osOf(report, result), findings, suppressed, packages };
}

/** A container image scan's image: Metadata.RepoDigests ("repo@sha256:…"), then Metadata.ImageID. */
function scannedImageOf(report: Json): string[] {
  if (report.ArtifactType !== 'container_image' || !isObject(report.Metadata)) return [];
  const m = report.Metadata;
  const repoDigests: unknown[] = Array.isArray(m.RepoDigests) ? m.RepoDigests : [];
  return imageDigests([...repoDigests, m.ImageID]);
}

/** The http(s) URLs among a report's reference texts. */
function urls(texts: readonly unknown[]): string[] {
  return texts.flatMap((t) => (typeof t === 'string' && /^https?:\/\//.test(t.trim()) ? [t.trim()] : []));
}
