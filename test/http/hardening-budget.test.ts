// The query budget: a request that would wait for the first dependency ranking longer than
// --query-budget gets 504 SG_TIMEOUT (problem+json); once the ranking is there it answers 200.
// Backend-independent, so it runs on the embedded store only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { dependsOn, sbomFor } from '../helpers/predicates.js';
import { createTestStore, ingestInto, TEST_BACKEND } from '../helpers/server.js';
import { sleep } from './raw-http.js';

// A chain p0 → p1 → … → p4000: counting every name's dependents walks ~8 million edges, so the
// first ranking takes far longer than the 1 ms budget.
const LENGTH = 4_000;
let server: RunningServer;
let removeStore: () => Promise<void>;

describe.skipIf(TEST_BACKEND === 'postgres')('--query-budget', () => {
  beforeAll(async () => {
    const store = await createTestStore();
    removeStore = store.remove;
    const isDependency = Array.from({ length: LENGTH }, (_, i) => dependsOn(`pkg:npm/p${i}@1`, `pkg:npm/p${i + 1}@1`));
    // An SBOM in the document makes its edges count for the ranking.
    await ingestInto(store.location, { 'chain.json': { hasSBOM: [sbomFor({ pkg: 'pkg:npm/p0@1' })], isDependency } });
    server = await startServer({
      store: store.location,
      host: '127.0.0.1',
      port: 0,
      limits: { listCap: 100_000, maxPageSize: 100_000 },
      refreshIntervalMs: 0,
      logLevel: 'silent',
      http: { queryBudgetMs: 1 },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await removeStore?.();
  });

  it('answers 504 while the first ranking is being computed, then 200', async () => {
    const res = await fetch(`${server.url}/analysis/dependencies?sort=frequency&PageSize=1`);
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { Message: string };
    expect(body).toMatchObject({ status: 504, code: 'SG_TIMEOUT' });
    expect(body.Message).toMatch(/query budget/);

    let status = 504;
    for (let i = 0; i < 600 && status === 504; i++) {
      await sleep(100);
      status = (await fetch(`${server.url}/analysis/dependencies?sort=frequency&PageSize=1`)).status;
    }
    expect(status).toBe(200);
    const top = (await (
      await fetch(`${server.url}/analysis/dependencies?sort=frequency&PageSize=1`)
    ).json()) as unknown[];
    expect(top[0]).toMatchObject({ Name: `pkg:npm/p${LENGTH}`, DependentCount: LENGTH });
  });
});
