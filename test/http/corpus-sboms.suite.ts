// Issue 3 fidelity through the API, over a set of real documents (test/fixtures in
// corpus-sboms.test.ts, the whole corpus in the sweep): every SBOM and provenance document
// ingests, and the API's answers match what each document says, computed here from the raw
// document. Queries use the document's own purl spelling (the service canonicalises it); answers
// are compared by test/helpers/purl-identity.ts, not by the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../helpers/corpus.js';
import { purlKey, purlKeys } from '../helpers/purl-identity.js';
import { enc, ingestInto, startTestApp, type TestClient } from '../helpers/server.js';
import { slsaStatementsOf } from '../ingest/formats/sbom-formats.suite.js';

/** The purls (as written) of each SPDX package, by SPDXID; strings that are not purls left out. */
function spdxPurls(doc: any): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const p of doc.packages ?? []) {
    const purls = (p.externalRefs ?? [])
      .filter((r: any) => String(r.referenceType).toLowerCase() === 'purl' && purlKey(r.referenceLocator))
      .map((r: any) => r.referenceLocator as string);
    byId.set(p.SPDXID, purls);
  }
  return byId;
}

function cdxComponents(doc: any): any[] {
  const out: any[] = [];
  const stack = [...(doc.components ?? [])];
  while (stack.length) {
    const c = stack.pop();
    out.push(c);
    stack.push(...(c.components ?? []));
  }
  return out;
}

/** The purls inside <purl> elements of a CycloneDX XML document, entities decoded. */
function xmlPurls(text: string): string[] {
  return [...text.matchAll(/<purl>\s*(?:<!\[CDATA\[([^\]]+)\]\]>|([^<]+))\s*<\/purl>/g)]
    .map((m) =>
      (m[1] ?? m[2])
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .trim(),
    )
    .filter((p) => purlKey(p));
}

