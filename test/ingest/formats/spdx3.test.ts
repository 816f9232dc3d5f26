import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectDocumentError, loadFixture, PARSE_CTX as ctx, sniffText } from '../../helpers/documents.js';
import { spdx3FromSpdx2 } from '../../helpers/spdx3-from-spdx2.js';
import type { DocumentFacts } from '../../../src/model/facts.js';
import { FORMAT_PARSERS } from '../../../src/ingest/formats/registry.js';
import { spdxParser } from '../../../src/ingest/formats/spdx/index.js';
import { spdx3Parser } from '../../../src/ingest/formats/spdx3/index.js';
import { MAX_DEPTH } from '../../../src/ingest/formats/spdx3/parse.js';

const DIR = new URL('../../fixtures/spdx-3/', import.meta.url);
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const load = (file: string) => sniffText(file, readFileSync(new URL(file, DIR), 'utf8'));
const parseFile = (file: string) => spdx3Parser.parse(load(file), ctx);

const CONTEXT = 'https://spdx.org/rdf/3.0.1/spdx-context.jsonld';
const CI = { type: 'CreationInfo', '@id': '_:ci', specVersion: '3.0.1', created: '2024-05-01T10:00:00Z' };
const DOC_ID = 'urn:test:doc';
const pkg = (id: string, purl?: string, extra: Record<string, unknown> = {}) => ({
  type: 'software_Package',
  spdxId: id,
  name: id.replace('urn:test:', ''),
  software_packageVersion: '1.0',
  ...(purl ? { software_packageUrl: purl } : {}),
  creationInfo: '_:ci',
  ...extra,
});
const rel = (from: string, relationshipType: string, to: string[], extra: Record<string, unknown> = {}) => ({
  type: 'Relationship',
  spdxId: `urn:test:rel-${from}-${relationshipType}-${to.join(',')}`,
  from,
  relationshipType,
  to,
  creationInfo: '_:ci',
  ...extra,
});
const graphDoc = (nodes: unknown[], roots: string[] = ['urn:test:app']) => ({
  '@context': CONTEXT,
  '@graph': [
    CI,
    { type: 'SpdxDocument', spdxId: DOC_ID, name: 'doc', rootElement: roots, creationInfo: '_:ci' },
    ...nodes,
  ],
});
const parse = (json: unknown) => spdx3Parser.parse(sniffText('inline.json', JSON.stringify(json)), ctx);
const edges = (f: DocumentFacts) => f.dependencies.map((d) => [d.from, d.to, d.type]);
const reasons = (f: DocumentFacts) => f.skipped.map((s) => `${s.path}: ${s.reason}`);

describe('SPDX 3 detection', () => {
  it('claims every SPDX 3 fixture, and no other parser does', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(9);
    for (const file of FILES) {
      const claimed = FORMAT_PARSERS.filter((p) => p.detect(load(file))).map((p) => p.name);
      expect(claimed, file).toEqual(['spdx-3']);
    }
  });

  it('does not claim SPDX 2 documents', () => {
    for (const file of ['spdx-syft-coredns-v1.9.3-image.json', 'spdx-apko-chainguard-images.json'])
      expect(spdx3Parser.detect(loadFixture(file)), file).toBe(false);
  });

  it('accepts the compact form without a @context, and a context list; refuses unrelated JSON-LD', () => {
    const { '@graph': graph } = graphDoc([pkg('urn:test:app', 'pkg:npm/app@1.0.0')]);
    expect(spdx3Parser.detect(sniffText('a', JSON.stringify({ '@graph': graph })))).toBe(true);
    expect(spdx3Parser.detect(sniffText('b', JSON.stringify({ '@context': [CONTEXT], '@graph': [] })))).toBe(true);
    expect(spdx3Parser.detect(sniffText('c', JSON.stringify({ '@context': 'https://schema.org', '@graph': [] })))).toBe(
      false,
    );
    expect(spdx3Parser.detect(sniffText('d', JSON.stringify({ '@graph': [{ type: 'Thing', spdxId: 'x' }] })))).toBe(
      false,
    );
  });

  it('is listed right after the SPDX 2 parser', () => {
    const names = FORMAT_PARSERS.map((p) => p.name);
    expect(names.indexOf('spdx-3')).toBe(names.indexOf(spdxParser.name) + 1);
  });
});

