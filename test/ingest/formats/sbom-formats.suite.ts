// The per-document fidelity checks of the SBOM and provenance parsers, over any set of real
// documents: the format tests run them on test/fixtures, the corpus sweep on the whole corpus.
// Expected purls, edges and subjects are computed here from the raw document, independently of
// the parsers (purls compared by test/helpers/purl-identity.ts, not src/model/purl.ts).
import { describe, expect, it } from 'vitest';
import { PARSE_CTX } from '../../helpers/documents.js';
import type { DocumentSet } from '../../helpers/corpus.js';
import { purlKey, purlKeys } from '../../helpers/purl-identity.js';
import { canonicalArtifact } from '../../../src/model/artifact.js';
import type { DocumentFacts } from '../../../src/model/facts.js';
import { cyclonedxJsonParser, cyclonedxXmlParser } from '../../../src/ingest/formats/cyclonedx/index.js';
import { slsaParser } from '../../../src/ingest/formats/slsa/index.js';
import { spdxParser } from '../../../src/ingest/formats/spdx/index.js';
import type { FormatParser } from '../../../src/ingest/formats/types.js';

const ctx = PARSE_CTX;

/** Dependency edges of the facts, as purl-identity key pairs. */
function edgeKeys(facts: DocumentFacts): Set<string> {
  return new Set(facts.dependencies.map((d) => `${purlKey(d.from)} ${purlKey(d.to)}`));
}

/** Does the package with this purl have an occurrence at artifact `a`? */
function occursAt(facts: DocumentFacts, a: string, key: string): boolean {
  return facts.occurrences.some(
    (o) => o.artifact === a && o.subject.kind === 'package' && purlKey(o.subject.purl) === key,
  );
}

/** The subject purl is the HasSBOM subject, or an occurrence of the HasSBOM artifact. */
function subjectIs(facts: DocumentFacts, key: string): boolean {
  return facts.sboms.some((s) =>
    s.subject.kind === 'package' ? purlKey(s.subject.purl) === key : occursAt(facts, s.subject.digest, key),
  );
}

/** The sha256 digests of Trivy's `ImageID` and `RepoDigest` properties of a container component, read here. */
function trivyImageDigests(component: any): string[] {
  if (component?.type !== 'container' || !Array.isArray(component.properties)) return [];
  return component.properties
    .filter((p: any) => p?.name === 'aquasecurity:trivy:ImageID' || p?.name === 'aquasecurity:trivy:RepoDigest')
    .map((p: any) => /sha256:([0-9a-f]{64})$/i.exec(String(p.value))?.[1])
    .filter((hex: string | undefined) => hex !== undefined)
    .map((hex: string) => `sha256:${hex.toLowerCase()}`);
}

/** Whether the digest is the SBOM subject's artifact, or HashEqual to it. */
function namesSubjectArtifact(facts: DocumentFacts, digest: string): boolean {
  const equal = (a: string, b: string) =>
    facts.hashEquals.some((h) => (h.artifact === a && h.equal === b) || (h.artifact === b && h.equal === a));
  return facts.sboms.some(
    (s) => s.subject.kind === 'artifact' && (s.subject.digest === digest || equal(s.subject.digest, digest)),
  );
}

export function sbomDetectionSuite(set: DocumentSet): void {
  const parsers: Record<string, FormatParser> = {
    spdx: spdxParser,
    cyclonedx: cyclonedxJsonParser,
    'cyclonedx-xml': cyclonedxXmlParser,
    'slsa-provenance': slsaParser,
  };
  describe(`SBOM and provenance detection over the ${set.name}`, () => {
    it.each(set.entries())('$file is claimed by the right parser only', ({ file, kind }) => {
      const doc = set.load(file);
      const claimed = Object.entries(parsers)
        .filter(([, p]) => p.detect(doc))
        .map(([k]) => k);
      expect(claimed).toEqual(kind in parsers ? [kind] : []);
    });
  });
}

const FORWARD = new Set(['DEPENDS_ON', 'CONTAINS']);
const REVERSE = new Set(['DEPENDENCY_OF', 'CONTAINED_BY']);

