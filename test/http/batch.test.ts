// The batch questions (POST /v0/query/vulns, POST /v0/query/dependencies) on a small hand-made
// graph: entries in input order, each equal to the single endpoint's answer or problem; the input
// limit, the body's form and media type, methods and access. Over a real socket.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hex, occurrence, sbomFor, vuln } from '../helpers/predicates.js';
import { enc, startTestServer, type TestResponse, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const APP = 'pkg:npm/app@1.0.0';
const LIB = 'pkg:npm/lib@2.0.0';
const LIB3 = 'pkg:npm/lib@3.0.0';
const UTIL = 'pkg:npm/util@3.0.0';
const IMAGE = `sha256:${hex('batch-image')}`;
const DOCS = {
  'sbom.json': {
    hasSBOM: [sbomFor({ artifact: IMAGE })],
    isOccurrence: [occurrence(APP, IMAGE)],
    isDependency: [dependsOn(APP, LIB), dependsOn(LIB, UTIL)],
  },
  // Outside the image's SBOM (which includes every package of its document).
  'lib3.json': { isDependency: [dependsOn(LIB3, UTIL)] },
  'scan.json': {
    certifyVuln: [
      vuln(LIB, 'cve', 'CVE-2024-0001'),
      vuln(LIB3, 'cve', 'CVE-2024-0003'),
      vuln(UTIL, 'ghsa', 'GHSA-aaaa-bbbb-cccc'),
      vuln(APP, 'novuln', ''),
    ],
  },
};
const JSON_TYPE = { 'content-type': 'application/json' };

/** The fields a batch entry carries for a failed input: the problem document less its request id. */
function problemFields(res: TestResponse): object {
  const fields: Record<string, unknown> = { ...(res.body as Record<string, unknown>), status: res.status };
  delete fields.requestId;
  return fields;
}

describe('POST /v0/query/vulns and /v0/query/dependencies', () => {
  let t: TestServer;
  const post = (path: string, body: unknown, headers: Record<string, string> = JSON_TYPE) =>
    t.request('POST', path, headers, typeof body === 'string' ? body : JSON.stringify(body));

  beforeAll(async () => {
    t = await startTestServer(DOCS, undefined, { batch: { maxInputs: 5 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers each purl as the single endpoint does, in input order, bad and unknown ones as entries', async () => {
    const purls = [UTIL, 'lodash', 'pkg:npm/none@1', APP, 'pkg:npm/lib'];
    for (const include of [false, true]) {
      const res = await post('/v0/query/vulns', { purls, includeDependencies: include });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('etag')).toBeNull();
      const results = res.body.results as { input: string; status: number }[];
      expect(results.map((r) => r.input)).toEqual(purls);
      expect(results.map((r) => r.status)).toEqual([200, 400, 404, 200, 200]);
      for (const [i, purl] of purls.entries()) {
        const single = await t.get(`/v0/package/${enc(purl)}/vulns?includeDependencies=${include}`);
        expect(single.status).toBe(results[i].status);
        if (single.status === 200)
          expect(results[i]).toEqual({ input: purl, status: 200, vulnerabilities: single.body });
        else expect(results[i]).toEqual({ input: purl, ...problemFields(single) });
      }
    }
  });

  it('includeDependencies adds the vulnerabilities of the dependencies; absent means false', async () => {
    const without = await post('/v0/query/vulns', { purls: [APP] });
    const withDeps = await post('/v0/query/vulns', { purls: [APP], includeDependencies: true });
    expect(without.body.results[0].vulnerabilities).toEqual([]);
    const found = withDeps.body.results[0].vulnerabilities as { package: string; vulnerability: { type: string } }[];
    expect(found.map((v) => v.package).sort()).toEqual([LIB, UTIL]);
    // The partial purl names both lib versions: each one's own finding.
    const partial = await post('/v0/query/vulns', { purls: ['pkg:npm/lib'] });
    expect(partial.body.results[0].vulnerabilities.map((v: { package: string }) => v.package)).toEqual([LIB, LIB3]);
  });

  it('answers dependencies of purls then digests, each as its single endpoint', async () => {
    const purls = [APP, 'pkg:npm/lib', 'pkg:npm/none@1', 'lodash'];
    const digests = [IMAGE];
    const res = await post('/v0/query/dependencies', { purls, digests });
    expect(res.status).toBe(200);
    const results = res.body.results as { input: string; status: number; dependencies?: string[] }[];
    expect(results.map((r) => r.input)).toEqual([...purls, ...digests]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 404, 400, 200]);
    for (const [i, purl] of purls.entries()) {
      const single = await t.get(`/v0/package/${enc(purl)}/dependencies`);
      if (single.status === 200) expect(results[i].dependencies).toEqual(single.body.dependencies);
      else expect(results[i]).toEqual({ input: purl, ...problemFields(single) });
    }
    const image = await t.get(`/v0/artifact/${enc(IMAGE)}/dependencies`);
    expect(results[4]).toEqual({ input: IMAGE, status: 200, dependencies: image.body.PurlList });
    expect(results[4].dependencies).toEqual([LIB, UTIL]);
  });

  it('answers unknown and malformed digests as 404 and 400 entries', async () => {
    const digests = [`sha256:${hex('none')}`, 'sha256:ab\u0001cd'];
    const res = await post('/v0/query/dependencies', { digests });
    expect(res.status).toBe(200);
    const results = res.body.results as { status: number; code: string }[];
    expect(results.map((r) => [r.status, r.code])).toEqual([
      [404, 'SG_ARTIFACT_NOT_FOUND'],
      [400, 'SG_INVALID_DIGEST'],
    ]);
    const single = await t.get(`/v0/artifact/${enc(digests[1])}/dependencies`);
    expect(results[1]).toEqual({ input: digests[1], ...problemFields(single) });
  });

  it('answers a repeated input once, at its first position, and empty lists with no entries', async () => {
    // Repeats cannot multiply the answer (issue 29: 1,000 copies of one purl made a 128 MB answer).
    const once = await post('/v0/query/vulns', { purls: [LIB] });
    const repeated = await post('/v0/query/vulns', { purls: [LIB, UTIL, LIB, LIB, UTIL] });
    expect(repeated.body.results.map((r: { input: string }) => r.input)).toEqual([LIB, UTIL]);
    expect(repeated.body.results[0]).toEqual(once.body.results[0]);
    const deps = await post('/v0/query/dependencies', { purls: [APP, APP], digests: [IMAGE, IMAGE] });
    expect(deps.body.results.map((r: { input: string }) => r.input)).toEqual([APP, IMAGE]);
    expect((await post('/v0/query/vulns', { purls: [] })).body).toEqual({ results: [] });
    expect((await post('/v0/query/dependencies', { purls: [], digests: [] })).body).toEqual({ results: [] });
    expect((await post('/v0/query/dependencies', { digests: [] })).body).toEqual({ results: [] });
  });

  it('413 past --max-batch-inputs, naming the limit; purls and digests count together', async () => {
    const six = Array.from({ length: 6 }, (_, i) => `pkg:npm/p${i}@1`);
    const vulns = await post('/v0/query/vulns', { purls: six });
    expect(vulns.status).toBe(413);
    expect(vulns.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(vulns.body).toMatchObject({ code: 'SG_TOO_MANY_INPUTS', status: 413 });
    expect(vulns.body.detail).toMatch(/at most 5 .*--max-batch-inputs/);
    expect(vulns.body.detail).toMatch(/names 6 inputs/);
    const deps = await post('/v0/query/dependencies', { purls: six.slice(0, 3), digests: [IMAGE, IMAGE, IMAGE] });
    expect(deps.status).toBe(413);
    expect(deps.body.code).toBe('SG_TOO_MANY_INPUTS');
    // At the limit: answered.
    expect((await post('/v0/query/vulns', { purls: six.slice(0, 5) })).status).toBe(200);
  });

  it('413 for a body larger than the limit allows (1 KiB per input plus 64 KiB)', async () => {
    const long = `pkg:npm/${'a'.repeat(80 * 1024)}@1`;
    const res = await post('/v0/query/vulns', { purls: [long] });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('SG_PAYLOAD_TOO_LARGE');
    // Under it, a long purl is an input like any other.
    const fits = await post('/v0/query/vulns', { purls: [`pkg:npm/${'a'.repeat(60 * 1024)}@1`] });
    expect(fits.status).toBe(200);
    expect(fits.body.results[0].status).toBe(404);
  });

  it('400 naming the field for malformed bodies', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/v0/query/vulns', '{"purls": [', /not valid JSON/],
      ['/v0/query/vulns', '', /empty/],
      ['/v0/query/vulns', {}, /purls/],
      ['/v0/query/vulns', { purls: 'pkg:npm/app@1.0.0' }, /purls/],
      ['/v0/query/vulns', { purls: [7] }, /purls/],
      ['/v0/query/vulns', { purls: [APP], includeDependencies: 'true' }, /includeDependencies/],
      ['/v0/query/vulns', { purls: [APP], includeDependency: true }, /includeDependency/],
      ['/v0/query/vulns', [APP], /body/],
      ['/v0/query/dependencies', {}, /purls.*digests/],
      ['/v0/query/dependencies', { digests: [null] }, /digests/],
      ['/v0/query/dependencies', { purls: [APP], digest: [IMAGE] }, /digest/],
    ];
    for (const [path, body, detail] of cases) {
      const res = await post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(['SG_MALFORMED_REQUEST', 'SG_INVALID_PARAMETER']).toContain(res.body.code);
      expect(res.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    // Prototype poisoning is refused, not merged.
    const poisoned = await post('/v0/query/vulns', '{"purls": [], "__proto__": {"x": 1}}');
    expect(poisoned.status).toBe(400);
  });

  it('415 for a body that is not JSON or is encoded', async () => {
    const body = JSON.stringify({ purls: [APP] });
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }]) {
      const res = await post('/v0/query/vulns', body, headers);
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('SG_UNSUPPORTED_MEDIA_TYPE');
    }
    const res = await t.request(
      'POST',
      '/v0/query/vulns',
      { ...JSON_TYPE, 'content-encoding': 'gzip' },
      gzipSync(Buffer.from(body)),
    );
    expect(res.status).toBe(415);
    expect(res.body.detail).toMatch(/Content-Encoding gzip/);
    // A charset parameter is still JSON.
    expect((await post('/v0/query/vulns', body, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(
      200,
    );
  });

  it('are counted in the metrics under their route, as POST', async () => {
    await post('/v0/query/vulns', { purls: [LIB] });
    const metrics = await t.get('/metrics');
    expect(metrics.text).toMatch(
      /supplygraph_http_requests_total\{route="\/v0\/query\/vulns",method="POST",status="200"\} [1-9]/,
    );
  });

  it('405 for any method but POST, with Allow: POST', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE'] as const) {
      for (const path of ['/v0/query/vulns', '/v0/query/dependencies']) {
        const res = await t.request(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get('allow')).toBe('POST');
      }
    }
  });
});

describe('batch questions are reads', () => {
  it('need a token under --read-access token (any scope), and count against the rate limit', async () => {
    const closed = await startTestServer(DOCS, undefined, { access: { readAccess: 'token' } });
    const limited = await startTestServer(DOCS, undefined, { access: { anonymousRateLimitPerMinute: 2 } });
    try {
      const body = JSON.stringify({ purls: [LIB] });
      const anonymous = await closed.request('POST', '/v0/query/vulns', JSON_TYPE, body);
      expect(anonymous.status).toBe(401);
      const read = (await createTestToken(closed.storeDir, 'read')).headers;
      const answered = await closed.request('POST', '/v0/query/vulns', { ...JSON_TYPE, ...read }, body);
      expect(answered.status).toBe(200);
      expect(answered.body.results[0].status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.request('POST', '/v0/query/dependencies', JSON_TYPE, body)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await closed.close();
      await limited.close();
    }
  });
});