describe('SPDX 3 documents from the spec repositories', () => {
  it('reads the spec example: Sbom root → package subject; a file without hash is no node', () => {
    const facts = parseFile('spdx-spec-package_sbom.spdx3.json');
    expect(facts.format).toBe('spdx-3.0.1');
    expect(facts.sboms.map((s) => s.subject)).toEqual([{ kind: 'package', purl: 'pkg:guac/pkg/my-package@1.0.0' }]);
    expect(facts.sboms[0].uri).toBe('http://spdx.example.com/Document1');
    expect(facts.sboms[0].knownSince).toBe('2024-03-06T00:00:00.000Z');
    expect(facts.packages).toEqual(['pkg:guac/pkg/my-package@1.0.0']);
    expect(facts.dependencies).toEqual([]);
    expect(facts.skipped).toEqual([]);
  });

  it('reads purls, hashes, licences and generates edges (k8s bom example 11)', () => {
    const facts = parseFile('spdx-examples-software-example11-sbom.spdx3.json');
    expect(facts.packages).toEqual(
      expect.arrayContaining(['pkg:cargo/hyper@0.14', 'pkg:cargo/tokio@1.19.2', 'pkg:cargo/pretty_env_logger@0.4.0']),
    );
    expect(facts.licenses).toContainEqual(
      expect.objectContaining({
        package: 'pkg:cargo/pretty_env_logger@0.4.0',
        kind: 'concluded',
        expression: 'MIT OR Apache-2.0',
      }),
    );
    // The SPDX document lists no NOASSERTION licence as a fact.
    expect(facts.licenses.some((l) => /NOASSERTION/.test(l.expression))).toBe(false);
    // Two described elements: a file (named by its hash) and a package.
    expect(facts.sboms.map((s) => s.subject.kind).sort()).toEqual(['artifact', 'package']);
    const file = facts.packages.find((p) => p.startsWith('pkg:guac/files/'))!;
    expect(edges(facts)).toContainEqual([file, 'pkg:deb/debian/libselinux1-dev@3.1-3?arch=s390x', 'DIRECT']);
    expect(facts.occurrences.length).toBe(facts.artifacts.length);
  });

  it('names lifecycle scopes in the justification (spdx-maven-plugin example 14)', () => {
    const facts = parseFile('spdx-examples-software-example14-examplemaven-0.0.1-enriched.spdx3.json');
    expect(facts.dependencies.length).toBeGreaterThan(0);
    expect(facts.dependencies.some((d) => /lifecycle scope \w+/.test(d.justification ?? ''))).toBe(true);
  });

  it('reads every fixture without a skip or an error', () => {
    for (const file of FILES) expect(reasons(parseFile(file)), file).toEqual([]);
  });
});

describe('SPDX 3 written from real SPDX 2 SBOMs gives the same graph', () => {
  const comparable = (f: DocumentFacts) => ({
    packages: [...f.packages].sort(),
    artifacts: [...f.artifacts].sort(),
    dependencies: f.dependencies.map((d) => `${d.from} -> ${d.to} ${d.type}`).sort(),
    occurrences: f.occurrences.map((o) => `${o.artifact} ${JSON.stringify(o.subject)}`).sort(),
    licenses: f.licenses.map((l) => `${l.package} ${l.kind} ${l.expression}`).sort(),
    sources: f.hasSourceAt.map((h) => `${h.package} ${h.source}`).sort(),
    subjects: f.sboms.map((s) => JSON.stringify(s.subject)).sort(),
  });
  for (const file of [
    'spdx-syft-coredns-v1.9.3-image.json',
    'spdx-claircore-stackrox-scanner-v4-image.json',
    'spdx-apko-chainguard-images.json',
    'spdx-spdx-maven-plugin-examplemaven.json',
    'spdx-k8s-bom-example11-go-project.json',
    'spdx-sbom-tool-missionlz-build-manifest.json',
  ]) {
    it(file, () => {
      const two = loadFixture(file);
      const v2 = spdxParser.parse(two, ctx);
      const text = JSON.stringify(spdx3FromSpdx2(two.json as Record<string, unknown>));
      const doc3 = sniffText(`${file}.spdx3.json`, text);
      expect(FORMAT_PARSERS.find((p) => p.detect(doc3))?.name).toBe('spdx-3');
      const v3 = spdx3Parser.parse(doc3, ctx);
      expect(v3.packages.length).toBeGreaterThan(0);
      expect(comparable(v3)).toEqual(comparable(v2));
    });
  }
});

