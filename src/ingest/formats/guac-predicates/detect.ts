// Is this JSON GUAC ingest-predicates (assembler.IngestPredicates)? Every key a predicate
// field, at least one holding a list.
import { isObject } from '../common/json.js';

/** Top-level keys of assembler.IngestPredicates. */
export const PREDICATE_KEYS = [
  'certifyScorecard',
  'isDependency',
  'isOccurrence',
  'hasSlsa',
  'certifyVuln',
  'vulnEqual',
  'hasSourceAt',
  'certifyBad',
  'certifyGood',
  'hasSBOM',
  'hashEqual',
  'pkgEqual',
  'vex',
  'contact',
  'vulnMetadata',
  'hasMetadata',
  'certifyLegal',
] as const;

export function isIngestPredicates(json: unknown): boolean {
  if (!isObject(json)) return false;
  const keys = Object.keys(json);
  return (
    keys.length > 0 &&
    keys.every((k) => (PREDICATE_KEYS as readonly string[]).includes(k)) &&
    keys.some((k) => Array.isArray(json[k]))
  );
}
