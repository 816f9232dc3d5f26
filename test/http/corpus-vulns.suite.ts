// Issue 4 through the API, over a set of real documents (test/fixtures in corpus-vulns.test.ts,
// the whole corpus in the sweep): scanner findings, offline OSV matching, OpenVEX, scorecards.
// Expectations are computed here from the raw documents by simple test code; purls are compared
// by test/helpers/purl-identity.ts and vulnerability ids case-insensitively, not by the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../helpers/corpus.js';
import { dependsOn, hex, occurrence, sbomFor, sourceAt, vuln } from '../helpers/predicates.js';
import { purlKey } from '../helpers/purl-identity.js';
import { enc, ingestInto, startTestApp, type TestClient } from '../helpers/server.js';

const sameId = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();
const hasId = (ids: string[], id: string): boolean => ids.some((x) => sameId(x, id));

interface Finding {
  /** An exact purl, or a template (type/namespace/name) when the report gives no purl. */
  purl: string;
  /** With a template: the installed version the finding is about. */
  version?: string;
  id: string;
}

/** Trivy result types → purl type and namespace, for findings without PkgIdentifier.PURL. */
const TRIVY_TYPES: Record<string, (name: string) => string> = {
  debian: (n) => `pkg:deb/debian/${enc(n)}`,
  ubuntu: (n) => `pkg:deb/ubuntu/${enc(n)}`,
  alpine: (n) => `pkg:apk/alpine/${enc(n)}`,
  jar: (n) => `pkg:maven/${n.split(':').map(enc).join('/')}`,
  npm: (n) => `pkg:npm/${enc(n)}`,
  pip: (n) => `pkg:pypi/${enc(n)}`,
  bundler: (n) => `pkg:gem/${enc(n)}`,
  gemspec: (n) => `pkg:gem/${enc(n)}`,
};

/** (package, vulnerability) findings a scanner report lists, read from the raw report. */
function reportFindings(doc: any): Finding[] {
  const out: Finding[] = [];
  if (Array.isArray(doc.matches)) {
    // Grype
    for (const m of doc.matches) {
      const p = m.artifact?.purl;
      if (purlKey(p)) out.push({ purl: p, id: m.vulnerability.id });
    }
  } else if (Array.isArray(doc.results)) {
    // osv-scanner
    for (const r of doc.results)
      for (const pkg of r.packages ?? []) {
        const purl = purlOf(pkg.package.ecosystem, pkg.package.name, pkg.package.version);
        if (!purl) continue;
        for (const v of pkg.vulnerabilities ?? []) out.push({ purl, id: v.id });
      }
  } else {
    // Trivy, current and pre-0.20 bare array
    const results = Array.isArray(doc) ? doc : (doc.Results ?? []);
    for (const r of results)
      for (const v of r.Vulnerabilities ?? []) {
        const p = v.PkgIdentifier?.PURL;
        if (purlKey(p)) out.push({ purl: p, id: v.VulnerabilityID });
        else if (TRIVY_TYPES[r.Type])
          out.push({
            purl: TRIVY_TYPES[r.Type](v.PkgName),
            version: v.InstalledVersion,
            id: v.VulnerabilityID,
          });
      }
  }
  return out;
}

function vulnerabilityCount(doc: any): number {
  if (Array.isArray(doc.matches)) return doc.matches.length;
  if (Array.isArray(doc.results))
    return doc.results.flatMap((r: any) => r.packages ?? []).flatMap((p: any) => p.vulnerabilities ?? []).length;
  return (Array.isArray(doc) ? doc : (doc.Results ?? [])).flatMap((r: any) => r.Vulnerabilities ?? []).length;
}

const PURL_TYPE: Record<string, string> = {
  npm: 'npm',
  PyPI: 'pypi',
  'crates.io': 'cargo',
  NuGet: 'nuget',
  Maven: 'maven',
  Go: 'golang',
};
/** The purl of an OSV (ecosystem, name, version), written here from the OSV and purl specs. */
function purlOf(ecosystem: string, name: string, version: string): string | undefined {
  const type = PURL_TYPE[ecosystem];
  if (!type) return undefined;
  if (type === 'maven') {
    const [g, a] = name.split(':');
    return `pkg:maven/${enc(g)}/${enc(a)}@${enc(version)}`;
  }
  if (type === 'golang') {
    // Go module versions carry their "v"; the standard library's and toolchain's do not.
    const v = name === 'stdlib' || name === 'toolchain' ? version : `v${version.replace(/^v/, '')}`;
    return `pkg:golang/${name.split('/').map(enc).join('/')}@${enc(v)}`;
  }
  const i = name.lastIndexOf('/');
  return i > 0
    ? `pkg:${type}/${enc(name.slice(0, i))}/${enc(name.slice(i + 1))}@${enc(version)}`
    : `pkg:${type}/${enc(name)}@${enc(version)}`;
}

