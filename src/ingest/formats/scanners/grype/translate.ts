// Grype JSON reports (`grype -o json`): matches[] pair an artifact (with a purl) with a
// vulnerability; relatedVulnerabilities[] are the same vulnerability in other databases
// (typically the NVD CVE behind a distro or GHSA record).
// Scan metadata: scanner version from descriptor.version; time from descriptor.timestamp, else
// the ingest time (the 2021 schema has none); database: descriptor.db (v5: built/schemaVersion,
// v6: status.from/built), dbVersion is the database build time, which identifies the snapshot.
// The scanned image (source.target of an image scan) is an artifact the report is an SBOM of
// (see scannedImage): the image includes every package the report names.
// Ratings: a record's `severity` is its namespace's database's (debian:distro:… → debian, nvd:cpe
// → nvd, github:language:… → ghsa; Grype itself for a record without namespace), each `cvss[]`
// vector its `source`'s, else the namespace's (docs/formats/vulnerabilities.md, "Rating sources").
import { FactsBuilder, type DocumentFacts } from '../../../../model/facts.js';
import { grypeNamespaceSource } from '../../../../vuln/rating-sources.js';
import { stateLicense } from '../../common/licenses.js';
import { VulnFacts, type RatingInput } from '../../common/vulns.js';
import type { ParseContext } from '../../types.js';
import { scannedImage, tryCanonicalPurl, tryFormatParts } from '../common.js';
import type { GrypeReport, GrypeVulnerability } from './parse.js';
import { lookupTable } from '../../../../model/lookup-table.js';

/** Grype artifact types → purl types, for the rare match without a purl. */
const GRYPE_TYPES = lookupTable<string>({
  apk: 'apk',
  deb: 'deb',
  rpm: 'rpm',
  python: 'pypi',
  npm: 'npm',
  gem: 'gem',
  'go-module': 'golang',
  'rust-crate': 'cargo',
  dotnet: 'nuget',
  'php-composer': 'composer',
  'java-archive': 'maven',
  hex: 'hex',
  'dart-pub': 'pub',
  swift: 'swift',
  conan: 'conan',
});

/** A record's ratings with their sources. */
function ratingsOf(v: GrypeVulnerability): RatingInput[] {
  const source = grypeNamespaceSource(v.namespace) ?? 'grype';
  return [{ source, label: v.severity }, ...v.cvss.map((c) => ({ source: c.source ?? source, vector: c.vector }))];
}

export function translateGrype(report: GrypeReport, ctx?: ParseContext): DocumentFacts {
  const builder = new FactsBuilder('grype');
  const vulns = new VulnFacts(builder);
  for (const { path, vulnerability: v, related, artifact: a } of report.matches) {
    const type = GRYPE_TYPES[a.type ?? ''] ?? 'generic';
    const purl =
      tryCanonicalPurl(a.purl) ??
      (a.name ? tryFormatParts({ type, name: a.name, version: a.version, qualifiers: {} }) : undefined);
    if (!purl) {
      builder.skip(`${path}/artifact`, 'the artifact has neither a valid purl nor a name');
      continue;
    }
    vulns.finding(purl, v.id, report.scan);
    // The licences the artifact's package metadata declares (one fact each, however many matches).
    for (const text of a.licenses) stateLicense(builder, purl, text, 'declared', `${path}/artifact/licenses`);
    vulns.metadata(v.id, {
      // The primary record's description, else the related (NVD) one's.
      description: v.description ?? related.map((r) => r.description).find(Boolean),
      labels: [v.severity],
      // The primary record's vectors; the related records' only when it has none.
      vectors: v.vectors.length ? v.vectors : related.flatMap((r) => r.vectors),
      ratings: ratingsOf(v),
      references: v.references,
      defaultSeverity: 'UNKNOWN',
    });
    for (const r of related) {
      if (!r.id) continue;
      vulns.equal(v.id, r.id, 'grype related vulnerability');
      vulns.metadata(r.id, {
        description: r.description,
        labels: [r.severity],
        vectors: r.vectors,
        ratings: ratingsOf(r),
        references: r.references,
        defaultSeverity: 'UNKNOWN',
      });
    }
  }
  scannedImage(builder, report.image, ctx);
  return builder.facts;
}
