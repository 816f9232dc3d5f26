// Issue 29: nothing a stored document contains may stop the index from loading. A stored OSV
// advisory whose Maven range bounds overflowed the stack of the version comparison made every
// refresh fail and `serve` refuse to start; now a part that cannot be taken is left out,
// reported (error log, supplygraph_index_documents_left_out) and the rest answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { FactsBuilder } from '../../src/model/facts.js';
import { parseOsvAdvisory } from '../../src/ingest/formats/osv/parse.js';
import { translateOsv } from '../../src/ingest/formats/osv/translate.js';
import { IndexService, type IndexLogger } from '../../src/index/index-service.js';
import { openStore } from '../../src/store/open.js';
import { SQLITE_FILE_NAME } from '../../src/store/sqlite/sqlite-store.js';
import type { DocumentFacts } from '../../src/model/facts.js';
import { createTestStore, ingestInto, TEST_BACKEND } from '../helpers/server.js';
import { dependsOn } from '../helpers/predicates.js';

// Matching of one advisory throws, whatever the reason (a bug, a record no guard foresaw).
vi.mock('../../src/vuln/osv-match.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/vuln/osv-match.js')>();
  return {
    ...real,
    matchAdvisory: (
      advisory: Parameters<typeof real.matchAdvisory>[0],
      purl: Parameters<typeof real.matchAdvisory>[1],
    ) => {
      if (advisory.id === 'GHSA-boom-boom-boom') throw new Error('matching exploded');
      if (advisory.id === 'GHSA-late-late-late' && purl.version === '1.1') throw new Error('matching 1.1 exploded');
      return real.matchAdvisory(advisory, purl);
    },
  };
});

const LIB = 'pkg:maven/org.example/lib@1.0';
const GRAPH = { isDependency: [dependsOn('pkg:maven/org.example/app@1', LIB)] };
const nested = Array.from({ length: 10_000 }, () => '1a').join('.');

/** An OSV record's facts as ingest makes them (the guard of issue 29 included). */
function advisoryFacts(id: string, events: Record<string, string>[]): DocumentFacts {
  return translateOsv(
    parseOsvAdvisory({
      id,
      modified: '2024-01-01T00:00:00Z',
      affected: [{ package: { ecosystem: 'Maven', name: 'org.example:lib' }, ranges: [{ type: 'ECOSYSTEM', events }] }],
    }),
  );
}

/** The hostile advisory's facts written as they were before the ingest guard: bounds of 10,000 segments. */
function unguardedHostileFacts(): DocumentFacts {
  const builder = new FactsBuilder('osv');
  builder.advisory({
    vulnerability: { type: 'GHSA', id: 'GHSA-hhhh-hhhh-hhhh' },
    dbUri: 'https://github.com/advisories',
    modified: '2024-01-01T00:00:00Z',
    affected: [
      {
        ecosystem: 'Maven',
        name: 'org.example:lib',
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: nested }, { fixed: `${nested}.2` }] }],
        versions: [],
      },
    ],
  });
  return builder.facts;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A store with the Maven graph, the advisories given, and the ids of the advisory documents. */
async function storeWith(advisories: Record<string, DocumentFacts>): Promise<{ location: string; ids: number[] }> {
  const { location, remove } = await createTestStore();
  cleanups.push(remove);
  await ingestInto(location, { 'graph.json': GRAPH });
  const ids = await writeFacts(location, advisories);
  return { location, ids };
}

/** Writes documents straight through the store writer, below every ingest check. */
async function writeFacts(location: string, docs: Record<string, DocumentFacts>): Promise<number[]> {
  const store = await openStore(location);
  try {
    const ids: number[] = [];
    for (const [name, facts] of Object.entries(docs)) {
      const outcome = await store.writeDocument({
        digest: `sha256:${name}`,
        name,
        facts,
        origin: name,
        collector: 'test',
        ingestedAt: '2024-01-01T00:00:00Z',
      });
      ids.push(outcome.documentId);
    }
    return ids;
  } finally {
    await store.close();
  }
}

function recordingLogger(): IndexLogger & { errors: { obj: object; msg: string }[] } {
  const errors: { obj: object; msg: string }[] = [];
  return { info: () => undefined, error: (obj, msg) => errors.push({ obj, msg }), errors };
}

async function startService(location: string, logger?: IndexLogger): Promise<IndexService> {
  const service = new IndexService(await openStore(location), { refreshIntervalMs: 0, logger });
  cleanups.push(async () => {
    service.stop();
    await service.store.close();
  });
  await service.start();
  return service;
}

