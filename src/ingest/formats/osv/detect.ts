// Is this JSON one OSV record? An id shaped like a database id, the record fields, and none of
// the keys that mark the other JSON formats.
import { isObject } from '../common/json.js';

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
