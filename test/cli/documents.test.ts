// `supplygraph documents list|show|delete` on the backend under test: the same documents and
// fields as GET /v0/documents, one clear line and exit 1 when a digest names nothing, and a
// delete that is audited with client "cli".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { createTestStore, ingestInto } from '../helpers/server.js';
import { openStore } from '../../src/store/open.js';
import { cli, oneLine } from './run-cli.js';

const fixture = (path: string): string => readFileSync(join(FIXTURES_DIR, path), 'utf8');

let store: { location: string; remove: () => Promise<void> };
let digests: string[];

beforeAll(async () => {
  store = await createTestStore();
  const results = await ingestInto(store.location, {
    'advisory.json': fixture('osv/osv-ghsa-go-x-text-GHSA-69ch-w2m2-3vjp.json'),
    'sbom.json': fixture('cyclonedx/cyclonedx-syft-alpine-latest-image.json'),
  });
  digests = results.map((r) => r.digest!);
});
afterAll(async () => {
  await store?.remove();
});

interface Listed {
  total: number;
  documents: { digest: string; format: string; origin: string; skippedCount: number }[];
}

describe('supplygraph documents', () => {
  it('list: newest first, as JSON and as lines; --format filters, --limit bounds', async () => {
    const r = await cli(['documents', 'list', '--store', store.location, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const listed = JSON.parse(r.stdout) as Listed;
    expect(listed.total).toBe(2);
    expect(listed.documents.map((d) => d.origin)).toEqual(['sbom.json', 'advisory.json']);
    expect(listed.documents.map((d) => d.digest)).toEqual([digests[1], digests[0]]);

    const text = await cli(['documents', 'list', '--store', store.location, '--limit', '1']);
    expect(text.code).toBe(0);
    expect(text.stdout.trim().split('\n')).toHaveLength(1);
    expect(text.stdout).toContain(digests[1]);
    expect(oneLine(text.stderr)).toBe('1 of 2 documents, newest first; --limit 2 lists them all');

    const format = listed.documents[1].format;
    const only = await cli(['documents', 'list', '--store', store.location, '--json', '--format', format]);
    expect((JSON.parse(only.stdout) as Listed).documents.map((d) => d.digest)).toEqual([digests[0]]);
  });

  it('show: the document and its skip list; an unknown or malformed digest → exit 1, one line', async () => {
    const r = await cli(['documents', 'show', '--store', store.location, '--json', digests[1]]);
    expect(r.code, r.stderr).toBe(0);
    const shown = JSON.parse(r.stdout) as { digest: string; skipped: unknown[]; skippedCount: number };
    expect(shown.digest).toBe(digests[1]);
    expect(shown.skipped).toHaveLength(shown.skippedCount);
    const text = await cli(['documents', 'show', '--store', store.location, digests[0].slice('sha256:'.length)]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^digest\\s+${digests[0]}$`, 'm'));

    const unknown = `sha256:${'0'.repeat(64)}`;
    const missing = await cli(['documents', 'show', '--store', store.location, unknown]);
    expect(missing.code).toBe(1);
    expect(oneLine(missing.stderr)).toBe(`supplygraph: no document has the digest ${unknown}`);
    const bad = await cli(['documents', 'show', '--store', store.location, 'sha1:abc']);
    expect(bad.code).toBe(1);
    expect(oneLine(bad.stderr)).toMatch(/^supplygraph: invalid document digest "sha1:abc"/);
  });

  it('delete: gone from the list, audited with client "cli"; again → exit 1', async () => {
    const r = await cli(['documents', 'delete', '--store', store.location, digests[0]]);
    expect(r.code, r.stderr).toBe(0);
    expect(oneLine(r.stderr)).toMatch(/^deleted sha256:/);
    const listed = JSON.parse((await cli(['documents', 'list', '--store', store.location, '--json'])).stdout) as Listed;
    expect(listed.documents.map((d) => d.digest)).toEqual([digests[1]]);
    const again = await cli(['documents', 'delete', '--store', store.location, digests[0]]);
    expect(again.code).toBe(1);
    expect(oneLine(again.stderr)).toBe(`supplygraph: no document has the digest ${digests[0]}`);

    const s = await openStore(store.location);
    try {
      const { events } = await s.listAudit({ limit: 10 });
      expect(events.map((e) => [e.client, e.action, e.digest, e.result])).toEqual([
        ['cli', 'document.delete', digests[0], 'not-found'],
        ['cli', 'document.delete', digests[0], 'deleted'],
      ]);
    } finally {
      await s.close();
    }
  });
});
