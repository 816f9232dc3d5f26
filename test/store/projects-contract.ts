// Projects and builds as GraphStore keeps them, the same on both backends (run by
// sqlite/projects.test.ts and postgres/projects.test.ts on a fresh store): derived or given
// projects, the latest build by builtAt then ingest order, moves, deletes and labels.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import type { GraphStore, StoredProject } from '../../src/store/types.js';
import { storeBuild, type ServiceBuild } from '../helpers/builds.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const PETCLINIC = 'cyclonedx/cyclonedx-cyclonedx-maven-spring-petclinic.json';
const ALPINE_IMAGE = 'cyclonedx/cyclonedx-syft-alpine-latest-image.json';
const ADVISORY = 'osv/osv-ghsa-npm-fastify-passport-GHSA-2ccf-ffrj-m4qw.json';

async function ingestFixture(store: GraphStore, path: string): Promise<string> {
  const bytes = readFileSync(join(FIXTURES, path));
  const result = await ingestDocument(
    { name: path, read: () => Promise.resolve(bytes) },
    { store, collector: 'test', maxDocumentBytes: 1 << 26 },
  );
  expect(result.status, result.error).toBe('stored');
  return result.digest!;
}

function component(path: string): { group?: string; name: string } {
  const bom = JSON.parse(readFileSync(join(FIXTURES, path), 'utf8')) as {
    metadata: { component: { group?: string; name: string } };
  };
  return bom.metadata.component;
}

const build = (version: string, components: string[] = ['pkg:npm/left-pad@1.3.0']): ServiceBuild => ({
  service: '@acme/orders',
  version,
  components,
});

async function all(store: GraphStore): Promise<StoredProject[]> {
  return (await store.listProjects({ sort: 'name', limit: 100 })).projects;
}

