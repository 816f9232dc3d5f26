import { describe, expect, it } from 'vitest';
import { scorecardParser } from '../../../src/ingest/formats/scorecard/index.js';
import { DocumentError } from '../../../src/model/facts.js';
import { CTX, detectionMismatches, filesOfKind, load, rawJson, PARSER_KIND } from './vuln-corpus-helpers.js';

const files = filesOfKind('scorecard');
type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Scorecard', () => {
  it('claims exactly the Scorecard results of the corpus', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(detectionMismatches(scorecardParser, 'scorecard')).toEqual([]);
    for (const f of files)
      expect(PARSER_KIND.filter(([p]) => p.detect(load(f))).map(([p]) => p.name)).toEqual(['scorecard']);
  });

  for (const f of files) {
    it(`${f}: one scorecard on the source repository, scores as reported`, () => {
      const raw = rawJson(f) as J;
      const facts = scorecardParser.parse(load(f), CTX);
      expect(facts.scorecards.length).toBe(1);
      const s = facts.scorecards[0];
      expect(s.source).toBe(`git+https://${raw.repo.name.toLowerCase()}`);
      expect(facts.sources).toEqual([s.source]);
      expect(s.aggregateScore).toBe(raw.score);
      expect(s.checks).toEqual(raw.checks.map((c: J) => ({ check: c.name, score: c.score })));
      expect(s.scorecardVersion).toBe(raw.scorecard.version);
      expect(s.scorecardCommit).toBe(raw.scorecard.commit);
      expect(s.commit).toBe(raw.repo.commit);
      expect(s.timeScanned).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });
  }

  it('keeps -1 (inconclusive) and reads both date forms', () => {
    const k8s = scorecardParser.parse(load('scorecard-scorecard-kubernetes-kubernetes.json'), CTX).scorecards[0];
    expect(k8s).toMatchObject({
      source: 'git+https://github.com/kubernetes/kubernetes',
      aggregateScore: 8.9,
      timeScanned: '2022-10-06T00:00:00.000Z',
      scorecardVersion: 'v4.7.0',
    });
    const action = scorecardParser.parse(
      load('scorecard-scorecard-action-ossf-tests-scorecard-action-2022-06-01.json'),
      CTX,
    ).scorecards[0];
    expect(action.checks.find((c) => c.check === 'Packaging')!.score).toBe(-1);
    const rfc = scorecardParser.parse(
      load('scorecard-scorecard-action-spencerschrock-reusable-workflow-test.json'),
      CTX,
    ).scorecards[0];
    expect(rfc.timeScanned).toBe('2023-04-20T23:25:12.000Z');
  });

  it('rejects results it cannot key or date', () => {
    const base = rawJson('scorecard-scorecard-kubernetes-kubernetes.json') as J;
    const doc = (json: unknown) => ({ name: 'x', text: '', json, xml: false });
    expect(() => scorecardParser.parse(doc({ ...base, repo: { name: 'kubernetes' } }), CTX)).toThrow(DocumentError);
    expect(() => scorecardParser.parse(doc({ ...base, date: 'yesterday' }), CTX)).toThrow(/date/);
    expect(() => scorecardParser.parse(doc({ ...base, score: 11 }), CTX)).toThrow(/score/);
  });
});
