// The findings of one build (docs/api.md, "Findings"): every vulnerability that reaches a
// package of the build's dependency walk, by the rule of `/vulns?includeDependencies=true`
// (certified findings and offline advisory matches, aliases folded), each with the VEX
// statement that decides it, its severity, the versions that fix it, and the cheapest path from
// the build's subject to the package.
import type { GraphView } from '../index/graph-view.js';
import { forwardEdgeRules, searchReadAtOnce } from '../index/stated-first.js';
import type { VexRecord } from '../index/vulnerabilities/records.js';
import { equivalenceClosure } from '../index/walk.js';
import { NodeKind } from '../model/kinds.js';
import type { Severity } from '../model/vulnerability.js';
import { fixedVersions } from '../vuln/osv-match.js';
import { SUPPRESSING, vexVerdict, vulnerabilitySummary } from './vulnerabilities.js';

export interface BuildFinding {
  /** The package version the vulnerability was found in. */
  pkg: number;
  /** The vulnerability node a finding or advisory names (its alias set folded: one per set). */
  vuln: number;
  severity: Severity;
  cvssScore?: number;
  /** Versions of the package that fix it (from advisories); empty when none is known. */
  fixedIn: string[];
  /** The statement that decides it (docs/api.md, "Vulnerabilities"); undefined when none. */
  vex: VexRecord | undefined;
  suppressed: boolean;
  /** Node ids from the build's subject to the package, both included (cheapest: fewest SBOM inclusions, then hops). */
  path: number[];
}

/** Whether `subject` is a node of this index (a build stored but not loaded yet is not). */
export function isLoaded(index: GraphView, subject: number): boolean {
  return subject > 0 && subject < index.nodeCount && index.kinds[subject] !== 0;
}

/** A package version a build reaches, with the cheapest path to it from the build's subject (node ids, both included). */
export interface ReachedPackage {
  pkg: number;
  path: number[];
}

/**
 * The package versions the build whose SBOM subject is `subject` reaches, cheapest first; with
 * `wanted`, only those it keeps (a path costs an array: a build reaches about 1,000 packages).
 */
export function buildPackages(index: GraphView, subject: number, wanted?: (pkg: number) => boolean): ReachedPackage[] {
  if (!isLoaded(index, subject)) return [];
  const packagesAreLeaves = index.kinds[subject] === NodeKind.Artifact;
  const search = searchReadAtOnce;
  search.run(index, [subject], forwardEdgeRules(index.adjacency, packagesAreLeaves));
  const out: ReachedPackage[] = [];
  // Paths are read before anything else runs a search.
  for (let i = 0; i < search.reached; i++) {
    const node = search.order[i];
    if (index.kinds[node] !== NodeKind.Package || (wanted && !wanted(node))) continue;
    out.push({ pkg: node, path: search.pathTo(node) });
  }
  return out;
}

/** The findings of the build whose SBOM subject is `subject`, in walk order (cheapest path first). */
export function buildFindings(index: GraphView, subject: number): BuildFinding[] {
  const vulnerable = (pkg: number): boolean =>
    index.findingsOf(pkg).length > 0 || !index.advisoryMatchesOf(pkg)[Symbol.iterator]().next().done;
  return packageFindings(index, buildPackages(index, subject, vulnerable), equivalenceClosure(index, [subject]));
}

/** The findings of packages reached by a build; `products`: what VEX statements about the build name. */
export function packageFindings(
  index: GraphView,
  packages: readonly ReachedPackage[],
  products: readonly number[],
): BuildFinding[] {
  const out: BuildFinding[] = [];
  for (const { pkg, path } of packages) {
    for (const vuln of vulnerabilitiesOf(index, pkg)) out.push(describe(index, pkg, vuln, products, path));
  }
  return out;
}

/** The vulnerabilities of one package: one node per alias set, certified or matched. */
function vulnerabilitiesOf(index: GraphView, pkg: number): number[] {
  const byRoot = new Map<number, number>();
  const add = (vuln: number): void => {
    const root = index.aliasRoot(vuln);
    if (!byRoot.has(root)) byRoot.set(root, vuln);
  };
  for (const r of index.findingsOf(pkg)) add(r.vuln);
  for (const vuln of index.advisoryMatchesOf(pkg)) add(vuln);
  return [...byRoot.values()];
}

function describe(
  index: GraphView,
  pkg: number,
  vuln: number,
  products: readonly number[],
  path: number[],
): BuildFinding {
  const { severity, cvssScore } = vulnerabilitySummary(index, vuln, index.keyOf(pkg));
  const vex = vexVerdict(index, pkg, vuln, products);
  return {
    pkg,
    vuln,
    severity,
    ...(cvssScore === undefined ? {} : { cvssScore }),
    fixedIn: fixesOf(index, pkg, vuln),
    vex,
    suppressed: vex !== undefined && SUPPRESSING.has(vex.status),
    path,
  };
}

/** The fixed versions every advisory of the vulnerability's alias set gives for the package. */
function fixesOf(index: GraphView, pkg: number, vuln: number): string[] {
  const parts = index.packagePurl(pkg).parts;
  if (!parts) return [];
  const fixed = new Set<string>();
  for (const alias of index.aliasesOf(vuln)) {
    const advisory = index.advisory(alias);
    if (advisory && !advisory.withdrawn) for (const v of fixedVersions(advisory, parts)) fixed.add(v);
  }
  return [...fixed].sort();
}
