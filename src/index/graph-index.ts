// The in-memory graph index: interned nodes (the store's ids), raw edge lists per edge class,
// CSR adjacency rebuilt from them after each load, and the records the vulnerability and
// ranking questions need. No I/O: the index service feeds it LoadBatches.
import { FactKind, NodeKind } from '../model/kinds.js';
import type { DocumentRow, LoadSink } from '../store/types.js';
import { buildCsr, buildCsrInSlices, EMPTY_CSR, type Csr, type EdgeArrays } from './csr.js';
import { EdgeList, GrowableU32 } from './growable.js';
import { nameOfCanonicalPurl } from './purl-key.js';
import { AdvisoryMatcher } from './advisory-matcher.js';
import type { LinkFactKind, StoredRecord } from '../model/stored-facts.js';

export interface Attribution {
  origin: string;
  collector: string;
}

export interface CertifyVulnRecord extends Attribution {
  pkg: number;
  vuln: number;
  scannerUri: string;
  scannerVersion: string;
  dbUri: string;
  dbVersion: string;
  timeScanned: string;
}

export interface VexRecord {
  subject: number;
  vuln: number;
  status: string;
  justification?: string;
  statement?: string;
  knownSince: string;
  doc: number;
}

export interface VulnMetadataRecord extends Attribution {
  scoreType?: string;
  scoreValue?: number;
  severity?: string;
  description?: string;
  timestamp?: string;
}

export interface ScorecardRecord {
  source: number;
  aggregateScore: number;
  timeScanned: string;
  scorecardVersion: string;
  scorecardCommit: string;
  checks: { check: string; score: number }[];
}

/** Buffers one load so that it is applied to the index in a single synchronous step. */
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

const GUAC_FILES = 'pkg:guac/files';

/** The raw edge lists, one per traversal edge class. */
interface EdgeLists {
  dependency: EdgeList;
  ranked: EdgeList;
  sbom: EdgeList;
  slsa: EdgeList;
  equivalence: EdgeList;
}

const newEdgeLists = (): EdgeLists => ({
  dependency: new EdgeList(),
  ranked: new EdgeList(),
  sbom: new EdgeList(),
  slsa: new EdgeList(),
  equivalence: new EdgeList(),
});

/** Which edge lists a dependency edge goes to: ranked unless it touches a guac file pseudo-package. */
function routeDependency(lists: EdgeLists, a: number, b: number, ranked: boolean, keyOf: (id: number) => string): void {
  lists.dependency.add(a, b);
  if (ranked && !keyOf(a).startsWith(GUAC_FILES) && !keyOf(b).startsWith(GUAC_FILES)) lists.ranked.add(a, b);
}

/** Which edge lists a fact goes to (none for facts that are records, not traversal edges). */
function routeFact(lists: EdgeLists, kind: number, a: number, b: number, kindOf: (id: number) => number): void {
  switch (kind) {
    case FactKind.SbomIncludes:
      lists.sbom.add(a, b);
      return;
    case FactKind.IsOccurrence:
      // Occurrences of sources are not walked through.
      if (kindOf(b) === NodeKind.Package) {
        lists.equivalence.add(a, b);
        lists.equivalence.add(b, a);
      }
      return;
    case FactKind.HashEqual:
      lists.equivalence.add(a, b);
      lists.equivalence.add(b, a);
      return;
    case FactKind.HasSlsa:
      if (b) lists.slsa.add(a, b);
      return;
  }
}

/** Adjacency built for a batch before it is applied (see GraphIndex.prepare). */
export interface PreparedAdjacency {
  nodeCount: number;
  dependencyOut: Csr;
  rankedDependents: Csr;
  sbomOut: Csr;
  slsaOut: Csr;
  equivalent: Csr;
}

/** Collects only the traversal edges of a batch, knowing the kinds and keys of its new nodes. */
class EdgeCollector implements LoadSink {
  readonly lists = newEdgeLists();
  maxNode = 0;
  private readonly kinds = new Map<number, number>();
  private readonly keys = new Map<number, string>();

  constructor(private readonly index: GraphIndex) {}

  node(id: number, kind: number, key: string): void {
    this.kinds.set(id, kind);
    this.keys.set(id, key);
    if (id > this.maxNode) this.maxNode = id;
  }
  document(): void {
    /* no edges */
  }
  link(kind: LinkFactKind, a: number, b: number): void {
    routeFact(this.lists, kind, a, b, (id) => this.kinds.get(id) ?? this.index.kindOf(id));
  }
  record(): void {
    /* records are not traversal edges */
  }
  dependencyEdge(a: number, b: number, ranked: boolean): void {
    routeDependency(this.lists, a, b, ranked, (id) => this.keys.get(id) ?? this.index.keys[id] ?? '');
  }
}

