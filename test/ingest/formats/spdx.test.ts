import { describe, expect, it } from 'vitest';
import {
  expectDocumentError,
  loadFixture,
  loadHostile,
  PARSE_CTX,
  sniffText,
  spdxTagValueHeader,
} from '../../helpers/documents.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { spdxFidelitySuite } from './sbom-formats.suite.js';
import type { DocumentFacts } from '../../../src/model/facts.js';
import { spdxParser } from '../../../src/ingest/formats/spdx/index.js';

const ctx = PARSE_CTX;

const sniff = sniffText;

const base = {
  spdxVersion: 'SPDX-2.3',
  SPDXID: 'SPDXRef-DOCUMENT',
  name: 'doc',
  documentNamespace: 'https://example.com/doc',
  creationInfo: { created: '2024-05-01T10:00:00Z', creators: ['Tool: hand'] },
};
const pkg = (id: string, purl?: string, extra: Record<string, unknown> = {}) => ({
  SPDXID: id,
  name: id.replace('SPDXRef-', ''),
  versionInfo: '1.0',
  externalRefs: purl ? [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: purl }] : [],
  ...extra,
});
const rel = (a: string, type: string, b: string) => ({
  spdxElementId: a,
  relationshipType: type,
  relatedSpdxElement: b,
});
const parse = (body: Record<string, unknown>) =>
  spdxParser.parse(sniff('inline.json', JSON.stringify({ ...base, ...body })), ctx);
const edges = (f: DocumentFacts) => f.dependencies.map((d) => [d.from, d.to, d.type]);

spdxFidelitySuite(FIXTURES);

describe('SPDX documents from the fixtures', () => {
  it('uses the document-name fallback subject and GUAC heuristic edges when nothing is described', () => {
    const facts = spdxParser.parse(loadFixture('spdx-syft-alpine-latest-image.json'), ctx);
    expect(facts.sboms[0].subject).toEqual({ kind: 'package', purl: 'pkg:guac/spdx/alpine-latest' });
    expect(facts.dependencies).toHaveLength(14);
    expect(facts.dependencies.every((d) => d.from === 'pkg:guac/spdx/alpine-latest' && d.type === 'UNKNOWN')).toBe(
      true,
    );
  });

  it('ignores a self-referencing DESCRIBES (syft) and falls back', () => {
    const facts = spdxParser.parse(loadFixture('spdx-syft-coredns-v1.9.3-image.json'), ctx);
    expect(facts.sboms).toHaveLength(1);
    expect(facts.sboms[0].subject).toEqual({
      kind: 'package',
      purl: 'pkg:guac/spdx/registry.k8s.io/coredns/coredns:v1.9.3',
    });
  });

  it('names an image subject by digest and types its CONTAINS edges DIRECT (apko)', () => {
    const facts = spdxParser.parse(loadFixture('spdx-apko-chainguard-images.json'), ctx);
    const subject = facts.sboms[0].subject;
    expect(subject.kind).toBe('artifact');
    const image = facts.occurrences.find((o) => o.artifact === (subject as { digest: string }).digest)!.subject as {
      purl: string;
    };
    const direct = facts.dependencies.filter((d) => d.type === 'DIRECT');
    expect(direct.length).toBeGreaterThan(0);
    expect(direct.every((d) => d.from === image.purl)).toBe(true);
  });

  it('identifies packages without purls by GUAC pkg:guac/pkg purls (Claircore)', () => {
    const facts = spdxParser.parse(loadFixture('spdx-claircore-stackrox-scanner-v4-image.json'), ctx);
    expect(facts.packages.filter((p) => p.startsWith('pkg:guac/pkg/')).length).toBeGreaterThan(400);
    expect(facts.dependencies.some((d) => d.justification?.includes('CONTAINED_BY'))).toBe(true);
  });

  it('skips an unusable purl with its path (sbom-tool)', () => {
    const facts = spdxParser.parse(loadFixture('spdx-sbom-tool-missionlz-build-manifest.json'), ctx);
    expect(facts.skipped).toEqual([expect.objectContaining({ path: '/packages/0/externalRefs/0' })]);
    expect(facts.packages.filter((p) => p.startsWith('pkg:guac/files/')).length).toBeGreaterThan(100);
  });
});