export function spdxFidelitySuite(set: DocumentSet): void {
  const files = set.filesOfKind('spdx');
  describe(`SPDX fidelity over the ${set.name}`, () => {
    it('has SPDX documents', () => expect(files.length).toBeGreaterThan(0));
    it.each(files)('%s', (file) => {
      const doc = set.load(file);
      const spdx = doc.json as any;
      expect(spdxParser.detect(doc)).toBe(true);
      const facts = spdxParser.parse(doc, ctx);
      expect(facts.format).toBe(`spdx-${spdx.spdxVersion.slice(5)}`);
      const packages = purlKeys(facts.packages);
      const edges = edgeKeys(facts);

      // Purls and checksums, computed here from the raw JSON.
      const idToPurls = new Map<string, string[]>();
      for (const p of spdx.packages ?? []) {
        const purls: string[] = [];
        for (const r of p.externalRefs ?? []) {
          if (r.referenceType !== 'purl') continue;
          const key = purlKey(r.referenceLocator);
          if (!key) {
            expect(facts.skipped.some((s) => s.path.startsWith('/packages/') && /unusable purl/.test(s.reason))).toBe(
              true,
            );
            continue;
          }
          expect(packages.has(key), r.referenceLocator).toBe(true);
          purls.push(key);
        }
        idToPurls.set(p.SPDXID, purls);
        for (const c of p.checksums ?? []) {
          if (/^0+$/.test(c.checksumValue)) continue;
          const a = canonicalArtifact(c.algorithm, c.checksumValue);
          for (const key of purls) expect(occursAt(facts, a, key), `${a} ${key}`).toBe(true);
        }
      }
      // Dependency relationships between packages with purls.
      for (const r of spdx.relationships ?? []) {
        const t = r.relationshipType;
        if (!FORWARD.has(t) && !REVERSE.has(t)) continue;
        const [a, b] = FORWARD.has(t)
          ? [r.spdxElementId, r.relatedSpdxElement]
          : [r.relatedSpdxElement, r.spdxElementId];
        for (const from of idToPurls.get(a) ?? [])
          for (const to of idToPurls.get(b) ?? [])
            if (from !== to) expect(edges.has(`${from} ${to}`), `${from} -> ${to}`).toBe(true);
      }
      // The subject: one HasSBOM per described element (or the document fallback).
      const described = new Set<string>(spdx.documentDescribes ?? []);
      for (const r of spdx.relationships ?? []) {
        if (
          r.relationshipType === 'DESCRIBES' &&
          r.spdxElementId === 'SPDXRef-DOCUMENT' &&
          r.relatedSpdxElement !== 'SPDXRef-DOCUMENT'
        )
          described.add(r.relatedSpdxElement);
      }
      expect(facts.sboms.length).toBe(Math.max(1, described.size));
      for (const id of described) {
        const purls = idToPurls.get(id);
        if (!purls?.length) continue;
        expect(
          purls.some((key) => subjectIs(facts, key)),
          id,
        ).toBe(true);
      }
      for (const s of facts.sboms) {
        expect(s.uri).toBe(spdx.documentNamespace);
        expect(s.knownSince).toBe(new Date(spdx.creationInfo.created).toISOString());
      }
      expect(facts.dependencies.every((d) => d.from !== d.to)).toBe(true);
    });
  });
}

export function cyclonedxJsonFidelitySuite(set: DocumentSet): void {
  const files = set.filesOfKind('cyclonedx');
  describe(`CycloneDX JSON fidelity over the ${set.name}`, () => {
    it('has CycloneDX JSON documents', () => expect(files.length).toBeGreaterThan(0));
    it.each(files)('%s', (file) => {
      const doc = set.load(file);
      const bom = doc.json as any;
      const facts = cyclonedxJsonParser.parse(doc, ctx);
      expect(facts.format).toBe(`cyclonedx-${bom.specVersion}-json`);
      const packages = purlKeys(facts.packages);
      const artifacts = new Set(facts.artifacts);
      const edges = edgeKeys(facts);

      // Every component (nested too, and the subject), computed here from the raw JSON.
      const refToPurl = new Map<string, string>();
      const all: any[] = [];
      const walk = (list: any[] | undefined) =>
        list?.forEach((c) => {
          all.push(c);
          walk(c.components);
        });
      if (bom.metadata?.component) walk([bom.metadata.component]);
      walk(bom.components);
      for (const c of all) {
        const key = purlKey(c.purl);
        if (!key) continue;
        expect(packages.has(key), c.purl).toBe(true);
        if (c['bom-ref']) refToPurl.set(c['bom-ref'], key);
        for (const h of c.hashes ?? []) {
          if (/^0+$/.test(h.content)) continue;
          const a = canonicalArtifact(h.alg, h.content);
          expect(artifacts.has(a), a).toBe(true);
          expect(occursAt(facts, a, key), `${a} ${c.purl}`).toBe(true);
        }
      }
      // Every declared edge between known components.
      for (const d of bom.dependencies ?? []) {
        for (const t of d.dependsOn ?? []) {
          const from = refToPurl.get(d.ref);
          const to = refToPurl.get(t);
          if (from && to && from !== to) expect(edges.has(`${from} ${to}`), `${from} -> ${to}`).toBe(true);
        }
      }
      expect(facts.sboms).toHaveLength(1);
      const subject = purlKey(bom.metadata?.component?.purl);
      if (subject) expect(subjectIs(facts, subject), bom.metadata.component.purl).toBe(true);
      expect(facts.dependencies.every((d) => d.from !== d.to)).toBe(true);
      // Trivy's image digests (properties of a container subject): each names the subject's image.
      for (const digest of trivyImageDigests(bom.metadata?.component))
        expect(namesSubjectArtifact(facts, digest), digest).toBe(true);
    });
  });
}

