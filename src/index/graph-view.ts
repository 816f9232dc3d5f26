// The read-only questions the query layer asks of the graph. GraphIndex implements it; query/
// depends on this interface only, never on how the index keeps its parts.
import type { ExploitationLookup } from './exploitation-table.js';
import type { AdjacencyView } from './adjacency.js';
import type { LicenseRecord } from './licenses.js';
import type { PackagePurl } from './nodes.js';
import type { PurlParts } from '../model/purl.js';
import type { ScorecardRecord } from './sources.js';
import type { AdvisoryRecord } from './vulnerabilities/advisory-matcher.js';
import type { CertifyVulnRecord, VexRecord, VulnMetadataRecord } from './vulnerabilities/records.js';

/** How much the index holds (/v0/stats). */
export interface GraphCounts {
  /** Documents whose facts the index holds. */
  documents: number;
  /** Package nodes: distinct canonical purls, with a version or without. */
  packages: number;
  /** Distinct package names those purls are versions of. */
  packageNames: number;
  artifacts: number;
  /** Vulnerability nodes, one per alias set. */
  vulnerabilities: number;
  /** Distinct (a, b) dependency edges, however many documents state each. */
  dependencyEdges: number;
}

export interface GraphView {
  /** Bumped on every applied change. */
  readonly generation: number;
  /** One past the highest node id. */
  readonly nodeCount: number;
  /** Node kind by id (NodeKind codes). A typed array because walks read it per visited node: do not write. */
  readonly kinds: Uint8Array;
  /** The CSR rows the walks follow. */
  readonly adjacency: AdjacencyView;
  /** How much it holds; a pass over the vulnerability nodes (callers cache it per version). */
  graphCounts(): GraphCounts;

  // --- node identity ---
  /** A node's key: canonical purl, "alg:digest", source URL, vulnerability id, package name. Bound: pass it to map(). */
  readonly keyOf: (id: number) => string;
  packageId(canonicalPurl: string): number | undefined;
  artifactId(digestKey: string): number | undefined;
  sourceId(key: string): number | undefined;
  /** A vulnerability node by its canonical id (canonicalVulnId). */
  vulnerabilityId(canonicalId: string): number | undefined;
  /** Artifacts whose digest value (without its algorithm) is `value`. */
  artifactsWithDigestValue(value: string): readonly number[];
  /** The package versions of a package name ("pkg:type/namespace/name"). */
  packageVersions(nameKey: string): readonly number[];
  /** A package node's purl, parsed once. */
  packagePurl(pkg: number): PackagePurl;
  /** CVE, GHSA, OSV… */
  vulnType(vuln: number): string;
  /** Package ids in canonical purl order. */
  sortPackages(ids: Iterable<number>): number[];

  // --- vulnerabilities ---
  findingsOf(pkg: number): readonly CertifyVulnRecord[];
  /** The certified findings that name this vulnerability node (not its aliases). */
  findingsOfVuln(vuln: number): readonly CertifyVulnRecord[];
  /** The packages the offline OSV matcher found this advisory (vulnerability node) to affect. */
  packagesMatchedBy(vuln: number): readonly number[];
  /** The VEX statements about this vulnerability node (not its aliases), any subject. */
  vexAbout(vuln: number): readonly VexRecord[];
  /** The advisories (vulnerability ids) the offline OSV matcher found to affect a package. */
  advisoryMatchesOf(pkg: number): Iterable<number>;
  advisory(vuln: number): Readonly<AdvisoryRecord> | undefined;
  /** The advisories that affect a package by its decoded purl, held by the graph or not (a build judged unstored). */
  advisoriesAffecting(parts: Readonly<PurlParts>): number[];
  vexOf(subject: number): readonly VexRecord[];
  /**
   * The VEX statements about this vulnerability node (not its aliases) whose subject is a package
   * of this name without a version: templates that may apply to its versions (docs/api.md, VEX).
   */
  templateVexAbout(nameKey: string, vuln: number): readonly VexRecord[];
  vulnMetadataOf(vuln: number): readonly VulnMetadataRecord[];
  /** The representative of a vulnerability's alias set. */
  aliasRoot(vuln: number): number;
  /** Every vulnerability node that is the same vulnerability (itself included). */
  aliasesOf(vuln: number): readonly number[];
  /** KEV entries and EPSS scores by vulnerability id (shared by every index of a service). */
  readonly exploitation: ExploitationLookup;

  // --- sources and scorecards ---
  sourcesOfPackage(pkg: number): readonly number[];
  sourcesOfName(nameKey: string): readonly number[];
  scorecardOf(source: number): Readonly<ScorecardRecord> | undefined;

  // --- licences and documents ---
  /** What documents declare or conclude as the licence of a package version, in the order stated. */
  licensesOf(pkg: number): readonly LicenseRecord[];
  /** A document's digest by its store id (undefined once deleted). */
  documentDigest(doc: number): string | undefined;

  // --- search (/v0/search) ---
  /**
   * Visits the package names ("pkg:type/namespace/name") whose text (namespace/name, decoded,
   * lower case) contains every word of `q` in any case, with that text.
   */
  forEachPackageNameMatching(q: string, visit: (nameKey: string, text: string) => void): void;
  /** Artifacts whose digest value (without its algorithm, lower case) starts with `prefix`, in digest order. */
  artifactsWithDigestPrefix(prefix: string): readonly number[];
  /** Vulnerability nodes whose id in lower case starts with `prefix` (lower case), in id order. */
  vulnerabilitiesWithIdPrefix(prefix: string): readonly number[];
}
