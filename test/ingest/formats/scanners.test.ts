import { describe, expect, it } from 'vitest';
import { grypeParser, osvScannerParser, trivyParser } from '../../../src/ingest/formats/scanners/index.js';
import type { FormatParser } from '../../../src/ingest/formats/types.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { CTX, scannerFormatSuite } from './vuln-formats.suite.js';

const load = (file: string) => FIXTURES.load(file);

scannerFormatSuite(FIXTURES);

describe('scan metadata', () => {
  const scanOf = (parser: FormatParser, f: string) => parser.parse(load(f), CTX).certifyVulns[0].scan;

  it('grype: descriptor version, db build and timestamp; ingest time when the report has none', () => {
    expect(scanOf(grypeParser, 'grype-grype-keycloak-21.0.2-image.json')).toEqual({
      scannerUri: 'https://github.com/anchore/grype',
      scannerVersion: '0.66.0',
      dbUri: 'https://toolbox-data.anchore.io/grype/databases/listing.json',
      dbVersion: '2023-09-01T01:26:55Z',
      timeScanned: '2023-09-01T12:13:42.201Z',
    });
    expect(scanOf(grypeParser, 'grype-grype-busybox-1.32.1-image-epss.json')).toMatchObject({
      scannerVersion: '0.94.0',
      dbVersion: '2025-06-19T04:12:38Z',
      timeScanned: '2025-06-19T11:43:35.523Z',
    });
    expect(scanOf(grypeParser, 'grype-grype-defectdojo-django-1.13.1-image.json')).toMatchObject({
      scannerVersion: '0.7.0',
      timeScanned: CTX.now,
    });
  });

  it('trivy: CreatedAt, else ingest time; version from Trivy.Version', () => {
    expect(scanOf(trivyParser, 'trivy-trivy-prometheus-mcp-server-uv-lock.json').timeScanned).toBe(
      '2025-08-27T10:26:10.794Z',
    );
    expect(scanOf(trivyParser, 'trivy-trivy-alpine-3.9-image.json')).toMatchObject({
      scannerVersion: 'dev',
      timeScanned: '2021-08-25T12:20:30.000Z',
    });
    expect(scanOf(trivyParser, 'trivy-trivy-teamdojo-alpine-jar-image.json').timeScanned).toBe(CTX.now);
    expect(scanOf(trivyParser, 'trivy-trivy-legacy-array-format-debian-10.json').timeScanned).toBe(CTX.now);
  });

  it('osv-scanner: ingest time and osv.dev', () => {
    expect(scanOf(osvScannerParser, 'osv-scanner-osv-scanner-cargo-lockfile.json')).toEqual({
      scannerUri: 'https://github.com/google/osv-scanner',
      scannerVersion: '',
      dbUri: 'https://osv.dev',
      dbVersion: '',
      timeScanned: CTX.now,
    });
  });
});

describe('packages, metadata and aliases', () => {
  it('osv-scanner builds purls from ecosystem + name (Go versions get their v)', () => {
    const facts = osvScannerParser.parse(load('osv-scanner-osv-scanner-go-and-cargo-project.json'), CTX);
    expect(facts.packages.sort()).toEqual(['pkg:cargo/regex@1.5.1', 'pkg:golang/github.com/gogo/protobuf@v1.3.1']);
    const pairs = facts.vulnEquals.map((e) => [e.vulnerability.id, e.equal.id].sort().join('='));
    expect(pairs).toEqual(
      expect.arrayContaining([
        'CVE-2021-3121=GO-2021-0053',
        'GHSA-c3h9-896r-86jm=GO-2021-0053',
        'GHSA-m5pq-gvj9-9vr8=RUSTSEC-2022-0013',
      ]),
    );
    expect(new Set(pairs).size).toBe(pairs.length); // each equivalence once
  });

  it('trivy without purls builds them from the result type and OS', () => {
    const legacy = trivyParser.parse(load('trivy-trivy-legacy-array-format-debian-10.json'), CTX);
    expect(legacy.format).toBe('trivy-legacy');
    expect(legacy.packages).toContain('pkg:deb/debian/apt@1.8.2.2?distro=debian-10.8');
    const dojo = trivyParser.parse(load('trivy-trivy-teamdojo-alpine-jar-image.json'), CTX);
    expect(dojo.packages).toEqual(
      expect.arrayContaining([
        'pkg:apk/alpine/freetype@2.9.1-r2?distro=3.9.4',
        'pkg:maven/org.apache.commons/commons-compress@1.14',
      ]),
    );
  });

  it('trivy --list-all-pkgs: clean packages are recorded as scanned clean, suppressed findings are not', () => {
    const npm = trivyParser.parse(load('trivy-trivy-npm-project.json'), CTX);
    const clean = npm.certifyVulns.filter((c) => c.vulnerability === null).map((c) => c.package);
    expect(clean.length).toBe(11);
    expect(clean).not.toContain('pkg:npm/jquery@3.3.9');
    const fashion = trivyParser.parse(load('trivy-trivy-bestseller-fashion-debian-12-image.json'), CTX);
    const cleanFashion = new Set(fashion.certifyVulns.filter((c) => c.vulnerability === null).map((c) => c.package));
    expect([...cleanFashion].some((p) => p.startsWith('pkg:deb/debian/libc-bin@'))).toBe(false);
    expect(fashion.skipped.some((s) => /CVE-2026-0861/.test(s.reason))).toBe(true);
  });

  it('grype: the highest of label and vector scores, related vulnerabilities as aliases', () => {
    const facts = grypeParser.parse(load('grype-grype-chainguard-ruby-3.0-image.json'), CTX);
    const cve = facts.vulnMetadata.find((m) => m.vulnerability.id === 'CVE-2023-28755')!;
    expect(cve).toMatchObject({
      vulnerability: { type: 'CVE' },
      severity: 'HIGH',
      scoreType: 'CVSSv31',
      scoreValue: 7.5,
    });
    expect(cve.description).toMatch(/ReDoS/);
    const dojo = grypeParser.parse(load('grype-grype-defectdojo-django-1.13.1-image.json'), CTX);
    // Grype says Low; the record's CVSS v2 vector scores 7.2, which is HIGH on the v2 scale.
    expect(dojo.vulnMetadata.find((m) => m.vulnerability.id === 'CVE-2019-18276')).toMatchObject({
      severity: 'HIGH',
      scoreType: 'CVSSv2',
      scoreValue: 7.2,
    });
    const keycloak = grypeParser.parse(load('grype-grype-keycloak-21.0.2-image.json'), CTX);
    expect(keycloak.certifyVulns.every((c) => c.package.startsWith('pkg:rpm/'))).toBe(true);
  });
});
