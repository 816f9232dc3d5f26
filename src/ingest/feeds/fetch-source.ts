// Reads a feed's source when it changed since the last read (docs/api.md, "Feeds"): a URL with a
// conditional GET (If-None-Match, If-Modified-Since: an unchanged source costs one request and
// a 304), a path by its size and modification time. A download goes to a temporary file, bounded
// in bytes and time, so an archive of gigabytes is never held in memory.
import { createWriteStream } from 'node:fs';
import type { Stats } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { shownSource } from '../../model/feed.js';

/** What identifies the version read last: the HTTP validators, or a file's size and time. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type Fetched =
  { status: 'unchanged' } | { status: 'fetched'; path: string; validators: Validators; done: () => Promise<void> };

export interface FetchLimits {
  /** The whole request, headers and body (ms). */
  timeoutMs: number;
  maxBytes: number;
}

/** The source could not be read (the message names it and says why); the previous data stays. */
export class FeedFetchError extends Error {}

const isUrl = (source: string): boolean => /^https?:\/\//i.test(source);

export function fetchSource(source: string, last: Validators, limits: FetchLimits): Promise<Fetched> {
  return isUrl(source) ? fetchUrl(source, last, limits) : statPath(source, last);
}

/** The path's stat when it is a `kind` ("file" or "directory"); otherwise why not, naming it. */
async function statOf(path: string, kind: 'file' | 'directory'): Promise<Stats> {
  const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
    throw new FeedFetchError(`${path}: ${err.code === 'ENOENT' ? `no such ${kind}` : err.message}`);
  });
  if (kind === 'file' ? !info.isFile() : !info.isDirectory()) throw new FeedFetchError(`${path}: not a ${kind}`);
  return info;
}

/** A directory of records (an `osv-records` feed): always listed, its files judged one by one. */
export async function directorySource(path: string): Promise<Fetched> {
  await statOf(path, 'directory');
  return { status: 'fetched', path, validators: { etag: null, lastModified: null }, done: () => Promise.resolve() };
}

async function statPath(path: string, last: Validators): Promise<Fetched> {
  const info = await statOf(path, 'file');
  const etag = `${info.size}-${Math.trunc(info.mtimeMs)}`;
  if (etag === last.etag) return { status: 'unchanged' };
  return {
    status: 'fetched',
    path,
    validators: { etag, lastModified: info.mtime.toISOString() },
    done: async () => {},
  };
}

function conditionalHeaders(last: Validators): Record<string, string> {
  return {
    ...(last.etag ? { 'if-none-match': last.etag } : {}),
    ...(last.lastModified ? { 'if-modified-since': last.lastModified } : {}),
  };
}

async function fetchUrl(url: string, last: Validators, limits: FetchLimits): Promise<Fetched> {
  const shown = shownSource(url);
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const response = await fetch(url, { headers: conditionalHeaders(last), signal, redirect: 'follow' }).catch(
    (err: unknown) => {
      throw new FeedFetchError(`${shown}: ${reasonOf(err, limits)}`);
    },
  );
  if (response.status === 304) return { status: 'unchanged' };
  if (!response.ok || !response.body)
    throw new FeedFetchError(`${shown}: HTTP ${response.status} ${response.statusText}`);
  const dir = await mkdtemp(join(tmpdir(), 'supplygraph-feed-'));
  const path = join(dir, 'body');
  const done = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(
      Readable.fromWeb(response.body as never),
      byteLimit(shown, limits.maxBytes),
      createWriteStream(path),
    );
  } catch (err) {
    await done();
    throw err instanceof FeedFetchError ? err : new FeedFetchError(`${shown}: ${reasonOf(err, limits)}`);
  }
  const validators = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
  return { status: 'fetched', path, validators, done };
}

function byteLimit(url: string, maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new FeedFetchError(`${url}: larger than the limit of ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}

function reasonOf(err: unknown, limits: FetchLimits): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `no answer within ${limits.timeoutMs} ms`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`;
}
