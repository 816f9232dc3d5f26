// POST /v0/documents over a real socket, on the backend under test: every format family the CLI
// ingests, gzip, zip archives with a bad entry, idempotency, and the refusals (400, 413, 415),
// each leaving nothing behind (no document, no temporary file).
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadDirectory } from '../../src/http/upload/receive.js';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';
import { zipOf } from '../helpers/zip.js';
import { spdxTagValueHeader } from '../helpers/documents.js';
import { exchangeOne } from './raw-http.js';

const fixture = (path: string): Buffer => readFileSync(join(FIXTURES_DIR, path));

/** The same SPDX document as the tag-value parser test: app depends on nothing, describes pkg:npm/app@1. */
const TAG_VALUE = [
  ...spdxTagValueHeader('doc', 'upload-tag-value'),
  'PackageName: app',
  'SPDXID: SPDXRef-app',
  'PackageVersion: 1.0',
  'ExternalRef: PACKAGE-MANAGER purl pkg:npm/tag-value-app@1',
  '',
].join('\n');

const BAD_DOCUMENT = '{"isDependency": [{"pkg": 7}]}';

/** Temporary upload directories left by this process's server (there must be none once an answer is in). */
function leftovers(): string[] {
  const own = uploadDirectory();
  return existsSync(own) ? readdirSync(own) : [];
}

let t: TestServer;
let before: string[];
/** Uploads need a token with the ingest scope; its name is recorded as the uploader. */
let ingest: Record<string, string>;
let ingestName: string;

beforeAll(async () => {
  t = await startTestServer({}, undefined, { uploads: { maxDocumentBytes: 4 * 1024 * 1024 } });
  ({ headers: ingest, name: ingestName } = await createTestToken(t.storeDir, 'ingest'));
  before = leftovers();
});
afterAll(async () => {
  await t?.close();
});

function upload(body: Buffer | string, headers: Record<string, string> = {}, query = '') {
  return t.request('POST', `/v0/documents${query}`, { ...ingest, ...headers }, body);
}

describe('POST /v0/documents, one document of each format family', () => {
  it.each([
    [
      'CycloneDX JSON',
      'cyclonedx/cyclonedx-syft-alpine-latest-image.json',
      'application/vnd.cyclonedx+json',
      /^cyclonedx-1\.\d-json$/,
    ],
    [
      'CycloneDX XML',
      'cyclonedx-xml/cyclonedx-xml-syft-alpine-3.17.2-image.xml',
      'application/xml',
      /^cyclonedx-1\.\d-xml$/,
    ],
    ['SPDX JSON', 'spdx/spdx-syft-alpine-latest-image.json', 'application/spdx+json', /^spdx-2\.\d/],
    [
      'SLSA provenance',
      'slsa-provenance/slsa-provenance-slsa-github-generator-go-v2.0.0-dsse-v0.2.json',
      'application/json',
      /slsa|in-toto|dsse/,
    ],
    ['OSV advisory', 'osv/osv-ghsa-npm-fastify-passport-GHSA-2ccf-ffrj-m4qw.json', 'application/json', /osv/],
    ['OpenVEX', 'openvex/openvex-vexctl-sample-2vulns.json', 'application/json', /openvex/],
    ['Grype report', 'grype/grype-grype-busybox-1.32.1-image-epss.json', 'application/json', /grype/],
    ['Scorecard', 'scorecard/scorecard-scorecard-kubernetes-kubernetes.json', 'application/json', /scorecard/],
  ])('%s → 201 with Location, then readable', async (_family, path, contentType, format) => {
    const res = await upload(fixture(path), { 'content-type': contentType });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ status: 'stored', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(res.body.format).toMatch(format);
    expect(res.headers.get('location')).toBe(`/v0/documents/${res.body.digest}`);
    expect(res.body.skipped).toBeInstanceOf(Array);
    const shown = await t.get(res.headers.get('location')!);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      digest: res.body.digest,
      format: res.body.format,
      origin: 'upload',
      ingestedBy: ingestName,
    });
    expect(shown.body.counts).toEqual(res.body.counts);
  });

  it('SPDX tag-value as text/plain, and the graph answers from it at once (read your own write)', async () => {
    const res = await upload(TAG_VALUE, { 'content-type': 'text/plain' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.format).toMatch(/^spdx-2\.3/);
    expect(res.body.counts.packages).toBe(1);
    const found = await t.get(`/v0/package/${enc('pkg:npm/tag-value-app')}`);
    expect(found.body.PurlList).toEqual(['pkg:npm/tag-value-app@1']);
  });

  it('without a Content-Type, the format still comes from the content', async () => {
    const res = await upload(fixture('osv/osv-rustsec-crates-hyper-RUSTSEC-2021-0079.json'));
    expect(res.status, res.text).toBe(201);
    expect(res.body.format).toMatch(/osv/);
  });
});

