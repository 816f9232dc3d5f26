// Licence round-trip over a set of real SBOMs and scanner reports (test/fixtures, and the whole
// corpus in the sweep):
// every licence a document gives a package — read here from the document's own fields with plain
// JSON and XML reading, not the parsers — is in the loaded index for that package, as
// normaliseLicense gives it, with its kind and the document that states it; and the index holds
// no licence for that document that the document does not give.
// Packages are matched by purl: components and packages without one (named pkg:guac/… by the
// parsers) are not checked here; the parser tests cover them.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSet } from '../helpers/corpus.js';
import { createTestStore, ingestInto } from '../helpers/server.js';
import { IndexService } from '../../src/index/index-service.js';
import { normaliseLicense } from '../../src/model/license.js';
import { canonicalPurl } from '../../src/model/purl.js';
import { openStore } from '../../src/store/open.js';
import type { GraphStore } from '../../src/store/types.js';

type Kind = 'declared' | 'concluded';
/** A licence field as the document writes it, for the package with that purl. */
interface Field {
  purl: string;
  text: string;
  kind: Kind;
}

const asArray = (v: unknown): any[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** SPDX 2.x JSON: packages[].licenseConcluded / licenseDeclared, for each purl external reference. */
function spdxFields(doc: any): Field[] {
  const out: Field[] = [];
  for (const p of asArray(doc.packages)) {
    const purls = asArray(p.externalRefs)
      .filter((r) => String(r.referenceType).toLowerCase() === 'purl')
      .map((r) => String(r.referenceLocator));
    for (const purl of purls) {
      if (str(p.licenseConcluded)) out.push({ purl, text: p.licenseConcluded, kind: 'concluded' });
      if (str(p.licenseDeclared)) out.push({ purl, text: p.licenseDeclared, kind: 'declared' });
    }
  }
  return out;
}

/** CycloneDX JSON: licenses[] of metadata.component and of every component, nested ones too. */
function cdxJsonFields(doc: any): Field[] {
  const out: Field[] = [];
  const stack = [doc.metadata?.component, ...asArray(doc.components)].filter(Boolean);
  while (stack.length) {
    const c = stack.pop();
    stack.push(...asArray(c.components));
    if (!str(c.purl)) continue;
    for (const l of asArray(c.licenses)) {
      const text = str(l.expression) ?? str(l.license?.id) ?? str(l.license?.name);
      const ack = l.acknowledgement ?? l.license?.acknowledgement;
      if (text !== undefined) out.push({ purl: c.purl, text, kind: ack === 'concluded' ? 'concluded' : 'declared' });
    }
  }
  return out;
}

/** CycloneDX XML: <licenses> of <metadata><component> and every <component>, read with fast-xml-parser. */
function cdxXmlFields(text: string): Field[] {
  const xml = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    textNodeName: '#text',
  }).parse(text);
  const textOf = (v: any): string | undefined => str(v) ?? str(v?.['#text']);
  const out: Field[] = [];
  const bom = xml.bom;
  const stack = [bom.metadata?.component, ...asArray(bom.components?.component)].filter(Boolean);
  while (stack.length) {
    const c = stack.pop();
    stack.push(...asArray(c.components?.component));
    const purl = textOf(c.purl)?.trim();
    if (!purl) continue;
    const kindOf = (ack: unknown): Kind => (ack === 'concluded' ? 'concluded' : 'declared');
    for (const l of asArray(c.licenses?.license)) {
      const value = textOf(l.id) ?? textOf(l.name);
      if (value !== undefined) out.push({ purl, text: value, kind: kindOf(l['@acknowledgement']) });
    }
    for (const e of asArray(c.licenses?.expression)) {
      const value = textOf(e);
      if (value !== undefined) out.push({ purl, text: value, kind: kindOf(e?.['@acknowledgement']) });
    }
  }
  return out;
}

/** A scanner's licence list entry: a string, or an object with an SPDX expression or a value. */
const scannerText = (l: any): string | undefined => str(l) ?? (str(l?.spdxExpression) || undefined) ?? str(l?.value);

/**
 * Trivy: Results[].Packages[].Licenses of packages with a PURL, except a package whose findings
 * were all suppressed (ExperimentalModifiedFindings): the report records nothing of it.
 */
