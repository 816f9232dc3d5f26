// The dependency-edge collector of the SBOM formats, with GUAC's "top-level package" heuristic.
import type { DependencyFact, DependencyType, FactsBuilder } from '../../../model/facts.js';

const TYPE_STRENGTH: Record<DependencyType, number> = { UNKNOWN: 0, INDIRECT: 1, DIRECT: 2 };

export const TOP_LEVEL_JUSTIFICATION = 'top-level package GUAC heuristic connecting to each file/package';

/**
 * Collects dependency edges for one document: drops self-edges, merges duplicates (keeping the
 * strongest type), and adds GUAC's top-level heuristic edges before emitting them.
 */
export class DependencyEdges {
  /**
   * Edges by source, then target: no "from + to" key string per edge (hashing those long
   * concatenations was the collector's main cost on large SBOMs). `edges` keeps first-seen order.
   */
  private readonly byFrom = new Map<string, Map<string, DependencyFact>>();
  private readonly edges: DependencyFact[] = [];
  private readonly incoming = new Set<string>();

  /** `versionRange`: the versions of `to` the edge accepts, when the document says (kept from the first edge that gives one). */
  add(from: string, to: string, type: DependencyType, justification: string, versionRange?: string): void {
    if (from === to) return;
    let targets = this.byFrom.get(from);
    if (!targets) this.byFrom.set(from, (targets = new Map<string, DependencyFact>()));
    const existing = targets.get(to);
    if (existing) {
      if (TYPE_STRENGTH[type] > TYPE_STRENGTH[existing.type]) existing.type = type;
      if (versionRange !== undefined && existing.versionRange === undefined) existing.versionRange = versionRange;
      return;
    }
    const fact: DependencyFact = { from, to, type, justification };
    if (versionRange !== undefined) fact.versionRange = versionRange;
    targets.set(to, fact);
    this.edges.push(fact);
    this.incoming.add(to);
  }

  hasOutgoing(purl: string): boolean {
    return this.byFrom.has(purl);
  }

  /**
   * When the document gives no edge out of a subject, the subject depends on the document's
   * top-level packages: those no edge points to (UNKNOWN type, GUAC's justification). Computed
   * once for all subjects, so edges added here do not change who counts as top-level.
   */
  linkTopLevel(
    subjects: readonly string[],
    packages: readonly string[],
    rangeOf: (purl: string) => string | undefined = () => undefined,
  ): void {
    const subjectSet = new Set(subjects);
    const bare = subjects.filter((s) => !this.byFrom.has(s));
    if (bare.length === 0) return;
    const roots = packages.filter((p) => !subjectSet.has(p) && !this.incoming.has(p));
    for (const s of bare) for (const r of roots) this.add(s, r, 'UNKNOWN', TOP_LEVEL_JUSTIFICATION, rangeOf(r));
  }

  emit(builder: FactsBuilder): void {
    for (const f of this.edges) builder.dependency(f);
  }
}
