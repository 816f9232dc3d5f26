// A refresh asked for while another is under way still loads what was committed before the call:
// the running one may have looked at the store before that commit.
import { describe, expect, it } from 'vitest';
import { enc, ingestInto, startTestServer } from '../helpers/server.js';
import { dependsOn } from '../helpers/predicates.js';

describe('index refresh', () => {
  it('a refresh called during a running one sees the commit made in between', async () => {
    const t = await startTestServer({ 'first.json': { isDependency: [dependsOn('pkg:npm/a@1', 'pkg:npm/b@1')] } });
    try {
      const store = t.server.service.store;
      const check = store.changesSince.bind(store);
      let entered!: () => void;
      let release!: () => void;
      const inCheck = new Promise<void>((resolve) => (entered = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      // Hold the running refresh right after it has asked the store whether anything changed.
      store.changesSince = async (cursor) => {
        const changed = await check(cursor);
        entered();
        await gate;
        return changed;
      };
      const running = t.server.service.refresh();
      await inCheck;
      store.changesSince = check;
      await ingestInto(t.storeDir, { 'second.json': { isDependency: [dependsOn('pkg:npm/c@1', 'pkg:npm/d@1')] } });
      const asked = t.server.service.refresh();
      release();
      expect(await running).toBe(false);
      expect(await asked).toBe(true);
      const r = await t.get(`/v0/package/${enc('pkg:npm/c@1')}/dependencies`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ dependencies: ['pkg:npm/d@1'] });
    } finally {
      await t.close();
    }
  });
});
