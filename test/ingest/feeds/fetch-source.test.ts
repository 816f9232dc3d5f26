// Reading a feed's source against a real local HTTP server: a conditional request that finds it
// unchanged costs one 304; failures (status, no answer, a body cut short, over the size limit)
// name the URL and the reason; a path is read when its size or time changed.
import { utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSource, FeedFetchError, type Validators } from '../../../src/ingest/feeds/fetch-source.js';
import { startFileServer, type FileServer } from '../../helpers/file-server.js';
import { tempDir } from '../../helpers/server.js';

const NONE: Validators = { etag: null, lastModified: null };
const LIMITS = { timeoutMs: 5_000, maxBytes: 1024 * 1024 };

let files: FileServer;
beforeAll(async () => {
  files = await startFileServer();
});
afterAll(async () => {
  await files?.close();
});

async function fetchedText(url: string, last: Validators = NONE) {
  const got = await fetchSource(url, last, LIMITS);
  if (got.status === 'unchanged') return { got, text: undefined };
  const text = await readFile(got.path, 'utf8');
  await got.done();
  return { got, text };
}

describe('fetchSource over HTTP', () => {
  it('downloads the body with its validators, then one conditional request finds it unchanged', async () => {
    files.set('/kev.json', '{"vulnerabilities":[]}');
    const first = await fetchedText(files.url('/kev.json'));
    expect(first.text).toBe('{"vulnerabilities":[]}');
    if (first.got.status !== 'fetched') throw new Error('not fetched');
    const before = files.requests.length;
    const again = await fetchSource(files.url('/kev.json'), first.got.validators, LIMITS);
    expect(again.status).toBe('unchanged');
    expect(files.requests.slice(before)).toEqual([
      expect.objectContaining({
        status: 304,
        headers: expect.objectContaining({ 'if-none-match': first.got.validators.etag }),
      }),
    ]);
    files.set('/kev.json', '{"vulnerabilities":[1]}');
    expect((await fetchedText(files.url('/kev.json'), first.got.validators)).text).toBe('{"vulnerabilities":[1]}');
  });

  it('names the URL and the reason when the source fails, hangs, is cut short or is too large', async () => {
    const refused = async (path: string, limits = LIMITS): Promise<string> => {
      const err = await fetchSource(files.url(path), NONE, limits).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(FeedFetchError);
      return (err as Error).message;
    };
    files.set('/broken', 'x', { status: 500 });
    expect(await refused('/broken')).toBe(`${files.url('/broken')}: HTTP 500 Internal Server Error`);
    files.set('/slow', 'x', 'hang');
    expect(await refused('/slow', { ...LIMITS, timeoutMs: 150 })).toBe(
      `${files.url('/slow')}: no answer within 150 ms`,
    );
    files.set('/cut', Buffer.alloc(100_000, 'a'), { truncateTo: 1000 });
    expect(await refused('/cut')).toMatch(new RegExp(`^${files.url('/cut')}: `));
    files.set('/big', Buffer.alloc(4096, 'a'));
    expect(await refused('/big', { ...LIMITS, maxBytes: 1000 })).toBe(
      `${files.url('/big')}: larger than the limit of 1000 bytes`,
    );
    expect(await refused('/missing')).toBe(`${files.url('/missing')}: HTTP 404 Not Found`);
  });
});

describe('fetchSource on a path', () => {
  it('reads the file in place, and finds it unchanged until its size or time changes', async () => {
    const path = join(tempDir('sg-feed-path-'), 'epss.csv');
    writeFileSync(path, 'cve,epss,percentile\n');
    const first = await fetchSource(path, NONE, LIMITS);
    if (first.status !== 'fetched') throw new Error('not fetched');
    expect(first.path).toBe(path);
    expect((await fetchSource(path, first.validators, LIMITS)).status).toBe('unchanged');
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    expect((await fetchSource(path, first.validators, LIMITS)).status).toBe('fetched');
    const err = await fetchSource(`${path}.gone`, NONE, LIMITS).catch((e: unknown) => e);
    expect((err as Error).message).toBe(`${path}.gone: no such file`);
  });
});
