// Is this document SPDX 3 JSON-LD? An object whose @context names spdx.org/rdf/3.… (a string, or a
// list holding one) with a @graph list; or, without that context, a @graph (or a single element at
// the top) written in SPDX 3's compact keys: elements with "spdxId" and "type", one of them an
// SpdxDocument or a CreationInfo with a 3.x specVersion. SPDX 2 documents carry "spdxVersion" and
// no @graph, so the two detectors never claim the same document.
import { isObject } from '../common/json.js';
import type { SniffedDocument } from '../types.js';

const CONTEXT = /^https?:\/\/spdx\.org\/rdf\/3\.[0-9.]+\//;

function contextIsSpdx3(context: unknown): boolean {
  if (typeof context === 'string') return CONTEXT.test(context);
  return Array.isArray(context) && context.some((c) => typeof c === 'string' && CONTEXT.test(c));
}

/** A compact-form SPDX 3 node: the document, or a creation info saying its spec version is 3.x. */
function isSpdx3Marker(node: unknown): boolean {
  if (!isObject(node)) return false;
  if (node.type === 'SpdxDocument' && typeof node.spdxId === 'string') return true;
  return node.type === 'CreationInfo' && typeof node.specVersion === 'string' && node.specVersion.startsWith('3.');
}

export function isSpdx3(doc: SniffedDocument): boolean {
  const json = doc.json;
  if (!isObject(json) || json.spdxVersion !== undefined) return false;
  const graph = json['@graph'];
  if (contextIsSpdx3(json['@context'])) return Array.isArray(graph) || typeof json.spdxId === 'string';
  // No SPDX context: only the compact form, recognised by its markers (first 1000 nodes).
  if (Array.isArray(graph)) return graph.slice(0, 1000).some(isSpdx3Marker);
  return isSpdx3Marker(json);
}
