// Issue 3 fidelity: every SBOM and provenance document of the corpus ingests, and the API's
// answers match what each document says, computed here from the raw document.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPurl } from '../../src/model/purl.js';
import { corpusPath, filesOfKind, hasCorpus, rawJson } from '../helpers/corpus.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

const SPDX = filesOfKind('spdx');
const CDX_JSON = filesOfKind('cyclonedx');
const CDX_XML = filesOfKind('cyclonedx-xml');
const SLSA = filesOfKind('slsa-provenance');

function canonical(purl: unknown): string | undefined {
  if (typeof purl !== 'string') return undefined;
  try {
    return canonicalPurl(purl);
  } catch {
    return undefined;
  }
}

function spdxPurls(doc: any): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const p of doc.packages ?? []) {
    const purls = (p.externalRefs ?? [])
      .filter((r: any) => String(r.referenceType).toLowerCase() === 'purl')
      .map((r: any) => canonical(r.referenceLocator))
      .filter(Boolean);
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

let t: TestServer;
const ingestFailures: string[] = [];
beforeAll(async () => {
  const docs: Record<string, unknown> = {};
  for (const f of [...SPDX, ...CDX_JSON, ...CDX_XML, ...SLSA]) docs[f] = readFileSync(corpusPath(f), 'utf8');
  t = await startTestServer(docs);
  const { ingestInto } = await import('../helpers/server.js');
  for (const r of await ingestInto(t.storeDir, docs))
    if (r.status === 'failed') ingestFailures.push(`${r.name}: ${r.error}`);
  await t.server.service.refresh();
}, 300_000);
afterAll(() => t?.close());

async function purlsFound(purls: Iterable<string>): Promise<string[]> {
  const missing: string[] = [];
  for (const purl of new Set(purls)) {
    const r = await t.get(`/v0/package/${enc(purl)}`);
    if (r.status !== 200 || !r.body.PurlList.includes(purl)) missing.push(purl);
  }
  return missing;
}

async function dependenciesOf(purl: string): Promise<Set<string>> {
  const r = await t.get(`/v0/package/${enc(purl)}/dependencies`);
  expect(r.status, `${purl}: ${r.text.slice(0, 200)}`).toBe(200);
  return new Set(r.body.dependencies);
}

describe.skipIf(!hasCorpus)('corpus SBOMs and provenance through the API', () => {
  it('every SPDX, CycloneDX and SLSA file ingests', () => {
    expect(SPDX.length + CDX_JSON.length + CDX_XML.length + SLSA.length).toBeGreaterThan(40);
    expect(ingestFailures).toEqual([]);
  });

  it.each(SPDX)(
    'SPDX %s: every purl is found, every DEPENDS_ON edge is a dependency, the subject reaches every package',
    async (file) => {
      const doc = rawJson(file);
      const purlsById = spdxPurls(doc);
      const all = [...purlsById.values()].flat();
      expect(await purlsFound(all)).toEqual([]);
      for (const rel of doc.relationships ?? []) {
        const type = rel.relationshipType;
        if (type !== 'DEPENDS_ON' && type !== 'DEPENDENCY_OF') continue;
        const [from, to] =
          type === 'DEPENDS_ON'
            ? [rel.spdxElementId, rel.relatedSpdxElement]
            : [rel.relatedSpdxElement, rel.spdxElementId];
        for (const a of purlsById.get(from) ?? []) {
          const deps = await dependenciesOf(a);
          for (const b of purlsById.get(to) ?? []) if (b !== a) expect(deps.has(b), `${a} → ${b}`).toBe(true);
        }
      }
      const described = new Set<string>(doc.documentDescribes ?? []);
      for (const rel of doc.relationships ?? [])
        if (rel.relationshipType === 'DESCRIBES' && rel.spdxElementId === doc.SPDXID)
          described.add(rel.relatedSpdxElement);
      for (const id of described) {
        for (const subject of purlsById.get(id) ?? []) {
          const deps = await dependenciesOf(subject);
          const missing = [...new Set(all)].filter(
            (p) => p !== subject && !deps.has(p) && !(purlsById.get(id) ?? []).includes(p),
          );
          expect(missing, `${subject} misses`).toEqual([]);
        }
      }
    },
  );

  it.each(CDX_JSON)(
    'CycloneDX %s: every purl is found, every dependsOn edge is a dependency, the subject reaches every component',
    async (file) => {
      const doc = rawJson(file);
      const components = cdxComponents(doc);
      const refToPurl = new Map<string, string>();
      // Components sharing a digest are the same bytes: equivalent, so not each other's dependencies (SPEC §3).
      const hashesOf = (c: any): Set<string> =>
        new Set((c?.hashes ?? []).map((h: any) => String(h.content).toLowerCase()));
      const hashesByPurl = new Map<string, Set<string>>();
      for (const c of [...components, doc.metadata?.component].filter(Boolean)) {
        const purl = canonical(c.purl);
        if (purl && c['bom-ref']) refToPurl.set(c['bom-ref'], purl);
        if (purl) hashesByPurl.set(purl, new Set([...(hashesByPurl.get(purl) ?? []), ...hashesOf(c)]));
      }
      const equivalent = (a: string, b: string): boolean =>
        [...(hashesByPurl.get(a) ?? [])].some((h) => hashesByPurl.get(b)?.has(h));
      const purls = components.map((c) => canonical(c.purl)).filter((p): p is string => !!p);
      expect(await purlsFound(purls)).toEqual([]);
      for (const d of doc.dependencies ?? []) {
        const from = refToPurl.get(d.ref);
        if (!from) continue;
        const deps = await dependenciesOf(from);
        for (const ref of d.dependsOn ?? []) {
          const to = refToPurl.get(ref);
          if (to && to !== from && !equivalent(from, to)) expect(deps.has(to), `${from} → ${to}`).toBe(true);
        }
      }
      const subject = canonical(doc.metadata?.component?.purl);
      if (subject) {
        const deps = await dependenciesOf(subject);
        expect(purls.filter((p) => p !== subject && !deps.has(p) && !equivalent(subject, p))).toEqual([]);
      }
    },
  );

  it.each(CDX_XML)('CycloneDX XML %s: every purl is found', async (file) => {
    const text = readFileSync(corpusPath(file), 'utf8');
    const purls = [...text.matchAll(/<purl>\s*(?:<!\[CDATA\[([^\]]+)\]\]>|([^<]+))\s*<\/purl>/g)]
      .map((m) =>
        canonical(
          (m[1] ?? m[2])
            .replace(/&amp;/g, '&')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&apos;/g, "'")
            .trim(),
        ),
      )
      .filter((p): p is string => !!p);
    expect(purls.length).toBeGreaterThan(0);
    expect(await purlsFound(purls)).toEqual([]);
  });

  it.each(SLSA)('SLSA %s: the subject artifact depends on the materials that carry purls', async (file) => {
    const statements = slsaStatements(rawJson(file));
    expect(statements.length).toBeGreaterThan(0);
    for (const st of statements) {
      const materials: any[] = st.predicate?.materials ?? st.predicate?.buildDefinition?.resolvedDependencies ?? [];
      const materialPurls = materials.map((m) => canonical(m.uri ?? m.name)).filter((p): p is string => !!p);
      for (const subject of st.subject ?? []) {
        for (const [alg, value] of Object.entries(subject.digest ?? {})) {
          const r = await t.get(`/v0/artifact/${enc(`${alg}:${value}`)}/dependencies`);
          expect(r.status, `${alg}:${value}`).toBe(200);
          for (const purl of materialPurls) expect(r.body.PurlList, purl).toContain(purl);
        }
      }
    }
  });
});

/** In-toto statements inside any of the corpus wrappers, decoded here independently of the parser. */
function slsaStatements(doc: any): any[] {
  const fromEnvelope = (env: any): any[] => {
    if (!env?.payload) return [];
    const st = JSON.parse(Buffer.from(env.payload, 'base64').toString('utf8'));
    return String(st.predicateType ?? '').includes('slsa.dev/provenance') ? [st] : [];
  };
  if (Array.isArray(doc.attestations))
    return doc.attestations.flatMap((a: any) => fromEnvelope(a.bundle?.dsseEnvelope));
  if (doc.dsseEnvelope) return fromEnvelope(doc.dsseEnvelope);
  if (doc.payloadType) return fromEnvelope(doc);
  return [doc];
}
