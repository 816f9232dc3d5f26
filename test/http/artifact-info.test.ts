// GET /v0/artifact/{digest}/info: the packages an artifact is known as, the digests of the same
// bytes, its SLSA provenance (from the has_slsa facts in the store), what was built from it, the
// documents naming it and counts equal to the totals of its lists; over real provenance (a plain
// in-toto statement, the demo's GUAC predicates) and hand-made edge cases.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hashEqual, hex, occurrence, sbomFor, slsa, vex } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const AZURE = new URL(
  '../fixtures/slsa-provenance/slsa-provenance-azure-devops-kubectl-v1.28.1-statement-v0.2.json',
  import.meta.url,
);
const DEMO = new URL('../../examples/demo/06-web-frontend-provenance.json', import.meta.url);
const read = (url: URL): string => readFileSync(url, 'utf8');

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const IMAGE = `sha256:${hex('info-image')}`;
const IMAGE512 = `sha512:${hex('info-image-512', 128)}`;
const BASE = `sha256:${hex('info-base')}`;
const SOURCE = `sha1:${hex('info-source', 40)}`;
const DERIVED = `sha256:${hex('info-derived')}`;
// One digest value under two algorithms: ambiguous without its algorithm.
const TWIN = hex('info-twin');

const DOCS: Record<string, object> = {
  'image-sbom.json': {
    hasSBOM: [sbomFor({ artifact: IMAGE })],
    isOccurrence: [occurrence(APP, IMAGE)],
    isDependency: [dependsOn(APP, LIB)],
  },
  'hashes.json': { hashEqual: [hashEqual(IMAGE, IMAGE512)] },
  // Two provenance documents for the image (the second stored later), and one built from it.
  'provenance-1.json': { hasSlsa: [slsa(IMAGE, [BASE, SOURCE])] },
  'provenance-2.json': { hasSlsa: [slsa(IMAGE, [BASE])] },
  'derived.json': { hasSlsa: [slsa(DERIVED, [IMAGE])] },
  'vex.json': { vex: [vex({ artifact: IMAGE }, 'cve', 'CVE-2024-0009', 'NOT_AFFECTED', '2024-05-01T00:00:00Z')] },
  'twins.json': { hashEqual: [hashEqual(`sha256:${TWIN}`, `sha512:${TWIN}`)] },
};

let t: TestClient;
const digests: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  const all: Record<string, string | object> = { ...DOCS, 'azure.json': read(AZURE), 'demo.json': read(DEMO) };
  for (const [name, doc] of Object.entries(all)) {
    const result = await t.ingest(name, doc);
    expect(result.status).toBe('stored');
    digests[name] = result.digest!;
  }
});
afterAll(() => t.close());

const info = (digest: string, headers?: Record<string, string>) => t.get(`/v0/artifact/${enc(digest)}/info`, headers);

describe('GET /v0/artifact/{digest}/info on real provenance', () => {
  it('gives each subject of an in-toto statement its builder, type, materials and document', async () => {
    const statement = JSON.parse(read(AZURE));
    const materials = (statement.predicate.materials as { digest: Record<string, string> }[]).flatMap((m) =>
      Object.entries(m.digest).map(([alg, value]) => `${alg}:${value}`),
    );
    const subjects = (statement.subject as { digest: Record<string, string> }[]).map(
      (s) => `sha256:${s.digest.sha256}`,
    );
    expect(subjects.length).toBeGreaterThan(1);
    for (const subject of subjects) {
      const r = await info(subject);
      expect(r.status).toBe(200);
      expect(r.body.digest).toBe(subject);
      expect(r.body.provenance).toHaveLength(1);
      const [p] = r.body.provenance;
      expect(p.builder).toBe(statement.predicate.builder.id);
      expect(p.slsaVersion).toBe(statement.predicateType);
      expect(p.document).toBe(digests['azure.json']);
      for (const m of p.materials) expect(materials).toContain(m);
      expect(r.body.documents).toContain(digests['azure.json']);
    }
  });

  it('reads the demo provenance: builder, times and the source commit it was built from, both ways', async () => {
    const demo = JSON.parse(read(DEMO)).hasSlsa[0];
    const subject = `${demo.Artifact.algorithm}:${demo.Artifact.digest}`;
    const material = `${demo.Materials[0].algorithm}:${demo.Materials[0].digest}`;
    const r = await info(subject);
    expect(r.body.provenance).toEqual([
      {
        builder: demo.Builder.uri,
        buildType: demo.HasSlsa.buildType,
        slsaVersion: demo.HasSlsa.slsaVersion,
        startedOn: new Date(demo.HasSlsa.startedOn).toISOString(),
        finishedOn: new Date(demo.HasSlsa.finishedOn).toISOString(),
        // An ingest-predicates document signs nothing.
        signature: 'unsigned',
        materials: [material],
        document: digests['demo.json'],
      },
    ]);
    const source = await info(material);
    expect(source.body.builtFrom).toEqual([subject]);
    expect(source.body.provenance).toEqual([]);
    // The provenance names the material: it is among the documents naming it.
    expect(source.body.documents).toEqual([digests['demo.json']]);
  });
});

