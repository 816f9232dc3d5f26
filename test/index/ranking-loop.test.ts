// The frequency ranking's background loop under a stream of changes: a run counts the graph it
// started on to its end, however many refreshes land meanwhile (it used to be thrown away at the
// next change, so under one upload a second no ranking was ever finished), and the next run waits
// at least RANKING_PAUSE_MS (1 s) or as long as the last run took, so the ranking takes at most
// about half of the event loop. Only the pause's timer is faked; the runs yield with setImmediate.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeFrequencyRanking } from '../../src/index/frequency.js';
import { IndexService } from '../../src/index/index-service.js';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';

/** A CycloneDX SBOM of `app` whose components form a chain: each depends on the next. */
function chainSbom(app: string, chain: readonly string[]): Buffer {
  const refs = [app, ...chain];
  return Buffer.from(
    JSON.stringify({
      bomFormat: 'CycloneDX',
      specVersion: '1.5',
      serialNumber: `urn:uuid:00000000-0000-4000-8000-${String(chain.length).padStart(12, '0')}`,
      version: 1,
      metadata: { component: { 'bom-ref': app, type: 'application', name: app, purl: app } },
      components: chain.map((purl) => ({ 'bom-ref': purl, type: 'library', name: purl, purl })),
      dependencies: refs.map((ref, i) => ({ ref, dependsOn: i + 1 < refs.length ? [refs[i + 1]] : [] })),
    }),
  );
}

const chain = (n: number, version: number): string[] =>
  Array.from({ length: n }, (_, i) => `pkg:npm/lib${i}@${i === n - 1 ? version : 1}`);

let dir: string;
let store: SqliteStore;
let service: IndexService;
const computed: number[] = [];

async function ingest(name: string, bytes: Buffer): Promise<void> {
  await ingestDocument(
    { name, read: () => Promise.resolve(bytes) },
    { store, collector: 'test', maxDocumentBytes: 1 << 20 },
  );
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  dir = mkdtempSync(join(tmpdir(), 'sg-ranking-loop-'));
  store = SqliteStore.open(join(dir, 'store'));
  computed.length = 0;
  await ingest('one.cdx.json', chainSbom('pkg:npm/app@1', chain(30, 1)));
  const logger = {
    info: (obj: object, msg: string): void => {
      if (msg === 'frequency ranking computed') computed.push((obj as { version: number }).version);
    },
    error: (): void => undefined,
  };
  // Every step of a run is a turn of the event loop, so a refresh can land in the middle of one.
  service = new IndexService(store, { refreshIntervalMs: 0, logger, rankingSliceMs: 0 });
  await service.start();
});

afterEach(async () => {
  service.stop();
  vi.useRealTimers();
  await store.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe('the frequency ranking loop', () => {
  it('finishes a run that a refresh overtook, then pauses before counting what came since', async () => {
    const first = service.version;
    await turn();
    await turn();
    expect(service.latestFrequencyRanking).toBeUndefined(); // under way

    await ingest('two.cdx.json', chainSbom('pkg:npm/app@2', chain(30, 2)));
    await service.refresh();
    const second = service.version;
    expect(second).toBeGreaterThan(first);

    // The run under way was not thrown away: it is the ranking of the graph it started on.
    const ranking = await service.frequencyRanking();
    expect(ranking.generation).toBe(first);
    expect(computed).toEqual([first]);

    // The next run waits for the pause (at least 1 s), then counts the newer graph. A run of this
    // graph takes a few dozen turns: without the pause it would be done within these 300.
    await vi.advanceTimersByTimeAsync(999);
    for (let i = 0; i < 300; i++) await turn();
    expect(computed).toEqual([first]);
    await vi.advanceTimersByTimeAsync(1);
    while (service.latestFrequencyRanking?.generation !== second) await turn();
    expect(computed).toEqual([first, second]);
    const fresh = await computeFrequencyRanking(service.index, () => false);
    expect(service.latestFrequencyRanking.entries).toEqual(fresh!.entries);
  });

  it('drops the ranking of a graph a delete replaced, and cuts the pause for who asks for one', async () => {
    await turn();
    await turn();
    await ingest('two.cdx.json', chainSbom('pkg:npm/app@2', chain(30, 2)));
    await service.refresh();
    // The first run is of the graph before the refresh: the loop now pauses before the next.
    expect((await service.frequencyRanking()).generation).toBeLessThan(service.version);
    const [one] = (await store.listDocuments({ limit: 10 })).documents.filter((d) => d.name === 'one.cdx.json');
    expect(await store.deleteDocument(one.digest)).toBe(true);
    await service.refresh();
    // No ranking of the old graph is served, and nobody waits out the pause (its timer is faked).
    expect(service.latestFrequencyRanking).toBeUndefined();
    const ranking = await service.frequencyRanking();
    expect(ranking.generation).toBe(service.version);
    const fresh = await computeFrequencyRanking(service.index, () => false);
    expect(ranking.entries).toEqual(fresh!.entries);
  });
});
