// OSV matching for rpm and apk distributions: purl → OSV identity (namespaces, distro releases,
// source packages, epochs), and real Alpine and AlmaLinux records (test/fixtures/versions/osv/)
// matched against packages at affected and fixed versions. Records written inline below are made
// up for the ecosystems no real record is copied for (Red Hat, Rocky Linux, SUSE, openSUSE), in
// the shape of those ecosystems' published records; their ids say so (…-TEST-…).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePurl, type PurlParts } from '../../src/model/purl.js';
import { parseOsvAdvisory } from '../../src/ingest/formats/osv/parse.js';
import { advisoryAffects, matchAdvisory, unsupportedEntries } from '../../src/vuln/osv-match.js';
import {
  comparatorFor,
  ecosystemMatches,
  osvPackageKey,
  osvVersionOf,
  purlPartsFromOsv,
} from '../../src/vuln/ecosystems.js';
import { advisoryRelease, sourcePackageName } from '../../src/vuln/distros.js';
import { FIXTURES_DIR, type DocumentSet } from '../helpers/corpus.js';
import { osvAdvisoryEdgesSuite } from './corpus-data.suite.js';

const DIR = join(FIXTURES_DIR, 'versions', 'osv');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));

/** The copied distro records as a document set, so the shared OSV edge checks run over them too. */
const DISTRO_OSV: DocumentSet = {
  name: 'distro OSV fixtures',
  root: DIR,
  entries: () => FILES.map((file) => ({ file, kind: 'osv' })),
  filesOfKind: (...kinds) => (kinds.includes('osv') ? FILES : []),
  path: (file) => join(DIR, file),
  text: (file) => readFileSync(join(DIR, file), 'utf8'),
  rawJson: (file) => JSON.parse(readFileSync(join(DIR, file), 'utf8')),
  load: (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    return { name: file, text, json: JSON.parse(text), xml: false };
  },
};

const record = (file: string) => parseOsvAdvisory(DISTRO_OSV.rawJson(file), '');
const affects = (file: string, purl: string) => advisoryAffects(record(file), parsePurl(purl));

osvAdvisoryEdgesSuite(DISTRO_OSV);

