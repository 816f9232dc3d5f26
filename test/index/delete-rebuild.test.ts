// After a delete the index is rebuilt from the start and swapped in: answers, the version (and
// so ETags and cached answers) and the frequency ranking follow; the service's figures for the
// metrics endpoint say what happened.
import { describe, expect, it } from 'vitest';
import { dependsOn } from '../helpers/predicates.js';
import { enc, startTestApp } from '../helpers/server.js';

describe('index rebuild after a delete', () => {
  it('drops what only the deleted document said, moves the version on and recomputes the ranking', async () => {
    const t = await startTestApp({
      'one.json': {
        isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/lib@1'), dependsOn('pkg:npm/x@1', 'pkg:npm/lib@1')],
      },
      'two.json': { isDependency: [dependsOn('pkg:npm/app@1', 'pkg:npm/other@1')] },
    });
    try {
      const service = t.server.service;
      expect(service.indexedDocuments).toBe(2);
      expect(service.refreshFailureCount).toBe(0);
      expect(service.lastRefreshMillis).toBeGreaterThanOrEqual(0);
      const before = await t.get(`/v0/package/${enc('pkg:npm/app@1')}/dependencies`);
      expect(before.body).toMatchObject({ dependencies: ['pkg:npm/lib@1', 'pkg:npm/other@1'] });
      expect((await service.frequencyRanking()).generation).toBe(service.version);
      expect(service.lastRankingMillis).toBeGreaterThanOrEqual(0);
      const version = service.version;
      const etag = before.headers.get('etag');

      const [one] = (await service.store.listDocuments({ limit: 10 })).documents.filter((d) => d.name === 'one.json');
      expect(await service.store.deleteDocument(one.digest)).toBe(true);
      const index = service.index;
      expect(await service.refresh()).toBe(true);
      expect(service.index).not.toBe(index); // a new index, swapped in
      expect(service.version).toBeGreaterThan(version);
      expect(service.indexedDocuments).toBe(1);

      const after = await t.get(`/v0/package/${enc('pkg:npm/app@1')}/dependencies`);
      expect(after.body).toMatchObject({ dependencies: ['pkg:npm/other@1'] });
      expect(after.headers.get('etag')).not.toBe(etag);
      expect((await t.get(`/v0/package/${enc('pkg:npm/x@1')}/dependencies`)).status).toBe(404);
      // The old graph's ranking is not served for the new one: it is computed again.
      expect((await service.frequencyRanking()).generation).toBe(service.version);
      expect(await service.refresh()).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('counts failed refreshes', async () => {
    const t = await startTestApp({ 'one.json': { isDependency: [dependsOn('pkg:npm/a@1', 'pkg:npm/b@1')] } });
    try {
      const service = t.server.service;
      const store = service.store;
      const check = store.changesSince.bind(store);
      store.changesSince = () => Promise.reject(new Error('store unreachable'));
      await expect(service.refresh()).rejects.toThrow('store unreachable');
      await expect(service.refresh()).rejects.toThrow('store unreachable');
      expect(service.refreshFailureCount).toBe(2);
      store.changesSince = check;
      await service.refresh();
      expect(service.refreshFailureCount).toBe(2);
    } finally {
      await t.close();
    }
  });
});
