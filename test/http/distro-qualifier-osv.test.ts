// Distribution packages without a purl namespace, as cdxgen writes them in image SBOMs
// (pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=almalinux-9.2), matched through the API against
// AlmaLinux and Rocky Linux OSV records (docs/formats/vulnerabilities.md, "Distribution from the
// distro qualifier"). The records are made up in the shape of the AlmaLinux and Rocky Linux OSV
// databases (ids say TEST). Packages of one name come from several distributions, some ingested
// before the records and some after, and the first version of the name seen names a distribution
// the matcher does not know: each version matches by its own distro qualifier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purlKey } from '../helpers/purl-identity.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

/** A CycloneDX image SBOM as cdxgen writes one: OS packages without a namespace. */
function cdxgenImage(serial: string, image: string, purls: string[]) {
  const component = (purl: string) => {
    const name = /^pkg:rpm\/([^@]+)@([^?]+)/.exec(purl)!;
    return { type: 'library', 'bom-ref': purl, name: name[1], version: name[2], purl };
  };
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${serial}`,
    version: 1,
    metadata: {
      timestamp: '2024-01-15T10:00:00Z',
      tools: { components: [{ type: 'application', name: 'cdxgen', version: '10.0.5' }] },
      component: { type: 'container', 'bom-ref': image, name: 'app', version: 'latest', purl: image },
    },
    components: purls.map(component),
    dependencies: [{ ref: image, dependsOn: purls }, ...purls.map((ref) => ({ ref, dependsOn: [] }))],
  };
}

/** An OSV record of one rpm distribution: acl fixed in 2.3.1-4.el9. */
function aclAdvisory(id: string, ecosystem: string) {
  return {
    schema_version: '1.6.0',
    id,
    summary: 'Moderate: acl security update',
    modified: '2023-11-14T12:00:00Z',
    published: '2023-11-07T00:00:00Z',
    related: ['CVE-2023-0001-TEST'],
    affected: [
      {
        package: { ecosystem, name: 'acl' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.3.1-4.el9' }] }],
      },
    ],
  };
}

const ALSA = 'ALSA-TEST-2023:6616';
const RLSA = 'RLSA-TEST-2023:6616';

/** [purl, the advisories that affect it]. */
const FIRST: [string, string[]][] = [['pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=centos-9', []]];
const BEFORE: [string, string[]][] = [
  ['pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=almalinux-9.2', [ALSA]],
  ['pkg:rpm/acl@2.3.1-4.el9?arch=x86_64&distro=almalinux-9.3', []],
  ['pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=rocky-9.2', [RLSA]],
];
const AFTER: [string, string[]][] = [
  ['pkg:rpm/acl@2.3.1-2.el9?arch=x86_64&distro=almalinux-9.1', [ALSA]],
  ['pkg:rpm/acl@2.3.1-2.el9?arch=x86_64&distro=rocky-9.1', [RLSA]],
  // Another release of AlmaLinux, a distribution the matcher does not know, and one of deb.
  ['pkg:rpm/acl@2.3.1-2.el9?arch=x86_64&distro=almalinux-8.9', []],
  ['pkg:rpm/acl@2.3.1-2.el9?arch=x86_64&distro=amzn-2', []],
  ['pkg:rpm/acl@2.3.1-2.el9?arch=x86_64&distro=debian-12', []],
];

async function vulnIds(t: TestServer, purl: string): Promise<string[]> {
  const r = await t.get(`/v0/package/${enc(purl)}/vulns`);
  expect(r.status, r.text).toBe(200);
  return r.body
    .filter((v: any) => purlKey(v.package) === purlKey(purl))
    .flatMap((v: any) => v.vulnerability.vulnerabilityIDs as string[])
    .map((id: string) => id.toUpperCase())
    .filter((id: string) => id !== 'CVE-2023-0001-TEST')
    .sort();
}

describe('cdxgen image SBOMs: rpm packages without a namespace, by their distro qualifier', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      'first.cdx.json': cdxgenImage('00000000-0000-4000-8000-000000000001', 'pkg:generic/image-first@1', [
        ...FIRST.map(([p]) => p),
      ]),
    });
    await t.ingest(
      'before.cdx.json',
      cdxgenImage(
        '00000000-0000-4000-8000-000000000002',
        'pkg:generic/image-before@1',
        BEFORE.map(([p]) => p),
      ),
    );
    await t.ingest('alsa.json', aclAdvisory(ALSA, 'AlmaLinux:9'));
    await t.ingest('rlsa.json', aclAdvisory(RLSA, 'Rocky Linux:9'));
    await t.ingest(
      'after.cdx.json',
      cdxgenImage(
        '00000000-0000-4000-8000-000000000003',
        'pkg:generic/image-after@1',
        AFTER.map(([p]) => p),
      ),
    );
  });
  afterAll(() => t.close());

  it.each([...FIRST, ...BEFORE, ...AFTER])('%s: %j', async (purl, ids) => {
    expect(await vulnIds(t, purl)).toEqual(ids.map((id) => id.toUpperCase()).sort());
  });

  it('the AlmaLinux finding comes from the offline matcher', async () => {
    const purl = BEFORE[0][0];
    const r = await t.get(`/v0/package/${enc(purl)}/vulns`);
    const alsa = r.body.find((v: any) =>
      (v.vulnerability.vulnerabilityIDs as string[]).some((id) => id.toUpperCase() === ALSA),
    );
    expect(alsa?.metadata).toMatchObject({ scannerUri: 'supplygraph:osv-matcher' });
  });
});