describe('rpm and apk purls → OSV identity', () => {
  it.each([
    // syft (corpus: cyclonedx-xml-syft-alpine-3.17.2-image.xml), trivy (trivy-trivy-alpine-3.9-image.json)
    [
      'pkg:apk/alpine/libssl3@3.0.8-r0?arch=x86_64&upstream=openssl&distro=alpine-3.17.2',
      'Alpine:v3.17',
      'libssl3',
      'openssl',
    ],
    ['pkg:apk/alpine/musl@1.1.20-r4?arch=x86_64&distro=3.9.4', 'Alpine:v3.9', 'musl', undefined],
    ['pkg:apk/alpine/busybox@1.36.1-r0', 'Alpine', 'busybox', undefined],
    ['pkg:apk/wolfi/ruby-3.0@3.0.4-r1?arch=aarch64&distro=wolfi-20221118', 'Wolfi', 'ruby-3.0', undefined],
    // syft on RHEL (spdx-syft-redhat-rhelai1-image.json), grype (grype-grype-keycloak-21.0.2-image.json)
    [
      'pkg:rpm/redhat/bind-libs@9.11.36-16.el8_10.2?arch=x86_64&distro=rhel-8.10&epoch=32&upstream=bind-9.11.36-16.el8_10.2.src.rpm',
      'Red Hat:enterprise_linux:8',
      'bind-libs',
      'bind',
    ],
    [
      'pkg:rpm/rhel/nspr@4.34.0-17.el9_1?arch=x86_64&upstream=nss-3.79.0-17.el9_1.src.rpm&distro=rhel-9.1',
      'Red Hat:enterprise_linux:9',
      'nspr',
      'nss',
    ],
    ['pkg:rpm/redhat/openssl@3.0.7-18.el9_2?arch=src', 'Red Hat', 'openssl', undefined],
    [
      'pkg:rpm/almalinux/openssl-libs@3.0.1-41.el9_0?epoch=1&distro=almalinux-9.0',
      'AlmaLinux:9',
      'openssl-libs',
      undefined,
    ],
    ['pkg:rpm/rocky/nginx@1.20.1-14.el9_2.1?epoch=1&distro=rocky-9.2', 'Rocky Linux:9', 'nginx', undefined],
    ['pkg:rpm/sles/openssl-3@3.0.8-150500.5.8.1?distro=sles-15.5', 'SUSE:15 SP5', 'openssl-3', undefined],
    ['pkg:rpm/opensuse/curl@8.0.1-150400.5.23.1?distro=opensuse-leap-15.5', 'openSUSE:Leap 15.5', 'curl', undefined],
    ['pkg:rpm/opensuse/curl@8.6.0-1.1?distro=opensuse-tumbleweed-20240301', 'openSUSE:Tumbleweed', 'curl', undefined],
  ])('%s → %s %s (source %s)', (purl, ecosystem, name, sourceName) => {
    const key = osvPackageKey(parsePurl(purl));
    expect(key && { ...key, sourceVersion: undefined }).toEqual({
      ecosystem,
      name,
      sourceName,
      sourceVersion: undefined,
    });
  });

  it('takes the source version of an rpm from its source RPM, with the package epoch', () => {
    expect(
      osvPackageKey(
        parsePurl(
          'pkg:rpm/redhat/bind-libs@9.11.36-16.el8_10.2?distro=rhel-8.10&epoch=32&upstream=bind-9.11.36-16.el8_10.2.src.rpm',
        ),
      )?.sourceVersion,
    ).toBe('32:9.11.36-16.el8_10.2');
    expect(
      osvPackageKey(parsePurl('pkg:rpm/rhel/nspr@4.34.0-17.el9_1?upstream=nss-3.79.0-17.el9_1.src.rpm&distro=rhel-9.1'))
        ?.sourceVersion,
    ).toBe('3.79.0-17.el9_1');
    expect(
      osvPackageKey(parsePurl('pkg:apk/alpine/libssl3@3.0.8-r0?upstream=openssl&distro=alpine-3.17.2'))?.sourceVersion,
    ).toBeUndefined();
  });

  it('puts the epoch qualifier into the version, and a missing epoch stays 0', () => {
    expect(osvVersionOf(parsePurl('pkg:rpm/redhat/bind-libs@9.11.36-16.el8_10.2?epoch=32'))).toBe(
      '32:9.11.36-16.el8_10.2',
    );
    expect(osvVersionOf(parsePurl('pkg:rpm/redhat/bind-libs@9.11.36-16.el8_10.2'))).toBe('9.11.36-16.el8_10.2');
    expect(osvVersionOf(parsePurl('pkg:rpm/redhat/bind-libs@32:9.11.36-16.el8_10.2?epoch=32'))).toBe(
      '32:9.11.36-16.el8_10.2',
    );
    expect(osvVersionOf(parsePurl('pkg:apk/alpine/busybox@1.36.1-r0?epoch=1'))).toBe('1.36.1-r0');
  });

  it('builds purls back from OSV ecosystem, name and version (epoch in its qualifier)', () => {
    const parts = (e: string, n: string, v: string): PurlParts | undefined => purlPartsFromOsv(e, n, v);
    expect(parts('AlmaLinux:9', 'openssl', '1:3.0.1-41.el9_0')).toMatchObject({
      type: 'rpm',
      namespace: 'almalinux',
      version: '3.0.1-41.el9_0',
      qualifiers: { epoch: '1', distro: 'almalinux-9' },
    });
    expect(parts('Red Hat:enterprise_linux:9::appstream', 'sudo', '0:1.9.5p2-10.el9_6.1')).toMatchObject({
      namespace: 'redhat',
      version: '1.9.5p2-10.el9_6.1',
      qualifiers: { epoch: '0', distro: 'rhel-9' },
    });
    expect(parts('Alpine:v3.18', 'openssl', '3.1.4-r0')).toMatchObject({
      type: 'apk',
      namespace: 'alpine',
      qualifiers: { distro: '3.18' },
    });
    expect(parts('SUSE:Linux Enterprise Server 15 SP5', 'openssl-3', '3.0.8-150500.5.8.1')?.qualifiers).toEqual({
      distro: 'sles-15.5',
    });
    expect(parts('openSUSE:Leap 15.5', 'curl', '8.0.1-150400.5.23.1')?.qualifiers).toEqual({
      distro: 'opensuse-leap-15.5',
    });
    expect(parts('Wolfi', 'ruby-3.0', '3.0.4-r1')).toMatchObject({ type: 'apk', namespace: 'wolfi', qualifiers: {} });
  });

  it('reads the release of each OSV ecosystem spelling', () => {
    expect(advisoryRelease('Alpine:v3.18')).toBe('3.18');
    expect(advisoryRelease('AlmaLinux:8')).toBe('8');
    expect(advisoryRelease('Rocky Linux:9')).toBe('9');
    expect(advisoryRelease('Red Hat:enterprise_linux:9::appstream')).toBe('9');
    expect(advisoryRelease('Red Hat:rhel_eus:9.2::baseos')).toBe('9');
    expect(advisoryRelease('Red Hat:openshift:4.13::el9')).toBe('9');
    expect(advisoryRelease('Red Hat:openshift:4.13')).toBeUndefined();
    expect(advisoryRelease('SUSE:Linux Enterprise Server 15 SP5')).toBe('15.5');
    expect(advisoryRelease('SUSE:Linux Enterprise Micro 5.3')).toBe('5.3');
    expect(advisoryRelease('openSUSE:Leap 15.5')).toBe('leap 15.5');
    expect(advisoryRelease('openSUSE:Tumbleweed')).toBe('tumbleweed');
    expect(advisoryRelease('Debian:11')).toBe('11');
    expect(advisoryRelease('Ubuntu:22.04:LTS')).toBe('22.04');
    expect(advisoryRelease('Ubuntu:Pro:18.04:LTS')).toBe('18.04');
    expect(ecosystemMatches('Ubuntu:22.04:LTS', 'Ubuntu:22.04')).toBe(true);
    expect(ecosystemMatches('Ubuntu:22.04:LTS', 'Ubuntu:20.04')).toBe(false);
    expect(advisoryRelease('Alpine')).toBeUndefined();
  });

  it('reads source package names from the upstream qualifier', () => {
    expect(sourcePackageName('rpm', 'bind-9.11.36-16.el8_10.2.src.rpm')).toBe('bind');
    expect(sourcePackageName('rpm', 'python3.12-lxml-4.9.3-2.el9.src.rpm')).toBe('python3.12-lxml');
    expect(sourcePackageName('rpm', 'nss')).toBe('nss');
    expect(sourcePackageName('apk', 'openssl')).toBe('openssl');
    expect(sourcePackageName('apk', undefined)).toBeUndefined();
  });

  it('orders every distro ecosystem', () => {
    for (const e of [
      'Alpine:v3.18',
      'Wolfi',
      'Chainguard',
      'Red Hat:enterprise_linux:9::appstream',
      'AlmaLinux:8',
      'Rocky Linux:9',
      'SUSE:Linux Enterprise Server 15 SP5',
      'openSUSE:Leap 15.5',
    ]) {
      expect(`${e}: ${typeof comparatorFor(e)}`).toBe(`${e}: function`);
    }
  });
});

