// VEX products without a version at ingest (issue 30). Such a statement names every version of
// the package (docs/api.md, VEX), so the formats keep a versionless purl as the subject (OpenVEX:
// openvex.test.ts, Trivy's own VEX) — except where the document says which versions it means and
// we cannot match them: a CSAF product_version_range, a CycloneDX `affects` entry listing `versions`.
import { describe, expect, it } from 'vitest';
import { csafParser } from '../../../src/ingest/formats/csaf/index.js';
import { cyclonedxJsonParser } from '../../../src/ingest/formats/cyclonedx/index.js';
import type { DocumentFacts } from '../../../src/model/facts.js';
import { PARSE_CTX, sniffText } from '../../helpers/documents.js';

const statuses = (facts: DocumentFacts) =>
  facts.vex.map((v) => [v.subject.kind === 'package' ? v.subject.purl : v.subject.digest, v.status]);

/** A CSAF VEX document with one vulnerability stating `status` for the given products. */
function csaf(branches: unknown[], status: Record<string, string[]>): unknown {
  return {
    document: {
      category: 'csaf_vex',
      csaf_version: '2.0',
      publisher: { category: 'vendor', name: 'Test', namespace: 'https://test.example' },
      title: 'test',
      tracking: {
        id: 'TEST-1',
        version: '1',
        current_release_date: '2024-03-01T10:00:00Z',
        initial_release_date: '2024-03-01T10:00:00Z',
        revision_history: [],
        status: 'final',
      },
    },
    product_tree: { branches: [{ category: 'vendor', name: 'Example', branches }] },
    vulnerabilities: [{ cve: 'CVE-2024-1234', product_status: status }],
  };
}

const branch = (category: string, name: string, id: string, purl: string) => ({
  category,
  name,
  product: { name: `${id} ${name}`, product_id: id, product_identification_helper: { purl } },
});

describe('CSAF products without a version', () => {
  const parse = (json: unknown): DocumentFacts =>
    csafParser.parse({ name: 'x.json', text: '', json, xml: false }, PARSE_CTX);

  it('a product_version with a versionless purl is a statement about that purl', () => {
    const facts = parse(
      csaf([branch('product_version', 'lib', 'lib', 'pkg:npm/lib')], { known_not_affected: ['lib'] }),
    );
    expect(statuses(facts)).toEqual([['pkg:npm/lib', 'NOT_AFFECTED']]);
    expect(facts.skipped).toEqual([]);
  });

  it('a product_version_range with a versionless purl is skipped with the reason; with a version it is kept', () => {
    const facts = parse(
      csaf(
        [
          branch('product_version_range', 'vers:npm/<1.5.0', 'old', 'pkg:npm/lib'),
          branch('product_version_range', 'vers:npm/1.5.0', 'one', 'pkg:npm/lib@1.5.0'),
        ],
        { known_not_affected: ['old', 'one'] },
      ),
    );
    expect(statuses(facts)).toEqual([['pkg:npm/lib@1.5.0', 'NOT_AFFECTED']]);
    expect(facts.skipped).toEqual([
      {
        path: '/vulnerabilities/0/product_status/known_not_affected/0',
        reason: expect.stringContaining(
          'is the version range "vers:npm/<1.5.0" and its purl pkg:npm/lib has no version: ranges are not matched',
        ),
      },
    ]);
  });
});

describe('CycloneDX analysis of a component without a version', () => {
  const bom = (affects: object) => ({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    components: [{ type: 'application', name: 'app', purl: 'pkg:npm/app', 'bom-ref': 'app' }],
    vulnerabilities: [
      {
        id: 'CVE-2024-1234',
        affects: [{ ref: 'app', ...affects }],
        analysis: { state: 'not_affected', justification: 'code_not_reachable' },
      },
    ],
  });
  const parse = (json: object): DocumentFacts =>
    cyclonedxJsonParser.parse(sniffText('vex.json', JSON.stringify(json)), PARSE_CTX);

  it('is a statement about the versionless purl', () => {
    const facts = parse(bom({}));
    expect(statuses(facts)).toEqual([['pkg:npm/app', 'NOT_AFFECTED']]);
    expect(facts.skipped).toEqual([]);
  });

  it('is not recorded as VEX when the affects entry lists versions (the finding stays)', () => {
    const facts = parse(bom({ versions: [{ range: 'vers:npm/<2.0.0', status: 'unaffected' }] }));
    expect(statuses(facts)).toEqual([]);
    expect(facts.certifyVulns.map((c) => c.package)).toEqual(['pkg:npm/app']);
    expect(facts.skipped).toEqual([
      {
        path: '/vulnerabilities/0/affects/0/versions',
        reason: expect.stringContaining('the analysis of pkg:npm/app is about the versions listed here'),
      },
    ]);
  });
});
