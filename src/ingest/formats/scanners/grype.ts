// Grype JSON reports (`grype -o json`): matches[] pair an artifact (with a purl) with a
// vulnerability; relatedVulnerabilities[] are the same vulnerability in other databases
// (typically the NVD CVE behind a distro or GHSA record).
// Scan metadata: scanner version from descriptor.version; time from descriptor.timestamp, else
// the ingest time (the 2021 schema has none); database: descriptor.db (v5: built/schemaVersion,
// v6: status.from/built), dbVersion is the database build time, which identifies the snapshot.
// The scan target (source.target image digests) is not linked here: the SBOM of the image does that.
import { DocumentError, FactsBuilder, type DocumentFacts, type ScanMetadata } from '../../../model/facts.js';
import { jsonText } from '../../json-reader.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { isObject, isoUtc, str, tryCanonicalPurl, tryFormatParts, VulnFacts } from './common.js';

export const GRYPE_URI = 'https://github.com/anchore/grype';

/** Grype artifact types → purl types, for the rare match without a purl. */
const GRYPE_TYPES: Record<string, string> = {
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
};

export function isGrypeReport(json: unknown): json is { matches: unknown[]; descriptor?: unknown } {
  if (!isObject(json) || !Array.isArray(json.matches)) return false;
  const d = json.descriptor;
  return (isObject(d) && (d.name === 'grype' || typeof d.version === 'string')) || isObject(json.source);
}

function dbInfo(descriptor: Record<string, unknown>): { uri: string; version: string } {
  const db = isObject(descriptor.db) ? descriptor.db : undefined;
  const status = db && isObject(db.status) ? db.status : undefined;
  const config =
    isObject(descriptor.configuration) && isObject(descriptor.configuration.db)
      ? descriptor.configuration.db
      : undefined;
  const uri = str(status?.from) ?? str(config?.['update-url']) ?? '';
  const version = str(status?.built) ?? str(db?.built) ?? jsonText(status?.schemaVersion ?? db?.schemaVersion);
  return { uri, version };
}

/** CVSS vectors of a grype vulnerability (current `cvss[]`, 2021 `cvssV3`/`cvssV2`). */
function vectorsOf(v: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (Array.isArray(v.cvss))
    for (const c of v.cvss) if (isObject(c) && typeof c.vector === 'string') out.push(c.vector);
  for (const k of ['cvssV3', 'cvssV2']) {
    const c = v[k];
    if (isObject(c) && typeof c.vector === 'string') out.push(c.vector);
  }
  return out;
}

export const grypeParser: FormatParser = {
  name: 'grype',
  detect: (doc: SniffedDocument) => isGrypeReport(doc.json),
  parse(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
    const json = doc.json;
    if (!isGrypeReport(json)) throw new DocumentError('', 'not a Grype report: "matches" must be an array');
    const descriptor = isObject(json.descriptor) ? json.descriptor : {};
    const builder = new FactsBuilder('grype');
    const vulns = new VulnFacts(builder);
    const db = dbInfo(descriptor);
    const scan: ScanMetadata = {
      scannerUri: GRYPE_URI,
      scannerVersion: str(descriptor.version) ?? '',
      dbUri: db.uri,
      dbVersion: db.version,
      timeScanned: isoUtc(descriptor.timestamp) ?? ctx.now,
    };
    json.matches.forEach((match, i) => {
      const path = `/matches/${i}`;
      if (!isObject(match) || !isObject(match.vulnerability) || !isObject(match.artifact)) {
        throw new DocumentError(path, 'a match needs "vulnerability" and "artifact" objects');
      }
      const v = match.vulnerability,
        a = match.artifact;
      const id = str(v.id);
      if (!id) throw new DocumentError(`${path}/vulnerability/id`, 'a match needs a vulnerability id');
      const type = GRYPE_TYPES[str(a.type) ?? ''] ?? 'generic';
      const name = str(a.name);
      const purl =
        tryCanonicalPurl(a.purl) ??
        (name ? tryFormatParts({ type, name, version: str(a.version), qualifiers: {} }) : undefined);
      if (!purl) {
        builder.skip(`${path}/artifact`, 'the artifact has neither a valid purl nor a name');
        return;
      }
      vulns.finding(purl, id, scan);
      const related = Array.isArray(match.relatedVulnerabilities) ? match.relatedVulnerabilities.filter(isObject) : [];
      // The primary record's description, else the related (NVD) one's.
      const description = str(v.description) ?? related.map((r) => str(r.description)).find(Boolean);
      vulns.metadata(id, {
        description,
        labels: [str(v.severity)],
        // The primary record's vectors; the related records' only when it has none.
        vectors: vectorsOf(v).length ? vectorsOf(v) : related.flatMap(vectorsOf),
        defaultSeverity: 'UNKNOWN',
      });
      for (const r of related) {
        const rid = str(r.id);
        if (!rid) continue;
        vulns.equal(id, rid, 'grype related vulnerability');
        vulns.metadata(rid, {
          description: str(r.description),
          labels: [str(r.severity)],
          vectors: vectorsOf(r),
          defaultSeverity: 'UNKNOWN',
        });
      }
    });
    return builder.facts;
  },
};
