// OpenSSF Scorecard JSON results (`scorecard --format json`, scorecard-action, the API):
// one CertifyScorecard on the source repository named by repo.name ("github.com/o/r" →
// git+https://github.com/o/r). Scores are kept as reported: -1 means inconclusive (for the
// aggregate and per check), never clamped to 0. date is either RFC 3339 or a bare date
// (scorecard#2711), read as midnight UTC.
import { DocumentError, FactsBuilder, type DocumentFacts, type ScorecardCheck } from '../../../model/facts.js';
import { sourceFromUrl } from '../../../model/source.js';
import { jsonText } from '../../json-reader.js';
import type { FormatParser, ParseContext, SniffedDocument } from '../types.js';
import { isObject, isoUtc, str } from '../scanners/common.js';

export const SCORECARD_FORMAT = 'scorecard';

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

function score(x: unknown, path: string): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < -1 || x > 10) {
    throw new DocumentError(path, 'a score must be a number from -1 (inconclusive) to 10');
  }
  return x;
}

export const scorecardParser: FormatParser = {
  name: SCORECARD_FORMAT,
  detect: (doc: SniffedDocument) => isScorecard(doc.json),
  parse(doc: SniffedDocument, ctx: ParseContext): DocumentFacts {
    void ctx;
    const json = doc.json;
    if (!isScorecard(json)) throw new DocumentError('', 'not a Scorecard result');
    const repo = json.repo as Record<string, unknown>;
    const meta = json.scorecard as Record<string, unknown>;
    const source = sourceFromUrl(String(repo.name));
    if (!source)
      throw new DocumentError(
        '/repo/name',
        `"${String(repo.name)}" is not a repository URL such as github.com/owner/repo`,
      );
    const timeScanned = isoUtc(json.date);
    if (!timeScanned) throw new DocumentError('/date', `"${jsonText(json.date)}" is not a date or RFC 3339 time`);
    const checks: ScorecardCheck[] = (json.checks as unknown[]).map((c, i) => {
      if (!isObject(c) || !str(c.name)) throw new DocumentError(`/checks/${i}`, 'a check needs a name');
      return { check: str(c.name)!, score: score(c.score, `/checks/${i}/score`) };
    });
    const builder = new FactsBuilder(SCORECARD_FORMAT);
    builder.scorecard({
      source,
      aggregateScore: score(json.score, '/score'),
      checks,
      timeScanned,
      scorecardVersion: str(meta.version) ?? '',
      scorecardCommit: str(meta.commit) ?? '',
      commit: str(repo.commit),
    });
    return builder.facts;
  },
};
