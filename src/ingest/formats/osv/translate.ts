// OSV advisory → facts. The record's facts are its metadata (description, severity) and its
// aliases, plus the advisory itself: which packages it affects is decided later, by matching it
// against every package in the graph (src/index/advisory-matcher.ts), now and for packages
// ingested later.
import { FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import { canonicalVulnId, vulnTypeOf } from '../../../model/vulnerability.js';
import { evaluableAffected, unsupportedEntries, type OsvAdvisory } from '../../../vuln/osv-match.js';
import { osvRecordSource } from '../../../vuln/rating-sources.js';
import { isoUtc } from '../common/dates.js';
import { firstLine, VulnFacts } from '../common/vulns.js';
import { lookupTable } from '../../../model/lookup-table.js';

export const OSV_FORMAT = 'osv';

/**
 * Facts an OSV record contributes on its own (shared with osv-scanner, whose reports embed
 * full records): metadata for its id and VulnEqual to each alias.
 * Description: summary, else the first line of details. Ratings: the CVSS vectors and
 * database_specific.severity, given by the record's database (by its id's prefix: GHSA-… ghsa,
 * DSA-… debian, CVE-… nvd; docs/formats/vulnerabilities.md, "Rating sources"); none: UNKNOWN.
 */
export function emitAdvisoryFacts(vulns: VulnFacts, advisory: OsvAdvisory): void {
  vulns.metadata(advisory.id, {
    description: advisory.summary?.trim() || firstLine(advisory.details),
    labels: [advisory.databaseSeverity],
    vectors: advisory.severity.filter((s) => /^CVSS_V[234]$/i.test(s.type)).map((s) => s.score),
    source: osvRecordSource(advisory.id),
    timestamp: isoUtc(advisory.modified),
    summary: advisory.summary?.trim() || undefined,
    published: isoUtc(advisory.published),
    references: advisory.references,
    defaultSeverity: 'UNKNOWN',
  });
  for (const alias of advisory.aliases) vulns.equal(advisory.id, alias, 'OSV aliases');
}

/** The database an OSV id comes from, by its prefix (https://ossf.github.io/osv-schema/#id-modified-fields). */
export function advisoryDatabase(id: string): string {
  const prefix = id.slice(0, id.indexOf('-')).toUpperCase();
  return ADVISORY_DATABASES[prefix] ?? 'https://osv.dev';
}

const ADVISORY_DATABASES = lookupTable<string>({
  GHSA: 'https://github.com/advisories',
  GO: 'https://vuln.go.dev',
  PYSEC: 'https://github.com/pypa/advisory-database',
  RUSTSEC: 'https://rustsec.org',
  MAL: 'https://github.com/ossf/malicious-packages',
  GSD: 'https://github.com/cloudsecurityalliance/gsd-database',
  OSV: 'https://osv.dev',
});

export function translateOsv(advisory: OsvAdvisory): DocumentFacts {
  const builder = new FactsBuilder(OSV_FORMAT);
  emitAdvisoryFacts(new VulnFacts(builder), advisory);
  // Bounds no comparator can evaluate are left out here, reported, and never stored.
  const { affected, skipped } = evaluableAffected(advisory);
  builder.advisory({
    vulnerability: { type: vulnTypeOf(advisory.id), id: canonicalVulnId(advisory.id) },
    dbUri: advisoryDatabase(advisory.id),
    modified: isoUtc(advisory.modified),
    published: isoUtc(advisory.published),
    withdrawn: advisory.withdrawn ? (isoUtc(advisory.withdrawn) ?? advisory.withdrawn) : undefined,
    affected: affected.map((a) => ({
      ecosystem: a.ecosystem,
      name: a.name,
      purl: a.purl,
      ranges: a.ranges,
      versions: a.versions,
    })),
  });
  for (const p of advisory.problems) builder.skip(p.path, p.reason);
  for (const p of unsupportedEntries(advisory)) builder.skip(p.path, p.reason);
  for (const p of skipped) builder.skip(p.path, p.reason);
  if (advisory.withdrawn)
    builder.skip('/withdrawn', `advisory withdrawn on ${advisory.withdrawn}: it is never matched against packages`);
  return builder.facts;
}
