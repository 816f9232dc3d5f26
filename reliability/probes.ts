// What the suite asks a store to compare two stores: purls and digests found in the ingested
// documents that the store knows, and every endpoint's answer for them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FuzzProbes } from './fuzz.js';
import { request } from './http.js';

const enc = encodeURIComponent;

/** Files under the given paths (directories recursively). */
export function filesUnder(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory())
      out.push(
        ...filesUnder(
          readdirSync(p)
            .sort()
            .map((e) => join(p, e)),
        ),
      );
    else out.push(p);
  }
  return out;
}

/** Candidate purls and digests, as they appear in the documents' text. */
function candidates(files: readonly string[]): { purls: string[]; digests: string[] } {
  const purls = new Set<string>();
  const digests = new Set<string>();
  for (const file of files) {
    if (statSync(file).size > 64 << 20) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/pkg:[a-z]+\/[^"\s<>\\]+/g))
      purls.add(decodeURIComponent(m[0].replace(/%(?![0-9A-Fa-f]{2})/g, '%25')));
    for (const m of text.matchAll(/\b[0-9a-f]{64}\b/g)) digests.add(`sha256:${m[0]}`);
  }
  return { purls: [...purls].sort(), digests: [...digests].sort() };
}

/** Up to `limit` purls (exact and partial) and digests from the documents that the served store holds. */
export async function discoverProbes(port: number, documentPaths: readonly string[], limit = 40): Promise<FuzzProbes> {
  const c = candidates(filesUnder(documentPaths));
  const purls: string[] = [];
  const names = new Set<string>();
  for (const purl of c.purls) {
    if (purls.length >= limit) break;
    const res = await request(port, { path: `/v0/package/${enc(purl)}` });
    if (res.status !== 200) continue;
    const list = (JSON.parse(res.body.toString()) as { PurlList: string[] }).PurlList;
    if (!list.length) continue;
    purls.push(list[0]);
    names.add(list[0].replace(/[@?#].*$/, ''));
  }
  const digests: string[] = [];
  for (const digest of c.digests) {
    if (digests.length >= limit) break;
    const res = await request(port, { path: `/v0/artifact/${digest}/dependencies` });
    if (res.status === 200) digests.push(digest);
  }
  return { purls: [...purls, ...[...names].slice(0, limit / 4)], digests };
}

/** Every endpoint for every probe, plus the rankings. */
export function probePaths(probes: FuzzProbes): string[] {
  const paths = ['/analysis/dependencies?sort=frequency', '/analysis/dependencies?sort=scorecard'];
  for (const p of probes.purls) {
    const e = enc(p);
    paths.push(
      `/v0/package/${e}`,
      `/v0/package/${e}/dependencies`,
      `/v0/package/${e}/vulns`,
      `/v0/package/${e}/vulns?includeDependencies=true`,
    );
  }
  for (const d of probes.digests)
    paths.push(
      `/v0/artifact/${d}/dependencies`,
      `/v0/artifact/${d}/vulns`,
      `/v0/artifact/${d}/vulns?includeDependencies=true`,
    );
  return paths;
}

/**
 * Status and body of each path. Timestamps from `ingestedSince` on are masked: they are the
 * ingest's own clock (a scan report without a scan time is dated when it is ingested), so two
 * ingests of the same bytes differ there and only there.
 */
export async function snapshot(
  port: number,
  paths: readonly string[],
  ingestedSince?: number,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of paths) {
    const res = await request(port, { path, timeoutMs: 120_000 });
    let body = res.body.toString('utf8');
    if (ingestedSince !== undefined)
      body = body.replace(/"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)"/g, (all, iso: string) =>
        Date.parse(iso) >= ingestedSince ? '"<ingest time>"' : all,
      );
    // Error bodies carry the request id, which differs on every request.
    if (res.status >= 400) body = body.replace(/"requestId":"[^"]*"/, '');
    out.set(path, `${res.status} ${body}`);
  }
  return out;
}

/** Paths whose answers differ. */
export function differences(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [path, want] of expected) {
    const got = actual.get(path);
    if (got !== want) out.push(`${path}: expected ${want.slice(0, 120)}, got ${(got ?? '(none)').slice(0, 120)}`);
  }
  return out;
}
