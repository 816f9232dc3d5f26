// Trivy JSON reports (`trivy … -f json`): SchemaVersion 2 objects, and the pre-0.20 output that
// was a bare array of results. Each Results[].Vulnerabilities[] entry is one (package,
// vulnerability) finding. Packages are named by PkgIdentifier.PURL when present, else built
// from the result Type (os family or language ecosystem) + PkgName + InstalledVersion.
// With --list-all-pkgs, Packages[] entries that have no finding are recorded as scanned clean,
// except those whose findings the user suppressed (ExperimentalModifiedFindings).
// Scan metadata: Trivy.Version; CreatedAt, else the ingest time (older reports have none); the
// report names no database, so dbUri/dbVersion stay empty.
import { FactsBuilder, type DocumentFacts } from '../../../../model/facts.js';
import type { PurlParts } from '../../../../model/purl.js';
import { purlPartsFromOsv } from '../../../../vuln/ecosystems.js';
import { stateLicense } from '../../common/licenses.js';
import { VulnFacts } from '../../common/vulns.js';
import type { ParseContext } from '../../types.js';
import { scannedImage, tryCanonicalPurl, tryFormatParts } from '../common.js';
import type { OsInfo, TrivyPackageRef, TrivyReport, TrivyResultEntry } from './parse.js';
import { lookupTable } from '../../../../model/lookup-table.js';

/** OS result types → [purl type, namespace]. */
const OS_TYPES = lookupTable<[string, string]>({
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
});

/** Language result types → OSV ecosystem (purls built by purlPartsFromOsv). */
const LANG_TYPES = lookupTable<string>({
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
});

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

export function translateTrivy(report: TrivyReport, ctx?: ParseContext): DocumentFacts {
  const builder = new FactsBuilder(report.legacy ? 'trivy-legacy' : 'trivy');
  const vulns = new VulnFacts(builder);
  for (const result of report.results) translateResult(builder, vulns, report, result);
  // The scanned image (a container image scan's digests) includes every package the report names.
  scannedImage(builder, report.image, ctx);
  return builder.facts;
}

function translateResult(builder: FactsBuilder, vulns: VulnFacts, report: TrivyReport, result: TrivyResultEntry): void {
  const purlOf = (pkg: TrivyPackageRef) =>
    tryCanonicalPurl(pkg.purl) ??
    (pkg.name ? tryFormatParts(fallbackParts(result.type, pkg.name, pkg.version, result.os)) : undefined);
  const vulnerable = new Set<string>();
  /** Packages with a recorded finding (not only suppressed ones). */
  const found = new Set<string>();
  for (const v of result.findings) {
    const purl = purlOf(v.pkg);
    if (!purl) {
      builder.skip(v.path, `no purl for package "${v.pkg.name ?? ''}" of result type "${result.type ?? ''}"`);
      continue;
    }
    vulnerable.add(purl);
    found.add(purl);
    vulns.finding(purl, v.id, report.scan);
    vulns.metadata(v.id, {
      description: v.description,
      labels: [v.severity],
      vectors: v.vectors,
      ratings: v.ratings,
      references: v.references,
      summary: v.title,
      published: v.published,
      defaultSeverity: 'UNKNOWN',
    });
  }
  // Findings the user suppressed: the package is not clean, and the suppression is noted.
  for (const f of result.suppressed) {
    const purl = purlOf(f.pkg);
    if (purl) vulnerable.add(purl);
    builder.skip(
      f.path,
      `finding ${f.id ?? '?'} was ${f.status ?? 'modified'} by the user (${f.source ?? 'no source'}): not recorded`,
    );
  }
  for (const p of result.packages) {
    const purl = purlOf(p.pkg);
    if (!purl) {
      builder.skip(p.path, `no purl for package "${p.pkg.name ?? ''}"`);
      continue;
    }
    if (!vulnerable.has(purl)) vulns.finding(purl, null, report.scan);
    // The licences the package's metadata declares (dpkg copyright files, package.json, …), for
    // the packages the report records: one with only suppressed findings is left out, licences too.
    if (!vulnerable.has(purl) || found.has(purl))
      for (const text of p.licenses) stateLicense(builder, purl, text, 'declared', `${p.path}/Licenses`);
  }
}
