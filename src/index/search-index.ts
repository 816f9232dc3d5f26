// What /v0/search looks nodes up by, built with the index as nodes arrive: package names by the
// words of their namespace and name (trigrams), artifacts by digest prefix and vulnerabilities by
// id prefix (sorted texts). finish() makes what was added since the last load searchable.
import { NodeKind } from '../model/kinds.js';
import { NameSearch } from './name-search.js';
import type { NodeTable } from './nodes.js';
import { PrefixSearch } from './prefix-search.js';
import { runToEnd } from './slices.js';

export class SearchIndex {
  readonly names = new NameSearch();
  /** Artifacts by digest value (without the algorithm; lower case, as stored). */
  readonly digests = new PrefixSearch();
  /** Vulnerability nodes by id in lower case (ids are case-insensitive). */
  readonly vulnIds = new PrefixSearch();

  /** A node seen for the first time (the node table already holds it). */
  add(id: number, kind: number, key: string, nodes: NodeTable): void {
    switch (kind) {
      case NodeKind.Package:
        this.names.add(nodes.nameKeyOf(id));
        return;
      case NodeKind.Artifact:
        this.digests.add(id, key.slice(key.indexOf(':') + 1));
        return;
      case NodeKind.Vulnerability:
        this.vulnIds.add(id, key.toLowerCase());
        return;
    }
  }

  finish(): void {
    runToEnd(this.finishSteps());
  }

  /** finish() in steps, for an index built aside (see NameSearch.compactSteps). */
  *finishSteps(): Generator<void, void> {
    yield* this.names.compactSteps();
    this.digests.merge();
    this.vulnIds.merge();
  }
}
