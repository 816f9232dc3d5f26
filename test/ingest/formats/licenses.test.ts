// Licences each SBOM format carries, as HasLicense facts: which field gives which kind, what the
// normaliser makes of it, and what gives no fact (NOASSERTION, NONE, entries without text).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFixture, PARSE_CTX, sniffText, spdxTagValueHeader } from '../../helpers/documents.js';
import { cyclonedxJsonParser, cyclonedxXmlParser } from '../../../src/ingest/formats/cyclonedx/index.js';
import { spdxParser } from '../../../src/ingest/formats/spdx/index.js';
import { grypeParser, trivyParser } from '../../../src/ingest/formats/scanners/index.js';
import type { DocumentFacts, HasLicenseFact } from '../../../src/model/facts.js';
import { canonicalPurl } from '../../../src/model/purl.js';

const ctx = PARSE_CTX;

/** The licences the facts give one package, as `kind:expression` (verbatim ones marked). */
function licencesOf(facts: DocumentFacts, purl: string): string[] {
  const canonical = canonicalPurl(purl);
  return facts.licenses
    .filter((l) => l.package === canonical)
    .map((l) => `${l.kind}:${l.expression}${l.verbatim ? ' (verbatim)' : ''}`);
}

const cdxJson = (body: Record<string, unknown>, specVersion = '1.6') =>
  cyclonedxJsonParser.parse(
    sniffText('inline.json', JSON.stringify({ bomFormat: 'CycloneDX', specVersion, ...body })),
    ctx,
  );

describe('CycloneDX JSON licences', () => {
  it('reads licence ids of every component, the subject and nested components (syft)', () => {
    const doc = loadFixture('cyclonedx-syft-alpine-latest-image.json');
    const facts = cyclonedxJsonParser.parse(doc, ctx);
    const components = (doc.json as any).components as { purl?: string; licenses?: { license: { id: string } }[] }[];
    const withLicence = components.filter((c) => c.purl && c.licenses?.length);
    expect(withLicence.length).toBeGreaterThan(10);
    for (const c of withLicence)
      expect(licencesOf(facts, c.purl!)).toEqual(c.licenses!.map((l) => `declared:${l.license.id}`));
    // Every fact is a valid SPDX id here: nothing verbatim.
    expect(facts.licenses.every((l) => !l.verbatim)).toBe(true);
  });

  it('keeps each entry as its own fact, corrects licence names and keeps the ones it cannot read verbatim (maven)', () => {
    const facts = cyclonedxJsonParser.parse(loadFixture('cyclonedx-cyclonedx-maven-spring-petclinic.json'), ctx);
    expect(licencesOf(facts, 'pkg:maven/com.h2database/h2@2.2.224?type=jar')).toEqual([
      'declared:MPL-2.0',
      'declared:EPL-1.0', // written "EPL 1.0"
    ]);
    // A name without a version would be a guess (LGPL-2.1? 3.0?): kept as written.
    expect(licencesOf(facts, 'pkg:maven/ch.qos.logback/logback-core@1.5.8?type=jar')).toEqual([
      'declared:EPL-1.0',
      'declared:GNU Lesser General Public License (verbatim)',
    ]);
    expect(licencesOf(facts, 'pkg:maven/com.mysql/mysql-connector-j@8.3.0?type=jar')).toEqual([
      'declared:The GNU General Public License, v2 with Universal FOSS Exception, v1.0 (verbatim)',
    ]);
  });

  it('reads expressions (jake), "BSD" staying verbatim', () => {
    const facts = cyclonedxJsonParser.parse(loadFixture('cyclonedx-jake-python-env-with-vulns.json'), ctx);
    expect(licencesOf(facts, 'pkg:pypi/virtualenv@20.13.0')).toEqual(['declared:MIT']);
    expect(licencesOf(facts, 'pkg:pypi/webencodings@0.5.1')).toEqual(['declared:BSD (verbatim)']);
  });

  it('takes the kind from a 1.6 acknowledgement, on a licence or an expression', () => {
    const facts = cdxJson({
      metadata: {
        component: {
          type: 'application',
          name: 'app',
          purl: 'pkg:npm/app@1.0.0',
          licenses: [{ expression: 'mit OR apache-2.0', acknowledgement: 'concluded' }],
          components: [{ type: 'library', purl: 'pkg:npm/inner@2.0.0', licenses: [{ license: { id: 'ISC' } }] }],
        },
      },
      components: [
        {
          type: 'library',
          purl: 'pkg:npm/a@1.0.0',
          licenses: [
            { license: { id: 'MIT', acknowledgement: 'declared' } },
            { license: { id: 'Apache-2.0', acknowledgement: 'concluded' } },
            { license: { name: 'NOASSERTION' } },
            { license: { url: 'https://example.com/licence' } },
          ],
        },
        { type: 'library', name: 'no-purl', version: '1', licenses: [{ license: { id: 'GPL-2.0+' } }] },
      ],
    });
    expect(licencesOf(facts, 'pkg:npm/app@1.0.0')).toEqual(['concluded:MIT OR Apache-2.0']);
    expect(licencesOf(facts, 'pkg:npm/inner@2.0.0')).toEqual(['declared:ISC']);
    expect(licencesOf(facts, 'pkg:npm/a@1.0.0')).toEqual(['declared:MIT', 'concluded:Apache-2.0']);
    // A component without a purl has the GUAC-style name the parser gives it; GPL-2.0+ is GPL-2.0-or-later.
    expect(licencesOf(facts, 'pkg:guac/pkg/no-purl@1')).toEqual(['declared:GPL-2.0-or-later']);
    expect(facts.skipped).toContainEqual({
      path: '/components/0/licenses/3',
      reason: 'licence entry without an id, name or expression',
    });
  });

  it('states a licence repeated for a package once, and none for a skipped component', () => {
    const facts = cdxJson({
      components: [
        { type: 'library', purl: 'pkg:npm/a@1.0.0', licenses: [{ license: { id: 'MIT' } }, { expression: 'MIT' }] },
        { type: 'library', purl: 'pkg:npm/%zz', licenses: [{ license: { id: 'MIT' } }] },
      ],
    });
    expect(facts.licenses).toEqual<HasLicenseFact[]>([
      { package: 'pkg:npm/a@1.0.0', expression: 'MIT', kind: 'declared' },
    ]);
  });
});

