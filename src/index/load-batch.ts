// One load buffered, so that it is applied to the index in a single synchronous step (see
// GraphIndex.apply) and its adjacency can be built beforehand (Adjacency.prepare).
import type { NodeKind } from '../model/kinds.js';
import type { LinkFactKind, StoredRecord } from '../model/stored-facts.js';
import type { DocumentRow, LoadSink } from '../store/types.js';
import { EdgeList, GrowableU32 } from './growable.js';

export class LoadBatch implements LoadSink {
  private readonly nodeIds: number[] = [];
  private readonly nodeKinds: number[] = [];
  private readonly nodeKeys: string[] = [];
  private readonly nodeAttrs: (string | null)[] = [];
  private readonly documents: DocumentRow[] = [];
  private readonly linkKinds = new GrowableU32();
  private readonly linkA = new GrowableU32();
  private readonly linkB = new GrowableU32();
  private readonly linkDoc = new GrowableU32();
  private readonly records: StoredRecord[] = [];
  private readonly edges = new EdgeList();
  private readonly edgeRanked: boolean[] = [];

  node(id: number, kind: number, key: string, attr: string | null): void {
    this.nodeIds.push(id);
    this.nodeKinds.push(kind);
    this.nodeKeys.push(key);
    this.nodeAttrs.push(attr);
  }
  document(row: DocumentRow): void {
    this.documents.push(row);
  }
  link(kind: LinkFactKind, a: number, b: number, doc: number): void {
    this.linkKinds.push(kind);
    this.linkA.push(a);
    this.linkB.push(b);
    this.linkDoc.push(doc);
  }
  record(fact: StoredRecord): void {
    this.records.push(fact);
  }
  dependencyEdge(a: number, b: number, ranked: boolean): void {
    this.edges.add(a, b);
    this.edgeRanked.push(ranked);
  }
  get isEmpty(): boolean {
    return (
      this.nodeIds.length === 0 &&
      this.documents.length === 0 &&
      this.linkKinds.length === 0 &&
      this.records.length === 0 &&
      this.edges.length === 0
    );
  }
  /** Replays the load, in the order it was read, into another sink. */
  replay(sink: LoadSink): void {
    for (let i = 0; i < this.nodeIds.length; i++)
      sink.node(this.nodeIds[i], this.nodeKinds[i] as NodeKind, this.nodeKeys[i], this.nodeAttrs[i]);
    for (const d of this.documents) sink.document(d);
    for (let i = 0; i < this.linkKinds.length; i++) {
      sink.link(this.linkKinds.get(i) as LinkFactKind, this.linkA.get(i), this.linkB.get(i), this.linkDoc.get(i));
    }
    for (const r of this.records) sink.record(r);
    for (let i = 0; i < this.edges.length; i++)
      sink.dependencyEdge(this.edges.from.get(i), this.edges.to.get(i), this.edgeRanked[i]);
  }
}
