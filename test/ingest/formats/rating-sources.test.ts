// Every format keeps each rating with its source (docs/formats/vulnerabilities.md, "Rating sources"):
// Trivy per SeveritySource, VendorSeverity and CVSS source, Grype per namespace and cvss source,
// OSV per id prefix, CSAF per publisher.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csafParser } from '../../../src/ingest/formats/csaf/index.js';
import { csafSource } from '../../../src/ingest/formats/csaf/translate.js';
import { osvParser } from '../../../src/ingest/formats/osv/index.js';
import { grypeParser, trivyParser } from '../../../src/ingest/formats/scanners/index.js';
import type { FormatParser } from '../../../src/ingest/formats/types.js';
import { FIXTURES, FIXTURES_DIR } from '../../helpers/corpus.js';
import { CTX } from './vuln-formats.suite.js';

const ratingsOf = (parser: FormatParser, file: string, id: string) =>
  parser.parse(FIXTURES.load(file), CTX).vulnMetadata.find((m) => m.vulnerability.id === id)?.ratings;

describe('ratings with their sources', () => {
  it("trivy: Severity is its SeveritySource's, VendorSeverity each vendor's, CVSS each source's", () => {
    const ratings = ratingsOf(trivyParser, 'trivy-trivy-alpine-3.9-image.json', 'CVE-2019-1549');
    expect(ratings).toEqual([
      { source: 'nvd', kind: 'label', severity: 'MEDIUM' },
      { source: 'amazon', kind: 'label', severity: 'MEDIUM' },
      { source: 'oracle', kind: 'label', severity: 'MEDIUM' },
      { source: 'photon', kind: 'label', severity: 'MEDIUM' },
      { source: 'redhat', kind: 'label', severity: 'LOW' },
      { source: 'ubuntu', kind: 'label', severity: 'LOW' },
      {
        source: 'nvd',
        kind: 'cvss',
        severity: 'MEDIUM',
        scoreType: 'CVSSv31',
        score: 5.3,
        vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N',
      },
      {
        source: 'nvd',
        kind: 'cvss',
        severity: 'MEDIUM',
        scoreType: 'CVSSv2',
        score: 5,
        vector: 'AV:N/AC:L/Au:N/C:P/I:N/A:N',
      },
      {
        source: 'redhat',
        kind: 'cvss',
        severity: 'MEDIUM',
        scoreType: 'CVSSv3',
        score: 4.8,
        vector: 'CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N',
      },
    ]);
  });

  it("grype: a record's label is its namespace's; vectors their cvss source's, else the namespace's", () => {
    const ratings = ratingsOf(grypeParser, 'grype-grype-keycloak-21.0.2-image.json', 'CVE-2020-12413');
    const vector = 'CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N';
    // The RHEL record (redhat:distro:redhat:9) and its related NVD record share the CVE id.
    expect(ratings).toEqual([
      { source: 'redhat', kind: 'label', severity: 'LOW' },
      { source: 'redhat', kind: 'cvss', severity: 'MEDIUM', scoreType: 'CVSSv31', score: 5.9, vector },
      { source: 'nvd', kind: 'label', severity: 'MEDIUM' },
      { source: 'nvd', kind: 'cvss', severity: 'MEDIUM', scoreType: 'CVSSv31', score: 5.9, vector },
    ]);
    const busybox = ratingsOf(grypeParser, 'grype-grype-busybox-1.32.1-image-epss.json', 'CVE-2022-28391');
    expect(busybox?.map((r) => `${r.source} ${r.kind} ${r.severity}`)).toEqual([
      'nvd label HIGH',
      'nvd cvss HIGH',
      'nvd cvss MEDIUM',
      '134c704f-9b21-4f2e-91b3-4a467353bcc0 cvss HIGH',
    ]);
    // No namespace (Grype 0.7): the record's label and vector are Grype's own.
    expect(ratingsOf(grypeParser, 'grype-grype-defectdojo-django-1.13.1-image.json', 'CVE-2019-18276')).toEqual([
      { source: 'grype', kind: 'label', severity: 'LOW' },
      {
        source: 'grype',
        kind: 'cvss',
        severity: 'HIGH',
        scoreType: 'CVSSv2',
        score: 7.2,
        vector: 'AV:L/AC:L/Au:N/C:C/I:C/A:C',
      },
    ]);
  });

  it("OSV: the record's database by its id prefix", () => {
    const ghsa = ratingsOf(osvParser, 'osv-ghsa-pypi-torch-GHSA-4vmg-rw8f-92f9.json', 'GHSA-4vmg-rw8f-92f9');
    expect(ghsa?.length).toBeGreaterThan(0);
    expect(new Set(ghsa?.map((r) => r.source))).toEqual(new Set(['ghsa']));
  });

  it('CSAF: the publisher, by its namespace domain, else its name', () => {
    const text = readFileSync(join(FIXTURES_DIR, 'csaf', 'redhat-rhsa-2024_2049.json'), 'utf8');
    const document = { name: 'redhat-rhsa-2024_2049.json', text, json: JSON.parse(text), xml: false };
    const rhsa = csafParser.parse(document, CTX).vulnMetadata;
    expect(rhsa.length).toBeGreaterThan(0);
    const sources = rhsa.flatMap((m) => (m.ratings ?? []).map((r) => r.source));
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set(['redhat']));
    expect(csafSource({ publisherNamespace: 'https://cert.example.co.uk', publisherName: 'X' })).toBe('example');
    expect(csafSource({ publisherNamespace: 'not a url', publisherName: 'SUSE' })).toBe('suse');
    expect(csafSource({})).toBeUndefined();
  });
});
