import { describe, expect, it } from 'vitest';
import { scorecardParser } from '../../../src/ingest/formats/scorecard/index.js';
import { DocumentError } from '../../../src/model/facts.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { CTX, scorecardFormatSuite } from './vuln-formats.suite.js';

const load = (file: string) => FIXTURES.load(file);
const rawJson = (file: string) => FIXTURES.rawJson(file);

type J = Record<string, any>;

scorecardFormatSuite(FIXTURES);

describe('Scorecard', () => {
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