/**
 * The index is itself a LoadSink: the first load streams straight into it (nothing is served
 * yet); later loads go through a LoadBatch and apply() so readers never see half of one.
 * After streaming, finishLoad() must be called.
 */
export class GraphIndex implements LoadSink {
  /** Bumped on every applied change; part of ETags and cursors' validity. */
  generation = 0;
  nodeCount = 1; // ids start at 1
  kinds = new Uint8Array(1024);
  keys: string[] = [''];

  readonly packageIds = new Map<string, number>();
  readonly artifactIds = new Map<string, number>();
  readonly sourceIds = new Map<string, number>();
  readonly vulnIds = new Map<string, number>();
  readonly vulnTypes = new Map<number, string>();
  readonly packageNameIds = new Map<string, number>();
  /** Digest value without algorithm → artifacts (for "digest given without its algorithm"). */
  readonly artifactsByValue = new Map<string, number[]>();
  /** Package name → its package versions. */
  readonly packagesByName = new Map<string, number[]>();

  private readonly docs = new Map<number, DocumentRow>();
  private readonly edges = newEdgeLists();

  dependencyOut: Csr = EMPTY_CSR;
  sbomOut: Csr = EMPTY_CSR;
  slsaOut: Csr = EMPTY_CSR;
  equivalent: Csr = EMPTY_CSR;
  /** Reverse of the dependency edges that count for the frequency ranking. */
  rankedDependents: Csr = EMPTY_CSR;

  /** Packages in canonical purl order: rank → id, and id → rank. */
  packagesInOrder = new Uint32Array(0);
  packageRank = new Uint32Array(0);

  readonly vulnsByPackage = new Map<number, CertifyVulnRecord[]>();
  readonly vexBySubject = new Map<number, VexRecord[]>();
  readonly vulnMetadata = new Map<number, VulnMetadataRecord[]>();
  private readonly aliasParent = new Map<number, number>();
  private readonly aliasMembers = new Map<number, number[]>();
  readonly sourcesByPackage = new Map<number, number[]>();
  readonly sourcesByName = new Map<string, number[]>();
  readonly scorecards = new Map<number, ScorecardRecord>();
  /** OSV advisories and the packages they affect (matched offline). */
  readonly advisories = new AdvisoryMatcher();

  /** Ranked dependency edges so far (append-only). */
  get rankedEdgeCount(): number {
    return this.edges.ranked.length;
  }

  /** Targets of the ranked edges added after the first `since`. */
  rankedEdgeTargetsSince(since: number): Uint32Array {
    return this.edges.ranked.to.view().subarray(since);
  }

  kindOf(id: number): number {
    return id < this.nodeCount ? this.kinds[id] : 0;
  }

  /** Applies a buffered load synchronously, so a request sees the graph before or after it, never half. */
  apply(batch: LoadBatch, prepared?: PreparedAdjacency): void {
    if (batch.isEmpty) return;
    batch.replay(this);
    this.finishLoad(prepared);
  }

  /** Makes what was streamed in visible: matches advisories, rebuilds (or swaps in) adjacency. */
  finishLoad(prepared?: PreparedAdjacency): void {
    this.advisories.flush(this);
    this.rebuild(this.nodesChanged, prepared);
    this.nodesChanged = false;
    this.generation++;
  }

  private nodesChanged = false;

  node(id: number, kind: NodeKind, key: string, attr: string | null): void {
    this.addNode(id, kind, key, attr);
    this.nodesChanged = true;
  }

  document(row: DocumentRow): void {
    this.docs.set(row.id, row);
  }

  link(kind: LinkFactKind, a: number, b: number): void {
    switch (kind) {
      case FactKind.VulnEqual:
        this.unionAliases(a, b);
        return;
      case FactKind.HasSourceAt:
        if (this.kinds[a] === NodeKind.PackageName) pushUnique(this.sourcesByName, this.keys[a], b);
        else pushUnique(this.sourcesByPackage, a, b);
        return;
      default:
        routeFact(this.edges, kind, a, b, (id) => this.kinds[id]);
    }
  }

  record(fact: StoredRecord): void {
    this.addRecord(fact);
  }

  dependencyEdge(a: number, b: number, ranked: boolean): void {
    routeDependency(this.edges, a, b, ranked, (id) => this.keys[id]);
  }

