// CycloneDX 1.7 over a real socket: an ingested 1.7 SBOM answers the dependency questions (its
// external component, named without a version, included), an uploaded 1.8 document is stored with
// the "read as 1.7" note in its skipped list, and a 2.0 document is refused naming the field.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const fixture = (path: string): string => readFileSync(join(FIXTURES_DIR, 'cyclonedx-1.7', path), 'utf8');
const external = JSON.parse(fixture('valid-component-external-with-versionRange.json')) as Record<string, unknown>;

let t: TestServer;
let ingest: Record<string, string>;

beforeAll(async () => {
  t = await startTestServer({
    'external.cdx.xml': fixture('valid-component-external-with-versionRange.xml'),
    'npm.cdx.json': fixture('cyclonedx-npm-with-prepared-package-lock-only.cdx.json'),
  });
  ({ headers: ingest } = await createTestToken(t.storeDir, 'ingest'));
});
afterAll(async () => {
  await t?.close();
});

const upload = (body: unknown) =>
  t.request('POST', '/v0/documents', { 'content-type': 'application/json', ...ingest }, JSON.stringify(body));

describe('CycloneDX 1.7 on the API', () => {
  it('answers the dependencies of a 1.7 subject, the external component among them', async () => {
    const res = await t.get(`/v0/package/${enc('pkg:guac/cdx/My%20Application')}/dependencies`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.dependencies).toEqual(['pkg:guac/pkg/libcurl']);
    const npm = JSON.parse(fixture('cyclonedx-npm-with-prepared-package-lock-only.cdx.json'));
    const deps = await t.get(`/v0/package/${enc(npm.metadata.component.purl)}/dependencies`);
    expect(deps.status, deps.text).toBe(200);
    expect(deps.body.dependencies.length).toBeGreaterThan(100);
  });

  it('stores a 1.8 document read as 1.7, with the note in its skipped list', async () => {
    const res = await upload({
      ...external,
      specVersion: '1.8',
      serialNumber: 'urn:uuid:11111111-2222-4333-8444-555555555555',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.format).toBe('cyclonedx-1.8-json');
    expect(res.body.skipped).toEqual([
      { path: '/specVersion', reason: expect.stringMatching(/^CycloneDX 1\.8 is newer than 1\.7.*read as 1\.7/) },
    ]);
    const stored = await t.get(`/v0/documents/${enc(res.body.digest)}`);
    expect(stored.body.skipped).toEqual(res.body.skipped);
  });

  it('refuses a 2.0 document naming specVersion, and stores nothing of it', async () => {
    const before = (await t.get('/v0/documents')).body.PaginationInfo.TotalCount;
    const res = await upload({ ...external, specVersion: '2.0' });
    expect(res.status, res.text).toBe(400);
    expect(res.body.detail).toMatch(/\/specVersion: unsupported CycloneDX version "2\.0": major version 2 is not read/);
    expect((await t.get('/v0/documents')).body.PaginationInfo.TotalCount).toBe(before);
  });
});
