// Skipped items are stored with their document, in document order (the embedded store here;
// test/store/postgres/migrations.test.ts checks PostgreSQL).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { createTestStore, ingestInto } from '../helpers/server.js';

const VDR = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { type: 'application', name: 'shop', version: '1.0' } },
  components: [
    { type: 'library', name: 'qs', version: '6.7.0', purl: 'pkg:npm/qs@6.7.0', 'bom-ref': 'qs' },
    { type: 'library', name: 'bad', purl: 'pkg:/nope' },
  ],
  vulnerabilities: [{ id: 'CVE-2022-24999', affects: [{ ref: 'qs' }, { ref: 'pkg:npm/ghost@1.0.0' }] }],
});

const VDR_SKIPS = [
  { path: '/components/1/purl', reason: expect.stringMatching(/^unusable purl: /) },
  {
    path: '/vulnerabilities/0/affects/1/ref',
    reason: '"pkg:npm/ghost@1.0.0" names no component of this BOM: not recorded, and not added to the SBOM',
  },
];

describe('skipped items in the store', () => {
  let store: Awaited<ReturnType<typeof createTestStore>>;
  beforeAll(async () => {
    store = await createTestStore();
  });
  afterAll(() => store?.remove());

  it('keeps every skipped item with its document', async () => {
    const [result] = await ingestInto(store.location, { 'vdr.json': VDR });
    expect(result).toMatchObject({ status: 'stored', skipped: 2, skippedItems: VDR_SKIPS });
    const digest = `sha256:${createHash('sha256').update(VDR).digest('hex')}`;
    const opened = await openStore(store.location);
    try {
      expect(await opened.documentSkips(digest)).toEqual(VDR_SKIPS);
      expect(await opened.documentSkips(`sha256:${'0'.repeat(64)}`)).toBeUndefined();
    } finally {
      await opened.close();
    }
  });
});
