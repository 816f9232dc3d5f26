// Distribution packages without a purl namespace (cdxgen writes
// pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=almalinux-9.2): the `distro` qualifier names the
// distribution and its release (docs/formats/vulnerabilities.md, "Distribution from the distro
// qualifier"). One made-up record per distribution the matcher knows, in the shape of that
// distribution's published OSV records (ids say TEST); each is matched against packages without a
// namespace, of its own distribution and of every other one.
import { describe, expect, it } from 'vitest';
import { parsePurl } from '../../src/model/purl.js';
import { parseOsvAdvisory } from '../../src/ingest/formats/osv/parse.js';
import { matchAdvisory, type OsvAdvisory } from '../../src/vuln/osv-match.js';
import { osvPackageKey } from '../../src/vuln/ecosystems.js';

interface Distribution {
  /** The OSV base ecosystem. */
  name: string;
  /** A record of that distribution, as its OSV database spells it. */
  id: string;
  ecosystem: string;
  package: string;
  fixed: string;
  /** A package without a namespace below the fix, and the same with a namespace. */
  affected: string;
  namespaced: string;
  /** The same package at the fix. */
  fixedPurl: string;
  /** The same package version of another release of that distribution (none: a rolling one). */
  otherRelease?: string;
}

const DISTRIBUTIONS: Distribution[] = [
  {
    name: 'Debian',
    id: 'DSA-TEST-5532-1',
    ecosystem: 'Debian:12',
    package: 'openssl',
    fixed: '3.0.11-1~deb12u2',
    affected: 'pkg:deb/openssl@3.0.11-1~deb12u1?arch=amd64&distro=debian-12.2',
    namespaced: 'pkg:deb/debian/openssl@3.0.11-1~deb12u1?arch=amd64&distro=debian-12.2',
    fixedPurl: 'pkg:deb/openssl@3.0.11-1~deb12u2?arch=amd64&distro=debian-12',
    otherRelease: 'pkg:deb/openssl@3.0.11-1~deb12u1?arch=amd64&distro=debian-11',
  },
  {
    name: 'Debian (LTS)',
    id: 'DLA-TEST-3449-1',
    ecosystem: 'Debian:10',
    package: 'openssl',
    fixed: '1.1.1n-0+deb10u5',
    affected: 'pkg:deb/openssl@1.1.1n-0+deb10u4?arch=amd64&distro=debian-10',
    namespaced: 'pkg:deb/debian/openssl@1.1.1n-0+deb10u4?arch=amd64&distro=debian-10',
    fixedPurl: 'pkg:deb/openssl@1.1.1n-0+deb10u5?arch=amd64&distro=debian-10',
    otherRelease: 'pkg:deb/openssl@1.1.1n-0+deb10u4?arch=amd64&distro=debian-11',
  },
  {
    name: 'Ubuntu',
    id: 'USN-TEST-6450-1',
    ecosystem: 'Ubuntu:22.04:LTS',
    package: 'openssl',
    fixed: '3.0.2-0ubuntu1.12',
    affected: 'pkg:deb/openssl@3.0.2-0ubuntu1.10?arch=amd64&distro=ubuntu-22.04',
    namespaced: 'pkg:deb/ubuntu/openssl@3.0.2-0ubuntu1.10?arch=amd64&distro=ubuntu-22.04',
    fixedPurl: 'pkg:deb/openssl@3.0.2-0ubuntu1.12?arch=amd64&distro=ubuntu-22.04',
    otherRelease: 'pkg:deb/openssl@3.0.2-0ubuntu1.10?arch=amd64&distro=ubuntu-20.04',
  },
  {
    name: 'Alpine',
    id: 'ALPINE-TEST-CVE-2023-5363',
    ecosystem: 'Alpine:v3.18',
    package: 'openssl',
    fixed: '3.1.4-r0',
    affected: 'pkg:apk/libssl3@3.1.3-r0?arch=x86_64&upstream=openssl&distro=alpine-3.18.4',
    namespaced: 'pkg:apk/alpine/libssl3@3.1.3-r0?arch=x86_64&upstream=openssl&distro=alpine-3.18.4',
    fixedPurl: 'pkg:apk/libssl3@3.1.4-r0?arch=x86_64&upstream=openssl&distro=alpine-3.18',
    otherRelease: 'pkg:apk/libssl3@3.1.3-r0?arch=x86_64&upstream=openssl&distro=alpine-3.17.5',
  },
  {
    name: 'Wolfi',
    id: 'CGA-TEST-wolfi-openssl',
    ecosystem: 'Wolfi',
    package: 'openssl',
    fixed: '3.1.4-r0',
    affected: 'pkg:apk/openssl@3.1.3-r0?arch=x86_64&distro=wolfi-20230201',
    namespaced: 'pkg:apk/wolfi/openssl@3.1.3-r0?arch=x86_64&distro=wolfi-20230201',
    fixedPurl: 'pkg:apk/openssl@3.1.4-r0?arch=x86_64&distro=wolfi-20230201',
  },
  {
    name: 'Chainguard',
    id: 'CGA-TEST-chainguard-openssl',
    ecosystem: 'Chainguard',
    package: 'openssl',
    fixed: '3.1.4-r0',
    affected: 'pkg:apk/openssl@3.1.3-r0?arch=x86_64&distro=chainguard-20230214',
    namespaced: 'pkg:apk/chainguard/openssl@3.1.3-r0?arch=x86_64&distro=chainguard-20230214',
    fixedPurl: 'pkg:apk/openssl@3.1.4-r0?arch=x86_64&distro=chainguard-20230214',
  },
  {
    name: 'Red Hat',
    id: 'RHSA-TEST-2023:7877',
    ecosystem: 'Red Hat:enterprise_linux:9::baseos',
    package: 'acl',
    fixed: '0:2.3.1-4.el9',
    affected: 'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=rhel-9.2',
    namespaced: 'pkg:rpm/redhat/acl@2.3.1-3.el9?arch=x86_64&distro=rhel-9.2',
    fixedPurl: 'pkg:rpm/acl@2.3.1-4.el9?arch=x86_64&distro=rhel-9.3',
    otherRelease: 'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=rhel-8.9',
  },
  {
    name: 'AlmaLinux',
    id: 'ALSA-TEST-2023:6616',
    ecosystem: 'AlmaLinux:9',
    package: 'acl',
    fixed: '2.3.1-4.el9',
    affected: 'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=almalinux-9.2',
    namespaced: 'pkg:rpm/almalinux/acl@2.3.1-3.el9?arch=x86_64&distro=almalinux-9.2',
    fixedPurl: 'pkg:rpm/acl@2.3.1-4.el9?arch=x86_64&distro=almalinux-9.3',
    otherRelease: 'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=almalinux-8.9',
  },
  {
    name: 'Rocky Linux',
    id: 'RLSA-TEST-2023:6616',
    ecosystem: 'Rocky Linux:9',
    package: 'acl',
    fixed: '2.3.1-4.el9',
    affected: 'pkg:rpm/libacl@2.3.1-3.el9?arch=x86_64&upstream=acl-2.3.1-3.el9.src.rpm&distro=rocky-9.2',
    namespaced: 'pkg:rpm/rocky/libacl@2.3.1-3.el9?arch=x86_64&upstream=acl-2.3.1-3.el9.src.rpm&distro=rocky-9.2',
    fixedPurl: 'pkg:rpm/libacl@2.3.1-4.el9?arch=x86_64&upstream=acl-2.3.1-4.el9.src.rpm&distro=rocky-9.3',
    otherRelease: 'pkg:rpm/libacl@2.3.1-3.el9?arch=x86_64&upstream=acl-2.3.1-3.el9.src.rpm&distro=rocky-8.8',
  },
  {
    name: 'SUSE',
    id: 'SUSE-SU-TEST-2023:4200-1',
    ecosystem: 'SUSE:Linux Enterprise Server 15 SP5',
    package: 'openssl-3',
    fixed: '3.0.8-150500.5.14.1',
    affected: 'pkg:rpm/openssl-3@3.0.8-150500.5.8.1?arch=x86_64&distro=sles-15.5',
    namespaced: 'pkg:rpm/suse/openssl-3@3.0.8-150500.5.8.1?arch=x86_64&distro=sles-15.5',
    fixedPurl: 'pkg:rpm/openssl-3@3.0.8-150500.5.14.1?arch=x86_64&distro=sles-15.5',
    otherRelease: 'pkg:rpm/openssl-3@3.0.8-150500.5.8.1?arch=x86_64&distro=sles-15.4',
  },
  {
    name: 'openSUSE Leap',
    id: 'openSUSE-SU-TEST-2024:0001-1',
    ecosystem: 'openSUSE:Leap 15.5',
    package: 'curl',
    fixed: '8.0.1-150400.5.26.1',
    affected: 'pkg:rpm/curl@8.0.1-150400.5.23.1?arch=x86_64&distro=opensuse-leap-15.5',
    namespaced: 'pkg:rpm/opensuse/curl@8.0.1-150400.5.23.1?arch=x86_64&distro=opensuse-leap-15.5',
    fixedPurl: 'pkg:rpm/curl@8.0.1-150400.5.26.1?arch=x86_64&distro=opensuse-leap-15.5',
    otherRelease: 'pkg:rpm/curl@8.0.1-150400.5.23.1?arch=x86_64&distro=opensuse-leap-15.4',
  },
  {
    name: 'openSUSE Tumbleweed',
    id: 'openSUSE-SU-TEST-2024:0002-1',
    ecosystem: 'openSUSE:Tumbleweed',
    package: 'curl',
    fixed: '8.6.0-1.1',
    affected: 'pkg:rpm/curl@8.5.0-2.1?arch=x86_64&distro=opensuse-tumbleweed-20240101',
    namespaced: 'pkg:rpm/opensuse-tumbleweed/curl@8.5.0-2.1?arch=x86_64&distro=opensuse-tumbleweed-20240101',
    fixedPurl: 'pkg:rpm/curl@8.6.0-1.1?arch=x86_64&distro=opensuse-tumbleweed-20240301',
  },
];

