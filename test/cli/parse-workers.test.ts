// `supplygraph ingest` of several sources parses on worker threads (src/ingest/parse-pool.ts) and
// writes in input order: the store and the report must be what parsing in one thread gives,
// failures (malformed, unsupported), the same bytes twice and skipped items included.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandInputs, ingestDocument, type DocumentResult } from '../../src/ingest/pipeline.js';
import { openStore } from '../../src/store/open.js';
import { FIXTURES } from '../helpers/corpus.js';
import { tempDir } from '../helpers/server.js';
import { loadedGraph } from '../store/release-store.js';
import { cli } from './run-cli.js';

const work = tempDir('sg-parse-workers-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SBOMS = [
  'cyclonedx-syft-alpine-latest-image.json',
  'spdx-syft-alpine-latest-image.json',
  'cyclonedx-grype-log4j-core-with-vulns.json',
  'osv-ghsa-maven-netty-handler-GHSA-57m8-f3v5-hm5m.json',
  'openvex-spec-example-wolfi-not-affected.json',
];

function sources(): string {
  const dir = join(work, 'docs');
  mkdirSync(dir, { recursive: true });
  SBOMS.forEach((name, i) => copyFileSync(FIXTURES.path(name), join(dir, `${i}-${name}`)));
  copyFileSync(FIXTURES.path(SBOMS[0]), join(dir, '9-same-bytes-again.json'));
  writeFileSync(join(dir, '5-malformed.json'), '{"bomFormat": "CycloneDX", ');
  writeFileSync(join(dir, '6-unsupported.json'), '{"hello": "world"}');
  return dir;
}

/** The documents ingested in this thread, one after the other: what the workers must match. */
async function inThread(dir: string, store: string): Promise<DocumentResult[]> {
  const graphStore = await openStore(store);
  try {
    const results: DocumentResult[] = [];
    for await (const input of expandInputs([dir], 1 << 26)) {
      results.push(
        await ingestDocument(input, {
          store: graphStore,
          collector: 'supplygraph-cli',
          maxDocumentBytes: 1 << 26,
          ingestedBy: 'cli',
        }),
      );
    }
    return results;
  } finally {
    await graphStore.close();
  }
}

const graphOf = async (store: string) => {
  const s = await openStore(store);
  try {
    return await loadedGraph(s);
  } finally {
    await s.close();
  }
};

describe('ingest on parse workers', () => {
  it('stores and reports what parsing in one thread does, in input order', async () => {
    const dir = sources();
    const expected = await inThread(dir, join(work, 'one-thread'));
    const r = await cli(['ingest', '--store', join(work, 'workers'), '--json', dir]);
    expect(r.code).toBe(2);
    const summary = JSON.parse(r.stdout);
    const count = (status: string) => expected.filter((e) => e.status === status).length;
    expect(summary).toMatchObject({
      documents: expected.length,
      stored: count('stored'),
      duplicate: count('duplicate'),
      failed: 2,
      packages: expected.reduce((n, e) => n + e.packages, 0),
      dependencies: expected.reduce((n, e) => n + e.dependencies, 0),
    });
    expect(summary.duplicate).toBe(1);
    expect(summary.failures).toEqual(
      expected.filter((e) => e.status === 'failed').map((e) => ({ file: e.name, error: e.error })),
    );
    expect(summary.skippedItems).toEqual(
      expected.flatMap((e) => (e.skippedItems ?? []).map((s) => ({ document: e.name, ...s }))),
    );
    expect(await graphOf(join(work, 'workers'))).toEqual(await graphOf(join(work, 'one-thread')));
  });
});
