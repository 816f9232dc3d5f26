// A document's subject is the first fact of the first kind present, in the documented order.
import { describe, expect, it } from 'vitest';
import { documentSubject } from '../../src/model/document-subject.js';
import type { DocumentFacts } from '../../src/model/facts.js';

/** Only the fields documentSubject reads matter here; the rest of each fact is left out. */
function facts(parts: Partial<Record<keyof DocumentFacts, unknown[]>>): DocumentFacts {
  const empty = {
    format: 'test',
    ...Object.fromEntries(
      ['packages', 'artifacts', 'sources', 'sboms', 'dependencies', 'occurrences', 'hashEquals', 'slsa']
        .concat(['certifyVulns', 'vulnEquals', 'vulnMetadata', 'vex', 'hasSourceAt', 'scorecards', 'advisories'])
        .concat(['skipped'])
        .map((k) => [k, []]),
    ),
  };
  return { ...empty, ...parts } as unknown as DocumentFacts;
}

const vuln = { type: 'GHSA', id: 'GHSA-xxxx-yyyy-zzzz' };

describe('documentSubject', () => {
  it('takes the first SBOM subject (purl or artifact digest) before anything else', () => {
    const sboms = [
      { subject: { kind: 'package', purl: 'pkg:npm/app@1' } },
      { subject: { kind: 'package', purl: 'x' } },
    ];
    expect(
      documentSubject(facts({ sboms, slsa: [{ subject: 'sha256:b' }], advisories: [{ vulnerability: vuln }] })),
    ).toBe('pkg:npm/app@1');
    expect(documentSubject(facts({ sboms: [{ subject: { kind: 'artifact', digest: 'sha256:a' } }] }))).toBe('sha256:a');
  });

  it('falls back in order: SLSA subject, scorecard repository, advisory id, VEX subject, scanned package', () => {
    const vex = [{ subject: { kind: 'artifact', digest: 'sha256:v' }, vulnerability: vuln }];
    const scan = [{ package: 'pkg:cargo/s@1', vulnerability: vuln }];
    const scorecards = [{ source: 'git+https://github.com/o/r' }];
    const advisories = [{ vulnerability: vuln }];
    expect(documentSubject(facts({ slsa: [{ subject: 'sha256:b' }], scorecards, advisories, vex }))).toBe('sha256:b');
    expect(documentSubject(facts({ scorecards, advisories, vex }))).toBe('git+https://github.com/o/r');
    expect(documentSubject(facts({ advisories, vex, certifyVulns: scan }))).toBe('GHSA-xxxx-yyyy-zzzz');
    expect(documentSubject(facts({ vex, certifyVulns: scan }))).toBe('sha256:v');
    expect(documentSubject(facts({ certifyVulns: scan }))).toBe('pkg:cargo/s@1');
  });

  it('is null for a document that states none of these', () => {
    expect(documentSubject(facts({ packages: ['pkg:npm/a@1'], dependencies: [{ from: 'a', to: 'b' }] }))).toBeNull();
  });
});
