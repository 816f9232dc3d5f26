// The severity rule over ingested documents (docs/api.md, "Severity"): an artifact-vulnerability
// entry takes the rating of the source closest to its package — the distribution's for a
// distribution package, the ecosystem's advisory for a language package, then NVD, then any
// other — names that rating's source, and the vulnerability's record keeps every source's rating.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestClient } from '../helpers/server.js';

const IMAGE_HEX = 'c0ffee'.padEnd(64, '0');
const IMAGE = `sha256:${IMAGE_HEX}`;
const TRIVY_IMAGE = `sha256:${'7b1'.padEnd(64, '0')}`;

const V62 = 'CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N'; // 6.2 MEDIUM
const V98 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8 CRITICAL
const V53 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N'; // 5.3 MEDIUM

const LIBXML = 'pkg:deb/debian/libxml2@2.9.14%2Bdfsg-1.3?arch=amd64&distro=debian-12.5';
const BUSYBOX = 'pkg:apk/alpine/busybox@1.36.1-r0?arch=x86_64&distro=3.18.4';
const DJANGO = 'pkg:pypi/django@4.2.1';

/**
 * A Trivy report of an image (its shape: Severity + SeveritySource, VendorSeverity, CVSS per source):
 * - CVE-2024-0001 in a Debian package: Debian (Trivy's Severity), NVD and Red Hat say LOW, and
 *   Red Hat's vector computes 6.2 MEDIUM (issue 30);
 * - CVE-2024-0002 in a PyPI package: GHSA says MODERATE, NVD CRITICAL (label and a 9.8 vector);
 * - CVE-2024-0003 in an Alpine package (Alpine rates nothing): NVD MEDIUM 5.3, Amazon HIGH.
 */
const trivy = {
  SchemaVersion: 2,
  CreatedAt: '2024-06-01T00:00:00Z',
  ArtifactName: 'shop:1.0',
  ArtifactType: 'container_image',
  Metadata: { ImageID: TRIVY_IMAGE },
  Results: [
    {
      Target: 'shop:1.0 (debian 12.5)',
      Class: 'os-pkgs',
      Type: 'debian',
      Vulnerabilities: [
        {
          VulnerabilityID: 'CVE-2024-0001',
          PkgName: 'libxml2',
          InstalledVersion: '2.9.14+dfsg-1.3',
          PkgIdentifier: { PURL: LIBXML },
          Severity: 'LOW',
          SeveritySource: 'debian',
          VendorSeverity: { nvd: 1, redhat: 1 },
          CVSS: { redhat: { V3Vector: V62, V3Score: 6.2 } },
        },
      ],
    },
    {
      Target: 'app/requirements.txt',
      Class: 'lang-pkgs',
      Type: 'pip',
      Vulnerabilities: [
        {
          VulnerabilityID: 'CVE-2024-0002',
          PkgName: 'django',
          InstalledVersion: '4.2.1',
          PkgIdentifier: { PURL: DJANGO },
          Severity: 'MEDIUM',
          SeveritySource: 'ghsa',
          VendorSeverity: { ghsa: 2, nvd: 4 },
          CVSS: { nvd: { V3Vector: V98, V3Score: 9.8 } },
        },
      ],
    },
    {
      Target: 'shop:1.0 (alpine 3.18.4)',
      Class: 'os-pkgs',
      Type: 'alpine',
      Vulnerabilities: [
        {
          VulnerabilityID: 'CVE-2024-0003',
          PkgName: 'busybox',
          InstalledVersion: '1.36.1-r0',
          PkgIdentifier: { PURL: BUSYBOX },
          Severity: 'MEDIUM',
          SeveritySource: 'nvd',
          VendorSeverity: { nvd: 2, amazon: 3 },
          CVSS: { nvd: { V3Vector: V53, V3Score: 5.3 } },
        },
      ],
    },
  ],
};

/** A CycloneDX VDR of an image: a scanner that names no source rates qs and lodash. */
const vdr = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: {
    timestamp: '2024-05-01T00:00:00Z',
    tools: { components: [{ type: 'application', name: 'scanner', version: '1' }] },
    component: {
      type: 'container',
      name: 'shop',
      version: '1.0',
      'bom-ref': 'shop',
      hashes: [{ alg: 'SHA-256', content: IMAGE_HEX }],
    },
  },
  components: [
    { type: 'library', name: 'qs', version: '6.7.0', purl: 'pkg:npm/qs@6.7.0', 'bom-ref': 'qs' },
    { type: 'library', name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20', 'bom-ref': 'lodash' },
  ],
  vulnerabilities: [
    {
      id: 'CVE-2022-24999',
      references: [{ id: 'GHSA-hrpp-h998-j3pp', source: { name: 'GitHub' } }],
      ratings: [
        { severity: 'medium', method: 'other' },
        { method: 'CVSSv31', vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' },
      ],
      affects: [{ ref: 'qs' }],
    },
    {
      id: 'CVE-2021-23337',
      ratings: [{ severity: 'critical', source: { name: 'NVD' } }],
      affects: [{ ref: 'lodash' }],
    },
  ],
};

/** GHSA advisories for the aliases: qs CVSS 9.8 with a LOW label; lodash CVSS 7.2 with HIGH. */
const advisory = (id: string, alias: string, vector: string, label: string) => ({
  id,
  modified: '2024-01-01T00:00:00Z',
  aliases: [alias],
  severity: [{ type: 'CVSS_V3', score: vector }],
  database_specific: { severity: label },
  affected: [],
});

let t: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    'trivy.json': trivy,
    'vdr.cdx.json': vdr,
    'qs.osv.json': advisory('GHSA-hrpp-h998-j3pp', 'CVE-2022-24999', V98, 'LOW'),
    'lodash.osv.json': advisory(
      'GHSA-35jh-r3h4-6jhm',
      'CVE-2021-23337',
      'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
      'HIGH',
    ),
  });
});
afterAll(() => t?.close());

