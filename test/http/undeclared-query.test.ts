// Query parameters a route does not declare are refused with 400 naming them (docs/api.md,
// "Query parameters"), on every route the OpenAPI document lists and on the hidden ones; a purl
// whose qualifiers were not percent-encoded gets the encoded form to ask for instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hex } from '../helpers/predicates.js';
import { createTestToken } from '../helpers/tokens.js';
import { enc, startTestApp, type TestClient, type TestResponse } from '../helpers/server.js';

const APP = 'pkg:maven/g/a@1?type=jar';
const LIB = 'pkg:maven/g/b@2';
const DIGEST = `sha256:${hex('artifact')}`;
const UNKNOWN = 'notAParameter';

let t: TestClient;
/** An admin token: the check of the query comes after access, and deleting a document needs admin. */
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp({ 'deps.json': { isDependency: [dependsOn(APP, LIB)] } });
  admin = (await createTestToken(t.storeDir, 'admin')).headers;
});
afterAll(() => t.close());

interface Operation {
  method: string;
  path: string;
  query: string[];
}

/** A value for each path parameter the OpenAPI document names (any value: the check comes first). */
const PATH_VALUES: Record<string, string> = { purl: enc(LIB), digest: DIGEST, id: 'CVE-2024-0001' };

/** Every operation of the OpenAPI document, with its path filled in and its query parameters. */
async function operations(): Promise<Operation[]> {
  const doc = (await t.get('/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: template.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? 'x'),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}

function expectRefused(r: TestResponse, name: string, accepted: string[]): void {
  expect(r.status, r.text).toBe(400);
  expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(r.body.code).toBe('SG_INVALID_PARAMETER');
  expect(r.body.detail).toContain(`"${name}"`);
  for (const declared of accepted) expect(r.body.detail).toContain(declared);
  if (accepted.length === 0) expect(r.body.detail).toContain('takes no query parameters');
}

describe('undeclared query parameters', () => {
  it('are refused with 400 naming them, and the accepted ones, on every route of the OpenAPI document', async () => {
    const ops = await operations();
    // The document lists the data, document, batch and operational routes.
    expect(ops.length).toBeGreaterThan(25);
    for (const op of ops) {
      const sep = op.query.length ? `?${op.query[0]}=1&` : '?';
      const r = await t.request(op.method, `${op.path}${sep}${UNKNOWN}=1`, admin);
      expectRefused(r, UNKNOWN, op.query);
    }
  });

  it('are refused on the routes the document leaves out (the document itself, unencoded purls)', async () => {
    expectRefused(await t.get(`/openapi.json?${UNKNOWN}=1`), UNKNOWN, []);
    // The route for unencoded purls takes what the resource it resolves to takes, no more.
    const vulns = await t.get(`/v0/package/${LIB}/vulns?direct=true`);
    expectRefused(vulns, 'direct', ['PageSize', 'includeDependencies']);
    expect(vulns.body.detail).not.toMatch(/takes[^.]*\bdirect\b/);
    expectRefused(await t.get(`/v0/package/${LIB}/info?PageSize=1`), 'PageSize', []);
    expect((await t.get(`/v0/package/${LIB}/dependents?direct=true`)).status).toBe(200);
  });

  it('refuse an upload before its body is read, closing the connection', async () => {
    const r = await t.request(
      'POST',
      '/v0/documents?nmae=sbom.json',
      { ...admin, 'content-type': 'application/json' },
      '{}',
    );
    expectRefused(r, 'nmae', ['name']);
    expect(r.body.detail).toContain('did you mean "name"');
    expect(r.headers.get('connection')).toBe('close');
  });

  it('are not looked at on the pages (web UI, docs)', async () => {
    for (const path of ['/docs', '/docs/static/index.html', '/ui/', '/ui/search']) {
      const r = await t.get(`${path}?${UNKNOWN}=1&q=x`);
      expect(r.status, path).not.toBe(400);
    }
  });

  it('a typo of a declared parameter is refused, with the parameter it is close to', async () => {
    for (const path of [`/v0/artifact/${DIGEST}/vulns`, `/v0/package/${enc(LIB)}/vulns`]) {
      const r = await t.get(`${path}?includeDependency=true`);
      expectRefused(r, 'includeDependency', ['includeDependencies']);
      expect(r.body.detail).toContain('did you mean "includeDependencies"');
    }
    expectRefused(await t.get(`/v0/package/${enc(LIB)}?pagesize=1`), 'pagesize', ['PageSize']);
  });

  it('the declared parameters are still taken, repeated Cursor and GUAC spellings included', async () => {
    expect((await t.get(`/v0/package/${enc(APP)}/dependencies?direct=true&PageSize=1`)).status).toBe(200);
    expect((await t.get(`/v0/package/${enc(LIB)}?paginationSpec[PageSize]=1`)).status).toBe(200);
    expect((await t.get('/v0/search?q=a&kind=package')).status).toBe(200);
  });
});

describe('a purl with unencoded qualifiers in the path', () => {
  it('is refused naming the qualifier, with the encoded form that answers the question', async () => {
    const r = await t.get('/v0/package/pkg:maven/g/a@1?type=jar/dependencies');
    expectRefused(r, 'type', ['PageSize', 'Cursor']);
    expect(r.body.detail).toContain('percent-encoded');
    expect(r.body.detail).toContain('%3F');
    const encoded = `/v0/package/${enc(APP)}/dependencies`;
    expect(r.body.detail).toContain(encoded);
    const answer = await t.get(encoded);
    expect(answer.status).toBe(200);
    expect(answer.body.dependencies).toEqual([LIB]);
  });

  it('names every qualifier after the first, keeping declared parameters as query parameters', async () => {
    const r = await t.get('/v0/package/pkg:maven/g/a@1?type=jar&classifier=sources&PageSize=5');
    expectRefused(r, 'type', ['PageSize']);
    expect(r.body.detail).toContain('"classifier"');
    expect(r.body.detail).toContain(`/v0/package/${enc('pkg:maven/g/a@1?type=jar&classifier=sources')}?PageSize=5`);
  });

  it('on an encoded purl with the qualifiers after the resource, shows them inside the purl', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:maven/g/a@1')}/dependencies?type=jar`);
    expectRefused(r, 'type', ['direct']);
    expect(r.body.detail).toContain(`/v0/package/${enc(APP)}/dependencies`);
  });

  it('gets no purl hint for a name that cannot be a qualifier key, nor for a credential', async () => {
    const typo = await t.get(`/v0/package/${enc(LIB)}/vulns?includeDependency=true`);
    expect(typo.body.detail).not.toContain('percent-encoded');
    const token = await t.get(`/v0/package/${enc(LIB)}?access_token=sgt_secret`);
    expectRefused(token, 'access_token', ['PageSize']);
    expect(token.text).not.toContain('sgt_secret');
    const named = await t.get(`/v0/package/${enc(LIB)}?sgt_secret`);
    expect(named.status).toBe(400);
    expect(named.text).not.toContain('sgt_secret');
  });

  it('names the first five of many, each cut to 100 characters', async () => {
    const many = Array.from({ length: 8 }, (_, i) => `p${i}${'x'.repeat(200)}=1`).join('&');
    const r = await t.get(`/v0/stats?${many}`);
    expectRefused(r, `p0${'x'.repeat(98)}…`, []);
    expect(r.body.detail).toContain('and 3 more');
    expect(r.body.detail.length).toBeLessThan(700);
  });
});
