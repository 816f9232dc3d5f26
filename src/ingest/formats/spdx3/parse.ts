// SPDX 3.0 JSON-LD shape reading: the @graph (and elements written inline where a reference is
// expected) into a typed document. Keys are SPDX 3's compact JSON-LD terms ("spdxId", "type",
// "software_packageVersion"…); "@id"/"@type" and full term IRIs as types or vocabulary values are
// read too. A field of the wrong JSON type rejects the document naming its JSON pointer (as SPDX 2
// does); an element without an spdxId, an item that is no object, or nesting past MAX_DEPTH is
// skipped with its reason. Identities (purls, digests, vulnerability ids) are judged in translate.
import { DocumentError } from '../../../model/facts.js';
import { isoTime } from '../common/dates.js';
import { isObject, jsonPointer as ptr, type Json, type Segments } from '../common/json.js';
import type { SniffedDocument } from '../types.js';

/** Inline elements nested deeper than this (in @graph items) are not read. */
export const MAX_DEPTH = 32;

export interface Spdx3Hash {
  path: string;
  algorithm?: string;
  value?: string;
}

export interface Spdx3Package {
  kind: 'package';
  id: string;
  path: string;
  type: string;
  name?: string;
  version?: string;
  /** software_packageUrl and externalIdentifier entries of type packageUrl. */
  purls: { path: string; value: string }[];
  hashes: Spdx3Hash[];
  downloadLocation?: string;
}

export interface Spdx3File {
  kind: 'file';
  id: string;
  path: string;
  name?: string;
  hashes: Spdx3Hash[];
}

/** Fields of the Security profile's assessment relationships (security_ prefix or not). */
export interface Spdx3Assessment {
  justificationType?: string;
  impactStatement?: string;
  actionStatement?: string;
  statusNotes?: string;
  assessedElement?: string;
  publishedTime?: string;
  modifiedTime?: string;
  score?: number;
  severity?: string;
  vectorString?: string;
}

export interface Spdx3Relationship {
  path: string;
  /** Relationship, LifecycleScopedRelationship, security_VexNotAffectedVulnAssessmentRelationship… */
  type: string;
  relationshipType: string;
  from: string;
  to: string[];
  /** LifecycleScopedRelationship scope (build, dev, test, runtime, design, other). */
  scope?: string;
  assessment: Spdx3Assessment;
}

export interface Spdx3Vulnerability {
  id: string;
  path: string;
  /** externalIdentifier entries: type (cve, securityOther, …) and identifier. */
  identifiers: { type: string; identifier: string; path: string }[];
  summary?: string;
  description?: string;
  published?: string;
  modified?: string;
  /** identifierLocator and externalRef locators. */
  references: string[];
}

export interface Spdx3Document {
  /** "3.0.1", "3.0"… */
  specVersion: string;
  created?: string;
  documentId?: string;
  name?: string;
  /** The SpdxDocument's rootElement ids. */
  roots: { id: string; path: string }[];
  /** rootElement of every Bom/Sbom/Bundle, by the collection's id. */
  collections: Map<string, string[]>;
  elements: (Spdx3Package | Spdx3File)[];
  relationships: Spdx3Relationship[];
  vulnerabilities: Spdx3Vulnerability[];
  /** Licence elements: id → expression text. */
  licenses: Map<string, string>;
  /** Tool names the document's creation info lists in createdUsing. */
  tools: string[];
  /** Every element id in the document, and ids imported from other documents (ExternalMap). */
  known: Set<string>;
  skipped: { path: string; reason: string }[];
}

const PACKAGE_TYPES = new Set(['software_Package', 'ai_AIPackage', 'dataset_DatasetPackage']);
const COLLECTION_TYPES = new Set(['software_Sbom', 'Bom', 'Bundle', 'BOM']);
const RELATIONSHIP = /Relationship$/;
const PROFILE_PREFIX: Record<string, string> = {
  Core: '',
  Software: 'software_',
  Security: 'security_',
  SimpleLicensing: 'simplelicensing_',
  ExpandedLicensing: 'expandedlicensing_',
  AI: 'ai_',
  Dataset: 'dataset_',
  Build: 'build_',
  Lite: 'lite_',
  Extension: 'extension_',
};

