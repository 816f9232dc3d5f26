import { describe, expect, it } from 'vitest';
import { scoreOfVector } from '../../src/vuln/cvss.js';
import { highestRating, vectorRating } from '../../src/vuln/severity.js';
import { FIXTURES } from '../helpers/corpus.js';
import { cvssAgreementSuite } from './corpus-data.suite.js';

const severityOfVector = (vector: string) => vectorRating(vector)?.severity ?? 'UNKNOWN';

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

cvssAgreementSuite(FIXTURES, { vectors: 50, labels: 8 });
