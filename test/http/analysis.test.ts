// /analysis/dependencies: frequency rules and tie order, scorecard order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, sbomFor, scorecard, sourceAt } from '../helpers/predicates.js';
import { startTestApp, type TestClient } from '../helpers/server.js';

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    // app1 → lib-a → lib-c; app2 → lib-b → lib-c; lib-c@2 → lib-c@1 (another version of itself).
    'sbom-1.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app1@1' })],
      isDependency: [
        dependsOn('pkg:npm/app1@1', 'pkg:npm/lib-a@1'),
        dependsOn('pkg:npm/lib-a@1', 'pkg:npm/lib-c@1'),
        dependsOn('pkg:npm/app1@1', 'pkg:guac/files/app1/index.js@1'),
        dependsOn('pkg:npm/app1@1', 'pkg:golang/github.com/ossf/scorecard@v4.13.0'),
      ],
    },
    'sbom-2.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app2@1' })],
      isDependency: [
        dependsOn('pkg:npm/app2@1', 'pkg:npm/lib-b@1'),
        dependsOn('pkg:npm/lib-b@1', 'pkg:npm/lib-c@2'),
        dependsOn('pkg:npm/lib-c@2', 'pkg:npm/lib-c@1'),
      ],
    },
    // Edges from a deps.dev SBOM and from a document with no SBOM do not count.
    'depsdev.json': {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app3@1' }, 'deps.dev')],
      isDependency: [dependsOn('pkg:npm/app3@1', 'pkg:npm/lib-a@1')],
    },
    'no-sbom.json': { isDependency: [dependsOn('pkg:npm/app4@1', 'pkg:npm/lib-a@1')] },
    'scorecards.json': {
      certifyScorecard: [
        scorecard('example', 'lib-a', 7.5),
        scorecard('example', 'lib-b', 3.0),
        scorecard('example', 'lib-c', 3.0),
        scorecard('ossf', 'scorecard', 9.1),
        scorecard('example', 'lib-a', 6.0, '2023-01-01T00:00:00Z'),
      ],
      hasSourceAt: [
        sourceAt('pkg:npm/lib-a', 'example', 'lib-a', true),
        sourceAt('pkg:npm/lib-b@1', 'example', 'lib-b'),
        sourceAt('pkg:npm/lib-c', 'example', 'lib-c', true),
      ],
    },
  });
});
afterAll(() => t.close());

describe('GET /analysis/dependencies?sort=frequency', () => {
  it('counts distinct dependent package versions through SBOM edges, highest first, ties by name', async () => {
    const r = await t.get('/analysis/dependencies?sort=frequency');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(
      [
        // lib-c: lib-a@1, app1@1, lib-b@1, app2@1, lib-c@2 (another version depends on lib-c@1)
        { Name: 'pkg:npm/lib-c', DependentCount: 5 },
        { Name: 'pkg:npm/lib-a', DependentCount: 1 },
        { Name: 'pkg:npm/lib-b', DependentCount: 1 },
        { Name: 'pkg:golang/github.com/ossf/scorecard', DependentCount: 1 },
      ].sort((a, b) => b.DependentCount - a.DependentCount || (a.Name < b.Name ? -1 : 1)),
    );
    expect(r.headers.get('x-total-count')).toBe('4');
  });

  it('ignores guac file pseudo-packages', async () => {
    const r = await t.get('/analysis/dependencies?sort=frequency');
    expect(r.body.map((e: any) => e.Name)).not.toContain('pkg:guac/files/app1/index.js');
  });

  it('a missing or unknown sort is 400', async () => {
    expect((await t.get('/analysis/dependencies')).status).toBe(400);
    const r = await t.get('/analysis/dependencies?sort=popularity');
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/sort.*frequency, scorecard/);
  });

  it('is recomputed after an ingest', async () => {
    await t.ingest('sbom-5.json', {
      hasSBOM: [sbomFor({ pkg: 'pkg:npm/app5@1' })],
      isDependency: [dependsOn('pkg:npm/app5@1', 'pkg:npm/lib-b@1')],
    });
    let entry;
    for (let i = 0; i < 50; i++) {
      entry = (await t.get('/analysis/dependencies?sort=frequency')).body.find((e: any) => e.Name === 'pkg:npm/lib-b');
      if (entry.DependentCount === 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(entry.DependentCount).toBe(2);
  });
});

describe('GET /analysis/dependencies?sort=scorecard', () => {
  it('lowest latest score first, ties by dependent count then name, with the score; names without scorecard left out', async () => {
    const r = await t.get('/analysis/dependencies?sort=scorecard');
    expect(r.status).toBe(200);
    expect(r.body.map((e: any) => [e.Name, e.Score])).toEqual([
      ['pkg:npm/lib-c', 3.0], // 3.0 with the most dependents
      ['pkg:npm/lib-b', 3.0],
      ['pkg:npm/lib-a', 7.5], // the 2024 result, not the older 6.0
      ['pkg:golang/github.com/ossf/scorecard', 9.1], // source implied by the purl
    ]);
    expect(r.body[0]).toMatchObject({
      Source: 'git+https://github.com/example/lib-c',
      DependentCount: expect.any(Number),
    });
  });
});
