// Is this JSON a Grype report? A matches list, with a grype descriptor or a scan source.
import { isObject } from '../../common/json.js';

export function isGrypeReport(json: unknown): json is { matches: unknown[]; descriptor?: unknown } {
  if (!isObject(json) || !Array.isArray(json.matches)) return false;
  const d = json.descriptor;
  return (isObject(d) && (d.name === 'grype' || typeof d.version === 'string')) || isObject(json.source);
}
