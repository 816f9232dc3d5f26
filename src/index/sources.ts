// Sources and scorecards: the source repositories of packages and package names (HasSourceAt),
// and the latest scorecard of each source.
import type { ScorecardCheck, ScorecardFact } from '../model/facts.js';

export interface ScorecardRecord {
  source: number;
  aggregateScore: number;
  timeScanned: string;
  scorecardVersion: string;
  scorecardCommit: string;
  checks: ScorecardCheck[];
}

export class SourceFacts {
  readonly sourcesByPackage = new Map<number, number[]>();
  /** Package name key → sources stated for the name as a whole. */
  readonly sourcesByName = new Map<string, number[]>();
  readonly scorecards = new Map<number, ScorecardRecord>();

  addPackageSource(pkg: number, source: number): void {
    pushUnique(this.sourcesByPackage, pkg, source);
  }

  addNameSource(nameKey: string, source: number): void {
    pushUnique(this.sourcesByName, nameKey, source);
  }

  addScorecard(source: number, f: Partial<Omit<ScorecardFact, 'source'>>): void {
    const rec: ScorecardRecord = {
      source,
      aggregateScore: f.aggregateScore ?? -1,
      timeScanned: f.timeScanned ?? '',
      scorecardVersion: f.scorecardVersion ?? '',
      scorecardCommit: f.scorecardCommit ?? '',
      checks: f.checks ?? [],
    };
    const current = this.scorecards.get(source);
    // The latest scorecard of a source is its result (ties: the later document).
    if (!current || rec.timeScanned >= current.timeScanned) this.scorecards.set(source, rec);
  }
}

function pushUnique<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
