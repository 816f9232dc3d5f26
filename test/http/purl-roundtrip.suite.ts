// Every purl that a set of real documents writes round-trips through the model, and the API finds
// each stored one by its written form and answers with the canonical string. A purl that ECMA-427
// rejects (docs/api.md, "Package URLs") is never stored: the API answers 400 for it. Run on the
// fixtures by purl-roundtrip.test.ts, on the whole corpus by the sweep.
import { describe, expect, it } from 'vitest';
import type { DocumentSet } from '../helpers/corpus.js';
import { enc } from '../helpers/server.js';
import { formatPurl, parsePurl, PurlError } from '../../src/model/purl.js';
import { expectModelRoundTrip, listed, purlsIn, serve } from './purl-roundtrip.helpers.js';

/** `least`: how many distinct purls the set is known to hold at least. */
export function purlRoundTripSuite(set: DocumentSet, least: number): void {
  describe(`purl round trip: the ${set.name}`, () => {
    const files = set.entries().map((e) => set.path(e.file));

    it('every purl round-trips, and the API finds every stored one by its written form', async () => {
      const written = [...new Set(files.flatMap(purlsIn))];
      expect(written.length).toBeGreaterThanOrEqual(least);
      const rejected = written.filter((raw) => !isValidPurl(raw));
      const raws = written.filter((raw) => !rejected.includes(raw));
      for (const raw of raws) expectModelRoundTrip(raw);

      const t = await serve(files);
      try {
        const index = t.server.service.index;
        let found = 0;
        for (const raw of raws) {
          const canonical = formatPurl(parsePurl(raw));
          if (index.packageId(canonical) === undefined) continue; // e.g. an advisory's affected package, never a graph node
          expect(await listed(t, raw), raw).toContain(canonical);
          found++;
        }
        for (const raw of rejected) expect((await t.get(`/v0/package/${enc(raw.trim())}`)).status, raw).toBe(400);
        // Printed for the record: how many distinct purls round-trip, and how many are packages.
        console.log(
          `${set.name} purls: ${raws.length} distinct round-trip; ${found} are packages the API finds as written; ` +
            `${rejected.length} invalid by ECMA-427 (never stored): ${rejected.slice(0, 20).join(' ')}`,
        );
        expect(rejected.length).toBeLessThan(written.length / 100);
        expect(found).toBeGreaterThan(raws.length / 2);
      } finally {
        await t.close();
      }
    }, 600_000);
  });
}

function isValidPurl(raw: string): boolean {
  try {
    parsePurl(raw.trim());
    return true;
  } catch (err) {
    if (err instanceof PurlError) return false;
    throw err;
  }
}