/** Independent, regex-based reading of CycloneDX XML purls (as keys) and dependency edges. */
export function rawCycloneDxXml(text: string) {
  const decode = (s: string) =>
    s
      .replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, '$1')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const body = text.replace(/<vulnerabilities>[\s\S]*?<\/vulnerabilities>/g, '');
  const purls = [...body.matchAll(/<purl>([\s\S]*?)<\/purl>/g)].map((m) => decode(m[1].trim()));
  const refToPurl = new Map<string, string>();
  for (const m of body.matchAll(/<component\b[^>]*\bbom-ref="([^"]*)"[^>]*>([\s\S]*?)<\/component>/g)) {
    const purl = purlKey(decode(/<purl>([\s\S]*?)<\/purl>/.exec(m[2])?.[1].trim() ?? ''));
    if (purl) refToPurl.set(decode(m[1]), purl);
  }
  const edges: [string, string][] = [];
  const section = /<dependencies>([\s\S]*?)<\/dependencies>/.exec(body)?.[1] ?? '';
  const stack: string[] = [];
  for (const m of section.matchAll(/<dependency\s+ref="([^"]*)"\s*(\/?)>|<\/dependency>/g)) {
    if (m[0].startsWith('</')) {
      stack.pop();
      continue;
    }
    const ref = decode(m[1]);
    if (stack.length) edges.push([stack[stack.length - 1], ref]);
    if (!m[2]) stack.push(ref);
  }
  return { purls, refToPurl, edges };
}

export function cyclonedxXmlFidelitySuite(set: DocumentSet): void {
  const files = set.filesOfKind('cyclonedx-xml');
  describe(`CycloneDX XML fidelity over the ${set.name}`, () => {
    it('has CycloneDX XML documents', () => expect(files.length).toBeGreaterThan(0));
    it.each(files)('%s', (file) => {
      const doc = set.load(file);
      const facts = cyclonedxXmlParser.parse(doc, ctx);
      expect(facts.format).toMatch(/^cyclonedx-1\.\d-xml$/);
      const raw = rawCycloneDxXml(doc.text);
      const packages = purlKeys(facts.packages);
      const edges = edgeKeys(facts);
      for (const purl of raw.purls) expect(packages.has(purlKey(purl)!), purl).toBe(true);
      for (const [a, b] of raw.edges) {
        const from = raw.refToPurl.get(a);
        const to = raw.refToPurl.get(b);
        if (from && to && from !== to) expect(edges.has(`${from} ${to}`), `${from} -> ${to}`).toBe(true);
      }
      expect(facts.sboms).toHaveLength(1);
    });
  });
}

const decodeBase64Json = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

/** The in-toto statements of a provenance document in any of its wrappers, decoded here independently of the parser. */
export function slsaStatementsOf(json: any): any[] {
  if (json._type) return [json];
  if (json.payloadType) return [decodeBase64Json(json.payload)];
  if (json.dsseEnvelope) return [decodeBase64Json(json.dsseEnvelope.payload)];
  return json.attestations.map((a: any) => decodeBase64Json(a.bundle.dsseEnvelope.payload));
}

export function slsaFidelitySuite(set: DocumentSet): void {
  const files = set.filesOfKind('slsa-provenance');
  describe(`SLSA fidelity over the ${set.name}`, () => {
    it('has provenance documents', () => expect(files.length).toBeGreaterThan(0));
    it.each(files)('%s', (file) => {
      const doc = set.load(file);
      expect(slsaParser.detect(doc)).toBe(true);
      const facts = slsaParser.parse(doc, ctx);
      const packages = purlKeys(facts.packages);
      const provenance = slsaStatementsOf(doc.json).filter((s) =>
        String(s.predicateType).startsWith('https://slsa.dev/provenance/'),
      );
      expect(provenance).toHaveLength(1);
      const s = provenance[0];
      const p = s.predicate;
      const builderId = p.builder?.id ?? p.runDetails.builder.id;
      const rawMaterials: any[] = p.materials ?? p.buildDefinition?.resolvedDependencies ?? [];
      const materials = rawMaterials.flatMap((m) =>
        Object.entries(m.digest ?? {}).map(([alg, v]) => canonicalArtifact(alg, v as string)),
      );

      expect(facts.format).toMatch(/^slsa-provenance-v(0\.2|1)/);
      for (const sub of s.subject) {
        for (const [alg, value] of Object.entries(sub.digest)) {
          const a = canonicalArtifact(alg, value as string);
          expect(facts.artifacts).toContain(a);
          const fact = facts.slsa.find((f) => f.subject === a);
          expect(fact, a).toBeDefined();
          expect(fact!.builder).toBe(builderId);
          expect(fact!.slsaVersion).toBe(s.predicateType);
          expect([...fact!.materials].sort()).toEqual([...new Set(materials)].sort());
        }
        const key = purlKey(sub.name);
        if (key) {
          expect(packages.has(key), sub.name).toBe(true);
          expect(facts.occurrences.some((o) => o.subject.kind === 'package' && purlKey(o.subject.purl) === key)).toBe(
            true,
          );
        }
      }
      for (const m of rawMaterials) {
        const key = purlKey(m.uri);
        if (key && m.digest) expect(packages.has(key), m.uri).toBe(true);
      }
      if (Array.isArray((doc.json as any).attestations)) {
        expect(facts.skipped).toEqual([expect.objectContaining({ path: '/attestations/0' })]);
      }
    });
  });
}
