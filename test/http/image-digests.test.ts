// An image's config digest (Trivy's ImageID, `docker inspect`'s Id) names the same image as its
// repository (manifest) digest: every /v0/artifact/{digest} route answers the same for either, from
// a Trivy JSON report (Metadata.ImageID beside Metadata.RepoDigests) and from Trivy's CycloneDX
// image SBOM (the aquasecurity:trivy:ImageID property beside the oci purl's digest). Issue 30.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/corpus.js';
import { vuln } from '../helpers/predicates.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

/** The real Trivy report: Metadata.RepoDigests and Metadata.ImageID of one image. */
const TRIVY_REPORT = 'trivy-trivy-bestseller-fashion-debian-12-image.json';
const REPORT_REPO_DIGEST = 'sha256:c2329b89c59bca52cd56783cec5dfb23b24657716a63601d1f46a7d06127923d';
const REPORT_IMAGE_ID = 'sha256:48516b3830f36a4e07cf5f1cea66d054457fe080744381f83c7ff96b052a2046';

// Trivy's CycloneDX for an image, in the shape of its integration goldens (the digests are made up).
const SBOM_REPO_DIGEST = `sha256:${'b4'.repeat(32)}`;
const SBOM_IMAGE_ID = `sha256:${'9c'.repeat(32)}`;
const MUSL = 'pkg:apk/alpine/musl@1.2.3-r0?distro=3.16.2';
const trivyCycloneDx = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  serialNumber: 'urn:uuid:6453fd82-71f4-4f5e-9a4e-2f2f7a1a2b3c',
  version: 1,
  metadata: {
    timestamp: '2024-05-01T10:00:00+00:00',
    tools: { components: [{ type: 'application', group: 'aquasecurity', name: 'trivy', version: '0.51.1' }] },
    component: {
      'bom-ref': `pkg:oci/alpine@${SBOM_REPO_DIGEST.replace(':', '%3A')}?arch=amd64`,
      type: 'container',
      name: 'alpine:3.16',
      purl: `pkg:oci/alpine@${SBOM_REPO_DIGEST.replace(':', '%3A')}?arch=amd64`,
      properties: [
        { name: 'aquasecurity:trivy:DiffID', value: `sha256:${'d1'.repeat(32)}` },
        { name: 'aquasecurity:trivy:ImageID', value: SBOM_IMAGE_ID },
        { name: 'aquasecurity:trivy:RepoDigest', value: `alpine@${SBOM_REPO_DIGEST}` },
        { name: 'aquasecurity:trivy:RepoTag', value: 'alpine:3.16' },
        { name: 'aquasecurity:trivy:SchemaVersion', value: '2' },
      ],
    },
  },
  components: [{ 'bom-ref': MUSL, type: 'library', name: 'musl', version: '1.2.3-r0', purl: MUSL }],
  dependencies: [{ ref: `pkg:oci/alpine@${SBOM_REPO_DIGEST.replace(':', '%3A')}?arch=amd64`, dependsOn: [MUSL] }],
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    [TRIVY_REPORT]: readFileSync(FIXTURES.path(TRIVY_REPORT), 'utf8'),
    'alpine.cdx.json': JSON.stringify(trivyCycloneDx),
    'scan.json': { certifyVuln: [vuln(MUSL, 'cve', 'CVE-2022-37434')] },
  });
});
afterAll(() => t?.close());

async function ok(path: string): Promise<any> {
  const r = await t.get(path);
  expect(r.status, `${path}: ${r.text}`).toBe(200);
  return r.body;
}

/** What the artifact routes answer for one digest, its own name (and the other digests' list) aside. */
async function answersFor(digest: string) {
  const { digest: named, equalDigests, ...info } = await ok(`/v0/artifact/${enc(digest)}/info`);
  expect(named).toBe(digest);
  return {
    equalDigests: [digest, ...equalDigests].sort(),
    info,
    dependencies: (await ok(`/v0/artifact/${enc(digest)}/dependencies`)).PurlList,
    vulns: (await ok(`/v0/artifact/${enc(digest)}/vulns?includeDependencies=true`)).vulnerabilities,
  };
}

describe('an image asked for by its config digest (ImageID) or its repository digest', () => {
  it('Trivy JSON report: the same answers on every artifact route', async () => {
    const byRepoDigest = await answersFor(REPORT_REPO_DIGEST);
    expect(byRepoDigest.dependencies.length).toBeGreaterThan(100);
    expect(await answersFor(REPORT_IMAGE_ID)).toEqual(byRepoDigest);
    expect(byRepoDigest.equalDigests).toEqual([REPORT_REPO_DIGEST, REPORT_IMAGE_ID].sort());
  });

  it('Trivy CycloneDX image SBOM: the same answers on every artifact route', async () => {
    const byRepoDigest = await answersFor(SBOM_REPO_DIGEST);
    expect(byRepoDigest.dependencies).toEqual([MUSL]);
    expect(byRepoDigest.vulns.map((v: any) => v.id)).toEqual(['CVE-2022-37434']);
    expect(await answersFor(SBOM_IMAGE_ID)).toEqual(byRepoDigest);
    expect(byRepoDigest.equalDigests).toEqual([SBOM_IMAGE_ID, SBOM_REPO_DIGEST].sort());
  });

  it('search finds the image by a prefix of either digest', async () => {
    for (const digest of [SBOM_REPO_DIGEST, SBOM_IMAGE_ID]) {
      const r = await ok(`/v0/search?q=${enc(digest.slice(0, 20))}&kind=artifact`);
      expect(r.results.map((x: any) => x.name)).toEqual([digest]);
    }
  });
});
