// Hostile and broken documents: each gets a clear error naming the problem, and the store
// is left exactly as it was (nothing of the document is half-written).
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { dependsOn } from '../helpers/predicates.js';
import { ingestInto, tempDir } from '../helpers/server.js';

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/hostile/${name}`, import.meta.url));

const cdx = (body: object): Buffer =>
  Buffer.from(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, ...body }));

let dir: string;
let store: SqliteStore;
beforeAll(async () => {
  dir = tempDir();
  await ingestInto(dir, { 'baseline.json': { isDependency: [dependsOn('pkg:npm/base@1', 'pkg:npm/dep@1')] } });
  store = SqliteStore.open(dir);
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const CASES: [string, Buffer, RegExp][] = [
  ['an XXE payload', fixture('xxe.cdx.xml'), /DOCTYPE|entit/i],
  ['a billion-laughs entity bomb', fixture('billion-laughs.cdx.xml'), /DOCTYPE|entit/i],
  ['duplicate bom-refs (JSON)', fixture('duplicate-bom-ref.cdx.json'), /duplicate bom-ref/],
  ['duplicate bom-refs (XML)', fixture('duplicate-bom-ref.cdx.xml'), /duplicate bom-ref/],
  ['wrong field types', fixture('wrong-types.spdx.json'), /must be/],
  [
    'deeply nested JSON',
    Buffer.from('{"bomFormat":"CycloneDX","components":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}'),
    /nested too deeply/,
  ],
  [
    'deeply nested components',
    cdx({
      components: [
        JSON.parse(
          '{"type":"library","name":"x","components":['.repeat(100) +
            '{"type":"library","name":"leaf"}' +
            ']}'.repeat(100),
        ),
      ],
    }),
    /nested deeper than 64/,
  ],
  ['truncated JSON', Buffer.from(JSON.stringify({ spdxVersion: 'SPDX-2.3', packages: [] }).slice(0, 20)), /malformed/],
  [
    'non-UTF-8 bytes',
    Buffer.concat([
      Buffer.from('{"bomFormat":"CycloneDX","metadata":{"component":{"name":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}}'),
    ]),
    /not valid UTF-8/,
  ],
  [
    'an unsupported document',
    Buffer.from('{"kind":"Deployment","apiVersion":"apps/v1"}'),
    /unsupported document: found a JSON object with keys "kind", "apiVersion"/,
  ],
];

describe('hostile documents', () => {
  it.each(CASES)('%s is refused with a clear error and changes nothing', async (_what, bytes, message) => {
    const before = await store.stats();
    const result = await ingestDocument(
      { name: 'hostile', read: () => Promise.resolve(bytes) },
      { store, collector: 'test', maxDocumentBytes: 64 * 1024 * 1024 },
    );
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(message);
    expect(await store.stats()).toEqual(before);
  });

  it('an oversized document is refused before it is read whole', async () => {
    const before = await store.stats();
    const { expandInputs } = await import('../../src/ingest/pipeline.js');
    const path = new URL('../fixtures/hostile/xxe.cdx.xml', import.meta.url).pathname;
    const inputs = [];
    for await (const input of expandInputs([path], 100)) inputs.push(input);
    expect(inputs).toHaveLength(1);
    const result = await ingestDocument(inputs[0], { store, collector: 'test', maxDocumentBytes: 100 });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/larger than the limit of 100 bytes/);
    expect(await store.stats()).toEqual(before);
  });

  it('dangling dependency refs are skipped and counted; the rest of the document goes in', async () => {
    const doc = cdx({
      metadata: {
        component: { type: 'application', name: 'app', version: '1', purl: 'pkg:npm/app@1', 'bom-ref': 'app' },
      },
      components: [{ type: 'library', name: 'lib', version: '2', purl: 'pkg:npm/lib@2', 'bom-ref': 'lib' }],
      dependencies: [{ ref: 'app', dependsOn: ['lib', 'ghost'] }],
    });
    const result = await ingestDocument(
      { name: 'dangling.cdx.json', read: () => Promise.resolve(doc) },
      { store, collector: 'test', maxDocumentBytes: 1 << 20 },
    );
    expect(result).toMatchObject({ status: 'stored', skipped: 1, dependencies: 1 });
  });
});
