// Every purl that a set of real documents writes round-trips through the model, and the API finds
// each stored one by its written form and answers with the canonical string. Run on the fixtures
// by purl-roundtrip.test.ts, on the whole corpus by the sweep.
import { describe, expect, it } from 'vitest';
import type { DocumentSet } from '../helpers/corpus.js';
import { formatPurl, parsePurl } from '../../src/model/purl.js';
import { expectModelRoundTrip, listed, purlsIn, serve } from './purl-roundtrip.helpers.js';

/** `least`: how many distinct purls the set is known to hold at least. */
export function purlRoundTripSuite(set: DocumentSet, least: number): void {
  describe(`purl round trip: the ${set.name}`, () => {
    const files = set.entries().map((e) => set.path(e.file));

    it('every purl round-trips, and the API finds every stored one by its written form', async () => {
      const raws = [...new Set(files.flatMap(purlsIn))];
      expect(raws.length).toBeGreaterThanOrEqual(least);
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
        // Printed for the record: how many distinct purls round-trip, and how many are packages.
        console.log(
          `${set.name} purls: ${raws.length} distinct round-trip; ${found} are packages the API finds as written`,
        );
        expect(found).toBeGreaterThan(raws.length / 2);
      } finally {
        await t.close();
      }
    }, 600_000);
  });
}
