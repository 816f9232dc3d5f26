import { describe, expect, it } from 'vitest';
import { scoreOfVector } from '../../src/vuln/cvss.js';
import { highestRating, vectorRating } from '../../src/vuln/severity.js';

const severityOfVector = (vector: string) => vectorRating(vector)?.severity ?? 'UNKNOWN';
import { normaliseSeverityLabel } from '../../src/model/vulnerability.js';
import { filesOfKind, rawJson } from '../ingest/formats/vuln-corpus-helpers.js';

// Known scores: FIRST specification examples / NVD, and vectors scored with FIRST's CVSS v4.0
// reference calculator (github.com/RedHatProductSecurity/cvss-v4-calculator, cvss40.js).
const KNOWN: [string, string, number][] = [
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', '3.1', 10.0],
  ['CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', '3.1', 3.1],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', '3.1', 9.8],
  ['CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H', '3.1', 7.8],
  ['CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', '3.1', 9.9],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', '3.1', 6.1],
  ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H', '3.1', 7.5],
  ['CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:N/I:N/A:N', '3.1', 0.0],
  ['CVSS:3.0/AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N', '3.0', 5.4],
  ['CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', '3.0', 9.8],
  ['CVSS:3.0/AV:L/AC:L/PR:N/UI:R/S:U/C:N/I:N/A:H', '3.0', 5.5],
  ['AV:N/AC:M/Au:N/C:P/I:P/A:P', '2.0', 6.8],
  ['AV:L/AC:L/Au:N/C:C/I:C/A:C', '2.0', 7.2],
  ['AV:N/AC:L/Au:N/C:N/I:N/A:C', '2.0', 7.8],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', '4.0', 9.3],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', '4.0', 10],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', '4.0', 8.5],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N', '4.0', 0],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:U', '4.0', 8.1],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:P', '4.0', 8.9],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:L/SC:N/SI:N/SA:N/E:A/MAV:A', '4.0', 8.7],
  ['CVSS:4.0/AV:P/AC:H/AT:P/PR:H/UI:A/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N', '4.0', 1.0],
  // Spread over the MacroVector space (reference calculator values).
  ['CVSS:4.0/AV:N/AC:L/AT:P/PR:L/UI:P/VC:N/VI:H/VA:H/SC:L/SI:H/SA:H', '4.0', 7.2],
  ['CVSS:4.0/AV:N/AC:H/AT:P/PR:N/UI:N/VC:L/VI:H/VA:H/SC:N/SI:H/SA:L', '4.0', 9.1],
  ['CVSS:4.0/AV:A/AC:L/AT:N/PR:L/UI:A/VC:H/VI:H/VA:L/SC:H/SI:H/SA:N', '4.0', 8.4],
  ['CVSS:4.0/AV:A/AC:H/AT:N/PR:N/UI:N/VC:N/VI:H/VA:L/SC:L/SI:L/SA:H', '4.0', 7.2],
  ['CVSS:4.0/AV:A/AC:H/AT:P/PR:L/UI:A/VC:L/VI:H/VA:L/SC:N/SI:L/SA:L', '4.0', 4.4],
  ['CVSS:4.0/AV:L/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:N/SC:H/SI:L/SA:N', '4.0', 8.5],
  ['CVSS:4.0/AV:L/AC:H/AT:N/PR:L/UI:A/VC:N/VI:H/VA:N/SC:L/SI:N/SA:H', '4.0', 5.7],
  ['CVSS:4.0/AV:P/AC:L/AT:N/PR:N/UI:P/VC:L/VI:H/VA:N/SC:N/SI:N/SA:L', '4.0', 5.2],
  ['CVSS:4.0/AV:P/AC:L/AT:P/PR:H/UI:N/VC:H/VI:L/VA:H/SC:H/SI:N/SA:N', '4.0', 5.7],
  ['CVSS:4.0/AV:P/AC:H/AT:P/PR:N/UI:P/VC:N/VI:L/VA:H/SC:N/SI:H/SA:H', '4.0', 5.8],
  ['CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:L/VI:N/VA:L/SC:H/SI:L/SA:L', '4.0', 6.2],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:L/VI:H/VA:L/SC:L/SI:H/SA:N', '4.0', 8.3],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:H/UI:A/VC:H/VI:H/VA:H/SC:H/SI:L/SA:N', '4.0', 9.2],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:N/VI:N/VA:N/SC:H/SI:H/SA:L', '4.0', 6.4],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:A/VC:H/VI:N/VA:H/SC:N/SI:L/SA:L', '4.0', 6.9],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:H/UI:P/VC:N/VI:L/VA:N/SC:L/SI:N/SA:N', '4.0', 4.8],
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:H/VA:N/SC:L/SI:H/SA:H', '4.0', 9.3],
  // Environmental safety (MSI:S) lands in EQ4 level 0.
  ['CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/MSI:S', '4.0', 10],
];

