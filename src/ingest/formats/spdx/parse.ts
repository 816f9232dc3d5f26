// SPDX 2.2/2.3 (JSON shape) → facts, following GUAC's parse_spdx.go with the deviations written
// down in docs/formats/sbom.md.
import { sourceFromVcsLocation } from '../../../model/source.js';
import { DocumentError, FactsBuilder, type DocumentFacts } from '../../../model/facts.js';
import {
  DependencyEdges,
  hexArtifactOrSkip,
  digestFromOciPurl,
  guacFilePurl,
  guacPurl,
  hasSbomFact,
  isEmptyDigest,
  isObject,
  isoTime,
  jsonPointer as ptr,
  occurrenceOnce,
  optArray,
  optObject,
  optString,
  preferredDigest,
  purlOrSkip,
  reqString,
  type Json,
} from '../sbom-common.js';
import type { ParseContext } from '../types.js';
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

export function translateSpdx(doc: unknown, ctx: ParseContext): DocumentFacts {
  if (!isObject(doc)) throw new DocumentError('', 'an SPDX document must be a JSON object');
  const version = reqString(doc, 'spdxVersion', ptr(['spdxVersion']));
  const vm = /^SPDX-(2\.\d+)$/.exec(version.trim());
  if (!vm)
    throw new DocumentError(ptr(['spdxVersion']), `unsupported SPDX version "${version.slice(0, 40)}" (2.x only)`);
  const creation = optObject(doc, 'creationInfo', ptr(['creationInfo']));
  if (!creation) throw new DocumentError(ptr(['creationInfo']), 'required field "creationInfo" is missing');
  const created = isoTime(
    reqString(creation, 'created', ptr(['creationInfo', 'created'])),
    ptr(['creationInfo', 'created']),
  );
  const documentId = optString(doc, 'SPDXID', ptr(['SPDXID'])) ?? 'SPDXRef-DOCUMENT';
  const documentName = optString(doc, 'name', ptr(['name']));
  const namespace = optString(doc, 'documentNamespace', ptr(['documentNamespace']));

  const builder = new FactsBuilder(`spdx-${vm[1]}`);
  const elements = new Map<string, Element>();
  // Elements present in the document but without identity (skipped purl, file without checksum).
  const known = new Set<string>();
  const claim = (id: string, path: string) => {
    if (known.has(id)) throw new DocumentError(path, `duplicate SPDXID "${id.slice(0, 200)}"`);
    known.add(id);
  };

  optArray(doc, 'packages', ptr(['packages'])).forEach((raw, i) => {
    const path = ['packages', i];
    if (!isObject(raw)) throw new DocumentError(ptr(path), 'a package must be an object');
    const id = reqString(raw, 'SPDXID', ptr([...path, 'SPDXID']));
    claim(id, ptr([...path, 'SPDXID']));
    const element = readPackage(builder, raw, path);
    if (element) elements.set(id, element);
  });

  optArray(doc, 'files', ptr(['files'])).forEach((raw, i) => {
    const path = ['files', i];
    if (!isObject(raw)) throw new DocumentError(ptr(path), 'a file must be an object');
    const id = reqString(raw, 'SPDXID', ptr([...path, 'SPDXID']));
    claim(id, ptr([...path, 'SPDXID']));
    const element = readFile(builder, raw, path);
    if (element) elements.set(id, element);
  });

  // Snippets are never nodes, but relationships may name them.
  optArray(doc, 'snippets', ptr(['snippets'])).forEach((raw, i) => {
    if (isObject(raw) && typeof raw.SPDXID === 'string') known.add(raw.SPDXID);
    else throw new DocumentError(ptr(['snippets', i]), 'a snippet must be an object with an SPDXID');
  });

  const relationships = optArray(doc, 'relationships', ptr(['relationships'])).map((raw, i) => {
    const path = ptr(['relationships', i]);
    if (!isObject(raw)) throw new DocumentError(path, 'a relationship must be an object');
    return {
      path,
      a: reqString(raw, 'spdxElementId', path),
      type: reqString(raw, 'relationshipType', path),
      b: reqString(raw, 'relatedSpdxElement', path),
      comment: optString(raw, 'comment', path),
    };
  });

  // Subjects: DESCRIBES edges out of the document, DESCRIBED_BY edges into it, documentDescribes.
  const describedIds: { id: string; path: string }[] = [];
  for (const r of relationships) {
    if (r.a === r.b) continue; // syft writes "DOCUMENT DESCRIBES DOCUMENT": no subject at all
    if (isDescribes(r.type) && r.a === documentId) describedIds.push({ id: r.b, path: r.path });
    else if (isDescribedBy(r.type) && r.b === documentId) describedIds.push({ id: r.a, path: r.path });
  }
  optArray(doc, 'documentDescribes', ptr(['documentDescribes'])).forEach((id, i) => {
    if (typeof id !== 'string') throw new DocumentError(ptr(['documentDescribes', i]), 'must be an SPDXID string');
    describedIds.push({ id, path: ptr(['documentDescribes', i]) });
  });

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
      guacPurl('spdx', documentName || namespace || ctx.documentDigest) ?? guacPurl('spdx', ctx.documentDigest)!;
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

function readChecksums(builder: FactsBuilder, raw: Json, path: (string | number)[]): string[] {
  const out: string[] = [];
  optArray(raw, 'checksums', ptr(path)).forEach((c, j) => {
    const cpath = ptr([...path, 'checksums', j]);
    if (!isObject(c)) throw new DocumentError(cpath, 'a checksum must be an object');
    const alg = optString(c, 'algorithm', cpath);
    const value = optString(c, 'checksumValue', cpath);
    if (value && isEmptyDigest(value)) return;
    const artifact = hexArtifactOrSkip(builder, 'SPDX', alg, value, cpath);
    if (artifact) out.push(artifact);
  });
  return out;
}

function readPackage(builder: FactsBuilder, raw: Json, path: (string | number)[]): Element | undefined {
  const purls: string[] = [];
  let declaredPurls = 0;
  optArray(raw, 'externalRefs', ptr([...path, 'externalRefs'])).forEach((ref, j) => {
    const rpath = ptr([...path, 'externalRefs', j]);
    if (!isObject(ref)) throw new DocumentError(rpath, 'an external reference must be an object');
    if ((optString(ref, 'referenceType', rpath) ?? '').toLowerCase() !== 'purl') return; // CPEs etc.: no fact holds them
    declaredPurls++;
    const purl = purlOrSkip(builder, optString(ref, 'referenceLocator', rpath) ?? '', rpath);
    if (purl && !purls.includes(purl)) purls.push(purl);
  });
  if (declaredPurls > 0 && purls.length === 0) return undefined; // skipped, reason recorded above
  if (purls.length === 0) {
    const name = optString(raw, 'name', ptr(path)) ?? '';
    const fallback = guacPurl('pkg', name, optString(raw, 'versionInfo', ptr(path)));
    if (!fallback) {
      builder.skip(ptr(path), 'package has neither a purl nor a usable name');
      return undefined;
    }
    purls.push(fallback);
  }
  for (const purl of purls) builder.package(purl);
  const source = sourceFromVcsLocation(optString(raw, 'downloadLocation', ptr(path)));
  if (source)
    for (const purl of purls)
      builder.hasSourceAt({ package: purl, allVersions: false, source, justification: 'spdx downloadLocation' });
  const artifacts = readChecksums(builder, raw, path);
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

function readFile(builder: FactsBuilder, raw: Json, path: (string | number)[]): Element | undefined {
  const artifacts = readChecksums(builder, raw, path);
  const digest = preferredDigest(artifacts);
  if (!digest) return undefined; // GUAC: a file without a (non-empty) checksum is no node
  // One pseudo-package per file, named by its strongest checksum (GUAC makes one per checksum).
  const purl = guacFilePurl(digest, optString(raw, 'fileName', ptr(path)));
  if (!purl) return undefined;
  builder.package(purl);
  for (const artifact of artifacts) {
    occurrenceOnce(builder, { artifact, subject: { kind: 'package', purl }, justification: 'spdx file with checksum' });
  }
  return { purls: [purl], subjectDigest: digest, digestFromPurl: false };
}
