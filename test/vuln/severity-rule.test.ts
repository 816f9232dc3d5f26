// The severity rule (docs/api.md, "Severity"): the rating of the source closest to the package
// wins — the distribution's for a distribution package, the ecosystem's advisory for a language
// package, then NVD, then any other — and inside a tier a stated label beats a CVSS score.
import { describe, expect, it } from 'vitest';
import {
  canonicalSource,
  closestSources,
  grypeNamespaceSource,
  osvRecordSource,
  sourceTier,
} from '../../src/vuln/rating-sources.js';
import { byCloseness, labelRating, vectorRating, type SourcedRating } from '../../src/vuln/severity.js';

/** CVSS 3.1 vectors and their base scores. */
const V62 = 'CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N'; // 6.2 MEDIUM
const V33 = 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:L'; // 3.3 LOW
const V98 = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'; // 9.8 CRITICAL

const label = (source: string, text: string): SourcedRating => ({ ...labelRating(text)!, source });
const vector = (source: string, v: string): SourcedRating => ({ ...vectorRating(v)!, source, vector: v });
const first = (ratings: SourcedRating[], purl?: string) => byCloseness(ratings, purl)[0];

describe('the rating of the source closest to the package wins', () => {
  // Issue 30: NVD, the distribution and the scanner say LOW; one vendor's vector computes 6.2.
  const issue = [
    vector('redhat', V62),
    label('nvd', 'LOW'),
    vector('nvd', V33),
    label('trivy', 'LOW'),
    label('debian', 'LOW'),
  ];

  it("a Debian package: Debian's own LOW, not another vendor's vector scoring 6.2 MEDIUM", () => {
    expect(vectorRating(V62)).toMatchObject({ severity: 'MEDIUM', score: 6.2 });
    expect(first(issue, 'pkg:deb/debian/libxml2@2.9.14?distro=debian-12')).toEqual(label('debian', 'LOW'));
  });

  it("a Red Hat package: Red Hat's label beats Red Hat's own vector (a label is the source's verdict)", () => {
    const ratings = [vector('redhat', V62), label('redhat', 'Low'), label('nvd', 'MEDIUM')];
    expect(first(ratings, 'pkg:rpm/rhel/nss@3.79.0-17.el9_1?distro=rhel-9.1')).toEqual(label('redhat', 'LOW'));
    // CentOS ships Red Hat's sources: Red Hat's rating is its distribution's.
    expect(first(ratings, 'pkg:rpm/centos/nss@3.79')).toEqual(label('redhat', 'LOW'));
  });

  it('a language package: the ecosystem advisory (GHSA) over NVD', () => {
    const ratings = [label('nvd', 'CRITICAL'), vector('nvd', V98), label('ghsa', 'MODERATE'), label('debian', 'LOW')];
    expect(first(ratings, 'pkg:pypi/django@4.2.1')).toEqual(label('ghsa', 'MEDIUM'));
    expect(first(ratings, 'pkg:npm/lodash@4.17.20')).toEqual(label('ghsa', 'MEDIUM'));
    // Go's own database is as close as GHSA for a Go module; a label before a vector inside the tier.
    expect(first([vector('ghsa', V98), label('go-vulndb', 'LOW')], 'pkg:golang/golang.org/x/net@0.1.0')).toEqual(
      label('go-vulndb', 'LOW'),
    );
  });

  it('NVD when no source closer to the package rated it, before other distributions and scanners', () => {
    expect(first([vector('nvd', V33)], 'pkg:apk/alpine/busybox@1.36.1-r0')).toEqual(vector('nvd', V33));
    const ratings = [label('amazon', 'HIGH'), label('trivy', 'CRITICAL'), vector('nvd', V33), label('ghsa', 'HIGH')];
    // GHSA is no source of an Alpine package; Amazon is another distribution.
    expect(first(ratings, 'pkg:apk/alpine/busybox@1.36.1-r0')).toEqual(vector('nvd', V33));
    expect(first(ratings, 'pkg:generic/busybox@1.36.1')).toEqual(vector('nvd', V33));
  });

  it('any other source last; inside a tier a label, then the more severe, then the higher score', () => {
    const others = [vector('bitnami', V98), label('oracle', 'LOW'), label('trivy', 'MEDIUM')];
    expect(first(others, 'pkg:deb/debian/bash@5.2')).toEqual(label('trivy', 'MEDIUM'));
    expect(first([vector('photon', V33), vector('bitnami', V62)], 'pkg:deb/debian/bash@5.2')).toEqual(
      vector('bitnami', V62),
    );
  });

  it("without a package (a vulnerability's record): NVD, then the advisory databases, then the rest", () => {
    expect(first([label('debian', 'LOW'), label('trivy', 'HIGH'), vector('nvd', V62)])).toEqual(vector('nvd', V62));
    expect(first([label('trivy', 'HIGH'), label('ghsa', 'LOW'), label('debian', 'MEDIUM')])).toEqual(
      label('debian', 'MEDIUM'),
    );
    expect(first([label('unspecified', 'HIGH'), vector('grype', V33)])).toEqual(label('unspecified', 'HIGH'));
  });

  it('keeps every rating, ordered; equal ratings keep their order', () => {
    const ordered = byCloseness(issue, 'pkg:deb/debian/libxml2@2.9.14');
    expect(ordered.map((r) => r.source)).toEqual(['debian', 'nvd', 'nvd', 'trivy', 'redhat']);
    expect(byCloseness([], 'pkg:deb/debian/x@1')).toEqual([]);
  });
});

