// Is this JSON an OpenSSF Scorecard result? repo.name, the scorecard block, checks, and a score or date.
import { isObject } from '../common/json.js';

export function isScorecard(json: unknown): json is Record<string, unknown> {
  return (
    isObject(json) &&
    isObject(json.repo) &&
    typeof json.repo.name === 'string' &&
    isObject(json.scorecard) &&
    Array.isArray(json.checks) &&
    ('score' in json || 'date' in json)
  );
}
