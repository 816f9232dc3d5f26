// The normalised facts every document parser emits (SPEC §2). Parsers build a
// DocumentFacts through FactsBuilder; the store persists it atomically; the index reads it back.
// All identifiers here are already canonical (see purl.ts, artifact.ts, source.ts, vulnerability.ts).

export type DependencyType = 'DIRECT' | 'INDIRECT' | 'UNKNOWN';
export type VexStatus = 'NOT_AFFECTED' | 'AFFECTED' | 'FIXED' | 'UNDER_INVESTIGATION';

export type NodeRef =
  { kind: 'package'; purl: string } | { kind: 'artifact'; digest: string } | { kind: 'source'; url: string };

export interface VulnRef {
  type: string; // "CVE", "GHSA", "OSV", …
  id: string; // canonical id
}

/** Who said it: defaults to the document's, a fact may override (ingest-predicates carry their own). */
export interface FactOrigin {
  origin?: string;
  collector?: string;
}

/** The document's subject has an SBOM; it includes every package and artifact of the document. */
export interface HasSbomFact extends FactOrigin {
  subject: NodeRef & { kind: 'package' | 'artifact' };
  uri?: string;
  algorithm?: string;
  digest?: string;
  downloadLocation?: string;
  knownSince?: string;
}

export interface DependencyFact extends FactOrigin {
  from: string; // purl
  to: string; // purl
  type: DependencyType;
  versionRange?: string;
  justification?: string;
}

export interface OccurrenceFact extends FactOrigin {
  artifact: string;
  subject: NodeRef & { kind: 'package' | 'source' };
  justification?: string;
}

export interface HashEqualFact extends FactOrigin {
  artifact: string;
  equal: string;
  justification?: string;
}

export interface SlsaFact extends FactOrigin {
  subject: string; // artifact built
  materials: string[]; // artifacts it was built from
  builder: string;
  buildType?: string;
  slsaVersion?: string;
  startedOn?: string;
  finishedOn?: string;
  predicate?: Record<string, string>;
}

export interface ScanMetadata {
  scannerUri: string;
  scannerVersion: string;
  dbUri: string;
  dbVersion: string;
  timeScanned: string; // ISO 8601 UTC
}

export interface CertifyVulnFact extends FactOrigin {
  package: string;
  /** null records a clean scan ("novuln"): stored, never reported. */
  vulnerability: VulnRef | null;
  scan: ScanMetadata;
}

export interface VulnEqualFact extends FactOrigin {
  vulnerability: VulnRef;
  equal: VulnRef;
  justification?: string;
}

export interface VulnMetadataFact extends FactOrigin {
  vulnerability: VulnRef;
  scoreType?: string; // CVSSv3, CVSSv31, CVSSv4, …
  scoreValue?: number;
  severity?: string; // CRITICAL … UNKNOWN
  description?: string;
  timestamp?: string;
  /** Advisory and reference URLs the document gives for the vulnerability. */
  references?: string[];
}

export interface VexFact extends FactOrigin {
  subject: NodeRef & { kind: 'package' | 'artifact' };
  vulnerability: VulnRef;
  status: VexStatus;
  justification?: string;
  statement?: string;
  statusNotes?: string;
  knownSince: string; // ISO 8601; later statements win
}

export interface HasSourceAtFact extends FactOrigin {
  package: string; // purl; with allVersions only its name part counts
  allVersions: boolean;
  source: string;
  knownSince?: string;
  justification?: string;
}

export interface ScorecardCheck {
  check: string;
  score: number;
}

export interface ScorecardFact extends FactOrigin {
  source: string;
  aggregateScore: number; // -1: inconclusive
  checks: ScorecardCheck[];
  timeScanned: string;
  scorecardVersion: string;
  scorecardCommit: string;
  commit?: string; // the repository commit that was scored
}

/** One OSV affected entry, as the advisory states it (matched offline against packages). */
export interface AdvisoryAffected {
  ecosystem: string;
  name: string;
  purl?: string;
  ranges: {
    type: string;
    repo?: string;
    events: { introduced?: string; fixed?: string; last_affected?: string; limit?: string }[];
  }[];
  versions: string[];
}

/** An advisory kept for matching against every package, now and ingested later. */
export interface AdvisoryFact extends FactOrigin {
  vulnerability: VulnRef;
  /** The advisory database it comes from (GitHub advisories, Go vulndb, PyPA, RustSec, osv.dev…). */
  dbUri: string;
  modified?: string;
  published?: string;
  withdrawn?: string;
  affected: AdvisoryAffected[];
}

