// The benchmark's graph generator: deterministic from its seed, and everything it writes ingests.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../bench/generate/generate.js';
import type { Manifest } from '../../bench/generate/manifest.js';
import { GraphIndex } from '../../src/index/graph-index.js';
import { LoadBatch } from '../../src/index/load-batch.js';
import { artifactDependencies, packageDependencies, packageDependents } from '../../src/query/dependencies.js';
import { resolvePackages } from '../../src/query/resolve.js';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import { canonicalPurl } from '../../src/model/purl.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { EMPTY_CURSOR } from '../../src/store/types.js';
import { tempDir } from '../helpers/server.js';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

const work = tempDir('sg-bench-gen-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('bench/generate', () => {
  let manifest: Manifest;

  it('writes the same bytes for the same seed, and other bytes for another seed', () => {
    manifest = generate({ size: 'tiny', seed: '7', out: join(work, 'a') });
    generate({ size: 'tiny', seed: '7', out: join(work, 'b') });
    generate({ size: 'tiny', seed: '8', out: join(work, 'c') });
    const a = files(join(work, 'a'));
    expect(a).toEqual(files(join(work, 'b')));
    expect(a.length).toBeGreaterThan(10);
    for (const f of a) {
      const x = readFileSync(join(work, 'a', f));
      const y = readFileSync(join(work, 'b', f));
      if (f === 'manifest.json') {
        // The manifest records how long generation took; everything else in it must match.
        const strip = (b: Buffer) => ({
          ...JSON.parse(b.toString()),
          stats: { ...JSON.parse(b.toString()).stats, seconds: 0 },
        });
        expect(strip(x)).toEqual(strip(y));
      } else {
        expect(x.equals(y), f).toBe(true);
      }
    }
    expect(
      readFileSync(join(work, 'a', 'sboms/apps/app-00001.cdx.json')).equals(
        readFileSync(join(work, 'c', 'sboms/apps/app-00001.cdx.json')),
      ),
    ).toBe(false);
  });

  it('covers every version, and names packages by canonical purls', () => {
    const s = manifest.stats;
    expect(s.versionsCovered).toBe(s.packageVersions);
    expect(s.vulnerableVersions).toBeGreaterThan(0);
    expect(s.sourcesWithScorecard).toBeGreaterThan(0);
    const purls = [...manifest.queries.typical, ...manifest.queries.large]
      .map((q) => q.purl)
      .concat(
        manifest.queries.apps.map((a) => a.purl),
        manifest.queries.vulnerable,
        manifest.queries.partial.map((p) => p.purl),
      );
    expect(purls.length).toBeGreaterThan(10);
    for (const p of purls) expect(canonicalPurl(p)).toBe(p);
  });

  it('ingests every file it writes, nothing skipped, and the union graph is the generated one', async () => {
    const dir = join(work, 'a');
    const storeDir = join(work, 'store');
    const store = SqliteStore.open(storeDir);
    let dependencies = 0;
    try {
      for (const f of files(dir).filter((x) => x !== 'manifest.json')) {
        const r = await ingestDocument(
          { name: f, read: () => Promise.resolve(readFileSync(join(dir, f))) },
          { store, collector: 'test', maxDocumentBytes: 1 << 28 },
        );
        expect({ file: f, status: r.status, skipped: r.skipped, error: r.error }).toEqual({
          file: f,
          status: 'stored',
          skipped: 0,
          error: undefined,
        });
        dependencies += r.dependencies;
      }
      const batch = new LoadBatch();
      await store.load(EMPTY_CURSOR, batch);
      const index = new GraphIndex();
      index.apply(batch);
      expect(index.nodes.packageIds.size).toBe(
        manifest.stats.packageVersions +
          manifest.stats.documents.apps +
          1 /* extra app */ +
          manifest.stats.documents.images,
      );
      expect(index.adjacency.dependencyOut.targets.length).toBe(manifest.stats.distinctEdgesWithSubjects);
      expect(dependencies).toBe(manifest.stats.dependencyFacts);
      expect(index.vulnerabilities.findingsByPackage.size).toBe(manifest.stats.vulnerableVersions);
      expect(index.sources.scorecards.size).toBe(manifest.stats.sourcesWithScorecard);
      for (const im of manifest.queries.images) expect(index.artifactId(im.digest)).toBeDefined();

      // The reverse questions' inputs are what they claim to be on the ingested graph. The
      // generator counts dependents over the package graph only; the service adds the
      // applications and images whose SBOMs reach the package.
      const r = manifest.queries.reverse!;
      expect(r.dependentsPopular.length).toBeGreaterThan(5);
      expect(r.dependentsPopular[0].dependents).toBeGreaterThan(r.dependentsTypical[0].dependents);
      for (const d of [...r.dependentsPopular.slice(0, 5), ...r.dependentsTypical.slice(0, 20)]) {
        const found = packageDependents(index, resolvePackages(index, d.purl), false)
          .map(index.keyOf)
          .filter(
            (p) =>
              !/^pkg:(oci\/|npm\/%40acme\/svc-|maven\/com\.acme\.services\/|pypi\/acme-svc-|golang\/github\.com\/acme\/svc-)/.test(
                p,
              ),
          );
        expect(found.length, d.purl).toBe(d.dependents);
      }
      for (const v of [...r.vulnsPopular, ...r.vulnsSample]) {
        expect(resolvePackages(index, v.package).ids.length).toBeGreaterThanOrEqual(v.versions);
        expect(v.id).toMatch(/^GHSA-/);
        expect(v.alias).toMatch(/^CVE-/);
      }
      for (const p of r.pathsPackage.slice(0, 20))
        expect(packageDependencies(index, resolvePackages(index, p.from))).toContain(p.to);
      for (const p of r.pathsImage) expect(artifactDependencies(index, p.from)).toContain(p.to);
    } finally {
      await store.close();
    }
  });
});
