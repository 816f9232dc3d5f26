// Grype report shape validation: every match needs vulnerability and artifact objects and a
// vulnerability id; scan metadata comes from the descriptor (see translate.ts for the mapping).
import { DocumentError, type ScanMetadata } from '../../../../model/facts.js';
import { isoUtc } from '../../common/dates.js';
import { isObject, jsonText, str, type Json } from '../../common/json.js';
import { licenceTexts } from '../../common/licenses.js';
import { imageDigests } from '../common.js';
import { isGrypeReport } from './detect.js';

export const GRYPE_URI = 'https://github.com/anchore/grype';

/** One `cvss[]` entry: its vector and who gave it (`source`, e.g. nvd@nist.gov; absent in older reports). */
export interface GrypeCvss {
  vector: string;
  source?: string;
}

export interface GrypeVulnerability {
  id?: string;
  /** The database record's namespace ("debian:distro:debian:12", "nvd:cpe"; absent in older reports). */
  namespace?: string;
  description?: string;
  severity?: string;
  vectors: string[];
  /** The vectors with their sources. */
  cvss: GrypeCvss[];
  /** dataSource, then urls[]. */
  references: string[];
}

export interface GrypeMatch {
  path: string;
  vulnerability: GrypeVulnerability & { id: string };
  related: GrypeVulnerability[];
  artifact: { purl: unknown; type?: string; name?: string; version?: string; licenses: string[] };
}

export interface GrypeReport {
  scan: ScanMetadata;
  /** Digests of the scanned image (manifest digest first), when the report scanned one. */
  image: string[];
  matches: GrypeMatch[];
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

/** CVSS vectors of a grype vulnerability (current `cvss[]`, 2021 `cvssV3`/`cvssV2`), with their sources. */
function cvssOf(v: Record<string, unknown>): GrypeCvss[] {
  const out: GrypeCvss[] = [];
  if (Array.isArray(v.cvss))
    for (const c of v.cvss)
      if (isObject(c) && typeof c.vector === 'string') out.push({ vector: c.vector, source: str(c.source) });
  for (const k of ['cvssV3', 'cvssV2']) {
    const c = v[k];
    if (isObject(c) && typeof c.vector === 'string') out.push({ vector: c.vector });
  }
  return out;
}

function vulnerabilityOf(v: Json): GrypeVulnerability {
  const urls: unknown[] = Array.isArray(v.urls) ? v.urls : [];
  const references = [v.dataSource, ...urls].flatMap((u) =>
    typeof u === 'string' && /^https?:\/\//.test(u.trim()) ? [u.trim()] : [],
  );
  const cvss = cvssOf(v);
  return {
    id: str(v.id),
    namespace: str(v.namespace),
    description: str(v.description),
    severity: str(v.severity),
    vectors: cvss.map((c) => c.vector),
    cvss,
    references,
  };
}

export function parseGrype(json: unknown, now: string): GrypeReport {
  if (!isGrypeReport(json)) throw new DocumentError('', 'not a Grype report: "matches" must be an array');
  const descriptor = isObject(json.descriptor) ? json.descriptor : {};
  const db = dbInfo(descriptor);
  const scan: ScanMetadata = {
    scannerUri: GRYPE_URI,
    scannerVersion: str(descriptor.version) ?? '',
    dbUri: db.uri,
    dbVersion: db.version,
    timeScanned: isoUtc(descriptor.timestamp) ?? now,
  };
  const matches = json.matches.map((match, i): GrypeMatch => {
    const path = `/matches/${i}`;
    if (!isObject(match) || !isObject(match.vulnerability) || !isObject(match.artifact)) {
      throw new DocumentError(path, 'a match needs "vulnerability" and "artifact" objects');
    }
    const vulnerability = vulnerabilityOf(match.vulnerability);
    const id = vulnerability.id;
    if (!id) throw new DocumentError(`${path}/vulnerability/id`, 'a match needs a vulnerability id');
    const a = match.artifact;
    const related = Array.isArray(match.relatedVulnerabilities) ? match.relatedVulnerabilities.filter(isObject) : [];
    return {
      path,
      vulnerability: { ...vulnerability, id },
      related: related.map(vulnerabilityOf),
      artifact: {
        purl: a.purl,
        type: str(a.type),
        name: str(a.name),
        version: str(a.version),
        licenses: licenceTexts(a.licenses),
      },
    };
  });
  return { scan, matches, image: scannedImageOf(json) };
}

/** source.target of an image scan: its manifest digest, the digest the user named, its image id. */
function scannedImageOf(json: Json): string[] {
  const source = isObject(json.source) ? json.source : undefined;
  const target = source && source.type === 'image' && isObject(source.target) ? source.target : undefined;
  if (!target) return [];
  const repoDigests: unknown[] = Array.isArray(target.repoDigests) ? target.repoDigests : [];
  return imageDigests([target.manifestDigest, ...repoDigests, target.userInput, target.imageID]);
}
