// Ingest of GUAC ingest-predicates documents: idempotence, atomicity, errors that name the field.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { dependsOn, pkg } from '../helpers/predicates.js';
import { ingestInto, tempDir } from '../helpers/server.js';

const dirs: string[] = [];
const newStore = (): string => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function stats(dir: string) {
  const store = SqliteStore.open(dir);
  try {
    return await store.stats();
  } finally {
    await store.close();
  }
}

const GOOD = { isDependency: [dependsOn('pkg:npm/a@1', 'pkg:npm/b@1'), dependsOn('pkg:npm/b@1', 'pkg:npm/c@1')] };

describe('ingest-predicates', () => {
  it('re-ingesting the same document changes nothing', async () => {
    const dir = newStore();
    const [first] = await ingestInto(dir, { 'a.json': GOOD });
    expect(first).toMatchObject({ status: 'stored', format: 'guac-predicates', packages: 3, dependencies: 2 });
    const before = await stats(dir);
    const [again] = await ingestInto(dir, { 'copy-of-a.json': GOOD });
    expect(again.status).toBe('duplicate');
    expect(await stats(dir)).toEqual(before);
  });

  it.each([
    [
      'a wrong type',
      { isDependency: [{ pkg: pkg('pkg:npm/a@1'), depPkg: { type: 'npm', name: 42 }, isDependency: {} }] },
      '/isDependency/1/depPkg/name: must be a string',
    ],
    [
      'a missing field',
      { isDependency: [{ pkg: pkg('pkg:npm/a@1'), isDependency: {} }] },
      '/isDependency/1/depPkg: is required',
    ],
    [
      'a bad enum',
      {
        isDependency: [
          { pkg: pkg('pkg:npm/a@1'), depPkg: pkg('pkg:npm/b@1'), isDependency: { dependencyType: 'SOMETIMES' } },
        ],
      },
      '/isDependency/1/isDependency/dependencyType',
    ],
    [
      'both subjects',
      {
        hasSBOM: [{ pkg: pkg('pkg:npm/a@1'), artifact: { algorithm: 'sha256', digest: 'ab'.repeat(32) }, hasSbom: {} }],
      },
      'exactly one of',
    ],
    [
      'a bad time',
      {
        certifyVuln: [
          {
            pkg: pkg('pkg:npm/a@1'),
            vulnerability: { type: 'cve', vulnerabilityID: 'CVE-1' },
            vulnData: { timeScanned: 'yesterday' },
          },
        ],
      },
      '/certifyVuln/0/vulnData/timeScanned',
    ],
    ['an unknown key', { isDependency: [], bogus: [] }, 'unsupported document'],
  ])('a document with %s is rejected whole, naming the field, and nothing is stored', async (_what, doc, message) => {
    const dir = newStore();
    await ingestInto(dir, { 'good.json': GOOD });
    const before = await stats(dir);
    // Valid facts come first: none of them may be half-written.
    const bad = {
      ...doc,
      isDependency: [dependsOn('pkg:npm/x@1', 'pkg:npm/y@1'), ...((doc as any).isDependency ?? [])],
    };
    const [result] = await ingestInto(dir, { 'bad.json': bad });
    expect(result.status).toBe('failed');
    expect(result.error).toContain(message);
    expect(await stats(dir)).toEqual(before);
  });

  it.each([
    ['truncated JSON', '{"isDependency": [', /malformed/],
    ['non-UTF-8 bytes', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('latin1'), /UTF-8|malformed|unsupported/],
    ['deeply nested JSON', '['.repeat(200_000) + ']'.repeat(200_000), /nested too deeply|unsupported/],
    ['an empty object', '{}', /unsupported document: found a JSON object/],
    ['plain text', 'hello world', /unsupported document: found text that is neither JSON nor XML/],
  ])('%s gives a clear error', async (_what, text, message) => {
    const dir = newStore();
    const [result] = await ingestInto(dir, { 'bad.json': text });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(message);
  });

  it('a non-UTF-8 document is refused as such', async () => {
    const dir = newStore();
    const store = SqliteStore.open(dir);
    const { ingestDocument } = await import('../../src/ingest/pipeline.js');
    const result = await ingestDocument(
      { name: 'latin1.json', read: () => Promise.resolve(Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])) },
      { store, collector: 't', maxDocumentBytes: 1000 },
    );
    await store.close();
    expect(result).toMatchObject({ status: 'failed', error: 'the document is not valid UTF-8 text' });
  });
});