/** A version just below `v` (same shape), or undefined when there is none to write. */
function below(v: string): string | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)(.*)$/.exec(v);
  if (!m) return undefined;
  const [maj, min, pat] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (pat > 0) return `${maj}.${min}.${pat - 1}`;
  if (min > 0) return `${maj}.${min - 1}.99`;
  return maj > 0 ? `${maj - 1}.99.99` : undefined;
}

/** The vulnerability ids the API reports for exactly this package version. */
async function vulnIds(t: TestClient, purl: string): Promise<string[]> {
  const r = await t.get(`/v0/package/${enc(purl)}/vulns`);
  if (r.status !== 200) return [];
  return r.body
    .filter((v: any) => purlKey(v.package) === purlKey(purl))
    .flatMap((v: any) => v.vulnerability.vulnerabilityIDs);
}

export function corpusVulnsSuite(set: DocumentSet): void {
  const SCANNERS = set.filesOfKind('osv-scanner', 'grype', 'trivy');
  const OSV = set.filesOfKind('osv');
  const VEX = set.filesOfKind('openvex');
  const SCORECARDS = set.filesOfKind('scorecard');
  const texts = (files: string[]) => Object.fromEntries(files.map((f) => [f, set.text(f)]));

  describe(`scanner reports of the ${set.name} through the API`, () => {
    let t: TestClient;
    beforeAll(async () => {
      t = await startTestApp(texts(SCANNERS));
    });
    afterAll(() => t.close());

    it('every scanner report ingests', async () => {
      expect((await t.get('/readyz')).body.version).toBe(SCANNERS.length);
    });

    it.each(SCANNERS)('%s: every (package, vulnerability) the report lists is returned', async (file) => {
      const doc = set.rawJson(file);
      const findings = reportFindings(doc);
      expect(findings.length).toBe(vulnerabilityCount(doc));
      const missing: string[] = [];
      const cache = new Map<string, any[]>();
      for (const f of findings) {
        if (!cache.has(f.purl)) {
          const r = await t.get(`/v0/package/${enc(f.purl)}/vulns`);
          cache.set(f.purl, r.status === 200 ? r.body : []);
        }
        const found = cache
          .get(f.purl)!
          .some(
            (v) =>
              hasId(v.vulnerability.vulnerabilityIDs, f.id) &&
              (f.version === undefined
                ? purlKey(v.package) === purlKey(f.purl)
                : decodeURIComponent(/@([^?#]+)/.exec(v.package)?.[1] ?? '') === f.version),
          );
        if (!found) missing.push(`${f.purl}${f.version ? `@${f.version}` : ''} ${f.id}`);
      }
      expect(missing).toEqual([]);
    });
  });

  describe(`OSV advisories of the ${set.name} matched offline`, () => {
    let t: TestClient;
    const listed: [string, string][] = [];
    const outside: [string, string][] = [];
    beforeAll(async () => {
      for (const file of OSV) {
        const adv = set.rawJson(file);
        for (const a of adv.affected ?? []) {
          const { ecosystem, name } = a.package;
          for (const v of a.versions ?? []) {
            const p = purlOf(ecosystem, name, v);
            if (p) listed.push([p, adv.id]);
          }
          for (const r of a.ranges ?? []) {
            if (r.type === 'GIT') continue;
            for (const e of r.events) {
              const candidates = [e.fixed, e.introduced && e.introduced !== '0' ? below(e.introduced) : undefined];
              for (const v of candidates) {
                if (!v || (a.versions ?? []).includes(v)) continue;
                const p = purlOf(ecosystem, name, v);
                if (p) outside.push([p, adv.id]);
              }
            }
          }
        }
      }
      const packagesDoc = (pairs: [string, string][], root: string) => ({
        isDependency: pairs.map(([p]) => dependsOn(root, p)),
      });
      // Half the listed versions exist before the advisories arrive, half only after them.
      const half = Math.ceil(listed.length / 2);
      t = await startTestApp({
        'before.json': packagesDoc([...listed.slice(0, half), ...outside], 'pkg:generic/before@1'),
      });
      await ingestInto(t.storeDir, texts(OSV));
      await t.ingest('after.json', packagesDoc(listed.slice(half), 'pkg:generic/after@1'));
    });
    afterAll(() => t.close());

    it('packages at each listed version match, whether ingested before or after the advisory', async () => {
      expect(listed.length).toBeGreaterThan(50);
      const missing: string[] = [];
      for (const [purl, id] of listed) if (!hasId(await vulnIds(t, purl), id)) missing.push(`${purl} ${id}`);
      expect(missing).toEqual([]);
    });

    it('the fixed version and a version below introduced do not match', async () => {
      expect(outside.length).toBeGreaterThan(10);
      const wrong: string[] = [];
      for (const [purl, id] of outside) if (hasId(await vulnIds(t, purl), id)) wrong.push(`${purl} ${id}`);
      expect(wrong).toEqual([]);
    });

    it('matches say which database and matcher produced them, and reach dependents with includeDependencies', async () => {
      const [purl, id] = listed[0];
      const r = await t.get(`/v0/package/${enc('pkg:generic/before@1')}/vulns?includeDependencies=true`);
      const hit = r.body.find(
        (v: any) => purlKey(v.package) === purlKey(purl) && hasId(v.vulnerability.vulnerabilityIDs, id),
      );
      expect(hit.metadata).toMatchObject({
        scannerUri: 'supplygraph:osv-matcher',
        dbUri: expect.stringMatching(/^https:\/\//),
        dbVersion: expect.stringMatching(/^\d{4}-/),
      });
    });
  });

  describe(`OpenVEX documents of the ${set.name}`, () => {
    const IMAGE = `sha256:${hex('vex-image')}`;
    const openvex = (status: string, timestamp: string, id: string): string =>
      JSON.stringify({
        '@context': 'https://openvex.dev/ns/v0.2.0',
        '@id': `https://example.com/vex/${id}`,
        author: 'Example Security',
        timestamp,
        version: 1,
        statements: [
          {
            vulnerability: { name: 'CVE-2023-44487' },
            products: [
              {
                '@id': 'pkg:oci/frontend@sha256%3A' + IMAGE.slice(7),
                subcomponents: [{ '@id': 'pkg:golang/golang.org/x/net@v0.7.0' }],
              },
            ],
            status,
            ...(status === 'not_affected' ? { justification: 'vulnerable_code_not_in_execute_path' } : {}),
            ...(status === 'affected' ? { action_statement: 'upgrade' } : {}),
          },
        ],
      });
    let t: TestClient;
    beforeAll(async () => {
      t = await startTestApp({
        'sbom.json': {
          hasSBOM: [sbomFor({ artifact: IMAGE })],
          isOccurrence: [occurrence(`pkg:oci/frontend@sha256%3A${IMAGE.slice(7)}`, IMAGE)],
          isDependency: [
            dependsOn(`pkg:oci/frontend@sha256%3A${IMAGE.slice(7)}`, 'pkg:golang/golang.org/x/net@v0.7.0'),
          ],
        },
        'scan.json': { certifyVuln: [vuln('pkg:golang/golang.org/x/net@v0.7.0', 'cve', 'CVE-2023-44487')] },
        ...texts(VEX),
      });
    });
    afterAll(() => t.close());

    const artifactIds = async (): Promise<string[]> =>
      (await t.get(`/v0/artifact/${enc(IMAGE)}/vulns?includeDependencies=true`)).body.vulnerabilities.map(
        (v: any) => v.id,
      );
    const packageIds = async (): Promise<string[]> =>
      (
        await t.get(`/v0/package/${enc(`pkg:oci/frontend@sha256:${IMAGE.slice(7)}`)}/vulns?includeDependencies=true`)
      ).body.map((v: any) => v.vulnerability.vulnerabilityIDs[0]);

    it('every OpenVEX document ingested', async () => {
      expect((await t.get('/readyz')).body.version).toBe(2 + VEX.length);
    });

    it('not_affected removes the vulnerability from both endpoints; a later affected brings it back', async () => {
      expect(await artifactIds()).toContain('CVE-2023-44487');
      expect(await packageIds()).toContain('CVE-2023-44487');
      await t.ingest('vex-1.json', openvex('not_affected', '2024-01-01T00:00:00Z', '1'));
      expect(await artifactIds()).not.toContain('CVE-2023-44487');
      expect(await packageIds()).not.toContain('CVE-2023-44487');
      await t.ingest('vex-2.json', openvex('affected', '2024-02-01T00:00:00Z', '2'));
      expect(await artifactIds()).toContain('CVE-2023-44487');
      expect(await packageIds()).toContain('CVE-2023-44487');
    });
  });

  describe(`scorecards of the ${set.name}`, () => {
    let t: TestClient;
    const linked: { name: string; score: number }[] = [];
    beforeAll(async () => {
      const docs: Record<string, unknown> = {};
      const deps: object[] = [];
      const links: object[] = [];
      SCORECARDS.forEach((f, i) => {
        const card = set.rawJson(f);
        docs[f] = set.text(f);
        const [, owner, repo] = String(card.repo.name).split('/');
        const name = `pkg:npm/lib-${i}`;
        linked.push({ name, score: card.score });
        deps.push(dependsOn('pkg:npm/app@1', `${name}@1.0.0`));
        links.push(sourceAt(name, owner, repo, true));
      });
      docs['sbom.json'] = { hasSBOM: [sbomFor({ pkg: 'pkg:npm/app@1' })], isDependency: deps, hasSourceAt: links };
      t = await startTestApp(docs);
    });
    afterAll(() => t.close());

    it('every scorecard ingests and ranks lowest score first', async () => {
      const r = await t.get('/analysis/dependencies?sort=scorecard');
      expect(r.status).toBe(200);
      const expected = [...linked].sort(
        (a, b) => (a.score < 0 ? 99 : a.score) - (b.score < 0 ? 99 : b.score) || (a.name < b.name ? -1 : 1),
      );
      expect(r.body.map((e: any) => [e.Name, e.Score])).toEqual(expected.map((e) => [e.name, e.score]));
    });
  });
}
