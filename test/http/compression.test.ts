// Response compression over a real socket: a big answer is compressed in the encoding the client
// asks for (and decodes to the identity body), never when not asked, small answers and problem
// documents never; cached answers are compressed too, and ETag/304 and HEAD keep working.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape } from '../helpers/metrics.js';
import { dependsOn, sbomFor } from '../helpers/predicates.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

const APP = 'pkg:npm/app@1.0.0';
const LIBRARIES = 600;
const DOCS = {
  'sbom.json': {
    hasSBOM: [sbomFor({ pkg: APP })],
    isDependency: Array.from({ length: LIBRARIES }, (_, i) => dependsOn(APP, `pkg:npm/library-${i}@1.0.${i}`)),
  },
};
const BIG = `/v0/package/${enc(APP)}/dependencies`;
const SMALL = `/v0/package/${enc('pkg:npm/library-1')}`;

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** One request with node:http, which (unlike fetch) neither asks for nor decodes compression by itself. */
function send(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

let t: TestServer;
let identity: RawAnswer;

beforeAll(async () => {
  t = await startTestServer(DOCS);
  identity = await send(t.url + BIG);
  expect(identity.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('response compression', () => {
  it('sends a big answer as it is to a client that does not ask for compression', () => {
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(8192);
    expect(JSON.parse(identity.body.toString('utf8')).dependencies).toHaveLength(LIBRARIES);
  });

  it.each(['gzip', 'br', 'deflate'])(
    'compresses a big answer with %s when asked, decoding to the same body',
    async (encoding) => {
      const res = await send(t.url + BIG, { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(identity.headers.etag);
      expect(res.body.length).toBeLessThan(identity.body.length / 4);
      expect(DECODERS[encoding](res.body).equals(identity.body)).toBe(true);
      if (res.headers['content-length'] !== undefined)
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
    },
  );

  it('prefers the encoding the client ranks higher, and honours q=0', async () => {
    expect((await send(t.url + BIG, { 'accept-encoding': 'gzip;q=1, br;q=0.5' })).headers['content-encoding']).toBe(
      'gzip',
    );
    const refused = await send(t.url + BIG, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(identity.body)).toBe(true);
  });

  it('compresses answers taken from the response cache', async () => {
    const hits = async () => (await scrape(t)).value('supplygraph_http_cached_responses_total');
    const before = await hits();
    const first = await send(t.url + BIG, { 'accept-encoding': 'gzip' });
    const second = await send(t.url + BIG, { 'accept-encoding': 'gzip' });
    expect(await hits()).toBeGreaterThanOrEqual(before + 2);
    for (const res of [first, second]) {
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).equals(identity.body)).toBe(true);
    }
  });

  it('compresses answers of asynchronous routes: the ranking, and /metrics for a scraper asking gzip', async () => {
    const ranking = '/analysis/dependencies?sort=frequency';
    const plain = await send(t.url + ranking);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(8192);
    const packed = await send(t.url + ranking, { 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(packed.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveLength(LIBRARIES);

    const metrics = await send(`${t.url}/metrics`, { 'accept-encoding': 'gzip' });
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(metrics.body).toString('utf8')).toMatch(/^supplygraph_http_requests_total\{/m);
  });

  it('never compresses small answers or problem documents', async () => {
    const small = await send(t.url + SMALL, { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).PurlList).toEqual(['pkg:npm/library-1@1.0.1']);
    const problem = await send(`${t.url}/v0/package/${enc('pkg:npm/none@1')}/dependencies`, {
      'accept-encoding': 'gzip, br',
    });
    expect(problem.status).toBe(404);
    expect(problem.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problem.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(problem.body.toString('utf8')).code).toBe('SG_PACKAGE_NOT_FOUND');
  });

  it('answers 304 without a body to a client that has the ETag and asks for gzip', async () => {
    const res = await send(t.url + BIG, { 'accept-encoding': 'gzip', 'if-none-match': String(identity.headers.etag) });
    expect(res.status).toBe(304);
    expect(res.body.length).toBe(0);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toBe(identity.headers.etag);
  });

  it('answers HEAD with the headers of the uncompressed GET and no body', async () => {
    const res = await send(t.url + BIG, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
    expect(res.headers.etag).toBe(identity.headers.etag);
    // The headers of the identity answer: nothing is compressed for an answer nobody reads.
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(identity.body.length);
  });

  it('follows the threshold setting', async () => {
    const strict = await startTestServer(DOCS, undefined, { compressThresholdBytes: identity.body.length + 1 });
    try {
      const big = await send(strict.url + BIG, { 'accept-encoding': 'gzip' });
      expect(big.headers['content-encoding']).toBeUndefined();
      expect(big.body.equals(identity.body)).toBe(true);
    } finally {
      await strict.close();
    }
    const eager = await startTestServer(DOCS, undefined, { compressThresholdBytes: 0 });
    try {
      const small = await send(eager.url + SMALL, { 'accept-encoding': 'gzip' });
      expect(small.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(small.body).toString('utf8')).PurlList).toEqual(['pkg:npm/library-1@1.0.1']);
    } finally {
      await eager.close();
    }
  });
});
