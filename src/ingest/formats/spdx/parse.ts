// SPDX 2.x shape validation: the JSON document (tag-value text is first read into the same
// shape, tagvalue.ts) into a typed document. Refusals name the JSON pointer of the wrong field;
// identities (purls, digests) are judged in translate.ts, where an unusable one is skipped.
import { DocumentError } from '../../../model/facts.js';
import { isoTime } from '../common/dates.js';
import {
  isObject,
  jsonPointer as ptr,
  optArray,
  optObject,
  optString,
  reqString,
  type Json,
  type Segments,
} from '../common/json.js';
import type { SniffedDocument } from '../types.js';
import { tagValueToJson } from './tagvalue.js';

export interface SpdxChecksum {
  path: string;
  algorithm?: string;
  value?: string;
}

export interface SpdxPackage {
  kind: 'package';
  path: Segments;
  id: string;
  /** externalRefs of type purl: their locators ('' when missing), with their paths. */
  purlRefs: { path: string; locator: string }[];
  name?: string;
  version?: string;
  downloadLocation?: string;
  checksums: SpdxChecksum[];
  /** licenseConcluded and licenseDeclared as written (NOASSERTION and NONE included). */
  licenseConcluded?: string;
  licenseDeclared?: string;
  /** Trivy's other names for an image package: its RepoDigest texts, then its ImageID. */
  imageDigestTexts: string[];
}

export interface SpdxFile {
  kind: 'file';
  path: Segments;
  id: string;
  fileName?: string;
  checksums: SpdxChecksum[];
}

export interface SpdxRelationship {
  path: string;
  a: string;
  type: string;
  b: string;
  comment?: string;
}

export interface SpdxDocument {
  /** "2.3", "2.2"… */
  version: string;
  created?: string;
  documentId: string;
  name?: string;
  namespace?: string;
  /** Packages and files in document order. */
  elements: (SpdxPackage | SpdxFile)[];
  /** SPDXIDs of snippets: never nodes, but relationships may name them. */
  snippetIds: string[];
  relationships: SpdxRelationship[];
  /** documentDescribes entries. */
  describes: { id: string; path: string }[];
}

export function parseSpdx(doc: SniffedDocument): SpdxDocument {
  return parseSpdxJson(doc.json !== undefined ? doc.json : tagValueToJson(doc.text));
}

export function parseSpdxJson(doc: unknown): SpdxDocument {
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
  const name = optString(doc, 'name', ptr(['name']));
  const namespace = optString(doc, 'documentNamespace', ptr(['documentNamespace']));

  const claimed = new Set<string>();
  const elementId = (raw: Json, path: Segments) => {
    const id = reqString(raw, 'SPDXID', ptr([...path, 'SPDXID']));
    if (claimed.has(id)) throw new DocumentError(ptr([...path, 'SPDXID']), `duplicate SPDXID "${id.slice(0, 200)}"`);
    claimed.add(id);
    return id;
  };
  const elements: SpdxDocument['elements'] = [];
  optArray(doc, 'packages', ptr(['packages'])).forEach((raw, i) => {
    const path = ['packages', i];
    if (!isObject(raw)) throw new DocumentError(ptr(path), 'a package must be an object');
    elements.push(parsePackage(raw, path, elementId(raw, path)));
  });
  optArray(doc, 'files', ptr(['files'])).forEach((raw, i) => {
    const path = ['files', i];
    if (!isObject(raw)) throw new DocumentError(ptr(path), 'a file must be an object');
    const id = elementId(raw, path);
    const checksums = parseChecksums(raw, path);
    elements.push({ kind: 'file', path, id, checksums, fileName: optString(raw, 'fileName', ptr(path)) });
  });

  const snippetIds = optArray(doc, 'snippets', ptr(['snippets'])).map((raw, i) => {
    if (isObject(raw) && typeof raw.SPDXID === 'string') return raw.SPDXID;
    throw new DocumentError(ptr(['snippets', i]), 'a snippet must be an object with an SPDXID');
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
  const describes = optArray(doc, 'documentDescribes', ptr(['documentDescribes'])).map((id, i) => {
    if (typeof id !== 'string') throw new DocumentError(ptr(['documentDescribes', i]), 'must be an SPDXID string');
    return { id, path: ptr(['documentDescribes', i]) };
  });
  return { version: vm[1], created, documentId, name, namespace, elements, snippetIds, relationships, describes };
}

function parsePackage(raw: Json, path: Segments, id: string): SpdxPackage {
  const purlRefs: SpdxPackage['purlRefs'] = [];
  optArray(raw, 'externalRefs', ptr([...path, 'externalRefs'])).forEach((ref, j) => {
    const rpath = ptr([...path, 'externalRefs', j]);
    if (!isObject(ref)) throw new DocumentError(rpath, 'an external reference must be an object');
    // CPEs and other references: no fact holds them.
    if ((optString(ref, 'referenceType', rpath) ?? '').toLowerCase() !== 'purl') return;
    purlRefs.push({ path: rpath, locator: optString(ref, 'referenceLocator', rpath) ?? '' });
  });
  return {
    kind: 'package',
    path,
    id,
    purlRefs,
    name: optString(raw, 'name', ptr(path)),
    version: optString(raw, 'versionInfo', ptr(path)),
    downloadLocation: optString(raw, 'downloadLocation', ptr(path)),
    checksums: parseChecksums(raw, path),
    // Read leniently: a licence field of the wrong type is no licence, not a refused document.
    licenseConcluded: typeof raw.licenseConcluded === 'string' ? raw.licenseConcluded : undefined,
    licenseDeclared: typeof raw.licenseDeclared === 'string' ? raw.licenseDeclared : undefined,
    imageDigestTexts: trivyImageDigestTexts(raw),
  };
}

/**
 * Trivy labels an image package's digests "RepoDigest: repo@sha256:…" and "ImageID: sha256:…",
 * in `attributionTexts` (older releases) or its annotations' comments (newer ones): the
 * RepoDigest values, then the ImageID. Read leniently: odd entries name nothing.
 */
function trivyImageDigestTexts(raw: Json): string[] {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
  const comments = list(raw.annotations).map((a) => (isObject(a) ? a.comment : undefined));
  const texts = [...list(raw.attributionTexts), ...comments].filter((t): t is string => typeof t === 'string');
  const valuesOf = (label: string): string[] =>
    texts.flatMap((t) => (t.startsWith(`${label}: `) ? [t.slice(label.length + 2).trim()] : []));
  return [...valuesOf('RepoDigest'), ...valuesOf('ImageID')];
}

function parseChecksums(raw: Json, path: Segments): SpdxChecksum[] {
  return optArray(raw, 'checksums', ptr(path)).map((c, j) => {
    const cpath = ptr([...path, 'checksums', j]);
    if (!isObject(c)) throw new DocumentError(cpath, 'a checksum must be an object');
    return { path: cpath, algorithm: optString(c, 'algorithm', cpath), value: optString(c, 'checksumValue', cpath) };
  });
}