  private addNode(id: number, kind: number, key: string, attr: string | null): void {
    if (id >= this.kinds.length) {
      const bigger = new Uint8Array(Math.max(id + 1, this.kinds.length * 2));
      bigger.set(this.kinds);
      this.kinds = bigger;
    }
    this.kinds[id] = kind;
    this.keys[id] = key;
    if (id >= this.nodeCount) this.nodeCount = id + 1;
    switch (kind) {
      case NodeKind.Package: {
        if (!this.packageIds.has(key)) this.unrankedPackages.push(id);
        this.packageIds.set(key, id);
        this.advisories.addPackage(id);
        const name = nameOfCanonicalPurl(key);
        const list = this.packagesByName.get(name);
        if (list) list.push(id);
        else this.packagesByName.set(name, [id]);
        break;
      }
      case NodeKind.Artifact: {
        this.artifactIds.set(key, id);
        const value = key.slice(key.indexOf(':') + 1);
        const list = this.artifactsByValue.get(value);
        if (list) list.push(id);
        else this.artifactsByValue.set(value, [id]);
        break;
      }
      case NodeKind.Source:
        this.sourceIds.set(key, id);
        break;
      case NodeKind.Vulnerability:
        this.vulnIds.set(key, id);
        this.vulnTypes.set(id, attr ?? 'OSV');
        break;
      case NodeKind.PackageName:
        this.packageNameIds.set(key, id);
        break;
    }
  }

  private attribution(doc: number, fields: { origin?: string; collector?: string }): Attribution {
    const d = this.docs.get(doc);
    return { origin: fields.origin ?? d?.origin ?? '', collector: fields.collector ?? d?.collector ?? '' };
  }

  private addRecord(fact: StoredRecord): void {
    const { a, b, doc } = fact;
    switch (fact.kind) {
      case FactKind.CertifyVuln: {
        if (!b) return; // a clean scan: recorded in the store, never reported
        const f = fact.fields;
        pushTo(this.vulnsByPackage, a, {
          pkg: a,
          vuln: b,
          scannerUri: f.scannerUri ?? '',
          scannerVersion: f.scannerVersion ?? '',
          dbUri: f.dbUri ?? '',
          dbVersion: f.dbVersion ?? '',
          timeScanned: f.timeScanned ?? '',
          ...this.attribution(doc, f),
        });
        return;
      }
      case FactKind.VulnMetadata: {
        const f = fact.fields;
        pushTo(this.vulnMetadata, a, {
          scoreType: f.scoreType || undefined,
          scoreValue: f.scoreValue,
          severity: f.severity || undefined,
          description: f.description || undefined,
          timestamp: f.timestamp || undefined,
          ...this.attribution(doc, f),
        });
        return;
      }
      case FactKind.Vex: {
        const f = fact.fields;
        pushTo(this.vexBySubject, a, {
          subject: a,
          vuln: b,
          status: f.status ?? '',
          justification: f.justification || undefined,
          statement: f.statement || undefined,
          knownSince: f.knownSince ?? '',
          doc,
        });
        return;
      }
      case FactKind.Advisory: {
        const f = fact.fields;
        this.advisories.addAdvisory({
          vuln: a,
          id: this.keys[a],
          dbUri: f.dbUri ?? '',
          modified: f.modified || undefined,
          asOf: [f.modified ?? '', f.published ?? ''].sort().pop() ?? '',
          withdrawn: f.withdrawn || undefined,
          affected: f.affected ?? [],
          doc,
          ...this.attribution(doc, f),
        });
        return;
      }
      case FactKind.Scorecard: {
        const f = fact.fields;
        const rec: ScorecardRecord = {
          source: a,
          aggregateScore: f.aggregateScore ?? -1,
          timeScanned: f.timeScanned ?? '',
          scorecardVersion: f.scorecardVersion ?? '',
          scorecardCommit: f.scorecardCommit ?? '',
          checks: f.checks ?? [],
        };
        const current = this.scorecards.get(a);
        // The latest scorecard of a source is its result (ties: the later document).
        if (!current || rec.timeScanned >= current.timeScanned) this.scorecards.set(a, rec);
        return;
      }
    }
  }