describe('scoreOfVector', () => {
  it.each(KNOWN)('%s → v%s %d', (vector, version, score) => {
    expect(scoreOfVector(vector)).toEqual({ version, score });
  });

  it.each([
    '',
    'garbage',
    'CVSS:3.1/AV:N',
    'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    'CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    'CVSS:5.0/AV:N',
    'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N', // SA missing
    'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:S/SA:N', // S only as MSI
  ])('rejects %j', (vector) => {
    expect(scoreOfVector(vector)).toBeUndefined();
    expect(severityOfVector(vector)).toBe('UNKNOWN');
  });

  it('maps scores to severities (v2 has no CRITICAL)', () => {
    expect(severityOfVector('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H')).toBe('CRITICAL');
    expect(severityOfVector('CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N')).toBe('LOW');
    expect(severityOfVector('CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:N/I:N/A:N')).toBe('NONE');
    expect(severityOfVector('AV:N/AC:L/Au:N/C:C/I:C/A:C')).toBe('HIGH'); // 10.0 in v2
  });

  it('the highest rating of several vectors wins, whatever the CVSS version (v2 has no CRITICAL)', () => {
    const vectors = ['AV:N/AC:L/Au:N/C:C/I:C/A:C', 'CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', 'bogus'];
    expect(highestRating(vectors.map(vectorRating))).toEqual({
      kind: 'cvss',
      severity: 'HIGH',
      score: 10,
      scoreType: 'CVSSv2',
    });
    expect(vectorRating('bogus')).toBeUndefined();
  });
});

/** (vector, reported base score) pairs in the corpus' Grype and Trivy reports: independent oracles. */
function reportedScores(): [string, number][] {
  const out: [string, number][] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) {
      x.forEach(walk);
      return;
    }
    if (typeof x !== 'object' || x === null) return;
    const o = x as Record<string, unknown>;
    // grype: {vector, metrics: {baseScore}}
    if (typeof o.vector === 'string' && typeof o.metrics === 'object' && o.metrics !== null) {
      const s = (o.metrics as Record<string, unknown>).baseScore;
      if (typeof s === 'number') out.push([o.vector, s]);
    }
    // trivy: {V3Vector, V3Score, V2Vector, V2Score, V40Vector, V40Score}
    for (const [v, s] of [
      ['V2Vector', 'V2Score'],
      ['V3Vector', 'V3Score'],
      ['V40Vector', 'V40Score'],
    ]) {
      if (typeof o[v] === 'string' && typeof o[s] === 'number') out.push([o[v] as string, o[s] as number]);
    }
    Object.values(o).forEach(walk);
  };
  for (const kind of ['grype', 'trivy']) for (const f of filesOfKind(kind)) walk(rawJson(f));
  const unique = new Map(out.map(([v, s]) => [`${v} ${s}`, [v, s] as [string, number]]));
  return [...unique.values()];
}

describe('corpus vectors', () => {
  const pairs = reportedScores();

  it('finds scored vectors in the scanner reports', () => {
    expect(pairs.length).toBeGreaterThan(50);
  });

  it('agrees with every base score the scanners report for a vector', () => {
    const wrong = pairs
      .filter(([v, s]) => scoreOfVector(v)?.score !== s)
      .map(([v, s]) => `${v} reported ${s}, computed ${scoreOfVector(v)?.score}`);
    expect(wrong).toEqual([]);
  });

  it('agrees with the GHSA database_specific.severity label of every OSV record', () => {
    const records: Record<string, unknown>[] = [];
    for (const f of filesOfKind('osv')) records.push(rawJson(f) as Record<string, unknown>);
    for (const f of filesOfKind('osv-scanner')) {
      for (const r of (rawJson(f) as { results: { packages: { vulnerabilities?: Record<string, unknown>[] }[] }[] })
        .results) {
        for (const p of r.packages) records.push(...(p.vulnerabilities ?? []));
      }
    }
    let checked = 0;
    for (const rec of records) {
      const label = (rec.database_specific as Record<string, unknown> | undefined)?.severity;
      const vectors = ((rec.severity as { type: string; score: string }[] | undefined) ?? []).map((s) => s.score);
      const best = highestRating(vectors.map(vectorRating));
      if (typeof label !== 'string' || !best) continue;
      checked += 1;
      expect(`${rec.id}: ${best.severity}`).toBe(`${rec.id}: ${normaliseSeverityLabel(label)}`);
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });
});
