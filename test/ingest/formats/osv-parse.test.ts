// OSV record parsing (src/ingest/formats/osv/parse.ts): every fixture record reads, malformed
// records are refused with the JSON pointer of the wrong field.
import { describe, expect, it } from 'vitest';
import { parseOsvAdvisory } from '../../../src/ingest/formats/osv/parse.js';
import { DocumentError } from '../../../src/model/facts.js';
import { FIXTURES } from '../../helpers/corpus.js';

const advisories = FIXTURES.filesOfKind('osv').map((f) => parseOsvAdvisory(FIXTURES.rawJson(f), ''));

describe('parseOsvAdvisory', () => {
  it('reads every corpus record', () => {
    expect(advisories.length).toBe(FIXTURES.filesOfKind('osv').length);
    for (const a of advisories) {
      expect(a.id).toMatch(/^[A-Z]+-/);
      expect(a.affected.length).toBeGreaterThan(0);
    }
  });
  it('rejects malformed records with a JSON pointer', () => {
    expect(() => parseOsvAdvisory({ affected: [] }, '')).toThrow(DocumentError);
    expect(() => parseOsvAdvisory({ id: 'X-1', affected: {} }, '')).toThrow(/affected/);
    const refusal = (() => {
      try {
        parseOsvAdvisory(
          { id: 'X-1', affected: [{ package: { ecosystem: 'npm', name: 'a' }, ranges: [{ type: 'SEMVER' }] }] },
          '/vulnerabilities/3',
        );
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(DocumentError);
    expect((refusal as DocumentError).path).toBe('/vulnerabilities/3/affected/0/ranges/0/events');
  });
  it('keeps affected entries without a package out, as problems', () => {
    const advisory = parseOsvAdvisory({ id: 'X-1', affected: [{ ranges: [] }], summary: 's' });
    expect(advisory.affected).toEqual([]);
    expect(advisory.problems).toEqual([
      { path: '/affected/0/package', reason: 'no package ecosystem and name: cannot be matched to packages' },
    ]);
  });
  it('names the field of a wrongly typed string', () => {
    expect(() => parseOsvAdvisory({ id: 'X-1', summary: 5 })).toThrow(
      expect.objectContaining({ path: '/summary', message: expect.stringContaining('"summary" must be a string') }),
    );
  });
});