describe('CycloneDX XML licences', () => {
  it('reads <license><id|name> of the subject and the components (cyclonedx-maven)', () => {
    const facts = cyclonedxXmlParser.parse(loadFixture('cyclonedx-xml-cyclonedx-maven-dropwizard-1.3.15.xml'), ctx);
    expect(licencesOf(facts, 'pkg:maven/io.dropwizard/dropwizard-parent@1.3.15')).toEqual(['declared:Apache-2.0']);
    // A name that adds an exception in words is no licence spdx-correct may guess: verbatim.
    expect(licencesOf(facts, 'pkg:maven/org.checkerframework/checker-compat-qual@2.0.0?type=jar')).toEqual([
      'declared:GNU General Public License, version 2 (GPL2), with the classpath exception (verbatim)',
      'declared:MIT',
    ]);
  });

  it('reads <expression> and the 1.6 acknowledgement attribute', () => {
    const xml = `<?xml version="1.0"?>
<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1">
  <components>
    <component type="library">
      <name>a</name><version>1</version><purl>pkg:npm/a@1</purl>
      <licenses>
        <expression acknowledgement="concluded">(MIT AND Apache-2.0) OR BSD-3-Clause</expression>
      </licenses>
    </component>
    <component type="library">
      <name>b</name><version>1</version><purl>pkg:npm/b@1</purl>
      <licenses>
        <license acknowledgement="concluded"><id>ISC</id></license>
        <license><name>Apache License, Version 2.0</name></license>
      </licenses>
    </component>
    <component type="library">
      <name>c</name><version>1</version><purl>pkg:npm/c@1</purl>
      <licenses><expression>MIT</expression></licenses>
    </component>
  </components>
</bom>`;
    const facts = cyclonedxXmlParser.parse(sniffText('inline.xml', xml), ctx);
    expect(licencesOf(facts, 'pkg:npm/a@1')).toEqual(['concluded:(MIT AND Apache-2.0) OR BSD-3-Clause']);
    expect(licencesOf(facts, 'pkg:npm/b@1')).toEqual(['concluded:ISC', 'declared:Apache-2.0']);
    expect(licencesOf(facts, 'pkg:npm/c@1')).toEqual(['declared:MIT']);
  });
});