/**
 * The bytes `curl -sf -H "Authorization: Bearer $TOKEN" --data-binary @file …/v0/documents` writes
 * (as the README's CI example did; recorded from curl 7.88): no type named, so curl adds its default,
 * application/x-www-form-urlencoded.
 */
function curlDataBinary(body: Buffer, extraHeaders: string[] = []): Buffer {
  const head = [
    'POST /v0/documents HTTP/1.1',
    `Host: ${new URL(t.url).host}`,
    'User-Agent: curl/7.88.1',
    'Accept: */*',
    `Authorization: ${ingest.authorization}`,
    ...extraHeaders,
    `Content-Length: ${body.length}`,
    'Content-Type: application/x-www-form-urlencoded',
    '',
    '',
  ].join('\r\n');
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

describe("curl's default Content-Type (--data-binary without -H 'Content-Type: …')", () => {
  it('is taken like no type: the format comes from the content (JSON, SPDX tag-value, gzip)', async () => {
    const json = await exchangeOne(
      t.url,
      curlDataBinary(fixture('openvex/openvex-spec-example-wolfi-not-affected.json')),
    );
    expect(json.status, json.body).toBe(201);
    expect(JSON.parse(json.body).format).toMatch(/openvex/);
    // --data-binary keeps the bytes as they are: line-based tag-value arrives whole.
    const tagValue = TAG_VALUE.replace('upload-tag-value', 'upload-tag-value-curl');
    const text = await exchangeOne(t.url, curlDataBinary(Buffer.from(tagValue)));
    expect(text.status, text.body).toBe(201);
    expect(JSON.parse(text.body).format).toMatch(/^spdx-2\.3/);
    const bytes = fixture('osv/osv-ghsa-maven-keycloak-GHSA-458h-wv48-fq75.json');
    const gzipped = await exchangeOne(t.url, curlDataBinary(gzipSync(bytes), ['Content-Encoding: gzip']));
    expect(gzipped.status, gzipped.body).toBe(201);
    expect(JSON.parse(gzipped.body).format).toMatch(/osv/);
  });

  it('a body that really is a form fails detection → 415 saying what came and what to send', async () => {
    const form = await exchangeOne(t.url, curlDataBinary(Buffer.from('name=sbom&file=sbom.json')));
    expect(form.status).toBe(415);
    const problem = JSON.parse(form.body);
    expect(problem.code).toBe('SG_UNSUPPORTED_MEDIA_TYPE');
    expect(problem.detail).toMatch(/^upload: unsupported document: found text that is neither JSON nor XML/);
    expect(problem.detail).toContain("came as application/x-www-form-urlencoded (curl's default for --data-binary)");
    expect(problem.detail).toContain("-H 'Content-Type: application/json'");
  });

  it('a type the client chose keeps its own message (no curl hint)', async () => {
    const res = await upload('name=sbom', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.body.detail).not.toContain('curl');
  });
});

describe('idempotency', () => {
  it('the same bytes again → 200 already-present, same digest and counts', async () => {
    const bytes = fixture('cyclonedx/cyclonedx-syft-distroless-static-nonroot-image.json');
    const first = await upload(bytes, { 'content-type': 'application/json' });
    expect(first.status).toBe(201);
    const again = await upload(bytes, { 'content-type': 'application/json' });
    expect(again.status).toBe(200);
    expect(again.headers.get('location')).toBeNull();
    expect(again.body).toEqual({ ...first.body, status: 'already-present' });
    const list = await t.get(`/v0/documents?format=${enc(first.body.format)}`);
    expect(list.body.documents.filter((d: { digest: string }) => d.digest === first.body.digest)).toHaveLength(1);
  });
});

describe('gzip', () => {
  it('Content-Encoding: gzip is decoded; the digest is of the decoded bytes', async () => {
    const bytes = fixture('openvex/openvex-vexctl-chainguard-test.json');
    const res = await upload(gzipSync(bytes), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(res.status, res.text).toBe(201);
    const plain = await upload(bytes, { 'content-type': 'application/json' });
    expect(plain.status).toBe(200);
    expect(plain.body.digest).toBe(res.body.digest);
  });

  it('a body of type application/gzip is a compressed document', async () => {
    const res = await upload(gzipSync(fixture('osv/osv-pysec-pypi-requests-PYSEC-2023-74.json')), {
      'content-type': 'application/gzip',
    });
    expect(res.status, res.text).toBe(201);
  });

  it('a body that is not gzip → 400', async () => {
    const res = await upload('not gzip at all', { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SG_DOCUMENT_REJECTED');
    expect(res.body.detail).toMatch(/gzip/);
  });
});

describe('zip archives', () => {
  it('a bad entry → 422, every entry has its result, the good ones are stored', async () => {
    const good = fixture('osv/osv-govulndb-go-gogo-protobuf-GO-2021-0053.json');
    const zip = await zipOf({ 'good.json': good, 'bad.json': BAD_DOCUMENT, 'other.txt': 'hello' });
    const res = await upload(zip, { 'content-type': 'application/zip' }, '?name=ci-batch.zip');
    expect(res.status, res.text).toBe(422);
    expect(res.body.results.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['good.json', 'stored'],
      ['bad.json', 'failed'],
      ['other.txt', 'failed'],
    ]);
    expect(res.body.results[1].error).toBe('/isDependency/0/pkg: must be an object, found a number');
    expect(res.body.results[2].error).toMatch(/^unsupported document/);
    const stored = await t.get(`/v0/documents/${res.body.results[0].digest}`);
    expect(stored.status).toBe(200);
    expect(stored.body.origin).toBe('ci-batch.zip!/good.json');
  });

  it('all entries good → 201, then the same archive → 200', async () => {
    const zip = await zipOf({
      'a.json': fixture('osv/osv-ghsa-go-x-text-GHSA-69ch-w2m2-3vjp.json'),
      'b.json': fixture('osv/osv-ghsa-crates-deno-GHSA-c25x-cm9x-qqgx.json'),
    });
    const first = await upload(zip, { 'content-type': 'application/zip' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual(['stored', 'stored']);
    const again = await upload(zip, { 'content-type': 'application/octet-stream' });
    expect(again.status).toBe(200);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['already-present', 'already-present']);
  });
});

describe('refusals', () => {
  it('a rejected document → 400 with the message the CLI gives, nothing stored', async () => {
    const total = (await t.get('/v0/documents')).body.PaginationInfo.TotalCount;
    const res = await upload(BAD_DOCUMENT, { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SG_DOCUMENT_REJECTED');
    expect(res.body.detail).toBe('upload: /isDependency/0/pkg: must be an object, found a number');
    const named = await upload('{"broken', { 'content-type': 'application/json' }, '?name=sbom.json');
    expect(named.body.detail).toMatch(/^sbom\.json: the JSON is malformed/);
    expect((await t.get('/v0/documents')).body.PaginationInfo.TotalCount).toBe(total);
  });

  it('content no format recognises → 415', async () => {
    const res = await upload('{"hello": "world"}', { 'content-type': 'application/json' });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('SG_UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.detail).toMatch(/^upload: unsupported document: found a JSON object with keys "hello"/);
  });

  it.each(['multipart/form-data; boundary=x', 'image/png', 'application/x-www-form-data'])(
    'Content-Type %s → 415',
    async (contentType) => {
      const res = await upload(TAG_VALUE, { 'content-type': contentType });
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('SG_UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('a multipart form (curl -F) → 415 saying to send the file as the body', async () => {
    const res = await upload(TAG_VALUE, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(res.body.detail).toContain('send the file as the body (curl --data-binary @sbom.json)');
  });

  it('Content-Encoding br → 415', async () => {
    const res = await upload(TAG_VALUE, { 'content-type': 'text/plain', 'content-encoding': 'br' });
    expect(res.status).toBe(415);
  });

  it('a body over --max-document-size → 413 (announced, streamed, or once gunzipped)', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 0x20);
    const announced = await upload(big, { 'content-type': 'application/json' });
    expect(announced.status).toBe(413);
    expect(announced.body.code).toBe('SG_PAYLOAD_TOO_LARGE');
    expect(announced.body.detail).toBe(
      `the document is larger than the limit of ${4 * 1024 * 1024} bytes (--max-document-size)`,
    );
    // Chunked: no Content-Length to refuse it by, so the count stops it.
    const streamed = await fetch(`${t.url}/v0/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ingest },
      body: new Blob([big]).stream(),
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    // 5 MiB of spaces compress to a few KiB: the limit applies to the decoded bytes.
    const bomb = gzipSync(big);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const gzipped = await upload(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(gzipped.status).toBe(413);
  });

  it('an empty body → 415 (nothing to detect)', async () => {
    const res = await upload('', { 'content-type': 'application/json' });
    expect(res.status).toBe(415);
    expect(res.body.detail).toMatch(/^upload: unsupported document: found text that is neither JSON nor XML/);
  });

  it('a client that goes away mid-body leaves nothing behind, and the server goes on', async () => {
    const { hostname, port } = new URL(t.url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    socket.write(
      `POST /v0/documents HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n`,
    );
    socket.write(' '.repeat(100_000));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leftovers().filter((name) => !before.includes(name))).toEqual([]);
    expect((await t.get('/healthz')).status).toBe(200);
  });

  it('no temporary file is left behind by any of the uploads', () => {
    expect(leftovers().filter((name) => !before.includes(name))).toEqual([]);
  });
});

describe('methods and bodies elsewhere', () => {
  it('PUT /v0/documents → 405 naming GET, HEAD, POST; POST on a document → 405 naming DELETE', async () => {
    const put = await t.request('PUT', '/v0/documents', { 'content-type': 'application/json' }, '{}');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    const post = await t.request('POST', `/v0/documents/sha256:${'a'.repeat(64)}`);
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, DELETE');
    const other = await t.request('POST', '/v0/package/x', { 'content-type': 'application/json' }, '{}');
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('GET, HEAD');
  });
});