describe('SPDX 3 Security profile', () => {
  const facts = parseFile('spdx-3-model-security-examples.spdx3.json');
  const APP13 = 'pkg:generic/acme/acme-application@1.3';
  const APP14 = 'pkg:generic/acme/acme-application@1.4';

  it('states one VEX statement per assessment and product, in the OpenVEX vocabulary', () => {
    const vex = facts.vex.map((v) => [v.subject, v.vulnerability.id, v.status, v.justification]);
    expect(vex).toEqual([
      [{ kind: 'package', purl: APP13 }, 'CVE-2020-28498', 'NOT_AFFECTED', 'component_not_present'],
      [{ kind: 'package', purl: APP13 }, 'CVE-2021-44228', 'AFFECTED', undefined],
      [{ kind: 'package', purl: APP14 }, 'CVE-2021-44228', 'FIXED', undefined],
      [{ kind: 'package', purl: APP14 }, 'CVE-2020-28498', 'UNDER_INVESTIGATION', undefined],
    ]);
    const notAffected = facts.vex[0];
    expect(notAffected.statement).toBe('Not using this vulnerable part of this library.');
    expect(notAffected.statusNotes).toBe('assessed element: pkg:npm/elliptic@6.5.2');
    expect(notAffected.knownSince).toBe('2021-03-09T11:04:53.000Z');
    expect(facts.vex[1].statement).toBe('Upgrade to version 1.4 of ACME application.');
  });

  it('certifies hasAssociatedVulnerability and affected statements, not the others', () => {
    const found = facts.certifyVulns.map((c) => [c.package, c.vulnerability?.id]);
    expect(found).toEqual([
      ['pkg:npm/elliptic@6.5.2', 'CVE-2020-28498'],
      [APP13, 'CVE-2021-44228'],
    ]);
    expect(facts.certifyVulns[1].scan.timeScanned).toBe('2021-12-11T11:04:53.000Z');
  });

  it('puts CVSS assessments, summary, description, times and references into the metadata', () => {
    const byId = new Map(facts.vulnMetadata.map((m) => [m.vulnerability.id, m]));
    expect(byId.get('CVE-2020-28498')).toMatchObject({
      severity: 'MEDIUM',
      scoreType: 'CVSSv31',
      scoreValue: 6.8,
      summary: 'Use of a Broken or Risky Cryptographic Algorithm',
      published: '2021-03-08T16:02:50.000Z',
      timestamp: '2021-03-08T16:06:43.000Z',
    });
    expect(byId.get('CVE-2020-28498')!.references).toContain('https://nvd.nist.gov/vuln/detail/CVE-2020-28498');
    expect(byId.get('CVE-2021-44228')).toMatchObject({ severity: 'CRITICAL', scoreType: 'CVSSv4', scoreValue: 10 });
    expect(facts.vulnEquals.map((e) => [e.vulnerability.id, e.equal.id])).toEqual([
      ['CVE-2020-28498', 'GHSA-r9p9-mrjm-926w'],
    ]);
  });

  it('a stated CVSS score counts when the vector is unusable; a VEX-only document has no SBOM', () => {
    const f = parse({
      '@context': CONTEXT,
      '@graph': [
        CI,
        {
          type: 'security_Vulnerability',
          spdxId: 'urn:test:v',
          externalIdentifier: [
            { type: 'ExternalIdentifier', externalIdentifierType: 'securityOther', identifier: 'GHSA-aaaa-bbbb-cccc' },
          ],
        },
        {
          type: 'security_CvssV3VulnAssessmentRelationship',
          spdxId: 'urn:test:c',
          relationshipType: 'hasAssessmentFor',
          from: 'urn:test:v',
          to: ['urn:test:elsewhere'],
          security_score: '9.1',
          security_vectorString: 'not a vector',
        },
        {
          type: 'security_VexNotAffectedVulnAssessmentRelationship',
          spdxId: 'urn:test:n',
          relationshipType: 'doesNotAffect',
          from: 'urn:test:v',
          to: ['urn:test:gone'],
          security_justificationType:
            'https://spdx.org/rdf/3.0.1/terms/Security/VexJustificationType/vulnerableCodeNotInExecutePath',
        },
      ],
    });
    expect(f.sboms).toEqual([]);
    expect(f.vulnMetadata[0]).toMatchObject({
      vulnerability: { type: 'GHSA', id: 'GHSA-aaaa-bbbb-cccc' },
      severity: 'CRITICAL',
      scoreValue: 9.1,
    });
    expect(f.vex).toEqual([]);
    // The CVSS assessment's product is not looked up (it states no finding); the VEX product is.
    expect(reasons(f)).toEqual(['/@graph/3: refers to unknown element "urn:test:gone"']);
  });
});

