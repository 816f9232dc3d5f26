// The nodes an SPDX 3 document's elements became, and how a reference to one resolves (with a
// skip reason when it names nothing the document holds). Shared by translate.ts and
// translate-security.ts.
import type { FactsBuilder } from '../../../model/facts.js';
import type { SpdxElement } from '../common/spdx-elements.js';
import type { Spdx3Document } from './document.js';

/** The elements of one document and how references to them resolve. */
export class Spdx3Elements {
  readonly nodes = new Map<string, SpdxElement>();

  constructor(
    readonly builder: FactsBuilder,
    readonly doc: Spdx3Document,
  ) {}

  /** True for ids that name nothing to resolve: SPDX individuals (NoAssertionElement…), listed licences. */
  private isNonNode(id: string): boolean {
    return /^https?:\/\/spdx\.org\/(rdf\/3\.[0-9.]+\/terms\/|licenses\/)/.test(id) || id === this.doc.documentId;
  }

  /** The node an id names; a skip (at `path`) when the id is unknown to the document. */
  resolve(id: string, path: string, what = 'refers to'): SpdxElement | undefined {
    const node = this.nodes.get(id);
    if (node) return node;
    if (!this.doc.known.has(id) && !this.isNonNode(id))
      this.builder.skip(path, `${what} unknown element "${id.slice(0, 200)}"`);
    return undefined;
  }
}
