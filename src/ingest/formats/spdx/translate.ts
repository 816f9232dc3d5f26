// SPDX 2.2/2.3 document → facts, following GUAC's parse_spdx.go with the deviations written
// down in docs/formats/sbom.md.
import { FactsBuilder, type DocumentFacts, type LicenseKind } from '../../../model/facts.js';
import { jsonPointer as ptr } from '../common/json.js';
import { DependencyEdges } from '../common/dependency-edges.js';
import {
  addSpdxDependency,
  spdxFallbackSubject,
  spdxFileElement,
  spdxPackageElement,
  stateSpdxSubject,
  type SpdxElement,
} from '../common/spdx-elements.js';
import type { ParseContext } from '../types.js';
import type { SpdxDocument, SpdxPackage } from './parse.js';
import { isDescribedBy, isDescribes, orientation } from './relationships.js';

// Elements that exist but are no node (DOCUMENT, NONE/NOASSERTION, other documents' elements).
function isNonNodeRef(id: string, documentId: string): boolean {
  return id === documentId || id === 'NONE' || id === 'NOASSERTION' || id.startsWith('DocumentRef-');
}

/** The document's elements with an identity, and the ids of every element it has. */
interface SpdxElements {
  documentId: string;
  elements: Map<string, SpdxElement>;
  /** Elements present in the document but without identity (skipped purl, file without checksum) too. */
  known: Set<string>;
}

export function translateSpdx(doc: SpdxDocument, ctx: ParseContext): DocumentFacts {
  const builder = new FactsBuilder(`spdx-${doc.version}`);
  const index = readElements(builder, doc);
  const subjectPackages = stateSubjects(builder, doc, ctx, index);
  if (subjectPackages.length === 0)
    subjectPackages.push(spdxFallbackSubject(builder, ctx, doc.name, doc.namespace, doc.created));

  const edges = new DependencyEdges();
  addDependencies(builder, doc, index, edges, new Set(subjectPackages));
  edges.linkTopLevel(subjectPackages, builder.facts.packages);
  edges.emit(builder);
  return builder.facts;
}

function readElements(builder: FactsBuilder, doc: SpdxDocument): SpdxElements {
  const elements = new Map<string, SpdxElement>();
  const known = new Set<string>();
  for (const raw of doc.elements) {
    known.add(raw.id);
    const element =
      raw.kind === 'package' ? readPackage(builder, raw) : spdxFileElement(builder, raw.checksums, raw.fileName);
    if (element) elements.set(raw.id, element);
  }
  for (const id of doc.snippetIds) known.add(id);
  return { documentId: doc.documentId, elements, known };
}

/** Subjects: DESCRIBES edges out of the document, DESCRIBED_BY edges into it, documentDescribes. */
function describedIds(doc: SpdxDocument): { id: string; path: string }[] {
  const ids: { id: string; path: string }[] = [];
  for (const r of doc.relationships) {
    if (r.a === r.b) continue; // syft writes "DOCUMENT DESCRIBES DOCUMENT": no subject at all
    if (isDescribes(r.type) && r.a === doc.documentId) ids.push({ id: r.b, path: r.path });
    else if (isDescribedBy(r.type) && r.b === doc.documentId) ids.push({ id: r.a, path: r.path });
  }
  ids.push(...doc.describes);
  return ids;
}

/** States each described element as a subject of the document; returns their packages. */
function stateSubjects(builder: FactsBuilder, doc: SpdxDocument, ctx: ParseContext, index: SpdxElements): string[] {
  const subjectPackages: string[] = [];
  const seenSubjects = new Set<string>();
  for (const { id, path } of describedIds(doc)) {
    if (seenSubjects.has(id)) continue;
    seenSubjects.add(id);
    const element = index.elements.get(id);
    if (!element) {
      if (!index.known.has(id) && !isNonNodeRef(id, index.documentId))
        builder.skip(path, `describes unknown element "${id.slice(0, 200)}"`);
      continue;
    }
    subjectPackages.push(...element.purls);
    stateSpdxSubject(builder, element, ctx, doc.namespace, doc.created);
  }
  return subjectPackages;
}

function addDependencies(
  builder: FactsBuilder,
  doc: SpdxDocument,
  index: SpdxElements,
  edges: DependencyEdges,
  subjects: Set<string>,
): void {
  for (const r of doc.relationships) {
    const dir = orientation(r.type);
    if (!dir) continue;
    const [fromId, toId] = dir === 'forward' ? [r.a, r.b] : [r.b, r.a];
    const from = resolve(builder, fromId, r.path, index);
    const to = resolve(builder, toId, r.path, index);
    if (!from || !to) continue;
    const justification = `Derived from SPDX ${r.type} relationship${r.comment ? ` with comment: ${r.comment}` : ''}`;
    addSpdxDependency(edges, from, to, subjects, justification);
  }
}

/** The element a relationship end names; records a skip when the id is unknown to the document. */
function resolve(builder: FactsBuilder, id: string, path: string, index: SpdxElements): SpdxElement | undefined {
  const element = index.elements.get(id);
  if (element) return element;
  if (!index.known.has(id) && !isNonNodeRef(id, index.documentId))
    builder.skip(path, `refers to unknown element "${id.slice(0, 200)}"`);
  return undefined;
}

function readPackage(builder: FactsBuilder, raw: SpdxPackage): SpdxElement | undefined {
  const licenses: { text: string; kind: LicenseKind }[] = [];
  if (raw.licenseConcluded !== undefined) licenses.push({ text: raw.licenseConcluded, kind: 'concluded' });
  if (raw.licenseDeclared !== undefined) licenses.push({ text: raw.licenseDeclared, kind: 'declared' });
  return spdxPackageElement(builder, {
    path: ptr(raw.path),
    purlRefs: raw.purlRefs.map((r) => ({ path: r.path, value: r.locator })),
    name: raw.name,
    version: raw.version,
    downloadLocation: raw.downloadLocation,
    checksums: raw.checksums,
    licenses,
    imageDigestTexts: raw.imageDigestTexts,
  });
}
