// An SPDX 3.0 JSON-LD SBOM and its Security profile, ingested and asked for over a real socket:
// the package's dependencies come from its contains relationships, its vulnerabilities from the
// Security profile, and the not-affected VEX statement is kept with the vulnerability.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

const text = (file: string) => readFileSync(new URL(`../fixtures/spdx-3/${file}`, import.meta.url), 'utf8');
const APP = 'pkg:generic/acme/acme-application@1.3';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({
    'security.spdx3.json': text('spdx-3-model-security-examples.spdx3.json'),
    'example13.spdx3.json': text('spdx-examples-software-example13-example13.spdx3.json'),
  });
});
afterAll(() => t.close());

describe('SPDX 3 documents over HTTP', () => {
  it("lists a package's dependencies from its contains relationships", async () => {
    const r = await t.get(`/v0/package/${enc(APP)}/dependencies`);
    expect(r.status).toBe(200);
    // (The SBOM also includes the document's other packages, as every SBOM format's does.)
    expect(r.body.dependencies).toEqual(
      expect.arrayContaining(['pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1', 'pkg:npm/elliptic@6.5.2']),
    );
  });

  it('walks a deeper SPDX 3 graph (dependsOn, then contains)', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:guac/pkg/Acme Application@1.3')}/dependencies`);
    expect(r.status).toBe(200);
    expect(r.body.dependencies).toEqual(
      expect.arrayContaining(['pkg:guac/pkg/openssl@3.0.4', 'pkg:guac/pkg/npm-elliptic@6.5.2']),
    );
  });

  it('reports the vulnerabilities the Security profile certifies', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/elliptic@6.5.2')}/vulns`);
    expect(r.status).toBe(200);
    expect(
      r.body.map((v: { vulnerability: { vulnerabilityIDs: string[] } }) => v.vulnerability.vulnerabilityIDs),
    ).toEqual([['CVE-2020-28498', 'GHSA-r9p9-mrjm-926w']]);
  });

  it('records the document as spdx-3.0.1', async () => {
    const r = await t.get('/v0/documents');
    expect(r.status).toBe(200);
    expect(r.body.documents.map((d: { format: string }) => d.format)).toEqual(['spdx-3.0.1', 'spdx-3.0.1']);
  });
});
