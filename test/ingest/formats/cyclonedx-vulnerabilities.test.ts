// CycloneDX findings: the 1.2/1.3 vulnerability extension (every finding, with its ratings and
// advisories, also for components without bom-ref or purl), `affects` refs that name nothing in
// the BOM, and the bound on XML entity references.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectDocumentError, PARSE_CTX, sniffText } from '../../helpers/documents.js';
import { cyclonedxJsonParser, cyclonedxXmlParser } from '../../../src/ingest/formats/cyclonedx/index.js';
import { MAX_XML_REFERENCES } from '../../../src/ingest/formats/cyclonedx/xml.js';

const FIXTURES = new URL('../../fixtures/cyclonedx-xml/', import.meta.url);
const parseFixture = (name: string) =>
  cyclonedxXmlParser.parse(sniffText(name, readFileSync(new URL(name, FIXTURES), 'utf8')), PARSE_CTX);
const findings = (facts: ReturnType<typeof parseFixture>) =>
  facts.certifyVulns.map((c) => `${c.package} ${c.vulnerability?.id}`);

describe('CycloneDX XML vulnerability extension 1.0', () => {
  it('maps every finding, also of components without bom-ref or purl (5 findings)', () => {
    const facts = parseFixture('ext-vulnerability-1.2.cdx.xml');
    expect(findings(facts)).toEqual([
      'pkg:guac/pkg/github.com/prometheus/client_golang@v1.7.1 CVE-2022-21698',
      'pkg:guac/pkg/github.com/prometheus/client_golang@v1.7.1 CVE-2099-0002',
      'pkg:maven/org.apache.logging.log4j/log4j-core@2.13.2 CVE-2021-44228',
      'pkg:guac/pkg/org.example/shaded-helper@1.0 GHSA-aaaa-bbbb-cccc',
      'pkg:golang/golang.org/x/text@v0.3.3 CVE-2022-21698',
    ]);
    expect(facts.certifyVulns[0].scan).toEqual({
      scannerUri: 'anchore/grype',
      scannerVersion: '0.33.1',
      dbUri: 'https://nvd.nist.gov/vuln/detail/CVE-2022-21698',
      dbVersion: '',
      timeScanned: '2022-03-22T18:43:16.000Z',
    });
    // The finding's package is the component's package: one identity, no extra packages.
    expect(facts.packages).toEqual([
      'pkg:guac/cdx/registry.example.com/team/app@sha256:914d8ae017125655bb8b98822d4c4fd1f64e25a2ed0433cd0cc222ea95872d5e',
      'pkg:guac/pkg/github.com/prometheus/client_golang@v1.7.1',
      'pkg:maven/org.apache.logging.log4j/log4j-core@2.13.2',
      'pkg:guac/pkg/org.example/shaded-helper@1.0',
      'pkg:golang/golang.org/x/text@v0.3.3',
    ]);
  });

  it('keeps ratings as severity and CVSS score, and advisories as references', () => {
    const meta = Object.fromEntries(
      parseFixture('ext-vulnerability-1.2.cdx.xml').vulnMetadata.map((m) => [m.vulnerability.id, m]),
    );
    // Label High, CVSS v2 5.0 and v3.1 7.5: the highest rating is the v3.1 score's HIGH.
    expect(meta['CVE-2022-21698']).toEqual({
      vulnerability: { type: 'CVE', id: 'CVE-2022-21698' },
      severity: 'HIGH',
      scoreType: 'CVSSv31',
      scoreValue: 7.5,
      description: 'Unbounded label cardinality in the HTTP instrumentation lets a client exhaust memory.',
      references: [
        'https://github.com/prometheus/client_golang/pull/962',
        'https://github.com/prometheus/client_golang/security/advisories/GHSA-cg3q-j54f-5p7p',
      ],
      // Every rating with its source (the vulnerability's `v:source name="nvd"`); the second component
      // naming the vulnerability rates it without a source.
      ratings: [
        { source: 'nvd', kind: 'label', severity: 'HIGH' },
        {
          source: 'nvd',
          kind: 'cvss',
          severity: 'MEDIUM',
          scoreType: 'CVSSv2',
          score: 5,
          vector: 'AV:N/AC:L/Au:N/C:N/I:N/A:P',
        },
        {
          source: 'nvd',
          kind: 'cvss',
          severity: 'HIGH',
          scoreType: 'CVSSv31',
          score: 7.5,
          vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H',
        },
        { source: 'unspecified', kind: 'label', severity: 'HIGH' },
      ],
    });
    // A vector without its version prefix cannot be scored: the stated CVSSv3 base 9.1 is used.
    expect(meta['CVE-2099-0002']).toMatchObject({ severity: 'CRITICAL', scoreType: 'CVSSv3', scoreValue: 9.1 });
    // The OWASP Risk rating is not CVSS and does not count as a score.
    expect(meta['CVE-2021-44228']).toMatchObject({
      severity: 'CRITICAL',
      scoreType: 'CVSSv31',
      scoreValue: 10,
      references: ['https://logging.apache.org/log4j/2.x/security.html'],
    });
    expect(meta['GHSA-aaaa-bbbb-cccc']).toEqual({
      vulnerability: { type: 'GHSA', id: 'GHSA-aaaa-bbbb-cccc' },
      severity: 'LOW',
      ratings: [{ source: 'unspecified', kind: 'label', severity: 'LOW' }],
    });
  });

  it('reports what it cannot map, each with its element path and reason', () => {
    expect(parseFixture('ext-vulnerability-1.2.cdx.xml').skipped).toEqual([
      { path: '/bom/components/component[4]', reason: 'operating-system component without a purl' },
      {
        path: '/bom/components/component[3]/vulnerabilities/vulnerability[2]',
        reason: 'a vulnerability without an id',
      },
      {
        path: '/bom/components/component[4]/vulnerabilities/vulnerability[1]',
        reason:
          'vulnerability "CVE-2099-0003" belongs to a component that is not a package (skipped above): not recorded',
      },
    ]);
  });

  it("reads the schema's earlier spelling (vulnerabilityScore/score, method as source)", () => {
    const facts = parseFixture('ext-vulnerability-draft-1.3.cdx.xml');
    expect(findings(facts)).toEqual([
      'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.9.9?type=jar CVE-2019-12384',
    ]);
    expect(facts.vulnMetadata).toEqual([
      {
        vulnerability: { type: 'CVE', id: 'CVE-2019-12384' },
        severity: 'MEDIUM',
        scoreType: 'CVSSv3',
        scoreValue: 5.9,
        description: 'Polymorphic typing issue.',
        references: ['https://github.com/FasterXML/jackson-databind/issues/2334'],
        ratings: [
          { source: 'nvd', kind: 'label', severity: 'MEDIUM' },
          {
            source: 'nvd',
            kind: 'cvss',
            severity: 'MEDIUM',
            scoreType: 'CVSSv3',
            score: 5.9,
            vector: 'CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N',
          },
        ],
      },
    ]);
    expect(facts.skipped).toEqual([]);
  });
});

