// Is this JSON a Trivy report? SchemaVersion with ArtifactName or Results, or (before 0.20) a
// bare array of results.
import { isObject } from '../../common/json.js';

export type TrivyResult = Record<string, unknown>;

function isTrivyResult(x: unknown): x is TrivyResult {
  return isObject(x) && typeof x.Target === 'string';
}

export function trivyResults(json: unknown): TrivyResult[] | undefined {
  if (Array.isArray(json)) {
    // Pre-0.20: a bare array of {Target, Type, Vulnerabilities}.
    return json.length > 0 && json.every((r) => isTrivyResult(r) && ('Vulnerabilities' in r || 'Type' in r))
      ? (json as TrivyResult[])
      : undefined;
  }
  if (!isObject(json) || typeof json.SchemaVersion !== 'number') return undefined;
  if (!('ArtifactName' in json) && !('Results' in json)) return undefined;
  const results = json.Results ?? [];
  return Array.isArray(results) && results.every(isTrivyResult) ? results : undefined;
}