export function projectsContract(open: () => Promise<GraphStore>): void {
  describe('projects', () => {
    it('derives a project from the subject: a package name, an image repository; other documents are no builds', async () => {
      const store = await open();
      try {
        const petclinic = await ingestFixture(store, PETCLINIC);
        const image = await ingestFixture(store, ALPINE_IMAGE);
        await ingestFixture(store, ADVISORY);
        const { group, name } = component(PETCLINIC);
        const repository = component(ALPINE_IMAGE).name.replace(/:[^/:]*$/, '');
        const projects = await all(store);
        expect(projects.map((p) => p.name)).toEqual([repository, `${group}/${name}`].sort());
        const spring = projects.find((p) => p.name === `${group}/${name}`)!;
        expect(spring).toMatchObject({ builds: 1, labels: {} });
        expect(spring.latest).toMatchObject({ digest: petclinic, commit: null });
        expect(spring.latest!.version).toBe(
          JSON.parse(readFileSync(join(FIXTURES, PETCLINIC), 'utf8')).metadata.component.version,
        );
        expect(projects.find((p) => p.name === repository)!.latest!.digest).toBe(image);
        expect(
          await store.moveBuild(await ingestFixture(store, 'openvex/openvex-vexctl-sample-2vulns.json'), 'x', 'now'),
        ).toBe('not-a-build');
      } finally {
        await store.close();
      }
    });

    it('keeps the latest build by builtAt, then ingest order; lists builds newest first, by keyset', async () => {
      const store = await open();
      try {
        const at = (day: number): string => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
        const d3 = await storeBuild(store, build('1.0.3'), { builtAt: at(3) });
        const d1 = await storeBuild(store, build('1.0.1'), { builtAt: at(1) });
        const d5 = await storeBuild(store, build('1.0.5'), { builtAt: at(5), commit: 'abc123', branch: 'main' });
        const d5b = await storeBuild(store, build('1.0.6'), { builtAt: at(5) });
        const [orders] = await all(store);
        expect(orders).toMatchObject({ name: '@acme/orders', builds: 4 });
        expect(orders.latest).toMatchObject({ digest: d5b, version: '1.0.6', builtAt: at(5) });
        const page1 = await store.projectBuilds('@acme/orders', { limit: 2 });
        expect(page1.map((b) => b.digest)).toEqual([d5b, d5]);
        expect(page1[1]).toMatchObject({ commit: 'abc123', branch: 'main', version: '1.0.5' });
        const last = page1[1];
        const page2 = await store.projectBuilds('@acme/orders', {
          limit: 5,
          before: { builtAt: last.builtAt, doc: last.document },
        });
        expect(page2.map((b) => b.digest)).toEqual([d3, d1]);
      } finally {
        await store.close();
      }
    });

    it('moves a build between projects and recounts both; a project left without builds goes', async () => {
      const store = await open();
      try {
        const first = await storeBuild(store, build('2.0.0'));
        const second = await storeBuild(store, build('2.0.1'));
        expect(await store.moveBuild(second, 'orders-legacy', new Date().toISOString())).toBe('moved');
        let projects = await all(store);
        expect(projects.map((p) => [p.name, p.builds, p.latest?.digest])).toEqual([
          ['@acme/orders', 1, first],
          ['orders-legacy', 1, second],
        ]);
        expect(await store.moveBuild(first, 'orders-legacy', new Date().toISOString())).toBe('moved');
        projects = await all(store);
        expect(projects.map((p) => [p.name, p.builds, p.latest?.digest])).toEqual([['orders-legacy', 2, second]]);
        expect(await store.moveBuild(`sha256:${'0'.repeat(64)}`, 'x', 'now')).toBe('not-found');
      } finally {
        await store.close();
      }
    });

    it('a delete recounts the project and finds its latest build again; the last build takes labels with it', async () => {
      const store = await open();
      try {
        const old = await storeBuild(store, build('3.0.0'), { labels: { team: 'payments' } });
        const latest = await storeBuild(store, build('3.0.1'));
        expect(await store.deleteDocument(latest)).toBe(true);
        let [orders] = await all(store);
        expect(orders).toMatchObject({ builds: 1, labels: { team: 'payments' } });
        expect(orders.latest!.digest).toBe(old);
        expect(await store.deleteDocument(old)).toBe(true);
        expect(await all(store)).toEqual([]);
        await storeBuild(store, build('3.0.2'));
        [orders] = await all(store);
        expect(orders.labels).toEqual({});
      } finally {
        await store.close();
      }
    });

    it('labels: set at upload (later values win), set and removed later; filters by label and name; sorts by last build', async () => {
      const store = await open();
      try {
        await storeBuild(store, build('4.0.0'), { labels: { team: 'payments', env: 'dev' } });
        await storeBuild(store, build('4.0.1'), { labels: { env: 'prod' } });
        await storeBuild(
          store,
          { service: 'billing', version: '1.0.0', components: ['pkg:npm/left-pad@1.3.0'] },
          { builtAt: '2020-01-01T00:00:00Z', labels: { team: 'payments' } },
        );
        // Dated after the others: ingest times of two builds can fall in one millisecond.
        await storeBuild(
          store,
          { service: 'web', version: '1.0.0', components: [] },
          { project: 'frontend', builtAt: '2099-01-01T00:00:00Z' },
        );
        expect((await store.getProject('@acme/orders'))!.labels).toEqual({ team: 'payments', env: 'prod' });
        expect(await store.setProjectLabels('@acme/orders', { env: null, tier: '1' })).toBe(true);
        expect((await store.getProject('@acme/orders'))!.labels).toEqual({ team: 'payments', tier: '1' });
        expect(await store.setProjectLabels('nope', { a: 'b' })).toBe(false);

        const payments = await store.listProjects({ sort: 'name', labels: [['team', 'payments']], limit: 10 });
        expect(payments.projects.map((p) => p.name)).toEqual(['@acme/orders', 'billing']);
        expect(payments.total).toBe(2);
        const both = await store.listProjects({
          sort: 'name',
          labels: [
            ['team', 'payments'],
            ['tier', '1'],
          ],
          limit: 10,
        });
        expect(both.projects.map((p) => p.name)).toEqual(['@acme/orders']);
        const prefixed = await store.listProjects({ sort: 'name', namePrefix: 'b', limit: 10 });
        expect(prefixed.projects.map((p) => p.name)).toEqual(['billing']);

        const byBuild = await store.listProjects({ sort: 'lastBuild', limit: 2 });
        expect(byBuild.projects.map((p) => p.name)).toEqual(['frontend', '@acme/orders']);
        const last = byBuild.projects[1];
        const rest = await store.listProjects({
          sort: 'lastBuild',
          after: { name: last.name, latestBuiltAt: last.latest!.builtAt },
          limit: 5,
        });
        expect(rest.projects.map((p) => p.name)).toEqual(['billing']);
        expect(rest.total).toBe(3);
      } finally {
        await store.close();
      }
    });
  });
}
