// One load buffered, so that it is applied to the index in a single synchronous step (see
// GraphIndex.apply) and its adjacency can be built beforehand (Adjacency.prepare).
import { NodeKind } from '../model/kinds.js';
import type { LinkFactKind, StoredRecord } from '../model/stored-facts.js';
import type { DocumentRow, LoadSink } from '../store/types.js';
import { EdgeList, GrowableU32 } from './growable.js';

export class LoadBatch implements LoadSink {
  /**
   * Past `rowLimit` rows the batch stops buffering and lets go of what it held (`overflowed`):
   * a change that large is not applied from a batch but built aside (IndexService).
   */
  constructor(private readonly rowLimit = Infinity) {}
  private delivered = 0;

  /** True once more rows than the limit arrived: the batch holds nothing and must not be applied. */
  get overflowed(): boolean {
    return this.delivered > this.rowLimit;
  }

  /** Counts a row; false (and the buffers emptied, once) when it is past the limit. */
  private keep(): boolean {
    if (++this.delivered <= this.rowLimit) return true;
    if (this.delivered === this.rowLimit + 1) this.clear();
    return false;
  }

  private clear(): void {
    for (const list of [this.nodeIds, this.nodeKinds, this.nodeKeys, this.nodeAttrs, this.documents, this.records])
      list.length = 0;
    this.edgeRanked.length = 0;
    this.leftOutRows.length = 0;
    this.linkKinds = new GrowableU32();
    this.linkA = new GrowableU32();
    this.linkB = new GrowableU32();
    this.linkDoc = new GrowableU32();
    this.edges = new EdgeList();
  }

  private readonly nodeIds: number[] = [];
  private readonly nodeKinds: number[] = [];
  private readonly nodeKeys: string[] = [];
  private readonly nodeAttrs: (string | null)[] = [];
  private readonly documents: DocumentRow[] = [];
  private linkKinds = new GrowableU32();
  private linkA = new GrowableU32();
  private linkB = new GrowableU32();
  private linkDoc = new GrowableU32();
  private readonly records: StoredRecord[] = [];
  private edges = new EdgeList();
  private readonly edgeRanked: boolean[] = [];
  private readonly leftOutRows: { doc: number; part: string; err: unknown }[] = [];

  node(id: number, kind: number, key: string, attr: string | null): void {
    if (!this.keep()) return;
    this.nodeIds.push(id);
    this.nodeKinds.push(kind);
    this.nodeKeys.push(key);
    this.nodeAttrs.push(attr);
  }
  document(row: DocumentRow): void {
    if (!this.keep()) return;
    this.documents.push(row);
  }
  link(kind: LinkFactKind, a: number, b: number, doc: number): void {
    if (!this.keep()) return;
    this.linkKinds.push(kind);
    this.linkA.push(a);
    this.linkB.push(b);
    this.linkDoc.push(doc);
  }
  record(fact: StoredRecord): void {
    if (!this.keep()) return;
    this.records.push(fact);
  }
  dependencyEdge(a: number, b: number, ranked: boolean): void {
    if (!this.keep()) return;
    this.edges.add(a, b);
    this.edgeRanked.push(ranked);
  }
  leftOut(doc: number, part: string, err: unknown): void {
    this.leftOutRows.push({ doc, part, err });
  }
  /** Rows the load delivered: what applying it in one synchronous step costs (IndexService). */
  get rows(): number {
    return (
      this.nodeIds.length + this.documents.length + this.linkKinds.length + this.records.length + this.edges.length
    );
  }
  get isEmpty(): boolean {
    return (
      this.nodeIds.length === 0 &&
      this.documents.length === 0 &&
      this.linkKinds.length === 0 &&
      this.records.length === 0 &&
      this.edges.length === 0 &&
      this.leftOutRows.length === 0
    );
  }
  /** Replays the load, in the order it was read, into another sink. */
  /** The purls of the package nodes the batch holds. */
  packagePurls(): string[] {
    return this.nodeKeys.filter((_, i) => this.nodeKinds[i] === NodeKind.Package);
  }

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
    for (const r of this.leftOutRows) sink.leftOut?.(r.doc, r.part, r.err);
  }
}
