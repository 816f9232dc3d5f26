// /analysis/dependencies (docs/api.md, "Rankings"): the frequency ranking as computed by the index, and the
// scorecard ranking derived from it.
import type { FrequencyRanking } from '../index/frequency.js';
import type { GraphView } from '../index/graph-view.js';
import { sourceFromUrl } from '../model/source.js';

export interface FrequencyEntry {
  Name: string;
  DependentCount: number;
}

export interface ScorecardEntry extends FrequencyEntry {
  /** Lowest aggregate score among the name's source repositories; -1 when only inconclusive results exist. */
  Score: number;
  Source: string;
  ScorecardDate: string;
}

// Both lists are derived once per ranking (a ranking never changes once computed).
const frequencyCache = new WeakMap<FrequencyRanking, FrequencyEntry[]>();
const scorecardCache = new WeakMap<FrequencyRanking, ScorecardEntry[]>();

export function frequencyEntries(ranking: FrequencyRanking): FrequencyEntry[] {
  let entries = frequencyCache.get(ranking);
  if (!entries) {
    entries = ranking.entries.map((e) => ({ Name: e.name, DependentCount: e.dependentCount }));
    frequencyCache.set(ranking, entries);
  }
  return entries;
}

/** Source repository a purl names by itself: pkg:github/o/r, pkg:golang/github.com/o/r/… */
export function impliedSource(name: string): string | undefined {
  const m = /^pkg:(github|gitlab|bitbucket|golang)\/(.+)$/.exec(name);
  if (!m) return undefined;
  const path = decodeURIComponent(m[2]);
  if (m[1] === 'golang') {
    const segments = path.split('/');
    return segments.length >= 3 ? sourceFromUrl(segments.slice(0, 3).join('/')) : undefined;
  }
  const host = m[1] === 'bitbucket' ? 'bitbucket.org' : `${m[1]}.com`;
  return sourceFromUrl(`${host}/${path}`);
}

function sourcesOfName(index: GraphView, name: string): Set<number> {
  const out = new Set<number>(index.sourcesOfName(name));
  for (const version of index.packageVersions(name)) {
    for (const s of index.sourcesOfPackage(version)) out.add(s);
  }
  const implied = impliedSource(name);
  const id = implied ? index.sourceId(implied) : undefined;
  if (id !== undefined) out.add(id);
  return out;
}

/** Lowest score first (inconclusive results after every real score); ties by dependent count, then name. */
export function scorecardEntries(index: GraphView, ranking: FrequencyRanking): ScorecardEntry[] {
  // Every stored document leads to a new ranking object, so this never outlives the data.
  let entries = scorecardCache.get(ranking);
  if (!entries) {
    entries = computeScorecardEntries(index, ranking);
    scorecardCache.set(ranking, entries);
  }
  return entries;
}

function computeScorecardEntries(index: GraphView, ranking: FrequencyRanking): ScorecardEntry[] {
  const out: ScorecardEntry[] = [];
  for (const e of ranking.entries) {
    let best: ScorecardEntry | undefined;
    for (const source of sourcesOfName(index, e.name)) {
      const card = index.scorecardOf(source);
      if (!card) continue;
      if (!best || sortScore(card.aggregateScore) < sortScore(best.Score)) {
        best = {
          Name: e.name,
          DependentCount: e.dependentCount,
          Score: card.aggregateScore,
          Source: index.keyOf(source),
          ScorecardDate: card.timeScanned,
        };
      }
    }
    if (best) out.push(best);
  }
  return out.sort(
    (a, b) =>
      sortScore(a.Score) - sortScore(b.Score) ||
      b.DependentCount - a.DependentCount ||
      (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0),
  );
}

function sortScore(score: number): number {
  return score < 0 ? Number.POSITIVE_INFINITY : score;
}

export function scorecardKey(e: ScorecardEntry): (string | number)[] {
  return [sortScore(e.Score) === Number.POSITIVE_INFINITY ? 1e9 : e.Score, -e.DependentCount, e.Name];
}

export function frequencyKey(e: FrequencyEntry): (string | number)[] {
  return [-e.DependentCount, e.Name];
}