/** A type as a compact term: full IRIs (…/terms/Software/Package) become software_Package. */
export function typeName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^https?:\/\/spdx\.org\/rdf\/3\.[0-9.]+\/terms\/([A-Za-z]+)\/([A-Za-z]+)$/.exec(value);
  if (!m) return value;
  return `${PROFILE_PREFIX[m[1]] ?? `${m[1].toLowerCase()}_`}${m[2]}`;
}

/** A vocabulary value as its last IRI segment ("…/RelationshipType/dependsOn" → "dependsOn"). */
function vocab(value: string): string {
  const i = Math.max(value.lastIndexOf('/'), value.lastIndexOf('#'));
  return i >= 0 ? value.slice(i + 1) : value;
}

function idOf(node: Json): string | undefined {
  const id = node.spdxId ?? node['@id'];
  return typeof id === 'string' && id.trim() !== '' ? id : undefined;
}

class Reader {
  constructor(
    readonly node: Json,
    readonly segments: Segments,
  ) {}

  get path(): string {
    return ptr(this.segments);
  }

  at(...more: Segments): string {
    return ptr([...this.segments, ...more]);
  }

  /** An optional text field; numbers are stringified; anything else rejects the document. */
  text(key: string): string | undefined {
    const v = this.node[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number') return String(v);
    if (typeof v !== 'string') throw new DocumentError(this.at(key), `"${key}" must be a string`);
    return v;
  }

  /** A Security profile property, written with its "security_" prefix (3.0.1) or without. */
  sec(key: string): string | undefined {
    return this.node[`security_${key}`] !== undefined ? this.text(`security_${key}`) : this.text(key);
  }

  list(key: string): unknown[] {
    const v = this.node[key];
    if (v === undefined || v === null) return [];
    return Array.isArray(v) ? v : [v];
  }

  /** References: element ids, or elements written inline (their ids). */
  refs(key: string): { id: string; path: string }[] {
    const out: { id: string; path: string }[] = [];
    const multiple = Array.isArray(this.node[key]);
    this.list(key).forEach((v, i) => {
      const path = multiple ? this.at(key, i) : this.at(key);
      const id = typeof v === 'string' ? v : isObject(v) ? idOf(v) : undefined;
      if (id === undefined) throw new DocumentError(path, `"${key}" must name elements by their spdxId`);
      out.push({ id, path });
    });
    return out;
  }
}

export function parseSpdx3(doc: SniffedDocument): Spdx3Document {
  const json = doc.json;
  if (!isObject(json)) throw new DocumentError('', 'an SPDX 3 document must be a JSON object');
  const graph = json['@graph'];
  if (graph !== undefined && !Array.isArray(graph)) throw new DocumentError('/@graph', '"@graph" must be an array');

  const out: Spdx3Document = {
    specVersion: '',
    roots: [],
    collections: new Map(),
    elements: [],
    relationships: [],
    vulnerabilities: [],
    licenses: new Map(),
    tools: [],
    known: new Set(),
    skipped: [],
  };
  const creationInfos = new Map<string, Json>();
  const toolNames = new Map<string, string>();
  let documentNode: Reader | undefined;
  const topLevel = new Set<string>();
  const externalIds = new Set<string>();

  // Depth-first over @graph items and everything nested in them, without recursion.
  const stack: { node: unknown; segments: Segments; depth: number }[] = [];
  const items: unknown[] = Array.isArray(graph) ? graph : [json];
  for (let i = items.length - 1; i >= 0; i--)
    stack.push({ node: items[i], segments: Array.isArray(graph) ? ['@graph', i] : [], depth: 0 });
  let tooDeep = false;
  while (stack.length > 0) {
    const { node, segments, depth } = stack.pop()!;
    if (!isObject(node)) {
      if (depth === 0) out.skipped.push({ path: ptr(segments), reason: 'a @graph item must be an object' });
      continue;
    }
    if (depth > MAX_DEPTH) {
      if (!tooDeep)
        out.skipped.push({ path: ptr(segments), reason: `nested deeper than ${MAX_DEPTH} levels: not read` });
      tooDeep = true;
      continue;
    }
    const type = typeName(node.type ?? node['@type']);
    const id = idOf(node);
    const r = new Reader(node, segments);
    if (type === 'CreationInfo') {
      if (id) creationInfos.set(id, node);
    } else if (type === 'ExternalMap') {
      const external = r.text('externalSpdxId');
      if (external) externalIds.add(external);
    } else if (type !== undefined && (depth === 0 || id !== undefined) && !isStructure(type)) {
      if (id === undefined) {
        out.skipped.push({ path: r.path, reason: `${type.slice(0, 80)} element has no spdxId: not read` });
      } else if (out.known.has(id)) {
        // An element written again inline where it is referenced is the same element; a second
        // top-level definition is a duplicate.
        if (depth === 0 && topLevel.has(id))
          out.skipped.push({ path: r.path, reason: `duplicate spdxId "${id.slice(0, 200)}": the first one is used` });
        if (depth === 0) topLevel.add(id);
      } else {
        if (depth === 0) topLevel.add(id);
        out.known.add(id);
        readElement(out, r, type, id, toolNames);
        if (type === 'SpdxDocument' && !documentNode) documentNode = r;
      }
    }
    // Children, in document order (elements may be written inline where a reference is expected).
    const keys = Object.keys(node);
    for (let k = keys.length - 1; k >= 0; k--) {
      const v = node[keys[k]];
      if (Array.isArray(v)) {
        for (let j = v.length - 1; j >= 0; j--)
          if (isObject(v[j])) stack.push({ node: v[j], segments: [...segments, keys[k], j], depth: depth + 1 });
      } else if (isObject(v)) stack.push({ node: v, segments: [...segments, keys[k]], depth: depth + 1 });
    }
  }

  for (const id of externalIds) out.known.add(id);

  // Document identity, time, tools and spec version from its creation info.
  const infoOf = (r: Reader | undefined): Json | undefined => {
    const ci = r?.node.creationInfo;
    if (isObject(ci)) return ci;
    if (typeof ci === 'string') return creationInfos.get(ci);
    return undefined;
  };
  const info = infoOf(documentNode) ?? creationInfos.values().next().value;
  if (documentNode) {
    out.documentId = idOf(documentNode.node);
    out.name = documentNode.text('name');
    out.roots = documentNode.refs('rootElement');
  }
  if (info) {
    const ci = new Reader(info, []);
    const created = ci.text('created');
    out.created = isoTime(created, documentNode ? documentNode.at('creationInfo', 'created') : '/creationInfo/created');
    out.specVersion = ci.text('specVersion') ?? '';
    for (const { id } of ci.refs('createdUsing')) out.tools.push(toolNames.get(id) ?? id);
  }
  if (!/^3\.\d+(\.\d+)?$/.test(out.specVersion)) {
    const context = JSON.stringify(json['@context'] ?? '');
    out.specVersion = /spdx\.org\/rdf\/(3\.\d+(?:\.\d+)?)\//.exec(context)?.[1] ?? '3.0';
  }
  return out;
}

/** Objects that are parts of elements, never elements themselves. */
function isStructure(type: string): boolean {
  return /^(Hash|PackageVerificationCode|ExternalIdentifier|ExternalRef|IntegrityMethod|DictionaryEntry|PositiveIntegerRange|ai_EnergyConsumption|ai_EnergyConsumptionDescription|NamespaceMap)$/.test(
    type,
  );
}

function readHashes(r: Reader): Spdx3Hash[] {
  const hashes: Spdx3Hash[] = [];
  const multiple = Array.isArray(r.node.verifiedUsing);
  r.list('verifiedUsing').forEach((h, i) => {
    const path = multiple ? r.at('verifiedUsing', i) : r.at('verifiedUsing');
    if (!isObject(h)) throw new DocumentError(path, 'an integrity method must be an object');
    if ((typeName(h.type ?? h['@type']) ?? 'Hash') !== 'Hash') return; // PackageVerificationCode: no artifact
    const hr = new Reader(h, []);
    const algorithm = hr.text('algorithm');
    hashes.push({ path, algorithm: algorithm && vocab(algorithm), value: hr.text('hashValue') });
  });
  return hashes;
}

function readElement(out: Spdx3Document, r: Reader, type: string, id: string, toolNames: Map<string, string>): void {
  if (PACKAGE_TYPES.has(type)) {
    const purls: Spdx3Package['purls'] = [];
    const direct = r.text('software_packageUrl');
    if (direct) purls.push({ path: r.at('software_packageUrl'), value: direct });
    const multiple = Array.isArray(r.node.externalIdentifier);
    r.list('externalIdentifier').forEach((e, i) => {
      const path = multiple ? r.at('externalIdentifier', i) : r.at('externalIdentifier');
      if (!isObject(e)) throw new DocumentError(path, 'an external identifier must be an object');
      const er = new Reader(e, []);
      if (vocab(er.text('externalIdentifierType') ?? '') !== 'packageUrl') return; // cpe23, swid…: no fact holds them
      const value = er.text('identifier') ?? '';
      if (!purls.some((p) => p.value === value)) purls.push({ path, value });
    });
    out.elements.push({
      kind: 'package',
      id,
      path: r.path,
      type,
      name: r.text('name'),
      version: r.text('software_packageVersion'),
      purls,
      hashes: readHashes(r),
      downloadLocation: r.text('software_downloadLocation'),
    });
  } else if (type === 'software_File') {
    out.elements.push({ kind: 'file', id, path: r.path, name: r.text('name'), hashes: readHashes(r) });
  } else if (COLLECTION_TYPES.has(type)) {
    out.collections.set(
      id,
      r.refs('rootElement').map((x) => x.id),
    );
  } else if (type === 'security_Vulnerability') {
    out.vulnerabilities.push(readVulnerability(r, id));
  } else if (RELATIONSHIP.test(type)) {
    const relationshipType = r.text('relationshipType');
    const from = r.refs('from')[0];
    if (!relationshipType || !from) {
      out.skipped.push({ path: r.path, reason: 'relationship without "from" or "relationshipType": not read' });
      return;
    }
    const assessed = r.node.security_assessedElement ?? r.node.assessedElement;
    out.relationships.push({
      path: r.path,
      type,
      relationshipType: vocab(relationshipType),
      from: from.id,
      to: r.refs('to').map((x) => x.id),
      scope: r.text('scope') && vocab(r.text('scope')!),
      assessment: {
        justificationType: r.sec('justificationType') && vocab(r.sec('justificationType')!),
        impactStatement: r.sec('impactStatement'),
        actionStatement: r.sec('actionStatement'),
        statusNotes: r.sec('statusNotes'),
        assessedElement: typeof assessed === 'string' ? assessed : isObject(assessed) ? idOf(assessed) : undefined,
        publishedTime: r.sec('publishedTime'),
        modifiedTime: r.sec('modifiedTime'),
        score: numberOf(r, 'score'),
        severity: r.sec('severity') && vocab(r.sec('severity')!),
        vectorString: r.sec('vectorString'),
      },
    });
  } else if (type === 'simplelicensing_LicenseExpression') {
    const text = r.text('simplelicensing_licenseExpression');
    if (text) out.licenses.set(id, text);
  } else if (type === 'expandedlicensing_ListedLicense') {
    const listed = listedLicense(id);
    if (listed) out.licenses.set(id, listed);
  } else if (type === 'Tool') {
    const name = r.text('name');
    if (name) toolNames.set(id, name);
  }
}

/** A licence named by its SPDX License List IRI (https://spdx.org/licenses/MIT) → its id. */
export function listedLicense(id: string): string | undefined {
  return /^https?:\/\/spdx\.org\/licenses\/([A-Za-z0-9.+-]+)$/.exec(id)?.[1];
}

function numberOf(r: Reader, key: string): number | undefined {
  const raw = r.node[`security_${key}`] ?? r.node[key];
  if (raw === undefined || raw === null) return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function readVulnerability(r: Reader, id: string): Spdx3Vulnerability {
  const identifiers: Spdx3Vulnerability['identifiers'] = [];
  const references: string[] = [];
  const multiple = Array.isArray(r.node.externalIdentifier);
  r.list('externalIdentifier').forEach((e, i) => {
    const path = multiple ? r.at('externalIdentifier', i) : r.at('externalIdentifier');
    if (!isObject(e)) throw new DocumentError(path, 'an external identifier must be an object');
    const er = new Reader(e, []);
    const identifier = er.text('identifier');
    if (identifier?.trim())
      identifiers.push({ type: vocab(er.text('externalIdentifierType') ?? ''), identifier: identifier.trim(), path });
    for (const loc of er.list('identifierLocator')) if (typeof loc === 'string') references.push(loc);
  });
  for (const ref of r.list('externalRef')) {
    if (!isObject(ref)) continue;
    for (const loc of new Reader(ref, []).list('locator')) if (typeof loc === 'string') references.push(loc);
  }
  return {
    id,
    path: r.path,
    identifiers,
    summary: r.text('summary'),
    description: r.text('description'),
    published: r.sec('publishedTime'),
    modified: r.sec('modifiedTime'),
    references,
  };
}