describe('rating sources', () => {
  it('spells each source one way', () => {
    expect(['nvd@nist.gov', 'NVD', ' nvd '].map(canonicalSource)).toEqual(['nvd', 'nvd', 'nvd']);
    expect(['security-advisories@github.com', 'GitHub', 'ghsa'].map(canonicalSource)).toEqual(['ghsa', 'ghsa', 'ghsa']);
    expect(['oracle-oval', 'suse-cvrf', 'alma', 'Red Hat', 'cbl-mariner'].map(canonicalSource)).toEqual([
      'oracle',
      'suse',
      'almalinux',
      'redhat',
      'azurelinux',
    ]);
    // Grype's CycloneDX output names the source by its namespace.
    expect(['nvd:cpe', 'github:language:java', 'https://nvd.nist.gov'].map(canonicalSource)).toEqual([
      'nvd',
      'ghsa',
      'https://nvd.nist.gov',
    ]);
    expect(canonicalSource('134c704f-9b21-4f2e-91b3-4a467353bcc0')).toBe('134c704f-9b21-4f2e-91b3-4a467353bcc0');
    expect(canonicalSource('  ')).toBeUndefined();
  });

  it('reads Grype namespaces and OSV id prefixes as their databases', () => {
    expect(grypeNamespaceSource('debian:distro:debian:12')).toBe('debian');
    expect(grypeNamespaceSource('github:language:python')).toBe('ghsa');
    expect(grypeNamespaceSource('nvd:cpe')).toBe('nvd');
    expect(grypeNamespaceSource(undefined)).toBeUndefined();
    expect(
      ['GHSA-jfh8-c2jp-5v3q', 'GO-2022-0969', 'PYSEC-2021-1', 'DSA-5000-1', 'CVE-2021-44228', 'USN-1-1'].map(
        osvRecordSource,
      ),
    ).toEqual(['ghsa', 'go-vulndb', 'pypa', 'debian', 'nvd', 'ubuntu']);
    expect(osvRecordSource('MAL-2024-1')).toBe('mal');
  });

  it('finds the sources closest to a package by its purl', () => {
    expect([...closestSources('pkg:deb/ubuntu/openssl@3.0.2')]).toEqual(['ubuntu']);
    expect([...closestSources('pkg:rpm/opensuse/curl@8')]).toEqual(['suse']);
    // No namespace (cdxgen): the distro qualifier names the distribution, as the matcher reads it.
    expect([...closestSources('pkg:rpm/acl@2.3.1-3.el9?arch=x86_64&distro=almalinux-9.2')]).toEqual(['almalinux']);
    expect([...closestSources('pkg:deb/bash@5.0-4?distro=debian-10')]).toEqual(['debian']);
    expect([...closestSources('pkg:rpm/acl@2.3.1?distro=centos-9')]).toEqual([]);
    expect([...closestSources('pkg:cargo/regex@1.5.4')]).toEqual(['ghsa', 'rustsec']);
    expect([...closestSources('pkg:generic/busybox@1')]).toEqual([]);
    expect([...closestSources('not a purl')]).toEqual([]);
    expect(sourceTier('nvd', closestSources('pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'))).toBe(1);
  });
});
