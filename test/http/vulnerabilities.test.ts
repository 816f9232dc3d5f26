// Package and artifact vulnerabilities: includeDependencies, novuln, aliases, VEX.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dependsOn, hex, occurrence, SCAN, sbomFor, vex, vuln } from '../helpers/predicates.js';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const IMAGE = `sha256:${hex('vuln-image')}`;

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    'sbom.json': {
      hasSBOM: [sbomFor({ artifact: IMAGE })],
      isOccurrence: [occurrence('pkg:oci/shop@1.0', IMAGE)],
      isDependency: [
        dependsOn('pkg:oci/shop@1.0', 'pkg:npm/express@4.17.1'),
        dependsOn('pkg:npm/express@4.17.1', 'pkg:npm/qs@6.7.0'),
        dependsOn('pkg:oci/shop@1.0', 'pkg:npm/ms@2.0.0'),
      ],
    },
    'scan.json': {
      certifyVuln: [
        vuln('pkg:npm/qs@6.7.0', 'ghsa', 'GHSA-hrpp-h998-j3pp'),
        vuln('pkg:npm/express@4.17.1', 'cve', 'cve-2024-29041'),
        vuln('pkg:npm/ms@2.0.0', 'novuln', ''),
        vuln('pkg:oci/shop@1.0', 'cve', 'CVE-2023-0001'),
      ],
      vulnEqual: [
        {
          vulnerability: { type: 'ghsa', vulnerabilityID: 'GHSA-hrpp-h998-j3pp' },
          equalVulnerability: { type: 'cve', vulnerabilityID: 'CVE-2022-24999' },
          vulnEqual: { justification: 'alias', origin: 'o', collector: 'c' },
        },
      ],
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
    // The same finding from a second scan run is a second (package, vulnerability, scan).
    'rescan.json': {
      certifyVuln: [
        vuln('pkg:npm/qs@6.7.0', 'ghsa', 'GHSA-hrpp-h998-j3pp', { ...SCAN, timeScanned: '2024-04-01T10:00:00Z' }),
      ],
    },
    // The same scan stated by a second document is not a new finding.
    'scan-copy.json': { certifyVuln: [vuln('pkg:npm/qs@6.7.0', 'ghsa', 'GHSA-hrpp-h998-j3pp')], isDependency: [] },
  });
});
afterAll(() => t.close());

const vulns = async (purl: string, query = ''): Promise<any[]> => {
  const r = await t.get(`/v0/package/${enc(purl)}/vulns${query}`);
  expect(r.status, r.text).toBe(200);
  expect(Number(r.headers.get('x-total-count'))).toBe(r.body.length);
  return r.body;
};

describe('GET /v0/package/{purl}/vulns', () => {
  it('returns the findings of the package with full metadata, aliases folded in', async () => {
    const list = await vulns('pkg:npm/qs@6.7.0');
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      package: 'pkg:npm/qs@6.7.0',
      vulnerability: {
        type: 'GHSA',
        vulnerabilityIDs: ['GHSA-hrpp-h998-j3pp', 'CVE-2022-24999'],
        kev: null,
        epss: null,
      },
      metadata: {
        scannerUri: 'https://github.com/google/osv-scanner',
        scannerVersion: '1.7.0',
        dbUri: 'https://osv.dev',
        dbVersion: '2024-03-01',
        timeScanned: '2024-03-01T10:00:00.000Z',
        origin: 'test',
        collector: 'test',
      },
    });
    expect(list[1].metadata.timeScanned).toBe('2024-04-01T10:00:00.000Z');
  });

  it('a clean scan (novuln) is never reported', async () => {
    expect(await vulns('pkg:npm/ms@2.0.0')).toEqual([]);
    expect((await vulns('pkg:oci/shop@1.0', '?includeDependencies=true')).map((v) => v.package)).not.toContain(
      'pkg:npm/ms@2.0.0',
    );
  });

  it('includeDependencies adds the findings of the dependency walk', async () => {
    expect((await vulns('pkg:oci/shop@1.0')).map((v) => v.vulnerability.vulnerabilityIDs[0])).toEqual([
      'CVE-2023-0001',
    ]);
    const all = await vulns('pkg:oci/shop@1.0', '?includeDependencies=1');
    expect(all.map((v) => `${v.package} ${v.vulnerability.vulnerabilityIDs[0]}`)).toEqual([
      'pkg:npm/express@4.17.1 CVE-2024-29041',
      'pkg:npm/qs@6.7.0 GHSA-hrpp-h998-j3pp',
      'pkg:npm/qs@6.7.0 GHSA-hrpp-h998-j3pp',
      'pkg:oci/shop@1.0 CVE-2023-0001',
    ]);
    expect(await vulns('pkg:oci/shop@1.0', '?includeDependencies=false')).toHaveLength(1);
  });

  it.each(['yes', 'TRUE', '2', ''])('includeDependencies=%s is 400', async (value) => {
    const r = await t.get(`/v0/package/${enc('pkg:npm/qs@6.7.0')}/vulns?includeDependencies=${value}`);
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/includeDependencies/);
  });

  it('an unknown package is 404', async () => {
    expect((await t.get(`/v0/package/${enc('pkg:npm/qs@9.9.9')}/vulns`)).status).toBe(404);
  });

  it('a partial purl covers every version', async () => {
    expect(await vulns('pkg:npm/qs')).toHaveLength(2);
  });
});

