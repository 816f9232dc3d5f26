// The in-memory graph index: composes its parts (node identity, adjacency, vulnerabilities,
// sources and scorecards, purl order) as the LoadSink the store loads into, and answers the
// read-only GraphView the query layer asks. No I/O: the index service feeds it LoadBatches.
import { ExploitationTable, type ExploitationLookup } from './exploitation-table.js';
import { FactKind, NodeKind } from '../model/kinds.js';
import type { LinkFactKind, StoredRecord } from '../model/stored-facts.js';
import type { AdvisoryRows, DocumentRow, LoadPhases, LoadSink } from '../store/types.js';
import { PhaseClock } from '../store/load-phases.js';
import { Adjacency, type PreparedAdjacency } from './adjacency.js';
import type { GraphCounts, GraphView } from './graph-view.js';
import { LicenseFacts, type LicenseRecord } from './licenses.js';
import type { LoadBatch } from './load-batch.js';
import { LoadProblems } from './load-problems.js';
import { NodeTable, partsOrNull, type PackagePurl } from './nodes.js';
import type { PurlParts } from '../model/purl.js';
import { PackageOrder } from './package-order.js';
import { SearchIndex } from './search-index.js';
import { finishInSlices } from './slices.js';
import { SourceFacts, type ScorecardRecord } from './sources.js';
import type { AdvisoryRecord } from './vulnerabilities/advisory-matcher.js';
import type { Attribution, CertifyVulnRecord, VexRecord, VulnMetadataRecord } from './vulnerabilities/records.js';
import { VulnerabilityFacts } from './vulnerabilities/vulnerability-facts.js';

const NONE: readonly never[] = [];

/**
 * In an index built aside (GraphIndex.aside), advisory matching runs every this many packages and
 * records while the rows arrive: each step stays short. The purl order and the search's postings
 * are built once, in slices, when the load is done (docs/architecture.md).
 */
const ASIDE_FLUSH_EVERY = 256;
const NO_MATCHES: ReadonlySet<number> = new Set();

/**
 * The index is itself a LoadSink: the first load streams straight into it (nothing is served
 * yet); later loads go through a LoadBatch and apply() so readers never see half of one.
 * After streaming, finishLoad() must be called.
 */
export class GraphIndex implements LoadSink, GraphView {
  /** Bumped on every applied change; part of ETags and cursors' validity. */
  generation = 0;
  readonly nodes = new NodeTable();
  readonly adjacency = new Adjacency(this.nodes);
  /** Parts of stored documents left out because taking them threw (reported, never fatal). */
  readonly loadProblems = new LoadProblems((doc) => this.docs.get(doc)?.digest);
  readonly vulnerabilities = new VulnerabilityFacts(this.loadProblems);
  readonly sources = new SourceFacts();
  readonly licenses = new LicenseFacts();
  readonly packageOrder = new PackageOrder();
  readonly search = new SearchIndex();
  /** Set by the index service: its one table, kept across rebuilds. */
  exploitation: ExploitationLookup = new ExploitationTable();
  private readonly docs = new Map<number, DocumentRow>();
  private nodesChanged = false;
  /** Built aside (no request reads it until it is swapped in): finished in steps as rows arrive. */
  private builtAside = false;
  private rowsSinceFlush = 0;

  /** An index to be built while another one answers, then swapped in (see finishLoadAside). */
  static aside(): GraphIndex {
    const index = new GraphIndex();
    index.builtAside = true;
    return index;
  }

  get nodeCount(): number {
    return this.nodes.count;
  }

  /** Documents whose facts the index holds. */
  get documentCount(): number {
    return this.docs.size;
  }

  graphCounts(): GraphCounts {
    let vulnerabilities = 0;
    // Each alias set counts once, at its root (as /v0/vuln/{id} folds aliases).
    for (const id of this.nodes.vulnIds.values()) if (this.vulnerabilities.aliases.root(id) === id) vulnerabilities++;
    return {
      documents: this.docs.size,
      packages: this.nodes.packageIds.size,
      packageNames: this.nodes.packagesByName.size,
      artifacts: this.nodes.artifactIds.size,
      vulnerabilities,
      // The CSR rows hold each distinct edge once (stated ranked and unranked, it is one edge here).
      dependencyEdges: this.adjacency.dependencyOut.targets.length,
    };
  }

  get kinds(): Uint8Array {
    return this.nodes.kinds;
  }

  // --- loading ---

  /** Applies a buffered load synchronously, so a request sees the graph before or after it, never half. */
  apply(batch: LoadBatch, prepared?: PreparedAdjacency): void {
    if (batch.isEmpty) return;
    batch.replay(this);
    this.finishLoad(prepared);
  }

