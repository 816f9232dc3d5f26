import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectDocumentError, loadFixture, loadHostile, PARSE_CTX, sniffText } from '../../helpers/documents.js';
import { FIXTURES } from '../../helpers/corpus.js';
import { cyclonedxJsonFidelitySuite, cyclonedxXmlFidelitySuite, sbomDetectionSuite } from './sbom-formats.suite.js';
import type { DocumentFacts } from '../../../src/model/facts.js';
import {
  cyclonedxJsonParser,
  cyclonedxXmlParser,
  parseCycloneDx,
  translateCycloneDx,
} from '../../../src/ingest/formats/cyclonedx/index.js';
import type { SniffedDocument } from '../../../src/ingest/formats/types.js';

const HOSTILE = new URL('../../fixtures/hostile/', import.meta.url);

const ctx = PARSE_CTX;

const sniff = sniffText;

/** Parse and the component translation, without the VDR/VEX step. */
const readComponents = (doc: SniffedDocument) => translateCycloneDx(parseCycloneDx(doc), ctx);

function cyclonedxJsonDoc(body: Record<string, unknown>): SniffedDocument {
  return sniff('inline.json', JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', ...body }));
}

const parseJson = (body: Record<string, unknown>) => cyclonedxJsonParser.parse(cyclonedxJsonDoc(body), ctx);
const parseXml = (text: string) => cyclonedxXmlParser.parse(sniff('inline.xml', text), ctx);
sbomDetectionSuite(FIXTURES);
cyclonedxJsonFidelitySuite(FIXTURES);
cyclonedxXmlFidelitySuite(FIXTURES);

describe('CycloneDX JSON documents from the fixtures', () => {
  it('names container images by digest and links the image package to it (syft)', () => {
    const facts = cyclonedxJsonParser.parse(loadFixture('cyclonedx-syft-alpine-latest-image.json'), ctx);
    const digest = 'sha256:cbaa390ec61abd889dfa5146a411c11717c19ef9e5e18458dbdc06439076ffe7';
    expect(facts.sboms[0].subject).toEqual({ kind: 'artifact', digest });
    const image = facts.occurrences.find((o) => o.artifact === digest)?.subject;
    expect(image).toEqual({ kind: 'package', purl: `pkg:guac/cdx/docker.io/library/alpine@${digest}?tag=latest` });
    // No dependencies[]: the image depends on every component (GUAC heuristic, UNKNOWN).
    expect(facts.dependencies.filter((d) => d.from === (image as { purl: string }).purl)).toHaveLength(14);
    expect(facts.dependencies.every((d) => d.type === 'UNKNOWN')).toBe(true);
    expect(facts.skipped).toEqual([{ path: '/components/14', reason: 'operating-system component without a purl' }]);
  });

  it('types declared edges DIRECT and records the document time and serial number', () => {
    const facts = cyclonedxJsonParser.parse(loadFixture('cyclonedx-cyclonedx-maven-spring-petclinic.json'), ctx);
    expect(facts.dependencies.length).toBeGreaterThan(100);
    expect(facts.dependencies.every((d) => d.type === 'DIRECT')).toBe(true);
    const sbom = facts.sboms[0];
    expect(sbom.uri).toMatch(/^urn:uuid:/);
    expect(sbom.algorithm).toBe('sha256');
    expect(sbom.knownSince).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
  });

  it('falls back to a pkg:guac/cdx subject when there is no metadata.component', () => {
    const doc = loadFixture('cyclonedx-jake-python-env-with-vulns.json');
    const facts = cyclonedxJsonParser.parse(doc, ctx);
    const serial = String((doc.json as any).serialNumber).replace('urn:uuid:', '');
    expect(facts.sboms[0].subject).toEqual({ kind: 'package', purl: `pkg:guac/cdx/${serial}` });
    expect(facts.dependencies).toHaveLength(67);
  });

  it('resolves cdxgen dependency refs that spell npm scopes differently', () => {
    const facts = cyclonedxJsonParser.parse(loadFixture('cyclonedx-cdxgen-crapi-universal-multilang.json'), ctx);
    expect(facts.skipped.length).toBeLessThan(40);
    expect(facts.skipped.every((s) => /unknown bom-ref/.test(s.reason))).toBe(true);
  });

  it('exposes the bom-ref → purl map for the VDR/VEX step', () => {
    const read = readComponents(loadFixture('cyclonedx-depscan-vdr-jinja-report-python.json'));
    expect(Array.isArray(read.bom.vulnerabilities)).toBe(true);
    const affected = (read.bom.vulnerabilities as any[]).flatMap((v) => v.affects ?? []).map((a) => a.ref);
    expect(affected.length).toBeGreaterThan(0);
    for (const ref of affected) expect(read.refToPurl.get(ref)).toMatch(/^pkg:/);
    // Vulnerabilities are not mapped here (another step does it).
    expect(read.builder.facts.certifyVulns).toEqual([]);
  });
});

describe('CycloneDX XML documents from the fixtures', () => {
  it('maps the XML and JSON editions of the same BOM to the same graph', () => {
    const fromJson = cyclonedxJsonParser.parse(
      loadFixture('cyclonedx-cyclonedx-php-composer-laravel-7.12.0.json'),
      ctx,
    );
    const fromXml = cyclonedxXmlParser.parse(
      loadFixture('cyclonedx-xml-cyclonedx-php-composer-laravel-7.12.0.xml'),
      ctx,
    );
    expect([...fromXml.packages].sort()).toEqual([...fromJson.packages].sort());
    const edges = (f: DocumentFacts) => f.dependencies.map((d) => `${d.from} ${d.to} ${d.type}`).sort();
    expect(edges(fromXml)).toEqual(edges(fromJson));
    expect(fromXml.sboms[0].subject).toEqual(fromJson.sboms[0].subject);
  });

  it('normalises XML vulnerabilities into the JSON shape for the VDR/VEX step', () => {
    const read = readComponents(loadFixture('cyclonedx-xml-grype-log4j-core-with-vulns.xml'));
    const vulns = read.bom.vulnerabilities as any[];
    expect(vulns).toHaveLength(8);
    expect(vulns[0].id).toBe('CVE-2021-44228');
    expect(vulns[0].ratings.some((r: any) => r.score === 10 && r.method === 'CVSSv31')).toBe(true);
    expect(Array.isArray(vulns[0].affects)).toBe(true);
  });
});

describe('CycloneDX hostile and malformed input', () => {
  it('rejects an XXE payload before parsing', () => {
    const doc = loadHostile('xxe.cdx.xml');
    expect(cyclonedxXmlParser.detect(doc)).toBe(true);
    expectDocumentError(() => cyclonedxXmlParser.parse(doc, ctx), /DOCTYPE/);
  });

  it('rejects entity expansion bombs and bare DOCTYPEs', () => {
    for (const file of ['billion-laughs.cdx.xml', 'doctype-only.cdx.xml']) {
      const doc = loadHostile(file);
      expect(cyclonedxXmlParser.detect(doc)).toBe(true);
      expectDocumentError(() => cyclonedxXmlParser.parse(doc, ctx), /DOCTYPE or entity/);
    }
    expectDocumentError(
      () => parseXml('<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><!ENTITY x "y"></bom>'),
      /entity/,
    );
  });

  it('allows DOCTYPE-looking text inside CDATA', () => {
    const facts = parseXml(`<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components><component type="library">
      <name>a</name><description><![CDATA[see <!DOCTYPE html> & co]]></description><purl>pkg:npm/a@1?x=1&amp;y=2</purl>
      </component></components></bom>`);
    expect(facts.packages).toContain('pkg:npm/a@1?x=1&y=2');
  });

  it('rejects duplicate bom-refs, naming the ref (JSON and XML)', () => {
    const e1 = expectDocumentError(
      () => cyclonedxJsonParser.parse(loadHostile('duplicate-bom-ref.cdx.json'), ctx),
      /duplicate bom-ref "dup"/,
    );
    expect(e1.path).toBe('/components/1/bom-ref');
    const e2 = expectDocumentError(
      () => cyclonedxXmlParser.parse(loadHostile('duplicate-bom-ref.cdx.xml'), ctx),
      /duplicate bom-ref "dup"/,
    );
    expect(e2.path).toBe('/bom/components/component[2]/bom-ref');
  });

  it('rejects wrong top-level and field types with a JSON pointer', () => {
    expectDocumentError(() => parseJson({ components: 'nope' }), /"components" must be an array/);
    expectDocumentError(() => parseJson({ metadata: [] }), /"metadata" must be an object/);
    expectDocumentError(() => parseJson({ dependencies: {} }), /"dependencies" must be an array/);
    expectDocumentError(() => parseJson({ components: [42] }), /component must be an object/);
    const e = expectDocumentError(
      () => parseJson({ components: [{ name: 'a', purl: { x: 1 } }] }),
      /"purl" must be a string/,
    );
    expect(e.path).toBe('/components/0');
    expectDocumentError(() => parseJson({ dependencies: [{ dependsOn: ['a'] }] }), /"ref"/);
    expectDocumentError(() => parseJson({ specVersion: '2.0' }), /unsupported CycloneDX version/);
    expectDocumentError(() => parseJson({ metadata: { timestamp: 'yesterday' } }), /not a valid date-time/);
  });

  it('rejects truncated or malformed XML', () => {
    const text = readFileSync(new URL('duplicate-bom-ref.cdx.xml', HOSTILE), 'utf8');
    expectDocumentError(() => parseXml(text.slice(0, 200)), /malformed XML/);
    expectDocumentError(
      () => parseXml('<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><a></b></bom>'),
      /malformed XML/,
    );
  });

  it('skips a component with an unusable purl and dangling refs, keeping the rest', () => {
    const facts = parseJson({
      metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'app', purl: 'pkg:npm/app@1.0.0' } },
      components: [
        { type: 'library', name: 'bad', 'bom-ref': 'bad', purl: 'not a purl' },
        {
          type: 'library',
          name: 'good',
          'bom-ref': 'good',
          purl: 'pkg:NPM/good@2.0.0',
          hashes: [{ alg: 'SHA-256', content: 'A'.repeat(64) }],
        },
      ],
      dependencies: [
        { ref: 'app', dependsOn: ['bad', 'good', 'ghost', 'app'] },
        { ref: 'ghost', dependsOn: ['good'] },
      ],
    });
    expect(facts.packages).toEqual(['pkg:npm/app@1.0.0', 'pkg:npm/good@2.0.0']);
    expect(facts.dependencies).toEqual([
      { from: 'pkg:npm/app@1.0.0', to: 'pkg:npm/good@2.0.0', type: 'DIRECT', justification: 'CDX BOM Dependency' },
    ]);
    expect(facts.occurrences).toEqual([
      {
        artifact: `sha256:${'a'.repeat(64)}`,
        subject: { kind: 'package', purl: 'pkg:npm/good@2.0.0' },
        justification: 'cdx package with checksum',
      },
    ]);
    expect(facts.skipped.map((s) => s.path)).toEqual([
      '/components/0/purl',
      '/dependencies/0/dependsOn/2',
      '/dependencies/1/ref',
    ]);
  });

  it('links the subject to top-level components only when it declares no edges', () => {
    const facts = parseJson({
      metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'app' } },
      components: [
        { type: 'library', name: 'a', version: '1', 'bom-ref': 'a', purl: 'pkg:npm/a@1' },
        { type: 'library', name: 'b', version: '1', 'bom-ref': 'b', purl: 'pkg:npm/b@1' },
        { type: 'library', name: 'util', group: 'acme', version: '2', 'bom-ref': 'c' },
      ],
      dependencies: [{ ref: 'a', dependsOn: ['b'] }],
    });
    const app = 'pkg:guac/cdx/app';
    expect(facts.sboms[0].subject).toEqual({ kind: 'package', purl: app });
    expect(facts.packages).toContain('pkg:guac/pkg/acme/util@2');
    expect(facts.dependencies.map((d) => [d.from, d.to, d.type])).toEqual([
      ['pkg:npm/a@1', 'pkg:npm/b@1', 'DIRECT'],
      [app, 'pkg:npm/a@1', 'UNKNOWN'],
      [app, 'pkg:guac/pkg/acme/util@2', 'UNKNOWN'],
    ]);
  });

  it('walks nested components and caps the nesting depth', () => {
    const nest = (depth: number): Record<string, unknown> => ({
      type: 'library',
      name: `n${depth}`,
      version: '1',
      purl: `pkg:npm/n${depth}@1`,
      components: depth > 1 ? [nest(depth - 1)] : undefined,
    });
    expect(parseJson({ components: [nest(10)] }).packages).toContain('pkg:npm/n1@1');
    expectDocumentError(() => parseJson({ components: [nest(100)] }), /nested deeper than 64/);
    const deepXml =
      '<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components>' +
      '<component type="library"><name>x</name><components>'.repeat(100) +
      '</components></component>'.repeat(100) +
      '</components></bom>';
    expectDocumentError(() => parseXml(deepXml), /nested/i); // the XML parser caps element depth at 100
  });

  it('reads version-digest and oci-purl container subjects', () => {
    const xray = parseJson({
      metadata: { component: { type: 'container', name: 'library/maven', version: `sha256__${'c'.repeat(64)}` } },
    });
    expect(xray.sboms[0].subject).toEqual({ kind: 'artifact', digest: `sha256:${'c'.repeat(64)}` });
    const oci = parseJson({
      metadata: { component: { type: 'container', name: 'x', purl: `pkg:oci/x@sha256%3A${'d'.repeat(64)}?tag=1` } },
    });
    expect(oci.sboms[0].subject).toEqual({ kind: 'artifact', digest: `sha256:${'d'.repeat(64)}` });
    expect(oci.occurrences[0].subject).toEqual({ kind: 'package', purl: `pkg:oci/x@sha256:${'d'.repeat(64)}?tag=1` });
  });

  // metadata.component as Trivy writes it for an image (its integration goldens): the oci purl
  // names the repository digest, the properties the image id (config digest) too.
  const trivyImage = (purl: string | undefined, properties: { name: string; value: string }[]) =>
    parseJson({
      metadata: { component: { 'bom-ref': 'image', type: 'container', name: 'alpine:3.16', purl, properties } },
    });
  const REPO_DIGEST = `sha256:${'b'.repeat(64)}`;
  const IMAGE_ID = `sha256:${'9'.repeat(64)}`;

  it('names a Trivy image by its repository digest, its ImageID HashEqual to it (issue 30)', () => {
    const facts = trivyImage(`pkg:oci/alpine@${REPO_DIGEST.replace(':', '%3A')}?arch=amd64`, [
      { name: 'aquasecurity:trivy:SchemaVersion', value: '2' },
      { name: 'aquasecurity:trivy:ImageID', value: IMAGE_ID },
      { name: 'aquasecurity:trivy:RepoDigest', value: `alpine@${REPO_DIGEST}` },
      { name: 'aquasecurity:trivy:DiffID', value: `sha256:${'e'.repeat(64)}` },
    ]);
    expect(facts.sboms[0].subject).toEqual({ kind: 'artifact', digest: REPO_DIGEST });
    expect(facts.hashEquals.map((h) => [h.artifact, h.equal])).toEqual([[REPO_DIGEST, IMAGE_ID]]);
    // A layer's DiffID names a layer, not the image.
    expect(facts.artifacts).not.toContain(`sha256:${'e'.repeat(64)}`);
  });

  it('names a Trivy image scanned from a tarball (no repository digest) by its ImageID', () => {
    const facts = trivyImage(undefined, [{ name: 'aquasecurity:trivy:ImageID', value: IMAGE_ID }]);
    expect(facts.sboms[0].subject).toEqual({ kind: 'artifact', digest: IMAGE_ID });
    expect(facts.occurrences.map((o) => [o.artifact, o.subject])).toEqual([
      [IMAGE_ID, { kind: 'package', purl: 'pkg:guac/cdx/alpine?tag=3.16' }],
    ]);
    expect(facts.hashEquals).toEqual([]);
  });
});