describe('SPDX mapping rules', () => {
  it('orients forward and reverse relationship kinds, drops self-edges and non-dependency kinds', () => {
    const facts = parse({
      documentDescribes: ['SPDXRef-app'],
      packages: [
        pkg('SPDXRef-app', 'pkg:npm/app@1'),
        pkg('SPDXRef-a', 'pkg:npm/a@1'),
        pkg('SPDXRef-b', 'pkg:npm/b@1'),
        pkg('SPDXRef-c', 'pkg:npm/c@1'),
      ],
      relationships: [
        rel('SPDXRef-DOCUMENT', 'DESCRIBES', 'SPDXRef-app'),
        rel('SPDXRef-app', 'DEPENDS_ON', 'SPDXRef-a'),
        rel('SPDXRef-b', 'DEPENDENCY_OF', 'SPDXRef-a'),
        rel('SPDXRef-c', 'DEV_DEPENDENCY_OF', 'SPDXRef-app'),
        rel('SPDXRef-a', 'VARIANT_OF', 'SPDXRef-c'),
        rel('SPDXRef-a', 'DEPENDS_ON', 'SPDXRef-a'),
      ],
    });
    expect(facts.sboms).toHaveLength(1);
    expect(edges(facts)).toEqual([
      ['pkg:npm/app@1', 'pkg:npm/a@1', 'DIRECT'],
      ['pkg:npm/a@1', 'pkg:npm/b@1', 'UNKNOWN'],
      ['pkg:npm/app@1', 'pkg:npm/c@1', 'DIRECT'],
    ]);
  });

  it('gives one HasSBOM per described element, and heuristic edges only to a bare subject', () => {
    const facts = parse({
      packages: [
        pkg('SPDXRef-x', 'pkg:npm/x@1'),
        pkg('SPDXRef-y', 'pkg:npm/y@1'),
        pkg('SPDXRef-z', 'pkg:npm/z@1'),
        pkg('SPDXRef-w', 'pkg:npm/w@1'),
      ],
      relationships: [
        rel('SPDXRef-DOCUMENT', 'DESCRIBES', 'SPDXRef-x'),
        rel('SPDXRef-y', 'DESCRIBED_BY', 'SPDXRef-DOCUMENT'),
        rel('SPDXRef-x', 'CONTAINS', 'SPDXRef-z'),
        rel('SPDXRef-DOCUMENT', 'DESCRIBES', 'SPDXRef-missing'),
      ],
    });
    expect(facts.sboms.map((s) => s.subject)).toEqual([
      { kind: 'package', purl: 'pkg:npm/x@1' },
      { kind: 'package', purl: 'pkg:npm/y@1' },
    ]);
    // y declares nothing: it depends on the top-level packages (w; z is contained by x).
    expect(edges(facts)).toEqual([
      ['pkg:npm/x@1', 'pkg:npm/z@1', 'DIRECT'],
      ['pkg:npm/y@1', 'pkg:npm/w@1', 'UNKNOWN'],
    ]);
    expect(facts.skipped).toEqual([
      { path: '/relationships/3', reason: 'describes unknown element "SPDXRef-missing"' },
    ]);
  });

  it('makes files with checksums pkg:guac/files packages, ignoring empty-file digests', () => {
    const sha = 'b'.repeat(64);
    const facts = parse({
      packages: [pkg('SPDXRef-app', 'pkg:npm/app@1')],
      files: [
        {
          SPDXID: 'SPDXRef-f1',
          fileName: './bin/tool',
          checksums: [
            { algorithm: 'SHA1', checksumValue: 'c'.repeat(40) },
            { algorithm: 'SHA256', checksumValue: sha },
          ],
        },
        {
          SPDXID: 'SPDXRef-f2',
          fileName: './empty',
          checksums: [
            { algorithm: 'SHA256', checksumValue: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
          ],
        },
      ],
      relationships: [rel('SPDXRef-app', 'CONTAINS', 'SPDXRef-f1'), rel('SPDXRef-app', 'CONTAINS', 'SPDXRef-f2')],
    });
    const file = `pkg:guac/files/sha256:${sha}?filename=.%2Fbin%2Ftool`;
    expect(facts.packages).toContain(file);
    expect(facts.occurrences.filter((o) => o.subject.kind === 'package' && o.subject.purl === file)).toHaveLength(2);
    expect(facts.artifacts).not.toContain('sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // The fallback subject depends on the top-level package only; the file hangs below it.
    expect(edges(facts)).toEqual([
      ['pkg:npm/app@1', file, 'UNKNOWN'],
      ['pkg:guac/spdx/doc', 'pkg:npm/app@1', 'UNKNOWN'],
    ]);
  });

  it('uses an oci purl digest as the subject artifact', () => {
    const facts = parse({
      documentDescribes: ['SPDXRef-img'],
      packages: [pkg('SPDXRef-img', `pkg:oci/img@sha256%3A${'f'.repeat(64)}?repository_url=r.example/img`)],
    });
    expect(facts.sboms[0].subject).toEqual({ kind: 'artifact', digest: `sha256:${'f'.repeat(64)}` });
    expect(facts.occurrences).toHaveLength(1);
  });

  // The image package as Trivy writes it: its ImageID (config digest) and RepoDigest in
  // attributionTexts (older releases) or annotations' comments (newer ones). Issue 30.
  const REPO_DIGEST = `sha256:${'a2'.repeat(32)}`;
  const IMAGE_ID = `sha256:${'5d'.repeat(32)}`;
  const trivyImage = (extra: Record<string, unknown>, purl?: string) =>
    parse({
      documentDescribes: ['SPDXRef-ContainerImage-1'],
      packages: [pkg('SPDXRef-ContainerImage-1', purl, { primaryPackagePurpose: 'CONTAINER', ...extra })],
    });
  const annotation = (comment: string) => ({
    annotator: 'Tool: trivy-0.58.0',
    annotationDate: '2025-02-13T12:22:22Z',
    annotationType: 'OTHER',
    comment,
  });

  it.each([
    [
      'attributionTexts',
      { attributionTexts: ['SchemaVersion: 2', `ImageID: ${IMAGE_ID}`, `RepoDigest: rails@${REPO_DIGEST}`] },
    ],
    [
      'annotations',
      {
        annotations: [
          annotation(`DiffID: sha256:${'d8'.repeat(32)}`),
          annotation(`ImageID: ${IMAGE_ID}`),
          annotation(`RepoDigest: rails@${REPO_DIGEST}`),
        ],
      },
    ],
  ])('a Trivy image (%s): named by its repository digest, its ImageID HashEqual to it', (_, extra) => {
    const facts = trivyImage(extra, `pkg:oci/rails@${REPO_DIGEST.replace(':', '%3A')}?arch=arm64`);
    expect(facts.sboms[0].subject).toEqual({ kind: 'artifact', digest: REPO_DIGEST });
    expect(facts.hashEquals.map((h) => [h.artifact, h.equal])).toEqual([[REPO_DIGEST, IMAGE_ID]]);
    expect(facts.artifacts).not.toContain(`sha256:${'d8'.repeat(32)}`); // a layer, not the image
  });

  it('a Trivy image scanned from a tarball (no repository digest): named by its ImageID', () => {
    const facts = trivyImage({ annotations: [annotation(`ImageID: ${IMAGE_ID}`)] });
    expect(facts.sboms[0].subject).toEqual({ kind: 'artifact', digest: IMAGE_ID });
    expect(facts.occurrences.map((o) => o.artifact)).toEqual([IMAGE_ID]);
    expect(facts.hashEquals).toEqual([]);
  });

  it('accepts both PACKAGE-MANAGER and PACKAGE_MANAGER categories', () => {
    const facts = parse({
      packages: [
        {
          SPDXID: 'SPDXRef-a',
          name: 'a',
          externalRefs: [
            {
              referenceCategory: 'PACKAGE_MANAGER',
              referenceType: 'purl',
              referenceLocator: 'pkg:PyPI/Django_REST@1.0',
            },
          ],
        },
        {
          SPDXID: 'SPDXRef-b',
          name: 'b',
          externalRefs: [
            { referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:npm/b@2' },
          ],
        },
      ],
    });
    expect(facts.packages).toEqual(expect.arrayContaining(['pkg:pypi/django-rest@1.0', 'pkg:npm/b@2']));
  });

  it('rejects malformed documents whole', () => {
    expectDocumentError(
      () => spdxParser.parse(loadHostile('wrong-types.spdx.json'), ctx),
      /"packages" must be an array/,
    );
    expectDocumentError(() => parse({ creationInfo: undefined }), /creationInfo/);
    expectDocumentError(() => parse({ creationInfo: { created: 'not a date' } }), /not a valid date-time/);
    expectDocumentError(() => parse({ spdxVersion: 'SPDX-3.0' }), /unsupported SPDX version/);
    expectDocumentError(() => parse({ packages: [{ name: 'no-id' }] }), /SPDXID/);
    expectDocumentError(
      () => parse({ packages: [pkg('SPDXRef-a'), pkg('SPDXRef-a')] }),
      /duplicate SPDXID "SPDXRef-a"/,
    );
    expectDocumentError(() => parse({ relationships: [{ spdxElementId: 'a' }] }), /relationshipType/);
    expectDocumentError(
      () => parse({ packages: [pkg('SPDXRef-a', undefined, { checksums: 'x' })] }),
      /"checksums" must be an array/,
    );
  });

  it('records dangling relationship ends and still ingests the rest', () => {
    const facts = parse({
      packages: [pkg('SPDXRef-a', 'pkg:npm/a@1'), pkg('SPDXRef-b', 'pkg:npm/b@1')],
      relationships: [
        rel('SPDXRef-a', 'DEPENDS_ON', 'SPDXRef-ghost'),
        rel('SPDXRef-a', 'DEPENDS_ON', 'SPDXRef-b'),
        rel('SPDXRef-a', 'DEPENDS_ON', 'NOASSERTION'),
      ],
    });
    expect(facts.skipped).toEqual([{ path: '/relationships/0', reason: 'refers to unknown element "SPDXRef-ghost"' }]);
    expect(edges(facts)).toContainEqual(['pkg:npm/a@1', 'pkg:npm/b@1', 'UNKNOWN']);
  });

  it('reads tag-value documents into the same facts as JSON', () => {
    const text = [
      ...spdxTagValueHeader('doc'),
      '## Packages',
      'PackageName: app',
      'SPDXID: SPDXRef-app',
      'PackageVersion: 1.0',
      'PackageComment: <text>multi',
      'line: with a colon</text>',
      'ExternalRef: PACKAGE-MANAGER purl pkg:npm/app@1',
      '',
      'PackageName: a',
      'SPDXID: SPDXRef-a',
      'PackageVersion: 1.0',
      `PackageChecksum: SHA256: ${'a'.repeat(64)}`,
      'ExternalRef: PACKAGE-MANAGER purl pkg:npm/a@1',
      '',
      'Relationship: SPDXRef-app DEPENDS_ON SPDXRef-a',
      'RelationshipComment: from the lockfile',
    ].join('\n');
    const doc = sniff('doc.spdx', text);
    expect(spdxParser.detect(doc)).toBe(true);
    const facts = spdxParser.parse(doc, ctx);
    const json = parse({
      documentDescribes: ['SPDXRef-app'],
      packages: [
        pkg('SPDXRef-app', 'pkg:npm/app@1'),
        pkg('SPDXRef-a', 'pkg:npm/a@1', { checksums: [{ algorithm: 'SHA256', checksumValue: 'a'.repeat(64) }] }),
      ],
      relationships: [rel('SPDXRef-app', 'DEPENDS_ON', 'SPDXRef-a')],
    });
    expect(facts.packages).toEqual(json.packages);
    expect(facts.occurrences).toEqual(json.occurrences);
    expect(edges(facts)).toEqual(edges(json));
    expect(facts.dependencies[0].justification).toBe(
      'Derived from SPDX DEPENDS_ON relationship with comment: from the lockfile',
    );
    expect(facts.sboms).toEqual(json.sboms);
  });

  it('does not claim other JSON or XML', () => {
    expect(spdxParser.detect(sniff('x.json', '{"bomFormat":"CycloneDX"}'))).toBe(false);
    expect(spdxParser.detect(sniff('x.xml', '<SPDXVersion>SPDX-2.3</SPDXVersion>'))).toBe(false);
    expect(spdxParser.detect(sniff('x.txt', 'hello\nworld'))).toBe(false);
  });
});