describe('GET /v0/artifact/{digest}/vulns', () => {
  it('reports the vulnerabilities of the packages the artifact is an occurrence of', async () => {
    const r = await t.get(`/v0/artifact/${enc(IMAGE)}/vulns`);
    expect(r.status).toBe(200);
    expect(r.body.vulnerabilities).toEqual([
      {
        id: 'CVE-2023-0001',
        type: 'CVE',
        vulnerabilityIDs: ['CVE-2023-0001'],
        kev: null,
        epss: null,
        description: '',
        severity: 'UNKNOWN',
        package: 'pkg:oci/shop@1.0',
      },
    ]);
  });

  it('includeDependencies adds the artifact walk, with severity from alias metadata', async () => {
    const r = await t.get(`/v0/artifact/${enc(IMAGE)}/vulns?includeDependencies=true`);
    const qs = r.body.vulnerabilities.find((v: any) => v.package === 'pkg:npm/qs@6.7.0');
    expect(qs).toMatchObject({
      id: 'GHSA-hrpp-h998-j3pp',
      severity: 'HIGH',
      cvssScore: 7.5,
      vulnerabilityIDs: ['GHSA-hrpp-h998-j3pp', 'CVE-2022-24999'],
    });
    expect(r.body.PaginationInfo.TotalCount).toBe(r.body.vulnerabilities.length);
  });

  it('an unknown artifact is 404', async () => {
    expect((await t.get(`/v0/artifact/sha256%3A${hex('none')}/vulns`)).status).toBe(404);
  });
});

describe('VEX', () => {
  it('not_affected on the product suppresses it in both endpoints, a later affected brings it back', async () => {
    const artifactIds = async (): Promise<string[]> =>
      (await t.get(`/v0/artifact/${enc(IMAGE)}/vulns?includeDependencies=true`)).body.vulnerabilities.map(
        (v: any) => v.id,
      );
    const packageIds = async (): Promise<string[]> =>
      (await vulns('pkg:oci/shop@1.0', '?includeDependencies=true')).map((v) => v.vulnerability.vulnerabilityIDs[0]);
    expect(await artifactIds()).toContain('CVE-2024-29041');
    // Stated against the CVE alias of nothing: the express finding is CVE-2024-29041 itself.
    await t.ingest('vex-1.json', {
      vex: [vex({ artifact: IMAGE }, 'cve', 'CVE-2024-29041', 'NOT_AFFECTED', '2024-05-01T00:00:00Z')],
    });
    expect(await artifactIds()).not.toContain('CVE-2024-29041');
    expect(await packageIds()).not.toContain('CVE-2024-29041');
    await t.ingest('vex-2.json', {
      vex: [vex({ artifact: IMAGE }, 'cve', 'CVE-2024-29041', 'AFFECTED', '2024-06-01T00:00:00Z')],
    });
    expect(await artifactIds()).toContain('CVE-2024-29041');
    expect(await packageIds()).toContain('CVE-2024-29041');
  });

  it('a statement on an alias suppresses the finding, and fixed on the package itself does too', async () => {
    await t.ingest('vex-3.json', {
      vex: [vex({ pkg: 'pkg:npm/qs@6.7.0' }, 'cve', 'CVE-2022-24999', 'FIXED', '2024-05-01T00:00:00Z')],
    });
    expect(await vulns('pkg:npm/qs@6.7.0')).toEqual([]);
  });
});