const matchesOf = (service: IndexService, purl: string): string[] => {
  const pkg = service.index.packageId(purl)!;
  return [...service.index.advisoryMatchesOf(pkg)].map((v) => service.index.keyOf(v));
};

describe('index load with poisonous stored documents', () => {
  it('loads a stored advisory with 10,000-segment Maven bounds (written below the ingest guard)', async () => {
    const { location } = await storeWith({
      'good.json': advisoryFacts('GHSA-good-good-good', [{ introduced: '0' }, { fixed: '2.0' }]),
      'hostile.json': unguardedHostileFacts(),
    });
    // Before issue 29 the first load threw RangeError (Maximum call stack size exceeded).
    const service = await startService(location);
    expect(service.isReady).toBe(true);
    expect(matchesOf(service, LIB)).toEqual(['GHSA-good-good-good']);
    expect(service.index.loadProblems.count).toBe(0); // bounded comparison: nothing throws any more
  });

  it('leaves out an advisory whose matching throws, reports it, and serves the rest (start and refresh)', async () => {
    const logger = recordingLogger();
    const { location, ids } = await storeWith({
      'boom.json': advisoryFacts('GHSA-boom-boom-boom', [{ introduced: '0' }]),
      'late.json': advisoryFacts('GHSA-late-late-late', [{ introduced: '0' }]),
      'good.json': advisoryFacts('GHSA-good-good-good', [{ introduced: '0' }, { fixed: '2.0' }]),
    });
    const service = await startService(location, logger);
    expect(service.isReady).toBe(true);
    expect(matchesOf(service, LIB).sort()).toEqual(['GHSA-good-good-good', 'GHSA-late-late-late']);
    const boom = service.index.vulnerabilityId('GHSA-boom-boom-boom');
    expect(boom).toBeDefined();
    expect(service.index.advisory(boom!)).toBeUndefined();
    const atStart = {
      doc: ids[0],
      digest: 'sha256:boom.json',
      part: 'advisory GHSA-boom-boom-boom',
      reason: 'Error: matching exploded',
    };
    expect(service.index.loadProblems.list).toEqual([atStart]);
    expect(logger.errors).toEqual([
      { obj: { leftOut: [atStart] }, msg: 'stored documents left out of the index in part' },
    ]);

    // A refresh brings lib@1.1, whose matching against a known advisory throws: that advisory
    // is left out (its earlier matches too), the refresh succeeds.
    expect(await storeAgain(location, service)).toBe(true);
    expect(matchesOf(service, 'pkg:maven/org.example/lib@1.1')).toEqual(['GHSA-good-good-good']);
    expect(matchesOf(service, LIB)).toEqual(['GHSA-good-good-good']);
    const onRefresh = {
      doc: ids[1],
      digest: 'sha256:late.json',
      part: 'advisory GHSA-late-late-late',
      reason: 'Error: matching 1.1 exploded',
    };
    expect(service.index.loadProblems.list).toEqual([atStart, onRefresh]);
    expect(logger.errors[1]).toEqual({
      obj: { leftOut: [onRefresh] },
      msg: 'stored documents left out of the index in part',
    });
    expect(service.isReady).toBe(true);
  });

  it.skipIf(TEST_BACKEND !== 'sqlite')('leaves out a stored row that cannot be decoded', async () => {
    const { location, ids } = await storeWith({
      'good.json': advisoryFacts('GHSA-good-good-good', [{ introduced: '0' }, { fixed: '2.0' }]),
      'damaged.json': advisoryFacts('GHSA-dmgd-dmgd-dmgd', [{ introduced: '0' }]),
    });
    const db = new Database(join(location, SQLITE_FILE_NAME));
    db.prepare('UPDATE advisory SET affected = ? WHERE doc = ?').run('{not json', ids[1]);
    db.close();
    const service = await startService(location);
    expect(service.isReady).toBe(true);
    expect(matchesOf(service, LIB)).toEqual(['GHSA-good-good-good']);
    expect(service.index.loadProblems.list).toMatchObject([
      { doc: ids[1], digest: 'sha256:damaged.json', part: 'a row of advisory' },
    ]);
  });
});

/** Ingests another version of the library and refreshes. */
async function storeAgain(location: string, service: IndexService): Promise<boolean> {
  await ingestInto(location, {
    'more.json': { isDependency: [dependsOn('pkg:maven/org.example/app@2', 'pkg:maven/org.example/lib@1.1')] },
  });
  return service.refresh();
}
