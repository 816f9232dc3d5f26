// Trivy's own OpenVEX document over HTTP (issue 30): it names its product without a version
// (pkg:golang/github.com/aquasecurity/trivy), and that statement now covers every Trivy version —
// those ingested before it and after it — in /v0 vulnerability answers, unless a version has a
// statement of its own (docs/api.md "Vulnerabilities", VEX).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { dependsOn, SCAN, vuln } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const TRIVY_VEX = readFileSync(
  join(FIXTURES_DIR, 'openvex', 'openvex-trivy-magefile-trivy-go-module-2024-07.json'),
  'utf8',
);
const TRIVY = 'pkg:golang/github.com/aquasecurity/trivy';
const HELM = 'pkg:golang/helm.sh/helm/v3@v3.14.0';
// The document's first statement: GO-2024-2575 in helm is not_affected in Trivy.
const GO = 'GO-2024-2575';

/** Two Trivy versions built with a helm release a scanner found GO-2024-2575 in. */
const BUILDS = {
  isDependency: [dependsOn(`${TRIVY}@v0.50.0`, HELM), dependsOn(`${TRIVY}@v0.51.0`, HELM)],
  certifyVuln: [vuln(HELM, 'osv', GO, SCAN)],
};

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({ 'builds.json': BUILDS });
});
afterAll(async () => {
  await t?.close();
});

async function ok(path: string): Promise<any> {
  const r = await t.get(path);
  expect(r.status, r.text).toBe(200);
  return r.body;
}

const vulnIds = async (purl: string): Promise<string[]> =>
  (await ok(`/v0/package/${enc(purl)}/vulns?includeDependencies=true`)).map(
    (v: any) => v.vulnerability.vulnerabilityIDs[0],
  );

describe("Trivy's VEX about its versionless purl", () => {
  it('before the VEX, both Trivy versions have the vulnerability through helm', async () => {
    expect(await vulnIds(`${TRIVY}@v0.50.0`)).toContain(GO);
    expect(await vulnIds(`${TRIVY}@v0.51.0`)).toContain(GO);
  });

  it('after it, the vulnerability is off both versions, and helm itself still has it', async () => {
    expect(await t.ingest('trivy.openvex.json', TRIVY_VEX)).toMatchObject({ status: 'stored', format: 'openvex' });
    expect(await vulnIds(`${TRIVY}@v0.50.0`)).not.toContain(GO);
    expect(await vulnIds(`${TRIVY}@v0.51.0`)).not.toContain(GO);
    expect(await vulnIds(HELM)).toContain(GO);

    expect((await ok(`/v0/vuln/${GO}/dependents`)).dependents).toEqual([]);
    const suppressed = (await ok(`/v0/vuln/${GO}/dependents?include=suppressed`)).dependents;
    expect(suppressed.map((d: any) => d.purl)).toEqual([`${TRIVY}@v0.50.0`, `${TRIVY}@v0.51.0`]);
    expect(suppressed[0].suppressedBy).toMatchObject({
      subject: TRIVY,
      status: 'NOT_AFFECTED',
      justification: 'vulnerable_code_not_in_execute_path',
      origin: 'trivy.openvex.json',
    });
  });

  it('covers a Trivy version ingested after the VEX', async () => {
    await t.ingest('later-build.json', { isDependency: [dependsOn(`${TRIVY}@v0.52.0`, HELM)] });
    expect(await vulnIds(`${TRIVY}@v0.52.0`)).not.toContain(GO);
  });

  it("a version's own statement wins over the versionless one, though older", async () => {
    await t.ingest('v0.51.0.openvex.json', {
      '@context': 'https://openvex.dev/ns/v0.2.0',
      '@id': 'https://test.example/vex/trivy-v0.51.0',
      author: 'test',
      timestamp: '2024-01-01T00:00:00Z',
      version: 1,
      statements: [{ vulnerability: { name: GO }, products: [{ '@id': `${TRIVY}@v0.51.0` }], status: 'affected' }],
    });
    expect(await vulnIds(`${TRIVY}@v0.51.0`)).toContain(GO);
    expect(await vulnIds(`${TRIVY}@v0.50.0`)).not.toContain(GO);
  });
});