  /**
   * Makes what was streamed in visible: matches advisories, rebuilds (or swaps in) adjacency.
   * With `phases`, adds how long each step took to it (ms).
   */
  finishLoad(prepared?: PreparedAdjacency, phases?: LoadPhases): void {
    const clock = new PhaseClock(phases);
    this.vulnerabilities.advisories.flush(this.nodes);
    clock.lap('advisory matching');
    this.adjacency.rebuild(this.nodes.count, prepared);
    clock.lap('adjacency');
    if (this.nodesChanged) this.packageOrder.merge(this.nodes.keys, this.nodes.count);
    clock.lap('purl order');
    this.search.finish();
    clock.lap('search');
    this.nodesChanged = false;
    this.generation++;
  }

  /**
   * finishLoad for an index built aside: the search, the purl order and the adjacency are built
   * in slices that yield to the event loop; what is left of the matching is short (see
   * ASIDE_FLUSH_EVERY).
   */
  async finishLoadAside(phases?: LoadPhases): Promise<void> {
    await finishInSlices(this.search.finishSteps());
    await finishInSlices(this.packageOrder.mergeSteps(this.nodes.keys, this.nodes.count));
    const prepared = await this.adjacency.prepareAll(this.nodes.count);
    this.finishLoad(prepared, phases);
  }

  /** In an index built aside, a step of the matching after so many rows. */
  private finishSome(): void {
    if (++this.rowsSinceFlush >= ASIDE_FLUSH_EVERY) {
      this.vulnerabilities.advisories.flush(this.nodes);
      this.rowsSinceFlush = 0;
    }
  }

  /**
   * From now on, OSV advisories none of whose names the graph holds sleep (docs/adr/0017): the
   * owner must wake them (sleepingAdvisoryDocs, wakeAdvisories) before it applies packages.
   */
  sleepIrrelevantAdvisories(): void {
    this.vulnerabilities.advisories.sleepIrrelevant(this.nodes);
    this.readsOnDemand = true;
  }

  /**
   * As a load's sink: leave the fields the index reads on demand out (advisories' affected
   * entries, docs/adr/0018). Every advisory loaded then sleeps: the owner wakes those the graph
   * may meet (sleepingAdvisoryDocsMetByGraph) before the load is finished.
   */
  readsOnDemand = false;

  /** The documents of sleeping advisories some package of the graph may meet. */
  sleepingAdvisoryDocsMetByGraph(): number[] {
    return this.vulnerabilities.advisories.dormantDocsMetByGraph();
  }

  /** The documents of sleeping advisories the packages (purls) may meet: to be read again and woken. */
  sleepingAdvisoryDocs(purls: readonly string[]): number[] {
    const docs = new Set<number>();
    for (const purl of purls) {
      const parts = partsOrNull(purl);
      if (parts) for (const doc of this.vulnerabilities.advisories.dormantDocsFor(parts)) docs.add(doc);
    }
    return [...docs];
  }

  /** Takes advisory records read again from the store, awake (matched at the next finishLoad). */
  wakeAdvisories({ records, leftOut }: AdvisoryRows): void {
    this.vulnerabilities.advisories.wake(records.map((r) => r.a));
    for (const r of records) this.record(r);
    for (const { doc, part, err } of leftOut) this.leftOut(doc, part, err);
  }

  /** The adjacency there will be once `batch` is applied, built in slices (see Adjacency.prepare). */
  prepare(batch: LoadBatch): Promise<PreparedAdjacency> {
    return this.adjacency.prepare(batch);
  }

  node(id: number, kind: NodeKind, key: string, attr: string | null): void {
    const isNew = this.nodes.kindOf(id) === 0;
    if (this.nodes.add(id, kind, key, attr)) this.packageOrder.add(id);
    if (isNew) this.search.add(id, kind, key, this.nodes);
    if (kind === NodeKind.Package) this.vulnerabilities.advisories.addPackage(id);
    this.nodesChanged = true;
    if (this.builtAside) this.finishSome();
  }

  document(row: DocumentRow): void {
    this.docs.set(row.id, row);
  }

  link(kind: LinkFactKind, a: number, b: number): void {
    switch (kind) {
      case FactKind.VulnEqual:
        this.vulnerabilities.aliases.union(a, b);
        return;
      case FactKind.HasSourceAt:
        if (this.nodes.kinds[a] === NodeKind.PackageName) this.sources.addNameSource(this.nodes.keys[a], b);
        else this.sources.addPackageSource(a, b);
        return;
      default:
        this.adjacency.link(kind, a, b);
    }
  }

  record(fact: StoredRecord): void {
    if (this.builtAside) this.finishSome();
    try {
      if (fact.kind === FactKind.Scorecard) this.sources.addScorecard(fact.a, fact.fields);
      else if (fact.kind === FactKind.HasLicense) {
        const { expression = '', kind = 'declared', verbatim = false } = fact.fields;
        this.licenses.add(fact.a, { expression, kind, verbatim, doc: fact.doc });
      } else this.vulnerabilities.add(fact, this.attribute, this.keyOf, this.templateName);
    } catch (err) {
      // One stored fact must not stop the load (docs/reliability.md): it is left out and reported.
      const kind = Object.keys(FactKind).find((name) => FactKind[name as keyof typeof FactKind] === fact.kind);
      this.loadProblems.add(fact.doc, `a ${kind ?? fact.kind} fact`, err);
    }
  }