/** An OSV record of one affected package, fixed at `fixed` (or never, when undefined). */
function advisory(id: string, ecosystem: string, name: string, fixed?: string): OsvAdvisory {
  const events: Record<string, string>[] = [{ introduced: '0' }];
  if (fixed) events.push({ fixed });
  return parseOsvAdvisory({
    id,
    modified: '2024-01-01T00:00:00Z',
    affected: [{ package: { ecosystem, name }, ranges: [{ type: 'ECOSYSTEM', events }] }],
  });
}

const ownAdvisory = (d: Distribution) => advisory(d.id, d.ecosystem, d.package, d.fixed);
const purlType = (d: Distribution) => parsePurl(d.affected).type;
const nameOf = (purl: string) => parsePurl(purl).name;

describe('distribution packages without a namespace, by their distro qualifier', () => {
  it.each(DISTRIBUTIONS.map((d) => [d.name, d.affected, d] as const))(
    '%s: %s is affected by its own distribution’s advisory, not at the fix',
    (_name, purl, d) => {
      const r = matchAdvisory(ownAdvisory(d), parsePurl(purl));
      expect(r.reasons).toEqual([]);
      expect(r.affected).toBe(true);
      expect(matchAdvisory(ownAdvisory(d), parsePurl(d.fixedPurl)).affected).toBe(false);
    },
  );

  it.each(DISTRIBUTIONS.map((d) => [d.name, d.affected, d] as const))(
    '%s: %s has the OSV identity of the purl with the namespace',
    (_name, purl, d) => {
      const key = osvPackageKey(parsePurl(purl));
      expect(key?.ecosystem).toMatch(new RegExp(`^${d.ecosystem.split(':')[0]}`));
      expect(key).toEqual(osvPackageKey(parsePurl(d.namespaced)));
    },
  );

  it.each(DISTRIBUTIONS.filter((d) => d.otherRelease).map((d) => [d.name, d.otherRelease!, d] as const))(
    '%s: %s of another release is not affected',
    (_name, purl, d) => {
      expect(matchAdvisory(ownAdvisory(d), parsePurl(purl)).affected).toBe(false);
    },
  );

  // Every other distribution of the same purl type, with an advisory for the same package name
  // that affects every version: only the distribution's own may match.
  it.each(DISTRIBUTIONS.map((d) => [d.name, d.affected, d] as const))(
    '%s: %s is not affected by another distribution’s advisory',
    (_name, purl, d) => {
      const others = DISTRIBUTIONS.filter(
        (o) => purlType(o) === purlType(d) && o.ecosystem.split(':')[0] !== d.ecosystem.split(':')[0],
      );
      expect(others.length).toBeGreaterThan(0);
      for (const o of others) {
        for (const name of new Set([nameOf(purl), d.package])) {
          const foreign = advisory(o.id, o.ecosystem.split(':')[0], name);
          expect(`${o.ecosystem} ${name}: ${matchAdvisory(foreign, parsePurl(purl)).affected}`).toBe(
            `${o.ecosystem} ${name}: false`,
          );
        }
      }
    },
  );

  // A qualifier that names no distribution the matcher knows, or one of another package type.
  it.each([
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=centos-9',
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=fedora-39',
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=amzn-2',
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=ol-9.2',
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=el9',
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=almalinuxos-9.2',
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=debian-12',
    'pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=alpine-3.18',
    'pkg:apk/openssl@3.1.3-r0?arch=x86_64&distro=3.18.4',
    'pkg:apk/openssl@3.1.3-r0?arch=x86_64&distro=almalinux-9.2',
    'pkg:deb/openssl@3.0.11-1~deb12u1?arch=amd64&distro=bookworm',
    'pkg:deb/openssl@3.0.11-1~deb12u1?arch=amd64&distro=linuxmint-21',
    'pkg:deb/openssl@3.0.11-1~deb12u1?arch=amd64&distro=rhel-9.2',
  ])('%s matches no distribution advisory, with a reason', (purl) => {
    const p = parsePurl(purl);
    for (const d of DISTRIBUTIONS) {
      for (const ecosystem of [d.ecosystem, d.ecosystem.split(':')[0]]) {
        const r = matchAdvisory(advisory(d.id, ecosystem, p.name), p);
        expect(`${ecosystem}: ${r.affected}`).toBe(`${ecosystem}: false`);
        expect(r.reasons.join()).toMatch(/without a namespace/);
      }
    }
  });

  it('keeps the namespace when there is one: the qualifier then gives the release only', () => {
    const alma = advisory('ALSA-TEST-2023:6616', 'AlmaLinux:9', 'acl', '2.3.1-4.el9');
    expect(matchAdvisory(alma, parsePurl('pkg:rpm/centos/acl@2.3.1-3.el9?distro=almalinux-9.2')).affected).toBe(false);
    expect(matchAdvisory(alma, parsePurl('pkg:rpm/almalinux/acl@2.3.1-3.el9?distro=rhel-9.2')).affected).toBe(true);
    expect(matchAdvisory(alma, parsePurl('pkg:rpm/almalinux/acl@2.3.1-3.el9?distro=rhel-8.9')).affected).toBe(false);
  });
});