describe('hand-made SPDX 3 graphs', () => {
  it('maps dependsOn/contains/generates with their directions; DIRECT from the subject only', () => {
    const f = parse(
      graphDoc([
        pkg('urn:test:app', 'pkg:npm/app@1.0.0'),
        pkg('urn:test:lib', 'pkg:npm/lib@2.0.0'),
        pkg('urn:test:util', 'pkg:npm/util@3.0.0'),
        pkg('urn:test:src', 'pkg:npm/src@1.0.0'),
        rel('urn:test:app', 'dependsOn', ['urn:test:lib']),
        rel('urn:test:lib', 'contains', ['urn:test:util']),
        rel('urn:test:src', 'generates', ['urn:test:app']),
        rel('urn:test:app', 'describes', ['urn:test:util']),
      ]),
    );
    expect(edges(f)).toEqual([
      ['pkg:npm/app@1.0.0', 'pkg:npm/lib@2.0.0', 'DIRECT'],
      ['pkg:npm/lib@2.0.0', 'pkg:npm/util@3.0.0', 'UNKNOWN'],
      ['pkg:npm/app@1.0.0', 'pkg:npm/src@1.0.0', 'DIRECT'],
    ]);
    expect(f.sboms.map((s) => s.subject)).toEqual([{ kind: 'package', purl: 'pkg:npm/app@1.0.0' }]);
  });

  it('reads full term IRIs as types and vocabulary values, @id/@type keys, and sha3_256 hashes', () => {
    const f = parse(
      graphDoc([
        {
          '@type': 'https://spdx.org/rdf/3.0.1/terms/Software/Package',
          '@id': 'urn:test:app',
          name: 'app',
          externalIdentifier: [
            {
              type: 'ExternalIdentifier',
              externalIdentifierType: 'https://spdx.org/rdf/3.0.1/terms/Core/ExternalIdentifierType/packageUrl',
              identifier: 'pkg:PyPI/App@1.0',
            },
          ],
          verifiedUsing: [{ type: 'Hash', algorithm: 'sha3_256', hashValue: 'AB'.repeat(32) }],
        },
        pkg('urn:test:lib', 'pkg:pypi/lib@2'),
        rel('urn:test:app', 'https://spdx.org/rdf/3.0.1/terms/Core/RelationshipType/dependsOn', ['urn:test:lib']),
      ]),
    );
    expect(f.packages).toEqual(['pkg:pypi/app@1.0', 'pkg:pypi/lib@2']);
    expect(f.artifacts).toEqual([`sha3-256:${'ab'.repeat(32)}`]);
    expect(f.sboms[0].subject).toEqual({ kind: 'artifact', digest: `sha3-256:${'ab'.repeat(32)}` });
    expect(edges(f)).toEqual([['pkg:pypi/app@1.0', 'pkg:pypi/lib@2', 'DIRECT']]);
  });

  it('reads elements written inline where they are referenced', () => {
    const f = parse(
      graphDoc([
        pkg('urn:test:app', 'pkg:npm/app@1'),
        rel('urn:test:app', 'dependsOn', [pkg('urn:test:lib', 'pkg:npm/lib@2')] as never),
      ]),
    );
    expect(edges(f)).toEqual([['pkg:npm/app@1', 'pkg:npm/lib@2', 'DIRECT']]);
  });
});

