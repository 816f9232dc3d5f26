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
import type { Spdx3Document } from './document.js';
import { idOf, isStructure, readElement, Reader, typeName } from './elements.js';

export type * from './document.js';

/** Inline elements nested deeper than this (in @graph items) are not read. */
export const MAX_DEPTH = 32;

export function parseSpdx3(doc: SniffedDocument): Spdx3Document {
  const json = doc.json;
  if (!isObject(json)) throw new DocumentError('', 'an SPDX 3 document must be a JSON object');
  const graph = json['@graph'];
  if (graph !== undefined && !Array.isArray(graph)) throw new DocumentError('/@graph', '"@graph" must be an array');

  const walk = new GraphWalk();
  walk.read(Array.isArray(graph) ? graph : [json], Array.isArray(graph));
  const out = walk.out;
  readDocumentInfo(walk);
  if (!/^3\.\d+(\.\d+)?$/.test(out.specVersion)) {
    const context = JSON.stringify(json['@context'] ?? '');
    out.specVersion = /spdx\.org\/rdf\/(3\.\d+(?:\.\d+)?)\//.exec(context)?.[1] ?? '3.0';
  }
  return out;
}

interface Visit {
  node: unknown;
  segments: Segments;
  depth: number;
}

/** Reads the @graph items and everything nested in them into the typed document. */
class GraphWalk {
  readonly out: Spdx3Document = {
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
  readonly creationInfos = new Map<string, Json>();
  readonly toolNames = new Map<string, string>();
  documentNode: Reader | undefined;
  private readonly topLevel = new Set<string>();
  private readonly externalIds = new Set<string>();
  private tooDeep = false;

  /** Depth-first over the items and everything nested in them, without recursion. */
  read(items: unknown[], inGraph: boolean): void {
    const stack: Visit[] = [];
    for (let i = items.length - 1; i >= 0; i--)
      stack.push({ node: items[i], segments: inGraph ? ['@graph', i] : [], depth: 0 });
    while (stack.length > 0) {
      const { node, segments, depth } = stack.pop()!;
      if (!this.readable(node, segments, depth)) continue;
      this.visit(node, segments, depth);
      pushChildren(stack, node, segments, depth);
    }
    for (const id of this.externalIds) this.out.known.add(id);
  }

  /** An object within MAX_DEPTH; else records why a top-level item (or the first too deep one) is not read. */
  private readable(node: unknown, segments: Segments, depth: number): node is Json {
    if (!isObject(node)) {
      if (depth === 0) this.out.skipped.push({ path: ptr(segments), reason: 'a @graph item must be an object' });
      return false;
    }
    if (depth > MAX_DEPTH) {
      if (!this.tooDeep)
        this.out.skipped.push({ path: ptr(segments), reason: `nested deeper than ${MAX_DEPTH} levels: not read` });
      this.tooDeep = true;
      return false;
    }
    return true;
  }

  private visit(node: Json, segments: Segments, depth: number): void {
    const type = typeName(node.type ?? node['@type']);
    const id = idOf(node);
    const r = new Reader(node, segments);
    if (type === 'CreationInfo') {
      if (id) this.creationInfos.set(id, node);
    } else if (type === 'ExternalMap') {
      const external = r.text('externalSpdxId');
      if (external) this.externalIds.add(external);
    } else if (type !== undefined && (depth === 0 || id !== undefined) && !isStructure(type)) {
      this.element(r, type, id, depth);
    }
  }

  private element(r: Reader, type: string, id: string | undefined, depth: number): void {
    if (id === undefined) {
      this.out.skipped.push({ path: r.path, reason: `${type.slice(0, 80)} element has no spdxId: not read` });
    } else if (this.out.known.has(id)) {
      // An element written again inline where it is referenced is the same element; a second
      // top-level definition is a duplicate.
      if (depth === 0 && this.topLevel.has(id))
        this.out.skipped.push({
          path: r.path,
          reason: `duplicate spdxId "${id.slice(0, 200)}": the first one is used`,
        });
      if (depth === 0) this.topLevel.add(id);
    } else {
      if (depth === 0) this.topLevel.add(id);
      this.out.known.add(id);
      readElement(this.out, r, type, id, this.toolNames);
      if (type === 'SpdxDocument' && !this.documentNode) this.documentNode = r;
    }
  }
}

/** Children, in document order (elements may be written inline where a reference is expected). */
function pushChildren(stack: Visit[], node: Json, segments: Segments, depth: number): void {
  const keys = Object.keys(node);
  for (let k = keys.length - 1; k >= 0; k--) {
    const v = node[keys[k]];
    if (Array.isArray(v)) {
      for (let j = v.length - 1; j >= 0; j--)
        if (isObject(v[j])) stack.push({ node: v[j], segments: [...segments, keys[k], j], depth: depth + 1 });
    } else if (isObject(v)) stack.push({ node: v, segments: [...segments, keys[k]], depth: depth + 1 });
  }
}

/** Document identity, time, tools and spec version from its creation info. */
function readDocumentInfo(walk: GraphWalk): void {
  const { out, documentNode, creationInfos } = walk;
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
    for (const { id } of ci.refs('createdUsing')) out.tools.push(walk.toolNames.get(id) ?? id);
  }
}