export interface SkippedItem {
  /** JSON pointer or element path of what was skipped. */
  path: string;
  reason: string;
}

export interface DocumentFacts {
  /** Name of the detected format, e.g. "guac-predicates", "spdx-2.3", "cyclonedx-1.5-json". */
  format: string;
  packages: string[];
  artifacts: string[];
  sources: string[];
  sboms: HasSbomFact[];
  dependencies: DependencyFact[];
  occurrences: OccurrenceFact[];
  hashEquals: HashEqualFact[];
  slsa: SlsaFact[];
  certifyVulns: CertifyVulnFact[];
  vulnEquals: VulnEqualFact[];
  vulnMetadata: VulnMetadataFact[];
  vex: VexFact[];
  hasSourceAt: HasSourceAtFact[];
  scorecards: ScorecardFact[];
  advisories: AdvisoryFact[];
  /** Parts of the document that were left out, with why (counted in the ingest summary). */
  skipped: SkippedItem[];
}

/** Collects facts, de-duplicating node lists, so parsers need not track what they added. */
export class FactsBuilder {
  private readonly packageSet = new Set<string>();
  private readonly artifactSet = new Set<string>();
  private readonly sourceSet = new Set<string>();
  readonly facts: DocumentFacts;

  constructor(format: string) {
    this.facts = {
      format,
      packages: [],
      artifacts: [],
      sources: [],
      sboms: [],
      dependencies: [],
      occurrences: [],
      hashEquals: [],
      slsa: [],
      certifyVulns: [],
      vulnEquals: [],
      vulnMetadata: [],
      vex: [],
      hasSourceAt: [],
      scorecards: [],
      advisories: [],
      skipped: [],
    };
  }

  package(purl: string): string {
    if (!this.packageSet.has(purl)) {
      this.packageSet.add(purl);
      this.facts.packages.push(purl);
    }
    return purl;
  }

  artifact(digest: string): string {
    if (!this.artifactSet.has(digest)) {
      this.artifactSet.add(digest);
      this.facts.artifacts.push(digest);
    }
    return digest;
  }

  source(url: string): string {
    if (!this.sourceSet.has(url)) {
      this.sourceSet.add(url);
      this.facts.sources.push(url);
    }
    return url;
  }

  node(ref: NodeRef): void {
    if (ref.kind === 'package') this.package(ref.purl);
    else if (ref.kind === 'artifact') this.artifact(ref.digest);
    else this.source(ref.url);
  }

  sbom(f: HasSbomFact): void {
    this.node(f.subject);
    this.facts.sboms.push(f);
  }
  dependency(f: DependencyFact): void {
    this.package(f.from);
    this.package(f.to);
    this.facts.dependencies.push(f);
  }
  occurrence(f: OccurrenceFact): void {
    this.artifact(f.artifact);
    this.node(f.subject);
    this.facts.occurrences.push(f);
  }
  hashEqual(f: HashEqualFact): void {
    this.artifact(f.artifact);
    this.artifact(f.equal);
    this.facts.hashEquals.push(f);
  }
  slsa(f: SlsaFact): void {
    this.artifact(f.subject);
    for (const m of f.materials) this.artifact(m);
    this.facts.slsa.push(f);
  }
  certifyVuln(f: CertifyVulnFact): void {
    this.package(f.package);
    this.facts.certifyVulns.push(f);
  }
  vulnEqual(f: VulnEqualFact): void {
    this.facts.vulnEquals.push(f);
  }
  vulnMetadata(f: VulnMetadataFact): void {
    this.facts.vulnMetadata.push(f);
  }
  vex(f: VexFact): void {
    this.node(f.subject);
    this.facts.vex.push(f);
  }
  hasSourceAt(f: HasSourceAtFact): void {
    if (!f.allVersions) this.package(f.package);
    this.source(f.source);
    this.facts.hasSourceAt.push(f);
  }
  scorecard(f: ScorecardFact): void {
    this.source(f.source);
    this.facts.scorecards.push(f);
  }
  advisory(f: AdvisoryFact): void {
    this.facts.advisories.push(f);
  }
  skip(path: string, reason: string): void {
    this.facts.skipped.push({ path, reason });
  }
}

/** Thrown by parsers for a document that must be rejected whole; `path` is a JSON pointer or element path. */
export class DocumentError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(path ? `${path}: ${reason}` : reason);
  }
}