describe('hostile SPDX 3 input', () => {
  it('skips elements without an spdxId, unknown references and non-object items, naming where', () => {
    const f = parse(
      graphDoc([
        pkg('urn:test:app', 'pkg:npm/app@1'),
        { type: 'software_Package', name: 'anonymous', software_packageUrl: 'pkg:npm/anon@1' },
        42,
        rel('urn:test:app', 'dependsOn', ['urn:test:missing']),
        rel('urn:test:app', 'hasDeclaredLicense', ['urn:test:no-licence']),
        { type: 'security_Vulnerability', spdxId: 'urn:test:nameless' },
        {
          type: 'security_VexAffectedVulnAssessmentRelationship',
          spdxId: 'urn:test:vx',
          relationshipType: 'affects',
          from: 'urn:test:nowhere',
          to: ['urn:test:app'],
        },
        pkg('urn:test:bad-purl', 'pkg:'),
        pkg('urn:test:app', 'pkg:npm/app-again@1'),
      ]),
    );
    expect(reasons(f)).toEqual([
      '/@graph/3: software_Package element has no spdxId: not read',
      '/@graph/4: a @graph item must be an object',
      '/@graph/10: duplicate spdxId "urn:test:app": the first one is used',
      expect.stringMatching(/^\/@graph\/9\/software_packageUrl: unusable purl/),
      '/@graph/6: licence "urn:test:no-licence" is not in the document',
      '/@graph/5: refers to unknown element "urn:test:missing"',
      '/@graph/7: vulnerability without a cve or securityOther identifier: not recorded',
      '/@graph/8: names "urn:test:nowhere", which is no vulnerability of this document',
    ]);
    expect(f.packages).toEqual(['pkg:npm/app@1']);
  });

  it('stops reading past the nesting limit without a crash', () => {
    let deep: Record<string, unknown> = pkg('urn:test:deep', 'pkg:npm/deep@1');
    for (let i = 0; i < MAX_DEPTH + 50; i++) deep = { type: 'Annotation', spdxId: `urn:test:a${i}`, subject: deep };
    const nested = JSON.parse(JSON.stringify(graphDoc([pkg('urn:test:app', 'pkg:npm/app@1'), deep])));
    const f = parse(nested);
    expect(f.packages).toEqual(['pkg:npm/app@1']);
    expect(reasons(f)).toEqual([expect.stringMatching(new RegExp(`nested deeper than ${MAX_DEPTH} levels`))]);
  });

  it('rejects wrong JSON types with the field path', () => {
    expectDocumentError(() => parse({ '@context': CONTEXT, '@graph': {} }), /^\/@graph: "@graph" must be an array/);
    expectDocumentError(
      () => parse(graphDoc([pkg('urn:test:app', undefined, { software_packageVersion: { v: 1 } })])),
      /^\/@graph\/2\/software_packageVersion: "software_packageVersion" must be a string/,
    );
    expectDocumentError(
      () => parse(graphDoc([rel('urn:test:app', 'dependsOn', [7 as never])])),
      /^\/@graph\/2\/to\/0: "to" must name elements by their spdxId/,
    );
    expectDocumentError(
      () =>
        parse({
          '@context': CONTEXT,
          '@graph': [
            { ...CI, created: 'yesterday' },
            { type: 'SpdxDocument', spdxId: DOC_ID, creationInfo: '_:ci' },
          ],
        }),
      /creationInfo\/created: "yesterday" is not a valid date-time/,
    );
  });
});