export function corpusSbomsSuite(set: DocumentSet): void {
  const SPDX = set.filesOfKind('spdx');
  const CDX_JSON = set.filesOfKind('cyclonedx');
  const CDX_XML = set.filesOfKind('cyclonedx-xml');
  const SLSA = set.filesOfKind('slsa-provenance');

  describe(`SBOMs and provenance of the ${set.name} through the API`, () => {
    let t: TestClient;
    const ingestFailures: string[] = [];
    beforeAll(async () => {
      const docs: Record<string, unknown> = {};
      for (const f of [...SPDX, ...CDX_JSON, ...CDX_XML, ...SLSA]) docs[f] = set.text(f);
      t = await startTestApp();
      for (const r of await ingestInto(t.storeDir, docs))
        if (r.status === 'failed') ingestFailures.push(`${r.name}: ${r.error}`);
      await t.server.service.refresh();
    }, 300_000);
    afterAll(() => t?.close());

    /** The purls (as written) that the API does not return under their own identity. */
    async function purlsNotFound(purls: Iterable<string>): Promise<string[]> {
      const missing: string[] = [];
      for (const purl of new Set(purls)) {
        const r = await t.get(`/v0/package/${enc(purl)}`);
        if (r.status !== 200 || !r.body.PurlList.some((p: string) => purlKey(p) === purlKey(purl))) missing.push(purl);
      }
      return missing;
    }

    /** The identity keys of the transitive dependencies of a purl (as written). */
    async function dependencyKeysOf(purl: string): Promise<Set<string>> {
      const r = await t.get(`/v0/package/${enc(purl)}/dependencies`);
      expect(r.status, `${purl}: ${r.text.slice(0, 200)}`).toBe(200);
      return purlKeys(r.body.dependencies);
    }

    it('every SPDX, CycloneDX and SLSA document ingests', () => {
      expect(SPDX.length && CDX_JSON.length && CDX_XML.length && SLSA.length).toBeGreaterThan(0);
      expect(ingestFailures).toEqual([]);
    });

    it.each(SPDX)(
      'SPDX %s: every purl is found, every DEPENDS_ON edge is a dependency, the subject reaches every package',
      async (file) => {
        const doc = set.rawJson(file);
        const purlsById = spdxPurls(doc);
        const all = [...purlsById.values()].flat();
        expect(await purlsNotFound(all)).toEqual([]);
        for (const rel of doc.relationships ?? []) {
          const type = rel.relationshipType;
          if (type !== 'DEPENDS_ON' && type !== 'DEPENDENCY_OF') continue;
          const [from, to] =
            type === 'DEPENDS_ON'
              ? [rel.spdxElementId, rel.relatedSpdxElement]
              : [rel.relatedSpdxElement, rel.spdxElementId];
          for (const a of purlsById.get(from) ?? []) {
            const deps = await dependencyKeysOf(a);
            for (const b of purlsById.get(to) ?? [])
              if (purlKey(b) !== purlKey(a)) expect(deps.has(purlKey(b)!), `${a} → ${b}`).toBe(true);
          }
        }
        const described = new Set<string>(doc.documentDescribes ?? []);
        for (const rel of doc.relationships ?? [])
          if (rel.relationshipType === 'DESCRIBES' && rel.spdxElementId === doc.SPDXID)
            described.add(rel.relatedSpdxElement);
        for (const id of described) {
          const own = purlKeys(purlsById.get(id) ?? []);
          for (const subject of purlsById.get(id) ?? []) {
            const deps = await dependencyKeysOf(subject);
            const missing = [...new Set(all)].filter((p) => !own.has(purlKey(p)!) && !deps.has(purlKey(p)!));
            expect(missing, `${subject} misses`).toEqual([]);
          }
        }
      },
    );

    it.each(CDX_JSON)(
      'CycloneDX %s: every purl is found, every dependsOn edge is a dependency, the subject reaches every component',
      async (file) => {
        const doc = set.rawJson(file);
        const components = cdxComponents(doc);
        const refToPurl = new Map<string, string>();
        // Components sharing a digest are the same bytes: equivalent, so not each other's dependencies (docs/api.md, "Dependencies").
        const hashesOf = (c: any): string[] => (c?.hashes ?? []).map((h: any) => String(h.content).toLowerCase());
        const hashesByKey = new Map<string, Set<string>>();
        for (const c of [...components, doc.metadata?.component].filter(Boolean)) {
          const key = purlKey(c.purl);
          if (!key) continue;
          if (c['bom-ref']) refToPurl.set(c['bom-ref'], c.purl);
          hashesByKey.set(key, new Set([...(hashesByKey.get(key) ?? []), ...hashesOf(c)]));
        }
        const same = (a: string, b: string): boolean => {
          const [ka, kb] = [purlKey(a)!, purlKey(b)!];
          return ka === kb || [...(hashesByKey.get(ka) ?? [])].some((h) => hashesByKey.get(kb)?.has(h));
        };
        const purls: string[] = components.map((c) => c.purl).filter((p) => purlKey(p));
        expect(await purlsNotFound(purls)).toEqual([]);
        for (const d of doc.dependencies ?? []) {
          const from = refToPurl.get(d.ref);
          if (!from) continue;
          const deps = await dependencyKeysOf(from);
          for (const ref of d.dependsOn ?? []) {
            const to = refToPurl.get(ref);
            if (to && !same(from, to)) expect(deps.has(purlKey(to)!), `${from} → ${to}`).toBe(true);
          }
        }
        const subject = doc.metadata?.component?.purl;
        if (purlKey(subject)) {
          const deps = await dependencyKeysOf(subject);
          expect(purls.filter((p) => !same(subject, p) && !deps.has(purlKey(p)!))).toEqual([]);
        }
      },
    );

    it.each(CDX_XML)('CycloneDX XML %s: every purl is found', async (file) => {
      const purls = xmlPurls(set.text(file));
      expect(purls.length).toBeGreaterThan(0);
      expect(await purlsNotFound(purls)).toEqual([]);
    });

    it.each(SLSA)('SLSA %s: the subject artifact depends on the materials that carry purls', async (file) => {
      const statements = slsaStatementsOf(set.rawJson(file)).filter((st) =>
        String(st.predicateType ?? '').includes('slsa.dev/provenance'),
      );
      expect(statements.length).toBeGreaterThan(0);
      for (const st of statements) {
        const materials: any[] = st.predicate?.materials ?? st.predicate?.buildDefinition?.resolvedDependencies ?? [];
        const materialKeys = materials.map((m) => purlKey(m.uri ?? m.name)).filter((k): k is string => !!k);
        for (const subject of st.subject ?? []) {
          for (const [alg, value] of Object.entries<string>(subject.digest ?? {})) {
            const r = await t.get(`/v0/artifact/${enc(`${alg}:${value}`)}/dependencies`);
            expect(r.status, `${alg}:${value}`).toBe(200);
            const found = purlKeys(r.body.PurlList);
            for (const key of materialKeys) expect(found.has(key), key).toBe(true);
          }
        }
      }
    });
  });
}
