// Is this JSON an osv-scanner report? results[] of {source, packages} (an empty list only with
// the experimental_config key osv-scanner always writes).
import { isObject } from '../../common/json.js';

export function isOsvScannerReport(json: unknown): json is { results: unknown[] } {
  if (!isObject(json) || !Array.isArray(json.results)) return false;
  if (json.results.length === 0) return 'experimental_config' in json;
  return json.results.every((r) => isObject(r) && isObject(r.source) && Array.isArray(r.packages));
}
