// Single OSV records (https://ossf.github.io/osv-schema/): GHSA, Go vulndb, PyPA, RustSec,
// OpenSSF malicious-packages… The record's facts are its metadata (description, severity) and
// its aliases. Which packages it affects is decided later, by matching the advisory against
// every package in the graph (advisoryFromDocument → store), now and for packages ingested later.
import { FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { parseOsvAdvisory, unsupportedEntries, type OsvAdvisory } from '../../../vuln/osv-match.js';
import { isObject, isoUtc, VulnFacts, firstLine } from '../scanners/common.js';
import { canonicalVulnId, vulnTypeOf } from '../../../model/vulnerability.js';

export const OSV_FORMAT = 'osv';

/** Keys that belong to the other JSON formats we read; an OSV record has none of them. */
const FOREIGN_KEYS = [
  'spdxVersion',
  'bomFormat',
  'specVersion',
  '_type',
  'predicateType',
  'payloadType',
  'dsseEnvelope',
  'mediaType',
  'attestations',
  'statements',
  '@context',
  'matches',
  'results',
  'Results',
  'SchemaVersion',
  'checks',
  'scorecard',
  'descriptor',
];
const OSV_FIELDS = [
  'schema_version',
  'modified',
  'published',
  'withdrawn',
  'aliases',
  'related',
  'summary',
  'details',
  'affected',
  'severity',
  'database_specific',
  'references',
  'credits',
];

/** True for a JSON object shaped like one OSV record. */
export function isOsvRecord(json: unknown): json is Record<string, unknown> {
  if (!isObject(json)) return false;
  if (typeof json.id !== 'string' || !/^[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9._:-]+$/.test(json.id)) return false;
  if (!(Array.isArray(json.affected) || typeof json.modified === 'string')) return false;
  if (FOREIGN_KEYS.some((k) => k in json)) return false;
  // Schema-ish: besides id, at least two OSV fields (modified alone is too weak a signal).
  return OSV_FIELDS.filter((k) => k in json).length >= 2;
}

/** The advisory of an OSV document, for matching against packages (the store keeps it). */
export function advisoryFromDocument(doc: SniffedDocument): OsvAdvisory {
  return parseOsvAdvisory(doc.json, '');
}

/**
 * Facts an OSV record contributes on its own (shared with osv-scanner, whose reports embed
 * full records): metadata for its id and VulnEqual to each alias.
 * Description: summary, else the first line of details. Severity: from the CVSS vectors
 * (newest CVSS version wins), else database_specific.severity, else UNKNOWN.
 */
export function emitAdvisoryFacts(vulns: VulnFacts, advisory: OsvAdvisory): void {
  vulns.metadata(advisory.id, {
    description: advisory.summary?.trim() || firstLine(advisory.details),
    labels: [advisory.databaseSeverity],
    vectors: advisory.severity.filter((s) => /^CVSS_V[234]$/i.test(s.type)).map((s) => s.score),
    timestamp: isoUtc(advisory.modified),
    defaultSeverity: 'UNKNOWN',
  });
  for (const alias of advisory.aliases) vulns.equal(advisory.id, alias, 'OSV aliases');
}

/** The database an OSV id comes from, by its prefix (https://ossf.github.io/osv-schema/#id-modified-fields). */
export function advisoryDatabase(id: string): string {
  const prefix = id.slice(0, id.indexOf('-')).toUpperCase();
  return ADVISORY_DATABASES[prefix] ?? 'https://osv.dev';
}

const ADVISORY_DATABASES: Readonly<Record<string, string>> = {
  GHSA: 'https://github.com/advisories',
  GO: 'https://vuln.go.dev',
  PYSEC: 'https://github.com/pypa/advisory-database',
  RUSTSEC: 'https://rustsec.org',
  MAL: 'https://github.com/ossf/malicious-packages',
  GSD: 'https://github.com/cloudsecurityalliance/gsd-database',
  OSV: 'https://osv.dev',
};

export const osvParser: FormatParser = {
  name: OSV_FORMAT,
  detect(doc: SniffedDocument): boolean {
    return isOsvRecord(doc.json);
  },
  parse(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
    void ctx;
    const advisory = advisoryFromDocument(doc);
    const builder = new FactsBuilder(OSV_FORMAT);
    emitAdvisoryFacts(new VulnFacts(builder), advisory);
    builder.advisory({
      vulnerability: { type: vulnTypeOf(advisory.id), id: canonicalVulnId(advisory.id) },
      dbUri: advisoryDatabase(advisory.id),
      modified: isoUtc(advisory.modified),
      published: isoUtc(advisory.published),
      withdrawn: advisory.withdrawn ? (isoUtc(advisory.withdrawn) ?? advisory.withdrawn) : undefined,
      affected: advisory.affected.map((a) => ({
        ecosystem: a.ecosystem,
        name: a.name,
        purl: a.purl,
        ranges: a.ranges,
        versions: a.versions,
      })),
    });
    for (const p of advisory.problems) builder.skip(p.path, p.reason);
    for (const p of unsupportedEntries(advisory)) builder.skip(p.path, p.reason);
    if (advisory.withdrawn)
      builder.skip('/withdrawn', `advisory withdrawn on ${advisory.withdrawn}: it is never matched against packages`);
    return builder.facts;
  },
};
