// GET /v0/vuln/{id} and its lists on a small graph: the merged record, aliases in any case, the
// evidence of the affected packages, paths, VEX suppression and reinstatement, paging, 400 and 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hex, occurrence, sbomFor, vex, vuln } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const IMAGE = `sha256:${hex('blast-image')}`;
const QS = 'pkg:npm/qs@6.7.0';
const EXPRESS = 'pkg:npm/express@4.17.1';
const SHOP = 'pkg:oci/shop@1.0';
const APP = 'pkg:npm/app@1.0.0';

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    'sbom.json': {
      hasSBOM: [sbomFor({ artifact: IMAGE })],
      isOccurrence: [occurrence(SHOP, IMAGE)],
      isDependency: [dependsOn(SHOP, EXPRESS), dependsOn(EXPRESS, QS), dependsOn(SHOP, 'pkg:npm/ms@2.0.0')],
    },
    'app.json': { isDependency: [dependsOn(APP, EXPRESS)] },
    'scan.json': {
      certifyVuln: [vuln(QS, 'ghsa', 'GHSA-hrpp-h998-j3pp'), vuln('pkg:npm/ms@2.0.0', 'cve', 'CVE-2017-20162')],
      vulnMetadata: [
        {
          vulnerability: { type: 'cve', vulnerabilityID: 'CVE-2022-24999' },
          vulnData: {
            scoreType: 'CVSSv31',
            scoreValue: 7.5,
            timestamp: '2022-11-26T00:00:00Z',
            origin: 'nvd',
            collector: 'c',
          },
        },
      ],
    },
    // The OSV record: its alias joins the two ids, and the matcher finds qs 6.7.0 as well as the scan.
    'GHSA-hrpp-h998-j3pp.json': JSON.stringify({
      schema_version: '1.4.0',
      id: 'GHSA-hrpp-h998-j3pp',
      modified: '2023-01-10T00:00:00Z',
      published: '2022-11-26T00:30:00Z',
      aliases: ['CVE-2022-24999'],
      summary: 'qs vulnerable to Prototype Pollution',
      details: 'qs before 6.10.3 allows attackers to cause a Node process hang.',
      references: [{ type: 'WEB', url: 'https://github.com/ljharb/qs/pull/428' }],
      affected: [
        {
          package: { ecosystem: 'npm', name: 'qs' },
          ranges: [{ type: 'SEMVER', events: [{ introduced: '6.7.0' }, { fixed: '6.7.3' }] }],
        },
      ],
    }),
  });
});
afterAll(() => t.close());

const ok = async (path: string): Promise<any> => {
  const r = await t.get(path);
  expect(r.status, r.text).toBe(200);
  return r.body;
};

describe('GET /v0/vuln/{id}', () => {
  it('merges every source of the alias set; any alias in any case gives the same record', async () => {
    const record = await ok('/v0/vuln/CVE-2022-24999');
    expect(record).toMatchObject({
      id: 'CVE-2022-24999',
      type: 'CVE',
      aliases: ['GHSA-hrpp-h998-j3pp'],
      summary: 'qs vulnerable to Prototype Pollution',
      description: 'qs vulnerable to Prototype Pollution',
      severity: 'HIGH',
      cvssScore: 7.5,
      published: '2022-11-26T00:30:00.000Z',
      modified: '2023-01-10T00:00:00.000Z',
      references: ['https://github.com/ljharb/qs/pull/428'],
      packages: { affected: 1, suppressed: 0 },
      dependents: 3,
      artifacts: 1,
    });
    expect(record.sources).toContainEqual(
      expect.objectContaining({
        kind: 'advisory',
        vulnerabilityId: 'GHSA-hrpp-h998-j3pp',
        origin: 'GHSA-hrpp-h998-j3pp.json',
      }),
    );
    expect(record.sources).toContainEqual(
      expect.objectContaining({
        kind: 'metadata',
        vulnerabilityId: 'CVE-2022-24999',
        fields: ['cvssScore', 'modified'],
      }),
    );
    for (const id of ['cve-2022-24999', 'GHSA-hrpp-h998-j3pp', 'ghsa-HRPP-H998-J3PP', ' GHSA-hrpp-h998-j3pp'])
      expect(await ok(`/v0/vuln/${enc(id)}`), id).toEqual(record);
  });

  it('the lists are the same whichever alias names the vulnerability', async () => {
    for (const list of ['packages', 'dependents', 'artifacts'])
      expect(await ok(`/v0/vuln/ghsa-hrpp-h998-j3pp/${list}`)).toEqual(await ok(`/v0/vuln/CVE-2022-24999/${list}`));
  });

  it('404 for an id no document mentions, 400 for text that is no vulnerability id', async () => {
    for (const suffix of ['', '/packages', '/dependents', '/artifacts']) {
      const missing = await t.get(`/v0/vuln/CVE-1999-0000${suffix}`);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('SG_VULNERABILITY_NOT_FOUND');
      const bad = await t.get(`/v0/vuln/${enc('CVE 2021 44228')}${suffix}`);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('SG_INVALID_PARAMETER');
    }
  });

  it('400 for an include other than suppressed, or a bad page size', async () => {
    for (const list of ['packages', 'dependents', 'artifacts']) {
      expect((await t.get(`/v0/vuln/CVE-2022-24999/${list}?include=all`)).status).toBe(400);
      expect((await t.get(`/v0/vuln/CVE-2022-24999/${list}?PageSize=0`)).status).toBe(400);
    }
  });
});

