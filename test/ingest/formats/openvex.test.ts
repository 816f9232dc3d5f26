import { describe, expect, it } from 'vitest';
import { openvexParser } from '../../../src/ingest/formats/openvex/index.js';
import { DocumentError } from '../../../src/model/facts.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { CTX, openvexFormatSuite } from './vuln-formats.suite.js';

const load = (file: string) => FIXTURES.load(file);

const doc = (json: unknown) => ({ name: 'x', text: '', json, xml: false });

openvexFormatSuite(FIXTURES);

describe('OpenVEX parsing', () => {
  it('maps status, justification, impact statement and subcomponents (spec example)', () => {
    const facts = openvexParser.parse(load('openvex-spec-example-wolfi-not-affected.json'), CTX);
    expect(facts.vex).toEqual([
      {
        subject: {
          kind: 'package',
          purl: 'pkg:oci/git@sha256:23a264e6e429852221a963e9f17338ba3f5796dc7086e46439a6f4482cf6e0cb',
        },
        vulnerability: { type: 'CVE', id: 'CVE-2023-12345' },
        status: 'NOT_AFFECTED',
        justification: 'inline_mitigations_already_exist',
        statement: 'Included git is mitigated against CVE-2023-12345 !',
        statusNotes:
          'subcomponents: pkg:apk/alpine/git@2.38.1-r0?arch=x86_64, pkg:apk/alpine/git@2.38.1-r0?arch=ppc64le',
        knownSince: '2023-01-10T03:23:03.579Z',
      },
    ]);
    // The OCI purl's version is the image digest: the image artifact is an occurrence of it.
    expect(facts.occurrences).toEqual([
      expect.objectContaining({
        artifact: 'sha256:23a264e6e429852221a963e9f17338ba3f5796dc7086e46439a6f4482cf6e0cb',
        subject: {
          kind: 'package',
          purl: 'pkg:oci/git@sha256:23a264e6e429852221a963e9f17338ba3f5796dc7086e46439a6f4482cf6e0cb',
        },
      }),
    ]);
  });

  it('uses the statement timestamp before the document timestamp, and aliases become VulnEqual', () => {
    const facts = openvexParser.parse(load('openvex-vexctl-sample-2vulns.json'), CTX);
    expect(facts.vex.map((v) => [v.vulnerability.id, v.status, v.knownSince])).toEqual([
      ['CVE-2023-27103', 'NOT_AFFECTED', '2023-08-16T01:55:22.076Z'],
      ['CVE-2007-5686', 'FIXED', '2023-08-17T01:55:22.076Z'],
    ]);
    expect(facts.vulnEquals.map((e) => e.equal.id)).toEqual([
      'SNYK-DEBIAN12-LIBDE265-3361563',
      'SNYK-DEBIAN12-SHADOW-1559391',
    ]);
  });

  it('legacy documents: plain-string products, non-identifiers skipped, no-product statements skipped', () => {
    const images = openvexParser.parse(load('openvex-vexctl-images-legacy-context.json'), CTX);
    expect(images.vex.map((v) => v.subject)).toEqual([
      {
        kind: 'package',
        purl: 'pkg:oci/alpine@sha256:f271e74b17ced29b915d351685fd4644785c6d1559dd1f2d4189a5e851ef753a',
      },
      { kind: 'package', purl: 'pkg:oci/kube-apiserver?repository_url=registry.k8s.io&tag=v1.26.0' },
    ]);
    expect(images.vex[0]).toMatchObject({ status: 'UNDER_INVESTIGATION', knownSince: '2022-12-22T21:36:43.000Z' });
    expect(images.skipped.map((s) => s.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/"nginx" is neither a purl nor a digest/)]),
    );
    const test = openvexParser.parse(load('openvex-vexctl-chainguard-test.json'), CTX);
    expect(test.vex).toEqual([]);
    expect(test.skipped).toEqual([
      { path: '/statements/0', reason: 'statement has no products' },
      { path: '/statements/1', reason: 'statement has no products' },
    ]);
  });

  it('trivy VEX: one fact per product purl, identifiers.purl de-duplicated', () => {
    const facts = openvexParser.parse(load('openvex-trivy-magefile-trivy-go-module-2024-07.json'), CTX);
    expect(facts.vex.length).toBe(15);
    expect(new Set(facts.vex.map((v) => v.subject.kind === 'package' && v.subject.purl))).toEqual(
      new Set(['pkg:golang/github.com/aquasecurity/trivy']),
    );
    expect(facts.vex[0].statusNotes).toBe('subcomponents: pkg:golang/helm.sh/helm/v3');
    // Descriptions are recorded without claiming a severity the document does not give.
    expect(facts.vulnMetadata[0]).toEqual({
      vulnerability: { type: 'OSV', id: 'GO-2024-2575' },
      description: "Helm's Missing YAML Content Leads To Panic in helm.sh/helm/v3",
      severity: undefined,
      scoreType: undefined,
      scoreValue: undefined,
      timestamp: undefined,
    });
  });

  it('affected statements certify the vulnerability; digests and hashes name artifacts', () => {
    const facts = openvexParser.parse(
      doc({
        '@context': 'https://openvex.dev/ns/v0.2.0',
        '@id': 'https://example.com/vex/1',
        author: 'x',
        timestamp: '2024-01-02T03:04:05Z',
        version: 2,
        statements: [
          {
            vulnerability: { name: 'CVE-2021-44228' },
            status: 'affected',
            action_statement: 'upgrade',
            products: [{ '@id': 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1' }],
          },
          {
            vulnerability: { name: 'GHSA-jfh8-c2jp-5v3q' },
            status: 'fixed',
            products: [
              { '@id': 'https://example.com/product', hashes: { 'sha-256': 'AB'.repeat(32) } },
              'sha256:' + 'cd'.repeat(32),
            ],
          },
        ],
      }),
      CTX,
    );
    expect(facts.certifyVulns).toEqual([
      {
        package: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
        vulnerability: { type: 'CVE', id: 'CVE-2021-44228' },
        scan: {
          scannerUri: 'https://example.com/vex/1',
          scannerVersion: '2',
          dbUri: '',
          dbVersion: '',
          timeScanned: '2024-01-02T03:04:05.000Z',
        },
      },
    ]);
    expect(facts.vex[0].statement).toBe('upgrade');
    expect(facts.vex.slice(1).map((v) => v.subject)).toEqual([
      { kind: 'artifact', digest: `sha256:${'ab'.repeat(32)}` },
      { kind: 'artifact', digest: `sha256:${'cd'.repeat(32)}` },
    ]);
  });

  it('rejects unknown statuses and statements without a vulnerability', () => {
    const base = { '@context': 'https://openvex.dev/ns', '@id': 'x', author: 'a', timestamp: '2024-01-01T00:00:00Z' };
    expect(() =>
      openvexParser.parse(
        doc({ ...base, statements: [{ vulnerability: 'CVE-1', status: 'maybe', products: ['pkg:npm/a@1'] }] }),
        CTX,
      ),
    ).toThrow(DocumentError);
    try {
      openvexParser.parse(doc({ ...base, statements: [{ status: 'fixed', products: ['pkg:npm/a@1'] }] }), CTX);
      expect.unreachable();
    } catch (e) {
      expect((e as DocumentError).path).toBe('/statements/0/vulnerability');
    }
  });
});