describe('CycloneDX affects refs', () => {
  const vdr = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    metadata: { component: { type: 'application', name: 'shop', version: '1.0', 'bom-ref': 'shop' } },
    components: [{ type: 'library', name: 'qs', version: '6.7.0', purl: 'pkg:npm/qs@6.7.0', 'bom-ref': 'qs' }],
    vulnerabilities: [
      {
        id: 'CVE-2022-24999',
        ratings: [{ severity: 'high' }],
        affects: [{ ref: 'qs' }, { ref: 'pkg:npm/ghost@1.0.0' }, { ref: 'urn:cdx:elsewhere/1#lib' }],
        analysis: { state: 'exploitable' },
      },
      { id: 'CVE-2024-0001', affects: [{ ref: 'pkg:npm/phantom@2.0.0' }], analysis: { state: 'not_affected' } },
    ],
  };

  it('a ref that names no component adds no package to the SBOM; it is skipped with a reason', () => {
    const facts = cyclonedxJsonParser.parse(sniffText('vdr.json', JSON.stringify(vdr)), PARSE_CTX);
    expect(facts.packages).toEqual(['pkg:guac/cdx/shop@1.0', 'pkg:npm/qs@6.7.0']);
    expect(findings(facts)).toEqual(['pkg:npm/qs@6.7.0 CVE-2022-24999']);
    expect(facts.vex.map((v) => `${v.subject.kind === 'package' ? v.subject.purl : ''} ${v.status}`)).toEqual([
      'pkg:npm/qs@6.7.0 AFFECTED',
    ]);
    const reason = (ref: string) => `"${ref}" names no component of this BOM: not recorded, and not added to the SBOM`;
    expect(facts.skipped).toEqual([
      { path: '/vulnerabilities/0/affects/1/ref', reason: reason('pkg:npm/ghost@1.0.0') },
      { path: '/vulnerabilities/0/affects/2/ref', reason: reason('urn:cdx:elsewhere/1#lib') },
      { path: '/vulnerabilities/1/affects/0/ref', reason: reason('pkg:npm/phantom@2.0.0') },
    ]);
  });

  it('a purl-shaped ref still finds its component when spelled differently', () => {
    const facts = cyclonedxJsonParser.parse(
      sniffText(
        'vdr.json',
        JSON.stringify({ ...vdr, vulnerabilities: [{ id: 'CVE-2022-24999', affects: [{ ref: 'pkg:NPM/qs@6.7.0' }] }] }),
      ),
      PARSE_CTX,
    );
    expect(findings(facts)).toEqual(['pkg:npm/qs@6.7.0 CVE-2022-24999']);
    expect(facts.skipped).toEqual([]);
  });
});

describe('CycloneDX XML entity references', () => {
  const bom = (body: string) =>
    `<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.3" version="1"><components>${body}</components></bom>`;

  it(`refuses more than ${MAX_XML_REFERENCES} references before parsing, naming the limit`, () => {
    const flood = bom(
      Array.from(
        { length: 1000 },
        () => `<component type="library"><name>${'&amp;'.repeat(MAX_XML_REFERENCES / 1000 + 1)}</name></component>`,
      ).join(''),
    );
    expectDocumentError(
      () => cyclonedxXmlParser.parse(sniffText('flood.xml', flood), PARSE_CTX),
      new RegExp(`more than ${MAX_XML_REFERENCES} entity or character references is refused`),
    );
  });

  it('decodes references up to the limit', () => {
    const facts = cyclonedxXmlParser.parse(
      sniffText('ok.xml', bom('<component type="library"><name>a&amp;b&#38;c</name><version>1</version></component>')),
      PARSE_CTX,
    );
    expect(facts.packages).toContain('pkg:guac/pkg/a%26b%26c@1');
  });
});