describe('real Alpine and AlmaLinux records', () => {
  it.each([
    // Alpine CVE-2022-27449 (mariadb): fixed per release branch.
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.6.7-r0?distro=alpine-3.16.2', true],
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.6.8-r0?distro=alpine-3.16.2', false],
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.6.10-r0?distro=alpine-3.16.2', false],
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.6.8_rc1-r0?distro=alpine-3.16.2', true],
    // 10.5.16-r0 is the fix on v3.14 but still affected on v3.15 (fixed there in 10.6.8-r0).
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.5.16-r0?distro=alpine-3.14.8', false],
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.5.16-r0?distro=3.15.4', true],
    // A release the advisory does not list: no match; no release in the purl: any branch.
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.6.7-r0?distro=alpine-3.17.2', false],
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb@10.6.7-r0', true],
    // A binary package of the mariadb source package (syft's upstream qualifier).
    [
      'alpine-CVE-2022-27449.json',
      'pkg:apk/alpine/mariadb-client@10.6.7-r0?upstream=mariadb&distro=alpine-3.16.2',
      true,
    ],
    ['alpine-CVE-2022-27449.json', 'pkg:apk/alpine/mariadb-client@10.6.7-r0?distro=alpine-3.16.2', false],
    ['alpine-CVE-2022-27449.json', 'pkg:apk/wolfi/mariadb@10.6.7-r0', false],
    // AlmaLinux 9 openssl, fixed in 1:3.0.1-41.el9_0.
    [
      'almalinux-ALSA-2022-6224.json',
      'pkg:rpm/almalinux/openssl-libs@3.0.1-40.el9_0?epoch=1&distro=almalinux-9.0',
      true,
    ],
    [
      'almalinux-ALSA-2022-6224.json',
      'pkg:rpm/almalinux/openssl-libs@3.0.1-41.el9_0?epoch=1&distro=almalinux-9.0',
      false,
    ],
    [
      'almalinux-ALSA-2022-6224.json',
      'pkg:rpm/almalinux/openssl-libs@3.0.1-43.el9_0?epoch=1&distro=almalinux-9.1',
      false,
    ],
    ['almalinux-ALSA-2022-6224.json', 'pkg:rpm/almalinux/openssl@3.0.1-41.el9_0?epoch=1', false],
    // Missing epoch = 0, which sorts below the fix's epoch 1.
    ['almalinux-ALSA-2022-6224.json', 'pkg:rpm/almalinux/openssl@3.0.1-41.el9_0?distro=almalinux-9.0', true],
    [
      'almalinux-ALSA-2022-6224.json',
      'pkg:rpm/almalinux/openssl-libs@3.0.1-40.el9_0?epoch=1&distro=almalinux-8.6',
      false,
    ],
    ['almalinux-ALSA-2022-6224.json', 'pkg:rpm/rocky/openssl-libs@3.0.1-40.el9_0?epoch=1&distro=rocky-9.0', false],
    // AlmaLinux 8 openssl, fixed in 1:1.1.1k-6.el8_5; a binary named by its source RPM.
    [
      'almalinux-ALSA-2022-1065.json',
      'pkg:rpm/almalinux/openssl-libs@1.1.1k-5.el8_5?epoch=1&distro=almalinux-8.5',
      true,
    ],
    [
      'almalinux-ALSA-2022-1065.json',
      'pkg:rpm/almalinux/openssl-libs@1.1.1k-6.el8_5?epoch=1&distro=almalinux-8.5',
      false,
    ],
    [
      'almalinux-ALSA-2022-1065.json',
      'pkg:rpm/almalinux/openssl-libs@1.1.1k-12.el8_9?epoch=1&distro=almalinux-8.9',
      false,
    ],
    [
      'almalinux-ALSA-2022-1065.json',
      'pkg:rpm/alma/openssl-fips-helper@1.1.1k-5.el8_5?epoch=1&distro=almalinux-8.5&upstream=openssl-1.1.1k-5.el8_5.src.rpm',
      true,
    ],
  ])('%s affects %s: %s', (file, purl, expected) => {
    expect(affects(file, purl)).toBe(expected);
  });

  it('leaves nothing of these records unsupported', () => {
    for (const f of FILES) expect(`${f}: ${JSON.stringify(unsupportedEntries(record(f)))}`).toBe(`${f}: []`);
  });
});

