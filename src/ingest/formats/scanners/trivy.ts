// Trivy JSON reports (`trivy … -f json`): SchemaVersion 2 objects, and the pre-0.20 output that
// was a bare array of results. Each Results[].Vulnerabilities[] entry is one (package,
// vulnerability) finding. Packages are named by PkgIdentifier.PURL when present, else built
// from the result Type (os family or language ecosystem) + PkgName + InstalledVersion.
// With --list-all-pkgs, Packages[] entries that have no finding are recorded as scanned clean,
// except those whose findings the user suppressed (ExperimentalModifiedFindings).
// Scan metadata: Trivy.Version; CreatedAt, else the ingest time (older reports have none); the
// report names no database, so dbUri/dbVersion stay empty.
import { DocumentError, FactsBuilder, type DocumentFacts, type ScanMetadata } from '../../../model/facts.js';
import type { PurlParts } from '../../../model/purl.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { purlPartsFromOsv } from '../../../vuln/ecosystems.js';
import { isObject, isoUtc, str, tryCanonicalPurl, tryFormatParts, VulnFacts } from './common.js';

export const TRIVY_URI = 'https://github.com/aquasecurity/trivy';

/** OS result types → [purl type, namespace]. */
const OS_TYPES: Record<string, [string, string]> = {
  alpine: ['apk', 'alpine'],
  wolfi: ['apk', 'wolfi'],
  chainguard: ['apk', 'chainguard'],
  debian: ['deb', 'debian'],
  ubuntu: ['deb', 'ubuntu'],
  redhat: ['rpm', 'redhat'],
  centos: ['rpm', 'centos'],
  rocky: ['rpm', 'rocky'],
  alma: ['rpm', 'almalinux'],
  amazon: ['rpm', 'amazon'],
  oracle: ['rpm', 'oracle'],
  fedora: ['rpm', 'fedora'],
  photon: ['rpm', 'photon'],
  'cbl-mariner': ['rpm', 'cbl-mariner'],
  azurelinux: ['rpm', 'azurelinux'],
  opensuse: ['rpm', 'opensuse'],
  'opensuse.leap': ['rpm', 'opensuse'],
  'opensuse.tumbleweed': ['rpm', 'opensuse'],
  sles: ['rpm', 'suse'],
};

/** Language result types → OSV ecosystem (purls built by purlPartsFromOsv). */
const LANG_TYPES: Record<string, string> = {
  jar: 'Maven',
  pom: 'Maven',
  gradle: 'Maven',
  sbt: 'Maven',
  npm: 'npm',
  yarn: 'npm',
  pnpm: 'npm',
  bun: 'npm',
  'node-pkg': 'npm',
  pip: 'PyPI',
  pipenv: 'PyPI',
  poetry: 'PyPI',
  uv: 'PyPI',
  'python-pkg': 'PyPI',
  gomod: 'Go',
  gobinary: 'Go',
  cargo: 'crates.io',
  'rust-binary': 'crates.io',
  bundler: 'RubyGems',
  gemspec: 'RubyGems',
  composer: 'Packagist',
  'composer-vendor': 'Packagist',
  nuget: 'NuGet',
  'dotnet-core': 'NuGet',
  'packages-props': 'NuGet',
  pub: 'Pub',
  hex: 'Hex',
};

type TrivyResult = Record<string, unknown>;

function isTrivyResult(x: unknown): x is TrivyResult {
  return isObject(x) && typeof x.Target === 'string';
}

export function trivyResults(json: unknown): TrivyResult[] | undefined {
  if (Array.isArray(json)) {
    // Pre-0.20: a bare array of {Target, Type, Vulnerabilities}.
    return json.length > 0 && json.every((r) => isTrivyResult(r) && ('Vulnerabilities' in r || 'Type' in r))
      ? (json as TrivyResult[])
      : undefined;
  }
  if (!isObject(json) || typeof json.SchemaVersion !== 'number') return undefined;
  if (!('ArtifactName' in json) && !('Results' in json)) return undefined;
  const results = json.Results ?? [];
  return Array.isArray(results) && results.every(isTrivyResult) ? results : undefined;
}

interface OsInfo {
  family: string;
  name?: string;
}

function osOf(report: Record<string, unknown>, result: TrivyResult): OsInfo | undefined {
  const meta = isObject(report.Metadata) && isObject(report.Metadata.OS) ? report.Metadata.OS : undefined;
  if (meta && str(meta.Family)) return { family: str(meta.Family)!.toLowerCase(), name: str(meta.Name) };
  const m = /\(([\w.-]+) ([^)]+)\)\s*$/.exec(String(result.Target));
  return m ? { family: m[1].toLowerCase(), name: m[2] } : undefined;
}

