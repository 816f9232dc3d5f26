// Enumerating endpoint answers: which inputs to ask about (from the documents' text), which
// paths answer about them, and answers normalised so that two stores or two runs compare equal
// when they answer the same. Used by the golden answers and by the delete test.
import { expect } from 'vitest';
import { enc, type TestClient } from '../helpers/server.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Answer {
  status: number;
  body?: Json;
  /** X-Total-Count of bare-array answers. */
  totalCount?: string;
  /** Whether a Link rel="next" header came (its cursor is masked like NextCursor). */
  nextLink?: boolean;
}

const CONCURRENCY = 8;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Masks what varies between runs and stores (request ids, cursors, times later than `since`,
 * which the ingest assigned); sorts object keys so that the result is stable.
 */
export function normalise(value: Json, since: number): Json {
  if (Array.isArray(value)) return value.map((v) => normalise(v, since));
  if (value && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      if (key === 'requestId') out[key] = '<request-id>';
      else if (key === 'NextCursor') out[key] = '<cursor>';
      else out[key] = normalise(v, since);
    }
    return out;
  }
  if (typeof value === 'string' && ISO_TIME.test(value)) {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms) && ms >= since) return '<ingest-time>';
  }
  return value;
}

export async function ask(client: TestClient, path: string, since: number): Promise<Answer> {
  const r = await client.get(path);
  const answer: Answer = { status: r.status };
  if (r.body !== undefined) answer.body = normalise(r.body as Json, since);
  else if (r.text) answer.body = r.text;
  const total = r.headers.get('x-total-count');
  if (total !== null) answer.totalCount = total;
  if (/rel="next"/.test(r.headers.get('link') ?? '')) answer.nextLink = true;
  return answer;
}

/** Asks every path, a few at a time; answers keyed by path. */
export async function askAll(client: TestClient, paths: string[], since: number): Promise<Record<string, Answer>> {
  const unique = [...new Set(paths)];
  const answers: Record<string, Answer> = {};
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const path = unique[next++];
      answers[path] = await ask(client, path, since);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return answers;
}

export const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/** A purl's name part: type, namespace and name, no version, qualifiers or subpath (oci keeps repository_url). */
export function nameOf(purl: string): string {
  const [noSubpath] = purl.split('#');
  const [path, query] = noSubpath.split('?');
  const at = path.lastIndexOf('@');
  const name = at > path.indexOf('/') ? path.slice(0, at) : path;
  const repo = query?.split('&').find((q) => q.startsWith('repository_url='));
  return repo && name.startsWith('pkg:oci/') ? `${name}?${repo}` : name;
}

/** Purls written in the documents, in any format: every `pkg:type/...` token. */
export function purlsInDocuments(documents: Record<string, string>): string[] {
  const found: string[] = [];
  for (const document of Object.values(documents)) {
    const text = document.replace(/&amp;/g, '&');
    for (const m of text.matchAll(/pkg:[a-zA-Z][a-zA-Z0-9.+-]*\/[^\s"'<>\\]+/g)) found.push(m[0]);
  }
  return sorted(found);
}

/** Hexadecimal digests written in the documents, with the algorithm their length implies. */
export function digestsInDocuments(documents: Record<string, string>): string[] {
  const byLength: Record<number, string> = { 32: 'md5', 40: 'sha1', 64: 'sha256', 128: 'sha512' };
  const found: string[] = [];
  for (const text of Object.values(documents)) {
    for (const m of text.matchAll(/(?<![0-9a-zA-Z])[0-9a-fA-F]{32,128}(?![0-9a-zA-Z])/g)) {
      const algorithm = byLength[m[0].length];
      if (algorithm) found.push(`${algorithm}:${m[0].toLowerCase()}`);
    }
  }
  return sorted(found);
}

/** Vulnerability ids written in the documents: CVE, GHSA and the OSV databases' prefixed ids. */
export function vulnIdsInDocuments(documents: Record<string, string>): string[] {
  const found: string[] = [];
  for (const text of Object.values(documents)) {
    for (const m of text.matchAll(/\b(?:CVE-\d{4}-\d{4,}|GHSA(?:-[0-9a-z]{4}){3}|GO-\d{4}-\d{4,})\b/gi))
      found.push(m[0]);
  }
  return sorted(found);
}

export const packagePaths = (purl: string): string[] => [
  `/v0/package/${enc(purl)}/dependencies`,
  `/v0/package/${enc(purl)}/dependents`,
  `/v0/package/${enc(purl)}/artifacts`,
  `/v0/package/${enc(purl)}/vulns`,
  `/v0/package/${enc(purl)}/vulns?includeDependencies=true`,
];
export const artifactPaths = (digest: string): string[] => [
  `/v0/artifact/${enc(digest)}/dependencies`,
  `/v0/artifact/${enc(digest)}/vulns`,
  `/v0/artifact/${enc(digest)}/vulns?includeDependencies=true`,
];

export const vulnPaths = (id: string): string[] => [
  `/v0/vuln/${enc(id)}`,
  `/v0/vuln/${enc(id)}/packages?include=suppressed`,
  `/v0/vuln/${enc(id)}/dependents?include=suppressed`,
  `/v0/vuln/${enc(id)}/artifacts?include=suppressed`,
];

/**
 * Waits until the frequency ranking (computed in the background; the previous one is served
 * meanwhile) is the one of the current store version: its ETag names the version it was computed at.
 */
export async function rankingOfCurrentVersion(client: TestClient): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const current = (await client.get('/v0/package/pkg%3Anpm%2Fany')).headers.get('etag');
    const ranking = (await client.get('/analysis/dependencies?sort=frequency&PageSize=1')).headers.get('etag');
    if (current && ranking === current.replace(/"$/, '-frequency"')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect.fail('the frequency ranking never caught up with the ingested documents');
}
