// A large change reaches the index without holding the event loop (docs/architecture.md, "Ingest
// and refresh off the event loop"): the SQLite load yields between slices, and a change of more
// than the in-place bar of rows is built into an index aside, in slices, and swapped in, with `busy` set
// meanwhile and the old index answering. The clock is faked (each reading moves it on 1 ms), so
// where slices end does not depend on the machine's speed.
import { rowOf } from '../../src/index/csr.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLargeSpdx } from '../../reliability/large-spdx.js';
import { GraphIndex } from '../../src/index/graph-index.js';
import { IN_PLACE_ROWS, IndexService } from '../../src/index/index-service.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { EMPTY_CURSOR } from '../../src/store/types.js';

/** The in-place bar for these tests: small, so the documents stay small. */
const INPLACE_FOR_TEST = 10_000;

let dir: string;
let store: SqliteStore;

async function ingestSpdx(packages: number, seed: string): Promise<void> {
  const path = join(dir, `${seed}.spdx.json`);
  await writeLargeSpdx(path, packages, seed);
  const result = await ingestDocument(
    { name: path, path, read: () => readFile(path) },
    { store, collector: 'test', maxDocumentBytes: 1 << 30 },
  );
  expect(result.status).toBe('stored');
}

/** Counts event-loop turns (setImmediate callbacks) until stopped. */
function turnCounter(onTurn: () => void = () => undefined): { turns: () => number; stop: () => void } {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    if (!running) return;
    turns++;
    onTurn();
    setImmediate(tick);
  };
  setImmediate(tick);
  return { turns: () => turns, stop: () => (running = false) };
}

const adjacencyOf = ({ adjacency: a, nodeCount }: GraphIndex): number[][] => [
  ...[a.dependencyOut, a.dependencyIn, a.rankedDependents, a.equivalent].flatMap((c) => [
    Array.from(c.offsets),
    Array.from(c.targets),
  ]),
  // Layered rows: the same neighbours, whichever layer holds them.
  ...Array.from({ length: nodeCount }, (_, u) => rowOf(a.sbomOut, u).sort((x, y) => x - y)),
];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sg-refresh-yields-'));
  store = SqliteStore.open(join(dir, 'store'));
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => ++clock);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('loading a large change yields to the event loop', () => {
  it('the SQLite load gives other callbacks turns while it reads', async () => {
    await ingestSpdx(2000, 'load');
    const counter = turnCounter();
    const batch = new LoadBatch();
    await store.load(EMPTY_CURSOR, batch);
    counter.stop();
    expect(batch.rows).toBeGreaterThan(4000);
    expect(counter.turns()).toBeGreaterThan(0);
  });

  it('a change too large to apply in place is built aside while the old index answers, then swapped in', async () => {
    await ingestSpdx(10, 'small');
    const service = new IndexService(store, { refreshIntervalMs: 0, inPlaceRows: INPLACE_FOR_TEST });
    await service.start();
    const before = service.index;
    await ingestSpdx(4000, 'large');

    let sawBusy = false;
    let swappedEarly = false;
    let refreshing = true;
    const counter = turnCounter(() => {
      if (!refreshing) return;
      sawBusy ||= service.busy;
      // Until the swap, requests read the old index, whole.
      if (service.busy) swappedEarly ||= service.index !== before;
    });
    expect(await service.refresh()).toBe(true);
    refreshing = false;
    counter.stop();
    expect(counter.turns()).toBeGreaterThan(0);
    expect(sawBusy).toBe(true);
    expect(swappedEarly).toBe(false);
    expect(service.busy).toBe(false);
    expect(service.index).not.toBe(before);

    // The same graph as one synchronous load of everything.
    const reference = new GraphIndex();
    const all = new LoadBatch();
    await store.load(EMPTY_CURSOR, all);
    expect(all.rows).toBeGreaterThan(INPLACE_FOR_TEST);
    expect(IN_PLACE_ROWS).toBeGreaterThan(INPLACE_FOR_TEST);
    reference.apply(all);
    const built = service.index;
    expect(built.graphCounts()).toEqual(reference.graphCounts());
    expect(adjacencyOf(built)).toEqual(adjacencyOf(reference));
    expect(Array.from(built.packageOrder.inOrder)).toEqual(Array.from(reference.packageOrder.inOrder));
    const ranks = (index: GraphIndex): number[] =>
      Array.from(index.packageOrder.inOrder, (id) => index.packageOrder.rankOf[id]);
    expect(ranks(built)).toEqual(ranks(reference));
    const found = (index: GraphIndex): string[] => {
      const names: string[] = [];
      index.forEachPackageNameMatching('json', (nameKey) => names.push(nameKey));
      return names.sort();
    };
    expect(found(built)).toEqual(found(reference));
    service.stop();
  });
});