async function entriesOf(digest: string): Promise<Record<string, any>> {
  const r = await t.get(`/v0/artifact/${enc(digest)}/vulns?includeDependencies=true`);
  expect(r.status, r.text).toBe(200);
  return Object.fromEntries(r.body.vulnerabilities.map((v: any) => [v.package, v]));
}

describe('artifact vulnerability severity (a Trivy report)', () => {
  it("a Debian package: Debian's LOW, not MEDIUM from another vendor's 6.2 vector (issue 30)", async () => {
    const byPackage = await entriesOf(TRIVY_IMAGE);
    expect(byPackage[LIBXML]).toMatchObject({
      id: 'CVE-2024-0001',
      severity: 'LOW',
      severitySource: { kind: 'label', source: 'debian', vulnerabilityID: 'CVE-2024-0001', origin: 'trivy.json' },
    });
    // The only CVSS score known is Red Hat's: it is shown, its rating does not decide.
    expect(byPackage[LIBXML].cvssScore).toBe(6.2);
  });

  it("a language package: the ecosystem's advisory (GHSA) over NVD", async () => {
    const byPackage = await entriesOf(TRIVY_IMAGE);
    expect(byPackage[DJANGO]).toMatchObject({
      severity: 'MEDIUM',
      cvssScore: 9.8,
      severitySource: { kind: 'label', source: 'ghsa' },
    });
  });

  it('NVD when the distribution gives no rating, before another distribution', async () => {
    const byPackage = await entriesOf(TRIVY_IMAGE);
    expect(byPackage[BUSYBOX]).toMatchObject({
      severity: 'MEDIUM',
      cvssScore: 5.3,
      severitySource: { kind: 'label', source: 'nvd' },
    });
  });

  it("keeps every source's rating in the vulnerability's record", async () => {
    const r = await t.get('/v0/vuln/CVE-2024-0001');
    expect(r.status, r.text).toBe(200);
    const from = { vulnerabilityID: 'CVE-2024-0001', origin: 'trivy.json', collector: 'test' };
    expect(r.body.ratings).toEqual([
      // Without a package: NVD first, then the advisory databases, label before score.
      { kind: 'label', source: 'nvd', severity: 'LOW', ...from },
      { kind: 'label', source: 'debian', severity: 'LOW', ...from },
      { kind: 'label', source: 'redhat', severity: 'LOW', ...from },
      { kind: 'cvss', source: 'redhat', severity: 'MEDIUM', scoreType: 'CVSSv31', score: 6.2, vector: V62, ...from },
    ]);
    expect(r.body).toMatchObject({ severity: 'LOW', severitySource: { source: 'nvd', kind: 'label' } });
    expect(r.body.sources[0].fields).toContain('ratings');
  });
});

describe('artifact vulnerability severity (a VDR and GHSA advisories)', () => {
  it('an npm package: the GHSA advisory of an alias over a scanner that names no source', async () => {
    const byPackage = await entriesOf(IMAGE);
    // qs: GHSA's LOW label (its 9.8 vector is an input to it) over the scanner's MEDIUM and 7.5.
    expect(byPackage['pkg:npm/qs@6.7.0']).toMatchObject({
      id: 'CVE-2022-24999',
      severity: 'LOW',
      cvssScore: 9.8,
      severitySource: {
        kind: 'label',
        source: 'ghsa',
        vulnerabilityID: 'GHSA-hrpp-h998-j3pp',
        origin: 'qs.osv.json',
        collector: 'test',
      },
    });
    expect(byPackage['pkg:npm/qs@6.7.0'].severitySource).not.toHaveProperty('score');
    // lodash: GHSA's HIGH over NVD's CRITICAL (the VDR names NVD as the rating's source).
    expect(byPackage['pkg:npm/lodash@4.17.20']).toMatchObject({
      id: 'CVE-2021-23337',
      severity: 'HIGH',
      cvssScore: 7.2,
      severitySource: { kind: 'label', source: 'ghsa', vulnerabilityID: 'GHSA-35jh-r3h4-6jhm' },
    });
  });

  it("the record: NVD's rating first, the others kept", async () => {
    const r = await t.get('/v0/vuln/CVE-2021-23337');
    expect(r.status, r.text).toBe(200);
    expect(r.body.severity).toBe('CRITICAL');
    expect(r.body.ratings.map((x: any) => [x.source, x.kind, x.severity, x.vulnerabilityID])).toEqual([
      ['nvd', 'label', 'CRITICAL', 'CVE-2021-23337'],
      ['ghsa', 'label', 'HIGH', 'GHSA-35jh-r3h4-6jhm'],
      ['ghsa', 'cvss', 'HIGH', 'GHSA-35jh-r3h4-6jhm'],
    ]);
  });
});