function trivyFields(doc: any): Field[] {
  const out: Field[] = [];
  for (const r of Array.isArray(doc) ? doc : asArray(doc.Results)) {
    const found = new Set(asArray(r.Vulnerabilities).map((v) => v.PkgIdentifier?.PURL));
    const suppressed = new Set(asArray(r.ExperimentalModifiedFindings).map((m) => m.Finding?.PkgIdentifier?.PURL));
    for (const p of asArray(r.Packages)) {
      const purl = str(p.Identifier?.PURL);
      if (!purl || (suppressed.has(purl) && !found.has(purl))) continue;
      for (const l of asArray(p.Licenses)) {
        const text = scannerText(l);
        if (text !== undefined) out.push({ purl, text, kind: 'declared' });
      }
    }
  }
  return out;
}

/** Grype: matches[].artifact.licenses of artifacts with a purl. */
function grypeFields(doc: any): Field[] {
  return asArray(doc.matches).flatMap((m) => {
    const purl = str(m.artifact?.purl);
    if (!purl) return [];
    return asArray(m.artifact.licenses).flatMap((l) => {
      const text = scannerText(l);
      return text === undefined ? [] : [{ purl, text, kind: 'declared' as const }];
    });
  });
}

/** The expected licences of a document: "canonical purl\tkind\texpression\tverbatim" lines. */
function expectedLicences(fields: Field[]): Set<string> {
  const out = new Set<string>();
  for (const { purl, text, kind } of fields) {
    const licence = normaliseLicense(text);
    let canonical: string;
    try {
      canonical = canonicalPurl(purl.trim());
    } catch {
      continue; // a purl the parser skips: no package, no licence
    }
    if (licence) out.add(`${canonical}\t${kind}\t${licence.expression}\t${licence.verbatim}`);
  }
  return out;
}

export function licenceRoundTripSuite(set: DocumentSet): void {
  const files = [
    ...set.filesOfKind('spdx').map((file) => ({ file, fields: () => spdxFields(set.rawJson(file)) })),
    ...set.filesOfKind('cyclonedx').map((file) => ({ file, fields: () => cdxJsonFields(set.rawJson(file)) })),
    ...set.filesOfKind('cyclonedx-xml').map((file) => ({ file, fields: () => cdxXmlFields(set.text(file)) })),
    ...set.filesOfKind('trivy').map((file) => ({ file, fields: () => trivyFields(set.rawJson(file)) })),
    ...set.filesOfKind('grype').map((file) => ({ file, fields: () => grypeFields(set.rawJson(file)) })),
  ];

  describe(`licences of the ${set.name}' SBOMs and scanner reports round-trip through a store and the index`, () => {
    let remove: () => Promise<void>;
    let store: GraphStore;
    let service: IndexService;
    const digests = new Map<string, string>();
    beforeAll(async () => {
      const created = await createTestStore();
      remove = created.remove;
      const docs: Record<string, string> = {};
      for (const { file } of files) docs[file] = set.text(file);
      for (const r of await ingestInto(created.location, docs)) {
        if (r.status === 'failed') throw new Error(`${r.name}: ${r.error}`);
        digests.set(r.name, r.digest!);
      }
      store = await openStore(created.location);
      service = new IndexService(store, { refreshIntervalMs: 0 });
      await service.start();
    }, 300_000);
    afterAll(async () => {
      service?.stop();
      await store?.close();
      await remove?.();
    });

    it('the set has licences to check', () => {
      const total = files.reduce((n, { fields }) => n + expectedLicences(fields()).size, 0);
      expect(total).toBeGreaterThan(100);
    });

    it.each(files.map((f) => [f.file, f] as const))('%s', (_file, { file, fields }) => {
      const index = service.index;
      const digest = digests.get(file);
      const expected = expectedLicences(fields());
      const missing: string[] = [];
      const stated = new Set<string>();
      for (const line of expected) {
        const [purl] = line.split('\t');
        const pkg = index.packageId(purl);
        const found = pkg === undefined ? [] : index.licensesOf(pkg);
        for (const r of found)
          if (index.documentDigest(r.doc) === digest) stated.add(`${purl}\t${r.kind}\t${r.expression}\t${r.verbatim}`);
        if (!stated.has(line)) missing.push(line);
      }
      expect(missing).toEqual([]);
      // Nothing else stated by this document for these packages.
      expect([...stated].filter((line) => !expected.has(line))).toEqual([]);
    });
  });
}
