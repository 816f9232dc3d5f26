// Offline OSV matching of distribution packages through the API, over a real socket: real Alpine
// (osv.dev test data) and AlmaLinux (AlmaLinux OSV database) records from
// test/fixtures/versions/osv/, and packages at affected and fixed versions ingested before and
// after the records. Only the affected versions get the finding.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../helpers/corpus.js';
import { dependsOn } from '../helpers/predicates.js';
import { purlKey } from '../helpers/purl-identity.js';
import { enc, startTestServer, type TestServer } from '../helpers/server.js';

const record = (file: string) => readFileSync(join(FIXTURES_DIR, 'versions', 'osv', file), 'utf8');

/** [purl, advisory id, whether it is affected]. */
const BEFORE: [string, string, boolean][] = [
  ['pkg:apk/alpine/mariadb@10.6.7-r0?arch=x86_64&distro=alpine-3.16.2', 'CVE-2022-27449', true],
  ['pkg:apk/alpine/mariadb@10.6.8-r0?arch=x86_64&distro=alpine-3.16.2', 'CVE-2022-27449', false],
  ['pkg:apk/alpine/mariadb@10.5.16-r0?arch=x86_64&distro=alpine-3.14.8', 'CVE-2022-27449', false],
  ['pkg:apk/alpine/mariadb-client@10.6.7-r0?arch=x86_64&upstream=mariadb&distro=alpine-3.16.2', 'CVE-2022-27449', true],
  ['pkg:rpm/almalinux/openssl-libs@3.0.1-40.el9_0?arch=x86_64&epoch=1&distro=almalinux-9.0', 'ALSA-2022:6224', true],
  ['pkg:rpm/almalinux/openssl-libs@3.0.1-41.el9_0?arch=x86_64&epoch=1&distro=almalinux-9.0', 'ALSA-2022:6224', false],
];
const AFTER: [string, string, boolean][] = [
  ['pkg:apk/alpine/mariadb@10.5.16-r0?arch=x86_64&distro=alpine-3.15.4', 'CVE-2022-27449', true],
  ['pkg:apk/alpine/mariadb@10.6.9-r0?arch=x86_64&distro=alpine-3.15.4', 'CVE-2022-27449', false],
  ['pkg:apk/alpine/mariadb-common@10.6.7-r0?arch=noarch&upstream=mariadb&distro=alpine-3.16.2', 'CVE-2022-27449', true],
  ['pkg:rpm/almalinux/openssl@1.1.1k-5.el8_5?arch=x86_64&epoch=1&distro=almalinux-8.5', 'ALSA-2022:1065', true],
  ['pkg:rpm/almalinux/openssl@1.1.1k-6.el8_5?arch=x86_64&epoch=1&distro=almalinux-8.5', 'ALSA-2022:1065', false],
  // An AlmaLinux 9 fix does not apply to an AlmaLinux 8 package.
  ['pkg:rpm/almalinux/openssl-libs@1.1.1k-5.el8_5?arch=x86_64&epoch=1&distro=almalinux-8.5', 'ALSA-2022:6224', false],
];

const packagesDoc = (pairs: [string, string, boolean][], root: string) => ({
  isDependency: pairs.map(([p]) => dependsOn(root, p)),
});

async function vulnIds(t: TestServer, purl: string): Promise<string[]> {
  const r = await t.get(`/v0/package/${enc(purl)}/vulns`);
  expect(r.status).toBe(200);
  return r.body
    .filter((v: any) => purlKey(v.package) === purlKey(purl))
    .flatMap((v: any) => v.vulnerability.vulnerabilityIDs as string[])
    .map((id: string) => id.toUpperCase());
}

describe('OSV records of Alpine and AlmaLinux matched against apk and rpm packages', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ 'before.json': packagesDoc(BEFORE, 'pkg:generic/image-before@1') });
    for (const f of ['alpine-CVE-2022-27449.json', 'almalinux-ALSA-2022-6224.json', 'almalinux-ALSA-2022-1065.json'])
      await t.ingest(f, record(f));
    await t.ingest('after.json', packagesDoc(AFTER, 'pkg:generic/image-after@1'));
  });
  afterAll(() => t.close());

  it.each([...BEFORE, ...AFTER])('%s — %s: %s', async (purl, id, affected) => {
    expect((await vulnIds(t, purl)).includes(id.toUpperCase())).toBe(affected);
  });

  it('the matches reach the image with includeDependencies, from the offline matcher', async () => {
    const r = await t.get(`/v0/package/${enc('pkg:generic/image-before@1')}/vulns?includeDependencies=true`);
    expect(r.status).toBe(200);
    const hits = r.body.filter((v: any) =>
      (v.vulnerability.vulnerabilityIDs as string[]).some((x) => x.toUpperCase() === 'CVE-2022-27449'),
    );
    expect(hits.map((v: any) => purlKey(v.package)).sort()).toEqual(
      BEFORE.filter(([, id, a]) => a && id === 'CVE-2022-27449')
        .map(([p]) => purlKey(p))
        .sort(),
    );
    expect(hits[0].metadata).toMatchObject({ scannerUri: 'supplygraph:osv-matcher' });
  });
});
