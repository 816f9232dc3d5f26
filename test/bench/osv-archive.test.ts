// The OSV archive generator of the feeds benchmark: the same bytes for the same options, a zip the
// feed reads entry by entry, every record an OSV record ingest takes, and a shifted twin whose
// changes are the ones it reports (records newer, gone, withdrawn).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateArchive } from '../../bench/generate/osv-archive/generate-archive.js';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import { DEFAULT_ZIP_LIMITS, zipDocuments } from '../../src/ingest/zip.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { tempDir } from '../helpers/server.js';

const work = tempDir('sg-bench-osv-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

async function records(path: string): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for await (const doc of zipDocuments(path, { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: 1 << 24 })) {
    const json = JSON.parse(doc.bytes!.toString('utf8')) as Record<string, unknown>;
    expect(doc.name.endsWith(`!/${String(json.id)}.json`)).toBe(true);
    out.set(String(json.id), json);
  }
  return out;
}

describe('bench/generate/osv-archive', () => {
  const a = join(work, 'a.zip');

  it('writes the same bytes for the same options; every entry is an OSV record ingest stores', async () => {
    await generateArchive({ records: 300, out: a, seed: '3', shift: 0 });
    await generateArchive({ records: 300, out: join(work, 'b.zip'), seed: '3', shift: 0 });
    expect(sha(a)).toBe(sha(join(work, 'b.zip')));
    const all = await records(a);
    expect(all.size).toBe(300);
    const store = SqliteStore.open(join(work, 'store'));
    try {
      const options = { store, collector: 'test', maxDocumentBytes: 1 << 24 };
      for (const [id, json] of all) {
        const result = await ingestDocument(
          { name: id, read: () => Promise.resolve(Buffer.from(JSON.stringify(json))) },
          options,
        );
        expect([id, result.status, result.format]).toEqual([id, 'stored', expect.stringMatching(/^osv/)]);
      }
    } finally {
      await store.close();
    }
    const ecosystems = new Set(
      [...all.values()].flatMap((r) =>
        (r.affected as { package: { ecosystem: string } }[]).map((x) => x.package.ecosystem.split(':')[0]),
      ),
    );
    expect([...ecosystems]).toEqual(expect.arrayContaining(['Ubuntu', 'Debian', 'npm', 'PyPI']));
  });

  it('shifts as it says: some records newer, some gone, some withdrawn, the rest the same', async () => {
    const shifted = join(work, 'shift.zip');
    const summary = await generateArchive({ records: 300, out: shifted, seed: '3', shift: 20 });
    const [before, after] = [await records(a), await records(shifted)];
    const gone = [...before.keys()].filter((id) => !after.has(id));
    const changed = [...after.keys()].filter((id) => JSON.stringify(after.get(id)) !== JSON.stringify(before.get(id)));
    const withdrawn = changed.filter(
      (id) => after.get(id)!.withdrawn !== undefined && before.get(id)!.withdrawn === undefined,
    );
    const newer = changed.filter((id) => String(after.get(id)!.modified) > String(before.get(id)!.modified));
    const said = summary.modifiedShift as { changed: number; removed: number; withdrawn: number };
    expect(gone.length).toBe(said.removed);
    expect(withdrawn.length).toBe(said.withdrawn);
    expect(newer.length).toBe(changed.length); // every change is dated later
    expect(changed.length).toBe(said.changed + said.withdrawn);
  });
});