describe('SPDX JSON licences', () => {
  it('reads licenseConcluded and licenseDeclared of every package; NOASSERTION and NONE give none (k8s bom)', () => {
    const facts = spdxParser.parse(loadFixture('spdx-k8s-bom-example11-go-project.json'), ctx);
    expect(licencesOf(facts, 'pkg:cargo/pretty_env_logger@0.4.0')).toEqual(['concluded:MIT OR Apache-2.0']);
    expect(licencesOf(facts, 'pkg:cargo/hyper@0.14')).toEqual(['concluded:MIT']);
    expect(licencesOf(facts, 'pkg:deb/debian/libselinux1-dev@3.1-3?arch=s390x')).toEqual([
      'concluded:Apache-2.0',
      'declared:Apache-2.0',
    ]);
  });

  it('keeps LicenseRef ids as SPDX expressions (syft, Red Hat image)', () => {
    const facts = spdxParser.parse(loadFixture('spdx-syft-redhat-rhelai1-image.json'), ctx);
    expect(
      licencesOf(
        facts,
        'pkg:rpm/redhat/CharLS@2.0.0-8.el9ai?arch=x86_64&distro=rhel-9.4&upstream=CharLS-2.0.0-8.el9ai.src.rpm',
      ),
    ).toEqual(['declared:LicenseRef-BSD']);
    expect(facts.licenses.every((l) => !l.verbatim)).toBe(true);
  });

  it('gives no licence for NONE (syft coredns writes NONE everywhere)', () => {
    const facts = spdxParser.parse(loadFixture('spdx-syft-coredns-v1.9.3-image.json'), ctx);
    expect(facts.packages.length).toBeGreaterThan(50);
    expect(facts.licenses).toEqual([]);
  });

  it('states the licence of a package with several purls for each of them', () => {
    const doc = {
      spdxVersion: 'SPDX-2.3',
      SPDXID: 'SPDXRef-DOCUMENT',
      name: 'doc',
      creationInfo: { created: '2024-05-01T10:00:00Z', creators: ['Tool: hand'] },
      packages: [
        {
          SPDXID: 'SPDXRef-a',
          name: 'a',
          licenseConcluded: 'gpl-2.0+ and mit',
          licenseDeclared: 'Public Domain',
          externalRefs: [
            { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/a@1' },
            { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:pypi/a@1' },
          ],
        },
        { SPDXID: 'SPDXRef-b', name: 'b', versionInfo: '2', licenseConcluded: 42, licenseDeclared: 'NOASSERTION' },
      ],
    };
    const facts = spdxParser.parse(sniffText('inline.json', JSON.stringify(doc)), ctx);
    for (const purl of ['pkg:npm/a@1', 'pkg:pypi/a@1'])
      expect(licencesOf(facts, purl)).toEqual([
        'concluded:GPL-2.0-or-later AND MIT',
        'declared:Public Domain (verbatim)',
      ]);
    // A licence of the wrong type is ignored, not a refused document.
    expect(licencesOf(facts, 'pkg:guac/pkg/b@2')).toEqual([]);
  });
});

describe('SPDX tag-value licences', () => {
  it('reads PackageLicenseConcluded and PackageLicenseDeclared of the package they follow', () => {
    const text = [
      ...spdxTagValueHeader('doc'),
      'PackageName: app',
      'SPDXID: SPDXRef-app',
      'PackageVersion: 1.0',
      'ExternalRef: PACKAGE-MANAGER purl pkg:npm/app@1',
      'PackageLicenseConcluded: (MIT OR Apache-2.0)',
      'PackageLicenseDeclared: NOASSERTION',
      'PackageLicenseInfoFromFiles: BSD-3-Clause',
      '',
      'FileName: ./index.js',
      'SPDXID: SPDXRef-file',
      `FileChecksum: SHA256: ${'b'.repeat(64)}`,
      'LicenseConcluded: GPL-3.0-only',
      '',
      'PackageName: a',
      'SPDXID: SPDXRef-a',
      'PackageVersion: 1.0',
      'ExternalRef: PACKAGE-MANAGER purl pkg:npm/a@1',
      'PackageLicenseDeclared: <text>LicenseRef-custom</text>',
      '',
      'Relationship: SPDXRef-app DEPENDS_ON SPDXRef-a',
    ].join('\n');
    const facts = spdxParser.parse(sniffText('inline.spdx', text), ctx);
    expect(licencesOf(facts, 'pkg:npm/app@1')).toEqual(['concluded:MIT OR Apache-2.0']);
    expect(licencesOf(facts, 'pkg:npm/a@1')).toEqual(['declared:LicenseRef-custom']);
    // File licences are not package licences.
    expect(facts.licenses).toHaveLength(2);
  });
});

describe('scanner report licences (declared)', () => {
  it('reads Trivy Packages[].Licenses', () => {
    const facts = trivyParser.parse(loadFixture('trivy-trivy-bestseller-fashion-debian-12-image.json'), ctx);
    expect(licencesOf(facts, 'pkg:deb/debian/apt@2.6.1?arch=amd64&distro=debian-12.13')).toEqual([
      'declared:GPL-2.0-or-later',
      'declared:GPL-2.0-only',
      'declared:BSD-3-Clause',
      'declared:MIT',
    ]);
  });

  it('reads Grype artifact.licenses once per package, however many matches name it', () => {
    const facts = grypeParser.parse(loadFixture('grype-grype-defectdojo-django-1.13.1-image.json'), ctx);
    expect(licencesOf(facts, 'pkg:deb/debian/liblz4-1@1.8.3-1?arch=amd64')).toEqual([
      'declared:BSD-2-Clause', // written "BSD-2-clause"
      'declared:GPL-2.0-only', // "GPL-2"
      'declared:GPL-2.0-or-later', // "GPL-2+"
    ]);
    expect(licencesOf(facts, 'pkg:pypi/pysaml2@6.5.1')).toEqual(['declared:Apache-2.0']);
    expect(licencesOf(facts, 'pkg:pypi/jira@2.0.0')).toEqual(['declared:BSD (verbatim)']);
    expect(licencesOf(facts, 'pkg:deb/debian/libtiff5@4.1.0+git191117-2~deb10u1?arch=amd64')).toHaveLength(1);
  });
});

describe('licences beyond the limits (docs/formats/sbom.md#licences)', () => {
  const long = 'L'.repeat(64 * 1024);
  const tooLong = '65536 characters, more than the 4096 allowed';

  it('leaves a CycloneDX entry beyond them out, recorded as skipped, and keeps the rest of the document', () => {
    const facts = cdxJson({
      components: [
        {
          type: 'library',
          purl: 'pkg:npm/a@1.0.0',
          licenses: [{ license: { id: 'MIT' } }, { license: { name: long } }, { expression: long }],
        },
        { type: 'library', purl: 'pkg:npm/b@1.0.0', licenses: [{ license: { id: 'ISC' } }] },
      ],
    });
    expect(licencesOf(facts, 'pkg:npm/a@1.0.0')).toEqual(['declared:MIT']);
    expect(licencesOf(facts, 'pkg:npm/b@1.0.0')).toEqual(['declared:ISC']);
    // The same text twice for the same package and kind is one record.
    expect(facts.skipped).toEqual([
      { path: '/components/0/licenses/1', reason: `declared licence of pkg:npm/a@1.0.0 left out: ${tooLong}` },
    ]);
  });

  it('leaves an SPDX field beyond them out, at its package, the other field kept', () => {
    const operators = Array(300).fill('MIT').join(' AND ');
    const doc = {
      spdxVersion: 'SPDX-2.3',
      SPDXID: 'SPDXRef-DOCUMENT',
      name: 'inline',
      documentNamespace: 'https://example.com/inline',
      creationInfo: { created: '2024-01-01T00:00:00Z', creators: ['Tool: test'] },
      packages: [
        {
          SPDXID: 'SPDXRef-a',
          name: 'a',
          versionInfo: '1',
          licenseConcluded: 'MIT',
          licenseDeclared: operators,
          externalRefs: [
            { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/a@1' },
          ],
        },
      ],
    };
    const facts = spdxParser.parse(sniffText('inline.json', JSON.stringify(doc)), ctx);
    expect(licencesOf(facts, 'pkg:npm/a@1')).toEqual(['concluded:MIT']);
    expect(facts.skipped).toEqual([
      {
        path: '/packages/0',
        reason: 'declared licence of pkg:npm/a@1 left out: 299 operators (AND, OR, WITH), more than the 256 allowed',
      },
    ]);
  });

  it('records a Grype artifact licence beyond them once, however many matches repeat it', () => {
    const report = JSON.parse(
      readFileSync(
        new URL('../../fixtures/grype/grype-grype-defectdojo-django-1.13.1-image.json', import.meta.url),
        'utf8',
      ),
    );
    const purl = 'pkg:deb/debian/libtiff5@4.1.0+git191117-2~deb10u1?arch=amd64';
    const repeated = report.matches.filter((m: any) => m.artifact.purl === purl);
    expect(repeated.length).toBeGreaterThan(1);
    for (const m of repeated) m.artifact.licenses = [...m.artifact.licenses, long];
    const facts = grypeParser.parse(sniffText('inline.json', JSON.stringify(report)), ctx);
    expect(licencesOf(facts, purl)).toHaveLength(1);
    const skipped = facts.skipped.filter((s) => s.reason.includes(tooLong));
    expect(skipped).toHaveLength(1);
    expect(skipped[0].path).toMatch(/^\/matches\/\d+\/artifact\/licenses$/);
  });
});
