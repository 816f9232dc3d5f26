// OpenSSF Scorecard JSON results (scorecards/) for a share of the source repositories: more of
// those a golang purl implies than of those only a vcs reference names.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../lib/rng.js';
import { isoAt } from './json-text.js';
import type { Universe } from './universe.js';

const CHECKS = [
  'Binary-Artifacts',
  'Branch-Protection',
  'CI-Tests',
  'Code-Review',
  'Dangerous-Workflow',
  'Dependency-Update-Tool',
  'Fuzzing',
  'License',
  'Maintained',
  'Pinned-Dependencies',
  'SAST',
  'Security-Policy',
  'Signed-Releases',
  'Token-Permissions',
  'Vulnerabilities',
];

/** Writes the results; returns how many, and their bytes. */
export function writeScorecards(u: Universe, rng: Rng, out: string): { scorecards: number; bytes: number } {
  let scorecards = 0;
  let bytes = 0;
  const repos = new Set<string>();
  for (const info of u.names) {
    if (!info.repo || repos.has(info.repo)) continue;
    repos.add(info.repo);
    if (!rng.chance(info.impliedSource ? 0.6 : 0.3)) continue;
    scorecards++;
    const body = scorecard(rng, info.repo);
    writeFileSync(join(out, 'scorecards', `${info.repo.replace(/[^a-z0-9.-]+/gi, '_')}.json`), body);
    bytes += Buffer.byteLength(body);
  }
  return { scorecards, bytes };
}

function scorecard(rng: Rng, repo: string): string {
  const checks = CHECKS.map((name) => ({ name, score: rng.chance(0.08) ? -1 : rng.int(0, 11) }));
  const real = checks.filter((c) => c.score >= 0);
  const score = real.length ? Math.round((real.reduce((t, c) => t + c.score, 0) / real.length) * 10) / 10 : -1;
  return (
    `{"date":"${isoAt(rng.int(0, 40_000))}","repo":{"name":"${repo}","commit":"${rng.hex(40)}"},"scorecard":{"version":"v5.0.0","commit":"${rng.hex(40)}"},` +
    `"score":${score},"checks":[${checks.map((c) => `{"details":null,"score":${c.score},"reason":"synthetic","name":"${c.name}","documentation":{"url":"https://github.com/ossf/scorecard/blob/main/docs/checks.md#${c.name.toLowerCase()}","short":"synthetic"}}`).join(',')}],"metadata":null}\n`
  );
}