describe('GET /v0/artifact/{digest}/info', () => {
  it('lists subjects, equal digests, every provenance newest first, and what was built from it', async () => {
    const r = await info(IMAGE);
    expect(r.status).toBe(200);
    expect(r.body.subjects).toEqual(
      (await t.get(`/v0/package/${enc(LIB)}/artifacts`)).body.artifacts.find(
        (a: { digest: string }) => a.digest === IMAGE,
      ).subjects,
    );
    expect(r.body.subjects).toEqual([APP]);
    expect(r.body.equalDigests).toEqual([IMAGE512]);
    expect(r.body.provenance.map((p: { document: string }) => p.document)).toEqual([
      digests['provenance-2.json'],
      digests['provenance-1.json'],
    ]);
    expect(r.body.provenance[0].materials).toEqual([BASE]);
    expect(r.body.provenance[1].materials).toEqual([BASE, SOURCE].sort());
    expect(r.body.builtFrom).toEqual([DERIVED]);
    // The sha512 form is the same bytes; the provenance is stated for the sha256 form only.
    const other = await info(IMAGE512);
    expect(other.body.equalDigests).toEqual([IMAGE]);
    expect(other.body.provenance).toEqual([]);
  });

  it('lists the documents naming it, newest first, and counts equal to the totals of its lists', async () => {
    const r = await info(IMAGE);
    expect(r.body.documents).toEqual(
      ['derived.json', 'vex.json', 'provenance-2.json', 'provenance-1.json', 'image-sbom.json']
        .map((name) => digests[name])
        .sort((a, b) => order(b) - order(a)),
    );
    const deps = await t.get(`/v0/artifact/${enc(IMAGE)}/dependencies`);
    const vulns = await t.get(`/v0/artifact/${enc(IMAGE)}/vulns?includeDependencies=true`);
    expect(r.body.counts).toEqual({
      documents: r.body.documents.length,
      dependencies: deps.body.PaginationInfo.TotalCount,
      vulnerabilities: vulns.body.PaginationInfo.TotalCount,
    });
    expect(r.body.counts.dependencies).toBeGreaterThan(0);
  });

  it('takes the digest as the other artifact routes do', async () => {
    // Without its algorithm when one algorithm has the value, in any case.
    const bare = await info(IMAGE.slice('sha256:'.length).toUpperCase());
    expect(bare.status).toBe(200);
    expect(bare.body.digest).toBe(IMAGE);
    const ambiguous = await info(TWIN);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.code).toBe('SG_AMBIGUOUS_DIGEST');
    expect(ambiguous.body.detail).toMatch(/sha256, sha512/);
    const unknown = await info(`sha256:${hex('nowhere')}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('SG_ARTIFACT_NOT_FOUND');
    const bad = await t.get('/v0/artifact/sha256%3Aab%01cd/info');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('SG_INVALID_DIGEST');
    // The same errors as the dependency list gives.
    for (const digest of [TWIN, `sha256:${hex('nowhere')}`]) {
      const deps = await t.get(`/v0/artifact/${enc(digest)}/dependencies`);
      expect((await info(digest)).body.code).toBe(deps.body.code);
    }
  });

  it('answers 304 to the ETag of the version, and 200 again once the graph changes', async () => {
    const first = await info(IMAGE);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await info(IMAGE, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const later = await t.ingest('provenance-3.json', { hasSlsa: [slsa(IMAGE, [SOURCE])] });
    const next = await info(IMAGE, { 'if-none-match': etag });
    expect(next.status).toBe(200);
    expect(next.body.provenance[0]).toMatchObject({ document: later.digest, materials: [SOURCE] });
    expect(next.body.counts.documents).toBe(first.body.counts.documents + 1);
  });
});

/** Documents in ingest order (the index of their name in the ingest). */
function order(digest: string): number {
  return Object.values(digests).indexOf(digest);
}