describe('made-up records in the shape of Red Hat, Rocky Linux, SUSE and openSUSE ones', () => {
  const advisory = (ecosystem: string, name: string, fixed: string) =>
    parseOsvAdvisory({
      id: 'RHSA-TEST-0001',
      modified: '2024-01-01T00:00:00Z',
      affected: [
        {
          package: { ecosystem, name },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }],
        },
      ],
    });

  it.each([
    // Red Hat: CPE-scoped streams, binary or source names, epochs.
    [
      'Red Hat:enterprise_linux:8::baseos',
      'bind',
      '32:9.11.36-16.el8_10.4',
      'pkg:rpm/redhat/bind-libs@9.11.36-16.el8_10.2?arch=x86_64&distro=rhel-8.10&epoch=32&upstream=bind-9.11.36-16.el8_10.2.src.rpm',
      true,
    ],
    [
      'Red Hat:enterprise_linux:8::baseos',
      'bind',
      '32:9.11.36-16.el8_10.2',
      'pkg:rpm/redhat/bind-libs@9.11.36-16.el8_10.2?arch=x86_64&distro=rhel-8.10&epoch=32&upstream=bind-9.11.36-16.el8_10.2.src.rpm',
      false,
    ],
    [
      'Red Hat:enterprise_linux:9::baseos',
      'bind',
      '32:9.16.23-18.el9_4',
      'pkg:rpm/redhat/bind-libs@9.11.36-16.el8_10.2?distro=rhel-8.10&epoch=32&upstream=bind-9.11.36-16.el8_10.2.src.rpm',
      false,
    ],
    [
      'Red Hat:rhel_eus:9.2::appstream',
      'nss',
      '3.90.0-3.el9_2',
      'pkg:rpm/rhel/nspr@4.34.0-17.el9_1?arch=x86_64&upstream=nss-3.79.0-17.el9_1.src.rpm&distro=rhel-9.1',
      true,
    ],
    [
      'Red Hat:enterprise_linux:9::appstream',
      'openssl',
      '1:3.0.7-27.el9',
      'pkg:rpm/redhat/openssl@3.0.7-27.el9?arch=src&epoch=1',
      false,
    ],
    [
      'Red Hat:enterprise_linux:9::appstream',
      'sudo',
      '0:1.9.5p2-10.el9_6.1',
      'pkg:rpm/redhat/sudo@1.9.5p2-10.el9_6?distro=rhel-9.6',
      true,
    ],
    [
      'Red Hat:enterprise_linux:9::appstream',
      'sudo',
      '0:1.9.5p2-10.el9_6.1',
      'pkg:rpm/redhat/sudo@1.9.5p2-10.el9_6.1?distro=rhel-9.6',
      false,
    ],
    // Rocky Linux: module builds.
    [
      'Rocky Linux:8',
      'babel',
      '0:2.7.0-10.module+el8.4.0+570+c2eaf144',
      'pkg:rpm/rocky/babel@2.5.1-5.module+el8.3.0+100+abcdef12?distro=rocky-8.3',
      true,
    ],
    [
      'Rocky Linux:8',
      'babel',
      '0:2.7.0-10.module+el8.4.0+570+c2eaf144',
      'pkg:rpm/rocky/babel@2.7.0-10.module+el8.4.0+570+c2eaf144?distro=rocky-8.4',
      false,
    ],
    // SUSE and openSUSE: product releases.
    [
      'SUSE:Linux Enterprise Server 15 SP5',
      'openssl-3',
      '3.0.8-150500.5.14.1',
      'pkg:rpm/sles/openssl-3@3.0.8-150500.5.8.1?distro=sles-15.5',
      true,
    ],
    [
      'SUSE:Linux Enterprise Server 15 SP5',
      'openssl-3',
      '3.0.8-150500.5.14.1',
      'pkg:rpm/sles/openssl-3@3.0.8-150500.5.8.1?distro=sles-15.4',
      false,
    ],
    [
      'openSUSE:Leap 15.5',
      'curl',
      '8.0.1-150400.5.26.1',
      'pkg:rpm/opensuse/curl@8.0.1-150400.5.23.1?distro=opensuse-leap-15.5',
      true,
    ],
    [
      'openSUSE:Tumbleweed',
      'curl',
      '8.6.0-1.1',
      'pkg:rpm/opensuse/curl@8.5.0-2.1?distro=opensuse-tumbleweed-20240101',
      true,
    ],
    ['openSUSE:Tumbleweed', 'curl', '8.6.0-1.1', 'pkg:rpm/opensuse/curl@8.5.0-2.1?distro=opensuse-leap-15.5', false],
  ])('%s %s fixed %s vs %s: %s', (ecosystem, name, fixed, purl, expected) => {
    const r = matchAdvisory(advisory(ecosystem, name, fixed), parsePurl(purl));
    expect(r.reasons).toEqual([]);
    expect(r.affected).toBe(expected);
  });
});
