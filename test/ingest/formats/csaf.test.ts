// CSAF 2.0/2.1: detection over every fixture, the mapping of real documents (OASIS examples, Red
// Hat VEX files, a Siemens advisory) and of small documents built here to hit one rule each,
// including hostile product trees (cycles, unknown ids, deep branches).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csafParser } from '../../../src/ingest/formats/csaf/index.js';
import { MAX_BRANCH_DEPTH } from '../../../src/ingest/formats/csaf/product-tree.js';
import { FORMAT_PARSERS } from '../../../src/ingest/formats/registry.js';
import type { SniffedDocument } from '../../../src/ingest/formats/types.js';
import { DocumentError, type DocumentFacts } from '../../../src/model/facts.js';
import { FIXTURES, FIXTURES_DIR } from '../../helpers/corpus.js';
import { CTX } from './vuln-formats.suite.js';

const CSAF_DIR = join(FIXTURES_DIR, 'csaf');
const CSAF_FILES = readdirSync(CSAF_DIR).filter((f) => f.endsWith('.json'));

const load = (file: string): SniffedDocument => {
  const text = readFileSync(join(CSAF_DIR, file), 'utf8');
  return { name: file, text, json: JSON.parse(text), xml: false };
};
const parseFile = (file: string): DocumentFacts => csafParser.parse(load(file), CTX);
const sniff = (json: unknown): SniffedDocument => ({ name: 'x', text: '', json, xml: false });
const parse = (json: unknown): DocumentFacts => csafParser.parse(sniff(json), CTX);

/** A minimal CSAF VEX document around a product tree and vulnerabilities. */
function csaf(productTree: unknown, vulnerabilities: unknown[], document: object = {}): object {
  return {
    document: {
      category: 'csaf_vex',
      csaf_version: '2.0',
      publisher: { category: 'vendor', name: 'Test', namespace: 'https://test.example' },
      title: 'test',
      tracking: {
        id: 'TEST-1',
        version: '2',
        current_release_date: '2024-03-01T10:00:00Z',
        initial_release_date: '2024-03-01T10:00:00Z',
        revision_history: [],
        status: 'final',
      },
      ...document,
    },
    product_tree: productTree,
    vulnerabilities,
  };
}

const product = (id: string, helper?: object) => ({
  name: `name of ${id}`,
  product_id: id,
  ...(helper ? { product_identification_helper: helper } : {}),
});
const leaf = (id: string, helper?: object) => ({ category: 'product_version', name: id, product: product(id, helper) });
const relation = (id: string, component: string, parent: string, category = 'default_component_of') => ({
  category,
  full_product_name: { name: `${component} in ${parent}`, product_id: id },
  product_reference: component,
  relates_to_product_reference: parent,
});

const statuses = (facts: DocumentFacts) =>
  facts.vex.map((v) => [v.subject.kind === 'package' ? v.subject.purl : v.subject.digest, v.status]);

describe('CSAF detection', () => {
  it.each(CSAF_FILES)('%s is claimed by the CSAF parser and by no other', (file) => {
    const doc = load(file);
    expect(FORMAT_PARSERS.filter((p) => p.detect(doc)).map((p) => p.name)).toEqual(['csaf']);
  });

  it('claims no other fixture', () => {
    const claimed = FIXTURES.entries().filter((e) => {
      const doc = FIXTURES.load(e.file);
      return csafParser.detect(doc);
    });
    expect(claimed).toEqual([]);
  });

  it('needs csaf_version 2.0 or 2.1 and a category', () => {
    const base = csaf({}, []) as { document: Record<string, unknown> };
    expect(csafParser.detect(sniff(base))).toBe(true);
    expect(csafParser.detect(sniff({ ...base, document: { ...base.document, csaf_version: '2.1' } }))).toBe(true);
    expect(csafParser.detect(sniff({ ...base, document: { ...base.document, csaf_version: '1.2' } }))).toBe(false);
    expect(csafParser.detect(sniff({ ...base, document: { ...base.document, category: ' ' } }))).toBe(false);
    expect(csafParser.detect(sniff({ document: 'csaf' }))).toBe(false);
  });
});

