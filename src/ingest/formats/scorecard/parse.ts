// Scorecard result shape validation: the repository must be a source URL, the date a time, every
// score a number from -1 (inconclusive) to 10. Scores are kept as reported, never clamped.
import { DocumentError, type ScorecardCheck } from '../../../model/facts.js';
import { sourceFromUrl } from '../../../model/source.js';
import { isoUtc } from '../common/dates.js';
import { isObject, jsonText, str, type Json } from '../common/json.js';
import { isScorecard } from './detect.js';

export interface ScorecardResult {
  /** The repository as a source URL (github.com/o/r → git+https://github.com/o/r). */
  source: string;
  repoCommit?: string;
  aggregateScore: number;
  checks: ScorecardCheck[];
  timeScanned: string;
  scorecardVersion: string;
  scorecardCommit: string;
}

function score(x: unknown, path: string): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < -1 || x > 10) {
    throw new DocumentError(path, 'a score must be a number from -1 (inconclusive) to 10');
  }
  return x;
}

export function parseScorecard(json: unknown): ScorecardResult {
  if (!isScorecard(json)) throw new DocumentError('', 'not a Scorecard result');
  const repo = json.repo as Json;
  const meta = json.scorecard as Json;
  const source = sourceFromUrl(String(repo.name));
  if (!source)
    throw new DocumentError(
      '/repo/name',
      `"${String(repo.name)}" is not a repository URL such as github.com/owner/repo`,
    );
  // date is either RFC 3339 or a bare date (scorecard#2711), read as midnight UTC.
  const timeScanned = isoUtc(json.date);
  if (!timeScanned) throw new DocumentError('/date', `"${jsonText(json.date)}" is not a date or RFC 3339 time`);
  const checks: ScorecardCheck[] = (json.checks as unknown[]).map((c, i) => {
    const name = isObject(c) ? str(c.name) : undefined;
    if (!isObject(c) || !name) throw new DocumentError(`/checks/${i}`, 'a check needs a name');
    return { check: name, score: score(c.score, `/checks/${i}/score`) };
  });
  return {
    source,
    repoCommit: str(repo.commit),
    aggregateScore: score(json.score, '/score'),
    checks,
    timeScanned,
    scorecardVersion: str(meta.version) ?? '',
    scorecardCommit: str(meta.commit) ?? '',
  };
}