  private rebuild(nodesChanged: boolean, prepared?: PreparedAdjacency): void {
    const n = this.nodeCount;
    const e = this.edges;
    if (prepared && prepared.nodeCount === n) {
      Object.assign(this, {
        dependencyOut: prepared.dependencyOut,
        rankedDependents: prepared.rankedDependents,
        sbomOut: prepared.sbomOut,
        slsaOut: prepared.slsaOut,
        equivalent: prepared.equivalent,
      });
    } else {
      this.dependencyOut = buildCsr(n, e.dependency.from.view(), e.dependency.to.view());
      this.rankedDependents = buildCsr(n, e.ranked.from.view(), e.ranked.to.view(), true);
      this.sbomOut = buildCsr(n, e.sbom.from.view(), e.sbom.to.view());
      this.slsaOut = buildCsr(n, e.slsa.from.view(), e.slsa.to.view());
      this.equivalent = buildCsr(n, e.equivalence.from.view(), e.equivalence.to.view());
    }
    if (nodesChanged) this.rankPackages();
  }

  /**
   * Builds, in slices that yield to the event loop, the adjacency the index will have once
   * `batch` is applied, without changing what readers see. apply(batch, prepared) then swaps it
   * in, so a refresh never stalls requests for a whole rebuild.
   */
  async prepare(batch: LoadBatch): Promise<PreparedAdjacency> {
    const added = new EdgeCollector(this);
    batch.replay(added);
    const nodeCount = Math.max(this.nodeCount, added.maxNode + 1);
    const parts = (list: keyof EdgeLists): EdgeArrays[] => [
      { from: this.edges[list].from.view(), to: this.edges[list].to.view() },
      { from: added.lists[list].from.view(), to: added.lists[list].to.view() },
    ];
    return {
      nodeCount,
      dependencyOut: await buildCsrInSlices(nodeCount, parts('dependency'), false),
      rankedDependents: await buildCsrInSlices(nodeCount, parts('ranked'), true),
      sbomOut: await buildCsrInSlices(nodeCount, parts('sbom'), false),
      slsaOut: await buildCsrInSlices(nodeCount, parts('slsa'), false),
      equivalent: await buildCsrInSlices(nodeCount, parts('equivalence'), false),
    };
  }

  /** Merges the packages added since the last call into the purl order: O(n + k log k), not a full sort. */
  private rankPackages(): void {
    const keys = this.keys;
    const byKey = (x: number, y: number): number => (keys[x] < keys[y] ? -1 : keys[x] > keys[y] ? 1 : 0);
    const added = this.unrankedPackages.sort(byKey);
    this.unrankedPackages = [];
    const old = this.packagesInOrder;
    const merged = new Uint32Array(old.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < old.length && j < added.length) merged[k++] = byKey(old[i], added[j]) <= 0 ? old[i++] : added[j++];
    while (i < old.length) merged[k++] = old[i++];
    while (j < added.length) merged[k++] = added[j++];
    this.packagesInOrder = merged;
    const rank = new Uint32Array(this.nodeCount);
    for (let r = 0; r < merged.length; r++) rank[merged[r]] = r;
    this.packageRank = rank;
  }

  private unrankedPackages: number[] = [];

  /** Packages ids sorted by canonical purl (via the precomputed rank: no string compares). */
  sortPackages(ids: Iterable<number>): number[] {
    const ranks = Uint32Array.from(ids, (id) => this.packageRank[id]);
    ranks.sort();
    const out = new Array<number>(ranks.length);
    for (let i = 0; i < ranks.length; i++) out[i] = this.packagesInOrder[ranks[i]];
    return out;
  }

  // --- vulnerability aliases (union-find over VulnEqual) ---

  aliasRoot(v: number): number {
    let root = v;
    while (this.aliasParent.has(root)) root = this.aliasParent.get(root)!;
    // Path compression.
    while (this.aliasParent.has(v) && this.aliasParent.get(v) !== root) {
      const next = this.aliasParent.get(v)!;
      this.aliasParent.set(v, root);
      v = next;
    }
    return root;
  }

  private unionAliases(a: number, b: number): void {
    const ra = this.aliasRoot(a);
    const rb = this.aliasRoot(b);
    if (ra === rb) return;
    const [keep, drop] = ra < rb ? [ra, rb] : [rb, ra];
    this.aliasParent.set(drop, keep);
    const members = [...(this.aliasMembers.get(keep) ?? [keep]), ...(this.aliasMembers.get(drop) ?? [drop])];
    this.aliasMembers.set(keep, members);
    this.aliasMembers.delete(drop);
  }

  /** Every vulnerability node that is the same vulnerability as v (v included). */
  aliasesOf(v: number): number[] {
    return this.aliasMembers.get(this.aliasRoot(v)) ?? [v];
  }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function pushUnique<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}
