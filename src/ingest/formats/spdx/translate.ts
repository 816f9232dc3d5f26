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

export function translateSpdx(doc: SpdxDocument, ctx: ParseContext): DocumentFacts {
  const { documentId, namespace, created, relationships } = doc;
  const builder = new FactsBuilder(`spdx-${doc.version}`);
  const elements = new Map<string, SpdxElement>();
  // Elements present in the document but without identity (skipped purl, file without checksum).
  const known = new Set<string>();
  for (const raw of doc.elements) {
    known.add(raw.id);
    const element =
      raw.kind === 'package' ? readPackage(builder, raw) : spdxFileElement(builder, raw.checksums, raw.fileName);
    if (element) elements.set(raw.id, element);
  }
  for (const id of doc.snippetIds) known.add(id);

  // Subjects: DESCRIBES edges out of the document, DESCRIBED_BY edges into it, documentDescribes.
  const describedIds: { id: string; path: string }[] = [];
  for (const r of relationships) {
    if (r.a === r.b) continue; // syft writes "DOCUMENT DESCRIBES DOCUMENT": no subject at all
    if (isDescribes(r.type) && r.a === documentId) describedIds.push({ id: r.b, path: r.path });
    else if (isDescribedBy(r.type) && r.b === documentId) describedIds.push({ id: r.a, path: r.path });
  }
  describedIds.push(...doc.describes);

  const subjectPackages: string[] = [];
  const seenSubjects = new Set<string>();
  for (const { id, path } of describedIds) {
    if (seenSubjects.has(id)) continue;
    seenSubjects.add(id);
    const element = elements.get(id);
    if (!element) {
      if (!known.has(id) && !isNonNodeRef(id, documentId))
        builder.skip(path, `describes unknown element "${id.slice(0, 200)}"`);
      continue;
    }
    subjectPackages.push(...element.purls);
    stateSpdxSubject(builder, element, ctx, namespace, created);
  }
  if (subjectPackages.length === 0)
    subjectPackages.push(spdxFallbackSubject(builder, ctx, doc.name, namespace, created));

  const edges = new DependencyEdges();
  const subjectSet = new Set(subjectPackages);
  for (const r of relationships) {
    const dir = orientation(r.type);
    if (!dir) continue;
    const [fromId, toId] = dir === 'forward' ? [r.a, r.b] : [r.b, r.a];
    const from = resolve(builder, fromId, r.path, elements, known, documentId);
    const to = resolve(builder, toId, r.path, elements, known, documentId);
    if (!from || !to) continue;
    const justification = `Derived from SPDX ${r.type} relationship${r.comment ? ` with comment: ${r.comment}` : ''}`;
    addSpdxDependency(edges, from, to, subjectSet, justification);
  }
  edges.linkTopLevel(subjectPackages, builder.facts.packages);
  edges.emit(builder);
  return builder.facts;
}

/** The element a relationship end names; records a skip when the id is unknown to the document. */
function resolve(
  builder: FactsBuilder,
  id: string,
  path: string,
  elements: Map<string, SpdxElement>,
  known: Set<string>,
  documentId: string,
): SpdxElement | undefined {
  const element = elements.get(id);
  if (element) return element;
  if (!known.has(id) && !isNonNodeRef(id, documentId))
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
