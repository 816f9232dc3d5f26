// Licences each SBOM format carries, as HasLicense facts: which field gives which kind, what the
// normaliser makes of it, and what gives no fact (NOASSERTION, NONE, entries without text).
import { describe, expect, it } from 'vitest';
import { loadFixture, PARSE_CTX, sniffText } from '../../helpers/documents.js';
import { cyclonedxJsonParser } from '../../../src/ingest/formats/cyclonedx/index.js';
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
