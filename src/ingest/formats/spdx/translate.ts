// SPDX 2.2/2.3 document → facts, following GUAC's parse_spdx.go with the deviations written
// down in docs/formats/sbom.md.
import { sourceFromVcsLocation } from '../../../model/source.js';
import { FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import { jsonPointer as ptr } from '../common/json.js';
import { DependencyEdges } from '../common/dependency-edges.js';
import { stateLicense } from '../common/licenses.js';
import {
  hexArtifactOrSkip,
  digestFromOciPurl,
  guacFilePurl,
  guacPurl,
  hasSbomFact,
  isEmptyDigest,
  occurrenceOnce,
  preferredDigest,
  purlOrSkip,
} from '../common/sbom.js';
import type { ParseContext } from '../types.js';
import type { SpdxChecksum, SpdxDocument, SpdxFile, SpdxPackage } from './parse.js';
import { isDescribedBy, isDescribes, orientation } from './relationships.js';

/** What one SPDX element (package or file) turned into. */
interface Element {
  purls: string[];
  /** The artifact naming this element when it is an SBOM subject (strongest checksum, or oci digest). */
  subjectDigest?: string;
  /** True when subjectDigest came from the purl, so the occurrence still has to be stated. */
  digestFromPurl: boolean;
}

// Elements that exist but are no node (DOCUMENT, NONE/NOASSERTION, other documents' elements).
function isNonNodeRef(id: string, documentId: string): boolean {
  return id === documentId || id === 'NONE' || id === 'NOASSERTION' || id.startsWith('DocumentRef-');
}

export function translateSpdx(doc: SpdxDocument, ctx: ParseContext): DocumentFacts {
  const { documentId, namespace, created, relationships } = doc;
  const builder = new FactsBuilder(`spdx-${doc.version}`);
  const elements = new Map<string, Element>();
  // Elements present in the document but without identity (skipped purl, file without checksum).
  const known = new Set<string>();
  for (const raw of doc.elements) {
    known.add(raw.id);
    const element = raw.kind === 'package' ? readPackage(builder, raw) : readFile(builder, raw);
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
    if (element.subjectDigest) {
      if (element.digestFromPurl) {
        for (const purl of element.purls) {
          occurrenceOnce(builder, {
            artifact: element.subjectDigest,
            subject: { kind: 'package', purl },
            justification: 'image digest of the SBOM subject',
          });
        }
      }
      builder.sbom(hasSbomFact({ kind: 'artifact', digest: element.subjectDigest }, ctx, namespace, created));
    } else {
      builder.sbom(hasSbomFact({ kind: 'package', purl: element.purls[0] }, ctx, namespace, created));
    }
  }
  if (subjectPackages.length === 0) {
    // GUAC's fallback: a package named after the document stands for the unnamed subject.
    const fallback =
      guacPurl('spdx', doc.name || namespace || ctx.documentDigest) ?? guacPurl('spdx', ctx.documentDigest)!;
    subjectPackages.push(fallback);
    builder.sbom(hasSbomFact({ kind: 'package', purl: fallback }, ctx, namespace, created));
  }

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
    for (const f of from.purls) {
      for (const t of to.purls) edges.add(f, t, subjectSet.has(f) ? 'DIRECT' : 'UNKNOWN', justification);
    }
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
  elements: Map<string, Element>,
  known: Set<string>,
  documentId: string,
): Element | undefined {
  const element = elements.get(id);
  if (element) return element;
  if (!known.has(id) && !isNonNodeRef(id, documentId))
    builder.skip(path, `refers to unknown element "${id.slice(0, 200)}"`);
  return undefined;
}

function readChecksums(builder: FactsBuilder, checksums: readonly SpdxChecksum[]): string[] {
  const out: string[] = [];
  for (const { path, algorithm, value } of checksums) {
    if (value && isEmptyDigest(value)) continue;
    const artifact = hexArtifactOrSkip(builder, 'SPDX', algorithm, value, path);
    if (artifact) out.push(artifact);
  }
  return out;
}

function readPackage(builder: FactsBuilder, raw: SpdxPackage): Element | undefined {
  const purls: string[] = [];
  for (const ref of raw.purlRefs) {
    const purl = purlOrSkip(builder, ref.locator, ref.path);
    if (purl && !purls.includes(purl)) purls.push(purl);
  }
  if (raw.purlRefs.length > 0 && purls.length === 0) return undefined; // skipped, reason recorded above
  if (purls.length === 0) {
    const fallback = guacPurl('pkg', raw.name ?? '', raw.version);
    if (!fallback) {
      builder.skip(ptr(raw.path), 'package has neither a purl nor a usable name');
      return undefined;
    }
    purls.push(fallback);
  }
  for (const purl of purls) {
    builder.package(purl);
    if (raw.licenseConcluded !== undefined) stateLicense(builder, purl, raw.licenseConcluded, 'concluded');
    if (raw.licenseDeclared !== undefined) stateLicense(builder, purl, raw.licenseDeclared, 'declared');
  }
  const source = sourceFromVcsLocation(raw.downloadLocation);
  if (source)
    for (const purl of purls)
      builder.hasSourceAt({ package: purl, allVersions: false, source, justification: 'spdx downloadLocation' });
  const artifacts = readChecksums(builder, raw.checksums);
  for (const artifact of artifacts) {
    for (const purl of purls)
      occurrenceOnce(builder, {
        artifact,
        subject: { kind: 'package', purl },
        justification: 'spdx package with checksum',
      });
  }
  const fromChecksum = preferredDigest(artifacts);
  const fromPurl = fromChecksum ? undefined : purls.map(digestFromOciPurl).find((d) => d !== undefined);
  return { purls, subjectDigest: fromChecksum ?? fromPurl, digestFromPurl: fromPurl !== undefined };
}

function readFile(builder: FactsBuilder, raw: SpdxFile): Element | undefined {
  const artifacts = readChecksums(builder, raw.checksums);
  const digest = preferredDigest(artifacts);
  if (!digest) return undefined; // GUAC: a file without a (non-empty) checksum is no node
  // One pseudo-package per file, named by its strongest checksum (GUAC makes one per checksum).
  const purl = guacFilePurl(digest, raw.fileName);
  if (!purl) return undefined;
  builder.package(purl);
  for (const artifact of artifacts) {
    occurrenceOnce(builder, { artifact, subject: { kind: 'package', purl }, justification: 'spdx file with checksum' });
  }
  return { purls: [purl], subjectDigest: digest, digestFromPurl: false };
}