  dependencyEdge(a: number, b: number, ranked: boolean): void {
    this.adjacency.dependencyEdge(a, b, ranked);
  }

  leftOut(doc: number, part: string, err: unknown): void {
    this.loadProblems.add(doc, part, err);
  }

  private readonly attribute = (doc: number, fields: { origin?: string; collector?: string }): Attribution => {
    const d = this.docs.get(doc);
    return { origin: fields.origin ?? d?.origin ?? '', collector: fields.collector ?? d?.collector ?? '' };
  };

  /** A package node without a version names its package as a template: its name; else undefined. */
  private readonly templateName = (subject: number): string | undefined => {
    if (this.nodes.kindOf(subject) !== NodeKind.Package) return undefined;
    const purl = this.nodes.purlOf(subject);
    return purl.key.version === undefined ? purl.nameKey : undefined;
  };

  // --- GraphView ---

  readonly keyOf = (id: number): string => this.nodes.keys[id];

  packageId(canonicalPurl: string): number | undefined {
    return this.nodes.packageIds.get(canonicalPurl);
  }
  artifactId(digestKey: string): number | undefined {
    return this.nodes.artifactIds.get(digestKey);
  }
  sourceId(key: string): number | undefined {
    return this.nodes.sourceIds.get(key);
  }
  vulnerabilityId(canonicalId: string): number | undefined {
    return this.nodes.vulnIds.get(canonicalId);
  }
  artifactsWithDigestValue(value: string): readonly number[] {
    return this.nodes.artifactsWithValue(value);
  }
  packageVersions(nameKey: string): readonly number[] {
    return this.nodes.versionsOf(nameKey);
  }
  packagePurl(pkg: number): PackagePurl {
    return this.nodes.purlOf(pkg);
  }
  vulnType(vuln: number): string {
    return this.nodes.vulnTypes.get(vuln) ?? 'OSV';
  }
  sortPackages(ids: Iterable<number>): number[] {
    return this.packageOrder.sort(ids);
  }

  findingsOf(pkg: number): readonly CertifyVulnRecord[] {
    return this.vulnerabilities.findingsByPackage.get(pkg) ?? NONE;
  }
  findingsOfVuln(vuln: number): readonly CertifyVulnRecord[] {
    return this.vulnerabilities.findingsByVuln.get(vuln) ?? NONE;
  }
  packagesMatchedBy(vuln: number): readonly number[] {
    return this.vulnerabilities.advisories.packagesMatching(vuln);
  }
  vexAbout(vuln: number): readonly VexRecord[] {
    return this.vulnerabilities.vexByVuln.get(vuln) ?? NONE;
  }
  advisoryMatchesOf(pkg: number): Iterable<number> {
    return this.vulnerabilities.advisories.matchesByPackage.get(pkg) ?? NO_MATCHES;
  }
  advisory(vuln: number): Readonly<AdvisoryRecord> | undefined {
    return this.vulnerabilities.advisories.get(vuln);
  }
  advisoriesAffecting(parts: Readonly<PurlParts>): number[] {
    return this.vulnerabilities.advisories.advisoriesAffecting(parts);
  }
  vexOf(subject: number): readonly VexRecord[] {
    return this.vulnerabilities.vexBySubject.get(subject) ?? NONE;
  }
  templateVexAbout(nameKey: string, vuln: number): readonly VexRecord[] {
    return this.vulnerabilities.templateVex.get(nameKey)?.get(vuln) ?? NONE;
  }
  vulnMetadataOf(vuln: number): readonly VulnMetadataRecord[] {
    return this.vulnerabilities.metadataByVuln.get(vuln) ?? NONE;
  }
  aliasRoot(vuln: number): number {
    return this.vulnerabilities.aliases.root(vuln);
  }
  aliasesOf(vuln: number): readonly number[] {
    return this.vulnerabilities.aliases.membersOf(vuln);
  }

  sourcesOfPackage(pkg: number): readonly number[] {
    return this.sources.sourcesByPackage.get(pkg) ?? NONE;
  }
  sourcesOfName(nameKey: string): readonly number[] {
    return this.sources.sourcesByName.get(nameKey) ?? NONE;
  }
  scorecardOf(source: number): Readonly<ScorecardRecord> | undefined {
    return this.sources.scorecards.get(source);
  }

  licensesOf(pkg: number): readonly LicenseRecord[] {
    return this.licenses.of(pkg);
  }
  documentDigest(doc: number): string | undefined {
    return this.docs.get(doc)?.digest;
  }

  // --- search (/v0/search) ---

  forEachPackageNameMatching(q: string, visit: (nameKey: string, text: string) => void): void {
    this.search.names.forEachMatch(q, visit);
  }
  artifactsWithDigestPrefix(prefix: string): readonly number[] {
    return this.search.digests.withPrefix(prefix);
  }
  vulnerabilitiesWithIdPrefix(prefix: string): readonly number[] {
    return this.search.vulnIds.withPrefix(prefix);
  }
}