/** Purl parts for a package that has no PURL in the report. */
function fallbackParts(
  type: string | undefined,
  name: string,
  version: string | undefined,
  os: OsInfo | undefined,
): PurlParts | undefined {
  const t = (type ?? '').toLowerCase();
  const osType = OS_TYPES[t];
  if (osType) {
    const qualifiers: Record<string, string> = {};
    if (os?.name) qualifiers.distro = osType[0] === 'apk' ? os.name : `${os.family}-${os.name}`;
    return { type: osType[0], namespace: osType[1], name, version, qualifiers };
  }
  const ecosystem = LANG_TYPES[t];
  return ecosystem ? purlPartsFromOsv(ecosystem, name, version) : undefined;
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

export const trivyParser: FormatParser = {
  name: 'trivy',
  detect: (doc: SniffedDocument) => trivyResults(doc.json) !== undefined,
  parse(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
    const results = trivyResults(doc.json);
    if (!results)
      throw new DocumentError('', 'not a Trivy report: expected SchemaVersion 2 with Results, or an array of results');
    const report = isObject(doc.json) ? doc.json : {};
    const legacy = Array.isArray(doc.json);
    const builder = new FactsBuilder(legacy ? 'trivy-legacy' : 'trivy');
    const vulns = new VulnFacts(builder);
    const trivy = isObject(report.Trivy) ? report.Trivy : {};
    const scan: ScanMetadata = {
      scannerUri: TRIVY_URI,
      scannerVersion: str(trivy.Version) ?? '',
      dbUri: '',
      dbVersion: '',
      timeScanned: isoUtc(report.CreatedAt) ?? ctx.now,
    };
    results.forEach((result, r) => {
      const base = legacy ? `/${r}` : `/Results/${r}`;
      const os = osOf(report, result);
      const type = str(result.Type);
      const purlOf = (purl: unknown, name: string | undefined, version: string | undefined) =>
        tryCanonicalPurl(purl) ?? (name ? tryFormatParts(fallbackParts(type, name, version, os)) : undefined);
      const vulnerable = new Set<string>();
      const list = result.Vulnerabilities ?? [];
      if (!Array.isArray(list))
        throw new DocumentError(`${base}/Vulnerabilities`, '"Vulnerabilities" must be an array');
      list.forEach((v, i) => {
        const path = `${base}/Vulnerabilities/${i}`;
        if (!isObject(v)) throw new DocumentError(path, 'a vulnerability must be an object');
        const id = str(v.VulnerabilityID);
        if (!id) throw new DocumentError(`${path}/VulnerabilityID`, 'a finding needs a VulnerabilityID');
        const ident = isObject(v.PkgIdentifier) ? v.PkgIdentifier : {};
        const purl = purlOf(ident.PURL, str(v.PkgName), str(v.InstalledVersion));
        if (!purl) {
          builder.skip(path, `no purl for package "${str(v.PkgName) ?? ''}" of result type "${type ?? ''}"`);
          return;
        }
        vulnerable.add(purl);
        vulns.finding(purl, id, scan);
        vulns.metadata(id, {
          description: str(v.Description) ?? str(v.Title),
          labels: [str(v.Severity)],
          vectors: vectorsOf(v),
          defaultSeverity: 'UNKNOWN',
        });
      });
      // Findings the user suppressed: the package is not clean, and the suppression is noted.
      const modified = Array.isArray(result.ExperimentalModifiedFindings) ? result.ExperimentalModifiedFindings : [];
      modified.forEach((m, i) => {
        if (!isObject(m) || !isObject(m.Finding)) return;
        const f = m.Finding;
        const ident = isObject(f.PkgIdentifier) ? f.PkgIdentifier : {};
        const purl = purlOf(ident.PURL, str(f.PkgName), str(f.InstalledVersion));
        if (purl) vulnerable.add(purl);
        builder.skip(
          `${base}/ExperimentalModifiedFindings/${i}`,
          `finding ${str(f.VulnerabilityID) ?? '?'} was ${str(m.Status) ?? 'modified'} by the user (${str(m.Source) ?? 'no source'}): not recorded`,
        );
      });
      const packages = Array.isArray(result.Packages) ? result.Packages : [];
      packages.forEach((p, i) => {
        if (!isObject(p)) return;
        const ident = isObject(p.Identifier) ? p.Identifier : {};
        const purl = purlOf(ident.PURL, str(p.Name), str(p.Version));
        if (!purl) {
          builder.skip(`${base}/Packages/${i}`, `no purl for package "${str(p.Name) ?? ''}"`);
          return;
        }
        if (!vulnerable.has(purl)) vulns.finding(purl, null, scan);
      });
    });
    return builder.facts;
  },
};
