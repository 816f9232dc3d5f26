// Is this JSON a CSAF document? A `document` object with csaf_version "2.0" or "2.1" and a
// category (csaf_base, csaf_security_advisory, csaf_vex, or a producer's own category).
import { isObject } from '../common/json.js';

export const CSAF_VERSIONS = ['2.0', '2.1'] as const;

export function isCsaf(json: unknown): json is Record<string, unknown> & { document: Record<string, unknown> } {
  if (!isObject(json) || !isObject(json.document)) return false;
  const { csaf_version: version, category } = json.document;
  return (
    typeof version === 'string' &&
    (CSAF_VERSIONS as readonly string[]).includes(version) &&
    typeof category === 'string' &&
    category.trim() !== ''
  );
}
