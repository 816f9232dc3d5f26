// Policies and verdicts over a real socket, on the backend under test: policies written with the
// admin scope and compiled first; a stored build (by digest or project) and an SBOM sent without
// being stored judged against hand-computed verdicts: the violations are exactly the packages a
// plain reading of the documents says break each policy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { serviceSbom } from '../helpers/builds.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const read = (name: string): string => readFileSync(join(FIXTURES_DIR, 'diff', name), 'utf8');
const NEW_BUILD = read('shop-api-1.1.0.cdx.json');

interface Verdict {
  verdict: string;
  project: string | null;
  digest: string | null;
  policies: string[];
  violations: {
    policy: string;
    action: string;
    package: string;
    vulnerability?: string;
    license?: string;
    path: string[];
  }[];
}

let t: TestServer;
let admin: Record<string, string>;
let ingest: Record<string, string>;
const json = { 'content-type': 'application/json' };

/** The components of an SBOM whose declared licence is `id`, read from the document. */
function componentsLicensed(sbom: string, id: string): string[] {
  const bom = JSON.parse(sbom) as { components: { purl: string; licenses?: { license?: { id?: string } }[] }[] };
  return bom.components.filter((c) => c.licenses?.some((l) => l.license?.id === id)).map((c) => c.purl);
}

async function putPolicy(name: string, body: object): Promise<{ status: number; body: unknown }> {
  return t.request('PUT', `/v0/policies/${name}`, { ...json, ...admin }, JSON.stringify(body));
}

async function judge(query: string, body?: string): Promise<Verdict> {
  const res = await t.request('POST', `/v0/verdicts${query}`, { ...json, ...ingest }, body);
  expect(res.status, res.text).toBe(200);
  return res.body as Verdict;
}

beforeAll(async () => {
  const docs: Record<string, string> = {};
  for (const name of [
    'shop-api-1.0.0.cdx.json',
    'shop-api-1.1.0.cdx.json',
    'osv-GHSA-35jh-r3h4-6jhm.json',
    'osv-GHSA-xvch-5gv4-984h.json',
  ])
    docs[name] = read(name);
  t = await startTestServer(docs);
  admin = (await createTestToken(t.storeDir, 'admin')).headers;
  ingest = (await createTestToken(t.storeDir, 'ingest')).headers;
});
afterAll(async () => {
  await t?.close();
});

describe('policies', () => {
  it('are written with the admin scope, compiled first; a bad expression is refused with its position', async () => {
    const refused = await putPolicy('broken', { expression: 'vuln.severity == "HIGH" &&' });
    expect(refused.status).toBe(400);
    expect((refused.body as { detail: string }).detail).toMatch(/^expression: <input>:1:\d+: /);
    const unknown = await putPolicy('unknown-field', { expression: 'vuln.score > 7' });
    expect((unknown.body as { detail: string }).detail).toMatch(/field not found: score/);
    const notBool = await putPolicy('not-bool', { expression: 'vuln.cvss', subject: 'finding' });
    expect((notBool.body as { detail: string }).detail).toMatch(/must be true or false/);
    const asIngest = await t.request(
      'PUT',
      '/v0/policies/x',
      { ...json, ...ingest },
      JSON.stringify({ expression: 'true' }),
    );
    expect(asIngest.status).toBe(403);

    expect((await putPolicy('fixable', { expression: 'vuln.fixAvailable' })).status).toBe(201);
    expect((await putPolicy('fixable', { expression: 'vuln.fixAvailable && component.direct' })).status).toBe(200);
    const busl = await putPolicy('no-busl', {
      expression: 'component.licenses.exists(l, l == "BUSL-1.1")',
      subject: 'component',
      action: 'warn',
    });
    expect(busl.status, JSON.stringify(busl.body)).toBe(201);
    const elsewhere = await putPolicy('other-team', {
      expression: 'true',
      subject: 'component',
      scope: { kind: 'label', key: 'team', value: 'other' },
    });
    expect(elsewhere.status).toBe(201);
    const list = (await t.get('/v0/policies')).body as { policies: { name: string; action: string }[] };
    expect(list.policies.map((p) => [p.name, p.action])).toEqual([
      ['fixable', 'fail'],
      ['no-busl', 'warn'],
      ['other-team', 'fail'],
    ]);
  });

  it("judge a project's latest build: fails on the fixable vulnerability, warns on the licence", async () => {
    const verdict = await judge('?build=shop-api');
    expect(verdict).toMatchObject({ verdict: 'fail', project: 'shop-api', policies: ['fixable', 'no-busl'] });
    const failing = verdict.violations.filter((v) => v.policy === 'fixable').map((v) => [v.package, v.vulnerability]);
    expect(failing).toEqual([['pkg:npm/minimist@1.2.5', 'GHSA-xvch-5gv4-984h']]);
    const warned = verdict.violations.filter((v) => v.policy === 'no-busl').map((v) => v.package);
    expect(warned).toEqual(componentsLicensed(NEW_BUILD, 'BUSL-1.1'));
    expect(warned.length).toBe(1);
    const recorded = await t.get(`/v0/verdicts?build=${verdict.digest}`);
    expect((recorded.body as { verdicts: { verdict: string }[] }).verdicts.map((v) => v.verdict)).toEqual(['fail']);
  });

  it('judge an SBOM sent and not stored, with packages the graph does not hold', async () => {
    const sbom = serviceSbom({
      service: 'cart',
      version: '0.1.0',
      components: ['pkg:npm/lodash@4.17.19', 'pkg:npm/left-pad@1.3.0'],
    });
    const verdict = await judge('', sbom);
    expect(verdict).toMatchObject({ verdict: 'fail', project: 'cart', digest: null });
    expect(verdict.violations.map((v) => [v.package, v.vulnerability, v.path])).toEqual([
      ['pkg:npm/lodash@4.17.19', 'GHSA-35jh-r3h4-6jhm', ['pkg:npm/cart@0.1.0', 'pkg:npm/lodash@4.17.19']],
    ]);
    const projects = (await t.get('/v0/projects')).body as { projects: { name: string }[] };
    expect(projects.projects.map((p) => p.name)).not.toContain('cart');
    const clean = serviceSbom({ service: 'cart', version: '0.1.1', components: ['pkg:npm/lodash@4.17.21'] });
    expect((await judge('', clean)).verdict).toBe('pass');
  });

  it('store=true stores the SBOM as an upload, then judges the build; unknown builds are 404', async () => {
    const sbom = serviceSbom({ service: 'cart', version: '0.2.0', components: ['pkg:npm/minimist@1.2.5'] });
    const verdict = await judge('?store=true', sbom);
    expect(verdict.verdict).toBe('fail');
    expect(verdict.digest).toMatch(/^sha256:/);
    const projects = (await t.get('/v0/projects')).body as { projects: { name: string }[] };
    expect(projects.projects.map((p) => p.name)).toContain('cart');
    const missing = await t.request('POST', '/v0/verdicts?build=nothing-here', ingest);
    expect(missing.status).toBe(404);
  });
});
