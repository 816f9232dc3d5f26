// Scorecard result → one CertifyScorecard on the source repository.
import { FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import type { ScorecardResult } from './parse.js';

export const SCORECARD_FORMAT = 'scorecard';

export function translateScorecard(result: ScorecardResult): DocumentFacts {
  const builder = new FactsBuilder(SCORECARD_FORMAT);
  builder.scorecard({
    source: result.source,
    aggregateScore: result.aggregateScore,
    checks: result.checks,
    timeScanned: result.timeScanned,
    scorecardVersion: result.scorecardVersion,
    scorecardCommit: result.scorecardCommit,
    commit: result.repoCommit,
  });
  return builder.facts;
}