describe('GET /v0/vuln/{id}/packages', () => {
  it('lists each affected package version with every scan and advisory match as evidence', async () => {
    const body = await ok('/v0/vuln/CVE-2022-24999/packages');
    expect(body.PaginationInfo).toEqual({ TotalCount: 1 });
    expect(body.packages).toHaveLength(1);
    const [qs] = body.packages;
    expect(qs.purl).toBe(QS);
    expect(qs.vex).toBeNull();
    expect(qs.evidence.map((e: any) => [e.kind, e.vulnerabilityId])).toEqual([
      ['advisory', 'GHSA-hrpp-h998-j3pp'],
      ['scan', 'GHSA-hrpp-h998-j3pp'],
    ]);
    expect(qs.evidence[1]).toMatchObject({ scannerUri: 'https://github.com/google/osv-scanner', origin: 'test' });
  });
});

describe('GET /v0/vuln/{id}/dependents and /artifacts', () => {
  it('lists every dependent and artifact with one shortest path to the affected package', async () => {
    const dependents = await ok('/v0/vuln/CVE-2022-24999/dependents');
    expect(dependents).toEqual({
      PaginationInfo: { TotalCount: 3 },
      kev: null, // no KEV catalogue or EPSS file loaded here
      epss: null,
      dependents: [
        { purl: APP, via: [EXPRESS, QS] },
        { purl: EXPRESS, via: [QS] },
        { purl: SHOP, via: [EXPRESS, QS] },
      ],
    });
    // The image's SBOM includes qs itself: one hop.
    expect(await ok('/v0/vuln/CVE-2022-24999/artifacts')).toEqual({
      PaginationInfo: { TotalCount: 1 },
      kev: null,
      epss: null,
      artifacts: [{ digest: IMAGE, via: [QS] }],
    });
  });

  it('pages in purl order', async () => {
    const first = await ok('/v0/vuln/CVE-2022-24999/dependents?PageSize=2');
    expect(first.dependents.map((d: any) => d.purl)).toEqual([APP, EXPRESS]);
    const next = await ok(`/v0/vuln/CVE-2022-24999/dependents?PageSize=2&Cursor=${first.PaginationInfo.NextCursor}`);
    expect(next.dependents.map((d: any) => d.purl)).toEqual([SHOP]);
    expect(next.PaginationInfo.NextCursor).toBeUndefined();
  });

  it('VEX: not_affected on the product takes it (and what is equivalent to it) off; a later affected brings it back', async () => {
    await t.ingest('vex-shop.json', {
      vex: [vex({ pkg: SHOP }, 'ghsa', 'GHSA-hrpp-h998-j3pp', 'NOT_AFFECTED', '2024-05-01T00:00:00Z')],
    });
    const dependents = await ok('/v0/vuln/CVE-2022-24999/dependents');
    expect(dependents.dependents.map((d: any) => d.purl)).toEqual([APP, EXPRESS]);
    // The image is an occurrence of shop: the statement covers it too.
    expect((await ok('/v0/vuln/CVE-2022-24999/artifacts')).artifacts).toEqual([]);
    const statement = {
      subject: SHOP,
      vulnerabilityId: 'GHSA-hrpp-h998-j3pp',
      status: 'NOT_AFFECTED',
      justification: 'VULNERABLE_CODE_NOT_PRESENT',
      statement: 'test',
      knownSince: '2024-05-01T00:00:00.000Z',
      origin: 'test',
      collector: 'test',
    };
    const withSuppressed = await ok('/v0/vuln/CVE-2022-24999/dependents?include=suppressed');
    expect(withSuppressed.dependents[2]).toEqual({ purl: SHOP, via: [EXPRESS, QS], suppressedBy: statement });
    expect((await ok('/v0/vuln/CVE-2022-24999/artifacts?include=suppressed')).artifacts).toEqual([
      { digest: IMAGE, via: [QS], suppressedBy: statement },
    ]);
    expect((await ok('/v0/vuln/CVE-2022-24999')).dependents).toBe(2);

    await t.ingest('vex-shop-2.json', {
      vex: [vex({ pkg: SHOP }, 'cve', 'CVE-2022-24999', 'AFFECTED', '2024-06-01T00:00:00Z')],
    });
    expect((await ok('/v0/vuln/CVE-2022-24999/dependents')).dependents.map((d: any) => d.purl)).toEqual([
      APP,
      EXPRESS,
      SHOP,
    ]);
    expect((await ok('/v0/vuln/CVE-2022-24999/artifacts')).artifacts).toEqual([{ digest: IMAGE, via: [QS] }]);
  });

  it('VEX on the affected package itself: suppressed in /packages (shown with include=suppressed), no blast radius', async () => {
    await t.ingest('vex-qs.json', {
      vex: [vex({ pkg: QS }, 'cve', 'CVE-2022-24999', 'FIXED', '2024-07-01T00:00:00Z')],
    });
    expect((await ok('/v0/vuln/CVE-2022-24999/packages')).packages).toEqual([]);
    const listed = (await ok('/v0/vuln/CVE-2022-24999/packages?include=suppressed')).packages;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ purl: QS, vex: 'FIXED', suppressedBy: { subject: QS, status: 'FIXED' } });
    expect((await ok('/v0/vuln/CVE-2022-24999/dependents')).dependents).toEqual([]);
    expect((await ok('/v0/vuln/CVE-2022-24999/artifacts')).artifacts).toEqual([]);
    expect(await ok('/v0/vuln/CVE-2022-24999')).toMatchObject({
      packages: { affected: 0, suppressed: 1 },
      dependents: 0,
      artifacts: 0,
    });
  });
});
