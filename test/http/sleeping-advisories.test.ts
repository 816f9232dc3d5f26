// Advisories none of whose names the graph holds sleep (docs/adr/0017), on the backend under
// test: an SBOM that arrives later wakes the ones its packages may meet, read again from the
// store, and gets the findings a plain reading of the records gives; a verdict on an SBOM that is
// not stored wakes them too. Answers are the same as an index that never sleeps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphIndex } from '../../src/index/graph-index.js';
import { openStore } from '../../src/store/open.js';
import { EMPTY_CURSOR } from '../../src/store/types.js';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { serviceSbom } from '../helpers/builds.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTestToken } from '../helpers/tokens.js';

const fixture = (dir: string, name: string): string => readFileSync(join(FIXTURES_DIR, dir, name), 'utf8');
const ADVISORIES = {
  'lodash.json': fixture('diff', 'osv-GHSA-35jh-r3h4-6jhm.json'),
  'minimist.json': fixture('diff', 'osv-GHSA-xvch-5gv4-984h.json'),
  'requests.json': fixture('osv', 'osv-pysec-pypi-requests-PYSEC-2023-74.json'),
};

let t: TestServer;
const sleeping = (): number => t.server.service.index.vulnerabilities.advisories.sleepingCount;
const vulnsOf = async (purl: string): Promise<string[]> => {
  const res = await t.get(`/v0/package/${encodeURIComponent(purl)}/vulns`);
  expect(res.status, res.text).toBe(200);
  return (res.body as { vulnerability: { vulnerabilityIDs: string[] } }[])
    .map((v) => v.vulnerability.vulnerabilityIDs[0])
    .sort();
};

beforeAll(async () => {
  t = await startTestServer(ADVISORIES);
});
afterAll(async () => {
  await t?.close();
});

describe('advisories of names the graph does not hold', () => {
  it('sleep while no package has their names', () => {
    expect(sleeping()).toBe(3);
  });

  it('wake for an SBOM stored later: its packages get the findings', async () => {
    await t.ingest(
      'orders.cdx.json',
      serviceSbom({
        service: 'orders',
        version: '2.0.0',
        components: ['pkg:npm/lodash@4.17.20', 'pkg:npm/minimist@1.2.8'],
      }),
    );
    expect(sleeping()).toBe(1); // requests (PyPI) sleeps on
    expect(await vulnsOf('pkg:npm/lodash@4.17.20')).toEqual(['GHSA-35jh-r3h4-6jhm']);
    expect(await vulnsOf('pkg:npm/minimist@1.2.8')).toEqual([]); // woken, and not affected (fixed in 1.2.6)
  });

  it('wake for a verdict on an SBOM that is not stored', async () => {
    const admin = (await createTestToken(t.storeDir, 'admin')).headers;
    const json = { 'content-type': 'application/json' };
    const put = await t.request(
      'PUT',
      '/v0/policies/any',
      { ...json, ...admin },
      JSON.stringify({ expression: 'true' }),
    );
    expect(put.status, put.text).toBe(201);
    const sbom = serviceSbom({ service: 'api', version: '1.0.0', components: ['pkg:pypi/requests@2.30.0'] });
    const verdict = await t.request(
      'POST',
      '/v0/verdicts',
      { ...json, ...admin },
      typeof sbom === 'string' ? sbom : JSON.stringify(sbom),
    );
    expect(verdict.status, verdict.text).toBe(200);
    const violations = (verdict.body as { violations: { vulnerability?: string }[] }).violations;
    expect(violations.map((v) => v.vulnerability)).toEqual(['PYSEC-2023-74']);
    expect(sleeping()).toBe(0);
  });

  it('answer as an index that never sleeps', async () => {
    const store = await openStore(t.storeDir);
    try {
      const awake = new GraphIndex();
      await store.load(EMPTY_CURSOR, awake);
      awake.finishLoad();
      const index = t.server.service.index;
      for (const purl of ['pkg:npm/lodash@4.17.20', 'pkg:npm/minimist@1.2.8']) {
        const [mine, theirs] = [index, awake].map((i) =>
          [...i.advisoryMatchesOf(i.packageId(purl)!)].map(i.keyOf).sort(),
        );
        expect(mine, purl).toEqual(theirs);
      }
    } finally {
      await store.close();
    }
  });
});
