// The query budget: a request that would wait for the first dependency ranking longer than
// --query-budget gets 504 SG_TIMEOUT (problem+json); once the ranking is there it answers 200.
// Backend-independent, so it runs on the embedded store only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/http/server.js';
import { dependsOn, sbomFor } from '../helpers/predicates.js';
import { createTestStore, ingestInto, startServerOn } from '../helpers/server.js';
import { sleep } from './raw-http.js';

// A dense layered graph: each of N versions depends on three of the next thousand, so nearly every
// name is reached by thousands of versions and the first ranking takes far longer than the 1 ms
// budget (about a second on two cores; one name's count is checked against a reverse walk below).
const LENGTH = 20_000;
const FANOUT = 3;
const WINDOW = 1_000;

/** Deterministic targets of node i: FANOUT distinct nodes among the next WINDOW. */
function targetsOf(i: number): number[] {
  const out = new Set<number>();
  let x = (i * 2654435761) >>> 0;
  while (out.size < Math.min(FANOUT, LENGTH - 1 - i)) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const t = i + 1 + (x % Math.min(WINDOW, LENGTH - 1 - i));
    out.add(t);
  }
  return [...out];
}
let server: RunningServer;
let removeStore: () => Promise<void>;

describe('--query-budget', () => {
  beforeAll(async () => {
    const store = await createTestStore();
    removeStore = store.remove;
    const isDependency = Array.from({ length: LENGTH }, (_, i) =>
      targetsOf(i).map((t) => dependsOn(`pkg:npm/p${i}@1`, `pkg:npm/p${t}@1`)),
    ).flat();
    // An SBOM in the document makes its edges count for the ranking.
    await ingestInto(store.location, { 'chain.json': { hasSBOM: [sbomFor({ pkg: 'pkg:npm/p0@1' })], isDependency } });
    server = await startServerOn(store.location, {
      limits: { listCap: 100_000, maxPageSize: 100_000 },
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
    // The last version's dependents, counted by one reverse walk here: every version that reaches it.
    const reverse: number[][] = Array.from({ length: LENGTH }, () => []);
    for (let i = 0; i < LENGTH; i++) for (const t of targetsOf(i)) reverse[t].push(i);
    const seen = new Set<number>([LENGTH - 1]);
    const queue = [LENGTH - 1];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const from of reverse[next]) {
        if (seen.has(from)) continue;
        seen.add(from);
        queue.push(from);
      }
    }
    const ranking = (await (await fetch(`${server.url}/analysis/dependencies?sort=frequency`)).json()) as {
      Name: string;
      DependentCount: number;
    }[];
    expect(ranking.find((e) => e.Name === `pkg:npm/p${LENGTH - 1}`)).toEqual({
      Name: `pkg:npm/p${LENGTH - 1}`,
      DependentCount: seen.size - 1,
    });
  });
});