describe('CSAF real documents', () => {
  it('Red Hat VEX (known_affected): the package is AFFECTED and certified, remediation as statement, Moderate as MEDIUM', () => {
    const facts = parseFile('redhat-CVE-2024-34502.json');
    expect(facts.vex).toEqual([
      {
        subject: { kind: 'package', purl: 'pkg:rpm/redhat/mediawiki?arch=src' },
        vulnerability: { type: 'CVE', id: 'CVE-2024-34502' },
        status: 'AFFECTED',
        statement: 'no_fix_planned: Out of support scope',
        statusNotes: 'default component of Red Hat OpenShift Container Platform 3.11',
        knownSince: expect.stringMatching(/^20\d\d-/),
      },
    ]);
    expect(facts.certifyVulns).toEqual([
      expect.objectContaining({
        package: 'pkg:rpm/redhat/mediawiki?arch=src',
        vulnerability: { type: 'CVE', id: 'CVE-2024-34502' },
        scan: expect.objectContaining({
          scannerUri: expect.stringMatching(/^https:\/\//),
          dbUri: 'https://www.redhat.com',
        }),
      }),
    ]);
    // No CVSS in the document: the "Moderate" impact is the only rating.
    expect(facts.vulnMetadata).toEqual([
      expect.objectContaining({
        vulnerability: { type: 'CVE', id: 'CVE-2024-34502' },
        severity: 'MEDIUM',
        summary: 'mediawiki: MergeLexemes makes edits on GET requests without edit tokens',
        published: '2024-05-05T00:00:00.000Z',
      }),
    ]);
    expect(facts.vulnMetadata[0].scoreType).toBeUndefined();
    expect(facts.skipped).toEqual([]);
  });

  it('Red Hat VEX with OCI images: not-affected flags are justifications, the image digest is an occurrence', () => {
    const facts = parseFile('redhat-RHBA-2024_1440.json');
    const notAffected = facts.vex.filter((v) => v.status === 'NOT_AFFECTED');
    expect(notAffected.length).toBeGreaterThan(0);
    expect(new Set(notAffected.map((v) => v.justification))).toEqual(new Set(['vulnerable_code_not_present']));
    const oci = facts.vex.filter((v) => v.subject.kind === 'package' && v.subject.purl.startsWith('pkg:oci/'));
    expect(oci.length).toBeGreaterThan(0);
    for (const v of oci) {
      const purl = (v.subject as { purl: string }).purl;
      const digest = /@(sha256:[0-9a-f]{64})/.exec(purl)![1];
      expect(facts.occurrences).toContainEqual(expect.objectContaining({ artifact: digest, subject: v.subject }));
    }
    // CVSS 9.8 beside the "Important" impact: the higher rating wins.
    expect(facts.vulnMetadata.find((m) => m.vulnerability.id === 'CVE-2023-42282')).toMatchObject({
      severity: 'CRITICAL',
      scoreType: 'CVSSv31',
      scoreValue: 9.8,
    });
  });

  it('a Red Hat VEX file of about 1 MB: every status entry becomes a statement or merges into one', () => {
    const file = 'redhat-rhsa-2024_2049.json';
    const raw = JSON.parse(readFileSync(join(CSAF_DIR, file), 'utf8'));
    const facts = parseFile(file);
    expect(facts.skipped).toEqual([]);
    // Each vulnerability: as many statements as distinct purls among its listed products (counted
    // here from the raw document, products resolved through their relationship's component).
    const purlOf = new Map<string, string>();
    const walk = (branches: any[] = []): void => {
      for (const b of branches) {
        if (b.product?.product_identification_helper?.purl)
          purlOf.set(b.product.product_id, b.product.product_identification_helper.purl);
        walk(b.branches);
      }
    };
    walk(raw.product_tree.branches);
    for (const r of raw.product_tree.relationships)
      purlOf.set(r.full_product_name.product_id, purlOf.get(r.product_reference)!);
    for (const v of raw.vulnerabilities) {
      const lists: Record<string, string> = { known_not_affected: 'NOT_AFFECTED', fixed: 'FIXED' };
      for (const [list, status] of Object.entries(lists)) {
        const expected = new Set((v.product_status[list] ?? []).map((id: string) => purlOf.get(id)));
        const got = facts.vex.filter((f) => f.vulnerability.id === v.cve && f.status === status);
        expect(got.length, `${v.cve} ${list}`).toBe(expected.size);
      }
    }
    expect(facts.vulnMetadata.map((m) => [m.vulnerability.id, m.severity])).toEqual(
      raw.vulnerabilities.map((v: any) => [v.cve, v.scores[0].cvss_v3.baseSeverity]),
    );
  });

  it('CPE-only products and components without a purl are skipped with the reason', () => {
    const facts = parseFile('redhat-cve-2023-0044.json');
    expect(facts.vex).toEqual([]);
    expect(facts.skipped).toContainEqual({
      path: '/vulnerabilities/0/product_status/fixed/0',
      reason: expect.stringMatching(/named only by a CPE \(cpe:\/a:redhat:quarkus:2\.13\)/),
    });
    expect(facts.skipped).toContainEqual({
      path: '/vulnerabilities/0/product_status/known_not_affected/0',
      reason:
        'product_id "a-mq_clients_2:quarkus-vertx-http": its component product "quarkus-vertx-http" has no purl or file hash',
    });
  });

  it('OASIS examples: products named by name only are skipped; 2.1 product_paths resolve like relationships', () => {
    const na = parseFile('oasis-2.0-2022-evd-uc-01-na-001.json');
    expect(na.vex).toEqual([]);
    expect(na.skipped).toEqual([
      {
        path: '/vulnerabilities/0/product_status/known_not_affected/0',
        reason: 'product "CSAFPID-0001" (Example Company ABC 4.2) has no purl or file hash',
      },
    ]);
    // A VEX description does not state a severity.
    expect(na.vulnMetadata).toEqual([
      expect.objectContaining({ vulnerability: { type: 'CVE', id: 'CVE-2021-44228' }, severity: undefined }),
    ]);
    const v20 = parseFile('oasis-2.0-rhsa-2022_0011.json');
    const v21 = parseFile('oasis-2.1-rhsa-2022_0011.json');
    expect(v21.skipped).toEqual(v20.skipped);
    expect(v20.skipped[0].reason).toMatch(/its component product "telnet-1:0.17-65.el7_6.src" has no purl/);
    // An advisory (not VEX) states a severity; "Important" reads as HIGH.
    expect(v20.vulnMetadata[0]).toMatchObject({ severity: 'HIGH' });
  });

  it('BSI advisory: 2.0 scores[] and 2.1 metrics[] give the same rating from the CVSS v3.1 vector', () => {
    const v20 = parseFile('oasis-2.0-bsi-2022-0001.json');
    const v21 = parseFile('oasis-2.1-bsi-2022-0001.json');
    // CVSS:3.1/AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:N/A:L (with temporal metrics) has base score 6.1.
    expect(v20.vulnMetadata).toEqual([
      expect.objectContaining({
        vulnerability: { type: 'CVE', id: 'CVE-2022-27193' },
        severity: 'MEDIUM',
        scoreType: 'CVSSv31',
        scoreValue: 6.1,
      }),
    ]);
    expect(v21.vulnMetadata).toEqual(v20.vulnMetadata);
    expect(v20.skipped.every((s) => /named only by a CPE/.test(s.reason))).toBe(true);
  });
});

describe('CSAF mapping rules', () => {
  const tree = {
    branches: [
      {
        category: 'vendor',
        name: 'V',
        branches: [
          leaf('lib-1', { purl: 'pkg:npm/lib@1.0.0' }),
          leaf('lib-2', { purls: ['pkg:npm/lib@2.0.0', 'pkg:npm/lib-alias@2.0.0'] }),
          leaf('bin-1', {
            hashes: [{ filename: 'bin', file_hashes: [{ algorithm: 'sha256', value: 'AB'.repeat(32) }] }],
          }),
          leaf('platform', { cpe: 'cpe:/a:v:platform:1' }),
        ],
      },
    ],
    relationships: [
      relation('platform:lib-1', 'lib-1', 'platform'),
      relation('other:lib-1', 'lib-1', 'lib-2', 'installed_with'),
    ],
    product_groups: [{ group_id: 'G', product_ids: ['lib-2'] }],
  };

  it('maps every status list, purls (2.0 and 2.1), file hashes, groups and relationship context', () => {
    const facts = parse(
      csaf(tree, [
        {
          cve: 'CVE-2024-0001',
          ids: [
            { system_name: 'GitHub', text: 'GHSA-aaaa-bbbb-cccc' },
            { system_name: 'Bugzilla', text: '12345' },
          ],
          product_status: {
            known_not_affected: ['lib-2'],
            first_fixed: ['bin-1'],
            known_affected: ['platform:lib-1', 'other:lib-1'],
          },
          flags: [{ label: 'component_not_present', group_ids: ['G'] }],
          threats: [{ category: 'impact', details: 'lib is not shipped', product_ids: ['lib-2'] }],
          remediations: [
            { category: 'vendor_fix', details: 'upgrade', url: 'https://fix.example', product_ids: ['platform:lib-1'] },
          ],
          scores: [
            {
              cvss_v3: { version: '3.1', vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', baseScore: 1 },
              products: ['lib-1'],
            },
            { cvss_v2: { version: '2.0', vectorString: 'not a vector', baseScore: 7.2 }, products: ['lib-1'] },
          ],
        },
      ]),
    );
    expect(facts.vex).toEqual([
      {
        subject: { kind: 'package', purl: 'pkg:npm/lib@2.0.0' },
        vulnerability: { type: 'CVE', id: 'CVE-2024-0001' },
        status: 'NOT_AFFECTED',
        justification: 'component_not_present',
        statement: 'lib is not shipped',
        knownSince: '2024-03-01T10:00:00.000Z',
      },
      {
        subject: { kind: 'package', purl: 'pkg:npm/lib-alias@2.0.0' },
        vulnerability: { type: 'CVE', id: 'CVE-2024-0001' },
        status: 'NOT_AFFECTED',
        justification: 'component_not_present',
        statement: 'lib is not shipped',
        knownSince: '2024-03-01T10:00:00.000Z',
      },
      {
        subject: { kind: 'artifact', digest: `sha256:${'ab'.repeat(32)}` },
        vulnerability: { type: 'CVE', id: 'CVE-2024-0001' },
        status: 'FIXED',
        statusNotes: 'CSAF first_fixed',
        knownSince: '2024-03-01T10:00:00.000Z',
      },
      {
        subject: { kind: 'package', purl: 'pkg:npm/lib@1.0.0' },
        vulnerability: { type: 'CVE', id: 'CVE-2024-0001' },
        status: 'AFFECTED',
        statement: 'vendor_fix: upgrade (https://fix.example)',
        statusNotes: 'default component of name of platform; installed with name of lib-2',
        knownSince: '2024-03-01T10:00:00.000Z',
      },
    ]);
    expect(
      facts.certifyVulns.map((c) => [c.package, c.vulnerability?.id, c.scan.scannerUri, c.scan.scannerVersion]),
    ).toEqual([['pkg:npm/lib@1.0.0', 'CVE-2024-0001', 'https://test.example', '2']]);
    expect(facts.vulnEquals.map((e) => [e.vulnerability.id, e.equal.id])).toEqual([
      ['CVE-2024-0001', 'GHSA-aaaa-bbbb-cccc'],
    ]);
    // The v3.1 vector scores 9.8 (its stated 1 is ignored); the v2 object has no usable vector, so its 7.2 counts.
    expect(facts.vulnMetadata).toEqual([
      expect.objectContaining({ severity: 'CRITICAL', scoreType: 'CVSSv31', scoreValue: 9.8 }),
    ]);
    expect(facts.skipped).toEqual([]);
  });

  it('a package stated AFFECTED and NOT_AFFECTED keeps AFFECTED; unknown (2.1) and unnamed vulnerabilities are skipped', () => {
    const facts = parse(
      csaf(tree, [
        {
          cve: 'CVE-2024-0002',
          product_status: { known_not_affected: ['lib-1'], known_affected: ['platform:lib-1'], unknown: ['lib-2'] },
        },
        { ids: [{ system_name: 'Bugzilla', text: '999' }], product_status: { known_affected: ['lib-1'] } },
        { ids: [{ system_name: 'GitHub', text: 'GHSA-xxxx-yyyy-zzzz' }], product_status: { fixed: ['lib-1'] } },
      ]),
    );
    expect(statuses(facts)).toEqual([
      ['pkg:npm/lib@1.0.0', 'AFFECTED'],
      ['pkg:npm/lib@1.0.0', 'FIXED'],
    ]);
    expect(facts.vex[1].vulnerability).toEqual({ type: 'GHSA', id: 'GHSA-xxxx-yyyy-zzzz' });
    expect(facts.skipped).toEqual([
      {
        path: '/vulnerabilities/0/product_status/known_not_affected/0',
        reason: expect.stringMatching(/stated both AFFECTED .* and NOT_AFFECTED/),
      },
      { path: '/vulnerabilities/0/product_status/unknown', reason: expect.stringMatching(/status "unknown"/) },
      { path: '/vulnerabilities/1', reason: expect.stringMatching(/without a cve/) },
    ]);
  });

  it('CSAF 2.1: product_paths with subpaths, metrics with CVSS v4 and a qualitative rating, disclosure_date', () => {
    const facts = parse(
      csaf(
        {
          full_product_names: [
            product('img', { purls: ['pkg:oci/app@sha256:' + 'cd'.repeat(32)] }),
            product('cluster', { cpe: 'cpe:/a:x:cluster:1' }),
            product('platform', { cpe: 'cpe:/a:x:platform:1' }),
          ],
          product_paths: [
            {
              beginning_product_reference: 'img',
              full_product_name: { name: 'img in cluster on platform', product_id: 'img-in-cluster' },
              subpaths: [
                { category: 'default_component_of', next_product_reference: 'cluster' },
                { category: 'installed_on', next_product_reference: 'platform' },
              ],
            },
          ],
        },
        [
          {
            cve: 'CVE-2025-0001',
            disclosure_date: '2025-01-02T00:00:00Z',
            product_status: { known_not_affected: ['img-in-cluster'] },
            flags: [{ label: 'vulnerable_code_not_in_execute_path', product_ids: ['img-in-cluster'] }],
            metrics: [
              {
                content: {
                  cvss_v4: {
                    version: '4.0',
                    vectorString: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:L/VI:N/VA:N/SC:N/SI:N/SA:N',
                    baseScore: 6.9,
                  },
                  qualitative_severity_rating: 'high',
                },
                products: ['img-in-cluster'],
              },
            ],
          },
        ],
        { csaf_version: '2.1' },
      ),
    );
    const image = `sha256:${'cd'.repeat(32)}`;
    expect(facts.vex).toEqual([
      expect.objectContaining({
        subject: { kind: 'package', purl: `pkg:oci/app@${image}` },
        status: 'NOT_AFFECTED',
        justification: 'vulnerable_code_not_in_execute_path',
        statusNotes: 'default component of name of cluster, installed on name of platform',
      }),
    ]);
    expect(facts.occurrences).toEqual([expect.objectContaining({ artifact: image })]);
    // The "high" rating beats the v4 vector's MEDIUM; the score stays the v4 one.
    expect(facts.vulnMetadata).toEqual([
      expect.objectContaining({
        severity: 'HIGH',
        scoreType: 'CVSSv4',
        published: '2025-01-02T00:00:00.000Z',
      }),
    ]);
    expect(facts.vulnMetadata[0].scoreValue).toBeGreaterThanOrEqual(4);
    expect(facts.vulnMetadata[0].scoreValue).toBeLessThan(7);
  });

  it('repeated identical product definitions are one product; a different redefinition is skipped, the first kept', () => {
    const facts = parse(
      csaf(
        {
          full_product_names: [
            product('p', { purl: 'pkg:npm/p@1' }),
            product('p', { purl: 'pkg:npm/p@1' }),
            product('p', { purl: 'pkg:npm/p@2' }),
          ],
        },
        [{ cve: 'CVE-2024-0003', product_status: { fixed: ['p'] } }],
      ),
    );
    expect(statuses(facts)).toEqual([['pkg:npm/p@1', 'FIXED']]);
    expect(facts.skipped).toEqual([
      { path: '/product_tree/full_product_names/2', reason: expect.stringMatching(/defined again, differently/) },
    ]);
  });
});

describe('CSAF hostile input', () => {
  it('relationship cycles and dangling references are skipped with the reason', () => {
    const facts = parse(
      csaf(
        {
          full_product_names: [product('host', { cpe: 'cpe:/a:x:host:1' })],
          relationships: [relation('a', 'b', 'host'), relation('b', 'a', 'host'), relation('c', 'missing', 'host')],
        },
        [{ cve: 'CVE-2024-0004', product_status: { known_affected: ['a', 'c', 'nowhere'] } }],
      ),
    );
    expect(facts.vex).toEqual([]);
    expect(facts.skipped).toEqual([
      {
        path: '/vulnerabilities/0/product_status/known_affected/0',
        reason: 'product_id "a": its relationships form a cycle through "a"',
      },
      {
        path: '/vulnerabilities/0/product_status/known_affected/1',
        reason: 'product_id "c": its component "missing" is not defined in the product tree',
      },
      {
        path: '/vulnerabilities/0/product_status/known_affected/2',
        reason: 'product_id "nowhere" is not defined in the product tree',
      },
    ]);
  });

  it('a long chain of relationships resolves without recursion, once for all its products', () => {
    const n = 20_000;
    const relationships = Array.from({ length: n }, (_, i) =>
      relation(`r${i}`, i === n - 1 ? 'base' : `r${i + 1}`, `host-${i % 7}`),
    );
    const facts = parse(
      csaf(
        {
          full_product_names: [
            product('base', { purl: 'pkg:npm/base@1' }),
            ...Array.from({ length: 7 }, (_, i) => product(`host-${i}`)),
          ],
          relationships,
        },
        [{ cve: 'CVE-2024-0005', product_status: { fixed: relationships.map((r) => r.full_product_name.product_id) } }],
      ),
    );
    expect(statuses(facts)).toEqual([['pkg:npm/base@1', 'FIXED']]);
    expect(facts.vex[0].statusNotes).toBe(
      'default component of name of host-0; default component of name of host-1; default component of name of host-2; ' +
        'default component of name of host-3; default component of name of host-4; and 2 more',
    );
  });

  it(`branches deeper than ${MAX_BRANCH_DEPTH} levels are skipped, not walked`, () => {
    let branch: any = leaf('deep', { purl: 'pkg:npm/deep@1' });
    for (let i = 0; i < 5000; i++) branch = { category: 'product_family', name: `level ${i}`, branches: [branch] };
    const shallow = leaf('shallow', { purl: 'pkg:npm/shallow@1' });
    const facts = parse(
      csaf({ branches: [shallow, branch] }, [{ cve: 'CVE-2024-0006', product_status: { fixed: ['shallow', 'deep'] } }]),
    );
    expect(statuses(facts)).toEqual([['pkg:npm/shallow@1', 'FIXED']]);
    expect(facts.skipped).toHaveLength(2);
    expect(facts.skipped[0].reason).toMatch(new RegExp(`deeper than ${MAX_BRANCH_DEPTH} levels`));
    expect(facts.skipped[1]).toEqual({
      path: '/vulnerabilities/0/product_status/fixed/1',
      reason: 'product_id "deep" is not defined in the product tree',
    });
  });

  it('a bad purl and an undefined group are skipped with the reason', () => {
    const facts = parse(
      csaf({ full_product_names: [product('bad', { purl: 'pkg:' })] }, [
        {
          cve: 'CVE-2024-0007',
          product_status: { known_not_affected: ['bad'] },
          flags: [{ label: 'component_not_present', group_ids: ['NOPE'] }],
        },
      ]),
    );
    expect(facts.skipped).toEqual([
      { path: '/vulnerabilities/0/flags/0/group_ids/0', reason: 'group_id "NOPE" is not defined in the product tree' },
      {
        path: '/vulnerabilities/0/product_status/known_not_affected/0',
        reason: expect.stringMatching(/^product "bad" \(name of bad\): unusable purl/),
      },
    ]);
  });

  it.each([
    [
      'a status list that is not a list',
      { cve: 'CVE-1', product_status: { fixed: 'p' } },
      '/vulnerabilities/0/product_status/fixed',
    ],
    [
      'a product id that is not a string',
      { cve: 'CVE-1', product_status: { fixed: [7] } },
      '/vulnerabilities/0/product_status/fixed/0',
    ],
    ['a vulnerability that is not an object', 'CVE-1', '/vulnerabilities/0'],
    ['a flag without a label', { cve: 'CVE-1', flags: [{ product_ids: ['p'] }] }, '/vulnerabilities/0/flags/0/label'],
    ['a cve that is not a string', { cve: 2024 }, '/vulnerabilities/0/cve'],
    ['an unreadable release date', { cve: 'CVE-1', release_date: 'yesterday' }, '/vulnerabilities/0/release_date'],
  ])('rejects %s, naming the field', (_what, vulnerability, path) => {
    const run = () => parse(csaf({}, [vulnerability]));
    expect(run).toThrow(DocumentError);
    expect(run).toThrow(expect.objectContaining({ path }));
  });

  it.each([
    ['product_tree not an object', csaf([], []), '/product_tree'],
    [
      'a branch product without product_id',
      csaf({ branches: [{ category: 'x', name: 'x', product: { name: 'x' } }] }, []),
      '/product_tree/branches/0/product/product_id',
    ],
    [
      'a relationship without product_reference',
      csaf(
        { relationships: [{ category: 'x', full_product_name: product('r'), relates_to_product_reference: 'h' }] },
        [],
      ),
      '/product_tree/relationships/0/product_reference',
    ],
    ['vulnerabilities not a list', { ...csaf({}, []), vulnerabilities: {} }, '/vulnerabilities'],
    [
      'an unreadable current_release_date',
      csaf({}, [], { tracking: { current_release_date: 'soon' } }),
      '/document/tracking/current_release_date',
    ],
  ])('rejects %s', (_what, doc, path) => {
    expect(() => parse(doc)).toThrow(expect.objectContaining({ path }));
  });
});
