// Checks over every OSV record and scanner report of a set of real documents: the CVSS scores
// and severity labels the tools report agree with ours, and each advisory's own listed versions
// and range edges match as the advisory says. Run on test/fixtures by the unit tests, on the
// whole corpus by the sweep.
import { describe, expect, it } from 'vitest';
import type { DocumentSet } from '../helpers/corpus.js';
import { scoreOfVector } from '../../src/vuln/cvss.js';
import { highestRating, vectorRating } from '../../src/vuln/severity.js';
import { normaliseSeverityLabel } from '../../src/model/vulnerability.js';
import type { PurlParts } from '../../src/model/purl.js';
import { parseOsvAdvisory } from '../../src/ingest/formats/osv/parse.js';
import { advisoryAffects, versionInRange } from '../../src/vuln/osv-match.js';
import { comparatorFor, purlPartsFromOsv } from '../../src/vuln/ecosystems.js';
import { compareSemver } from '../../src/vuln/versions.js';

function partsAt(ecosystem: string, name: string, version: string): PurlParts {
  const p = purlPartsFromOsv(ecosystem, name, version);
  if (!p) throw new Error(`no purl for ${ecosystem} ${name}`);
  return p;
}

/** A version just below `v` in the same shape: decrement the rightmost non-zero number. */
function below(v: string): string | undefined {
  const nums = [...v.matchAll(/\d+/g)];
  for (let i = nums.length - 1; i >= 0; i--) {
    const n = Number(nums[i][0]);
    if (n === 0) continue;
    const at = nums[i].index;
    const head = v.slice(0, at) + String(n - 1);
    const tail = v.slice(at + nums[i][0].length).replace(/\d+/g, '0');
    return head + tail;
  }
  return undefined;
}

/** (vector, reported base score) pairs in the set's Grype and Trivy reports: independent oracles. */
function reportedScores(set: DocumentSet): [string, number][] {
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
      if (typeof o[v] === 'string' && typeof o[s] === 'number') out.push([o[v], o[s]]);
    }
    Object.values(o).forEach(walk);
  };
  for (const f of set.filesOfKind('grype', 'trivy')) walk(set.rawJson(f));
  const unique = new Map(out.map(([v, s]) => [`${v} ${s}`, [v, s] as [string, number]]));
  return [...unique.values()];
}

/** `least`: how many scored vectors and labelled OSV records the set is known to hold at least. */
export function cvssAgreementSuite(set: DocumentSet, least: { vectors: number; labels: number }): void {
  describe(`CVSS vectors and labels of the ${set.name}`, () => {
    const pairs = reportedScores(set);

    it('finds scored vectors in the scanner reports', () => {
      expect(pairs.length).toBeGreaterThanOrEqual(least.vectors);
    });

    it('agrees with every base score the scanners report for a vector', () => {
      const wrong = pairs
        .filter(([v, s]) => scoreOfVector(v)?.score !== s)
        .map(([v, s]) => `${v} reported ${s}, computed ${scoreOfVector(v)?.score}`);
      expect(wrong).toEqual([]);
    });

    it('agrees with the GHSA database_specific.severity label of every OSV record', () => {
      const records: Record<string, unknown>[] = [];
      for (const f of set.filesOfKind('osv')) records.push(set.rawJson(f) as Record<string, unknown>);
      for (const f of set.filesOfKind('osv-scanner')) {
        for (const r of (
          set.rawJson(f) as { results: { packages: { vulnerabilities?: Record<string, unknown>[] }[] }[] }
        ).results) {
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
        const id = rec.id as string;
        expect(`${id}: ${best.severity}`).toBe(`${id}: ${normaliseSeverityLabel(label)}`);
      }
      expect(checked).toBeGreaterThanOrEqual(least.labels);
    });
  });
}

export function osvAdvisoryEdgesSuite(set: DocumentSet): void {
  describe(`OSV advisories of the ${set.name}: explicit versions and range edges`, () => {
    const advisories = set.filesOfKind('osv').map((f) => [f, parseOsvAdvisory(set.rawJson(f), '')] as const);
    it('has OSV records', () => expect(advisories.length).toBeGreaterThan(0));
    for (const [file, advisory] of advisories) {
      if (advisory.withdrawn) continue;
      describe(file, () => {
        for (const [i, a] of advisory.affected.entries()) {
          const compare = comparatorFor(a.ecosystem);
          const listedForPackage = new Set(
            advisory.affected
              .filter((b) => b.name === a.name && b.ecosystem === a.ecosystem)
              .flatMap((b) => b.versions),
          );

          if (a.versions.length) {
            it(`affected[${i}] ${a.name}: every listed version matches and lies in a range`, () => {
              for (const v of a.versions) {
                expect(`${v}: ${advisoryAffects(advisory, partsAt(a.ecosystem, a.name, v))}`).toBe(`${v}: true`);
                const ranges = a.ranges.filter((r) => r.type !== 'GIT');
                if (ranges.length) {
                  const inRange = ranges.some(
                    (r) => versionInRange(v, r, r.type === 'SEMVER' ? compareSemver : compare!) === 'affected',
                  );
                  expect(`${v} in a range: ${inRange}`).toBe(`${v} in a range: true`);
                }
              }
            });
          }

          for (const [j, r] of a.ranges.entries()) {
            if (r.type === 'GIT') continue;
            const rc = r.type === 'SEMVER' ? compareSemver : compare!;
            it(`affected[${i}] ${a.name} range ${j}: fixed versions and versions below introduced are outside`, () => {
              for (const [k, e] of r.events.entries()) {
                if (e.fixed) {
                  expect(`${e.fixed}: ${versionInRange(e.fixed, r, rc)}`).toBe(`${e.fixed}: not-affected`);
                  const expected = listedForPackage.has(e.fixed);
                  expect(`${e.fixed}: ${advisoryAffects(advisory, partsAt(a.ecosystem, a.name, e.fixed))}`).toBe(
                    `${e.fixed}: ${expected}`,
                  );
                }
                if (e.introduced && e.introduced !== '0') {
                  expect(`${e.introduced}: ${versionInRange(e.introduced, r, rc)}`).toBe(`${e.introduced}: affected`);
                  // Below the interval this event opens (an earlier interval of the same range may cover it).
                  const interval = {
                    ...r,
                    events: [e, ...(r.events[k + 1] && !r.events[k + 1].introduced ? [r.events[k + 1]] : [])],
                  };
                  const under = below(e.introduced);
                  if (under) expect(`${under}: ${versionInRange(under, interval, rc)}`).toBe(`${under}: not-affected`);
                }
                if (e.last_affected) {
                  expect(`${e.last_affected}: ${versionInRange(e.last_affected, r, rc)}`).toBe(
                    `${e.last_affected}: affected`,
                  );
                }
              }
            });
          }
        }
      });
    }
  });
}
