// The normalised facts every document parser emits (docs/model.md). Parsers build a
// DocumentFacts through FactsBuilder; the store persists it atomically; the index reads it back.
// All identifiers here are already canonical (see purl.ts, artifact.ts, source.ts, vulnerability.ts).
// Each fact's type comes from its schema in schemas/ (which also gives its store columns and its
// validation); the names here are what parsers, the store and the index use.
import type { Static } from 'typebox';
import type {
  DependencyTypeSchema,
  FactOriginSchema,
  NodeRefSchema,
  SkippedItemSchema,
  VexStatusSchema,
  VulnRefSchema,
} from './schemas/common.js';
import type {
  DependencyFactSchema,
  HasLicenseFactSchema,
  HasSbomFactSchema,
  LicenseKindSchema,
  HasSourceAtFactSchema,
  HashEqualFactSchema,
  OccurrenceFactSchema,
  ScorecardCheckSchema,
  ScorecardFactSchema,
  SignatureStateSchema,
  SlsaFactSchema,
} from './schemas/graph.js';
import type {
  AdvisoryAffectedSchema,
  AdvisoryFactSchema,
  CertifyVulnFactSchema,
  ScanMetadataSchema,
  SeverityRatingSchema,
  VexFactSchema,
  VulnEqualFactSchema,
  VulnMetadataFactSchema,
} from './schemas/vulnerability.js';

export type DependencyType = Static<typeof DependencyTypeSchema>;
export type VexStatus = Static<typeof VexStatusSchema>;
export type NodeRef = Static<typeof NodeRefSchema>;
export type VulnRef = Static<typeof VulnRefSchema>;
export type FactOrigin = Static<typeof FactOriginSchema>;
export type HasSbomFact = Static<typeof HasSbomFactSchema>;
export type DependencyFact = Static<typeof DependencyFactSchema>;
export type OccurrenceFact = Static<typeof OccurrenceFactSchema>;
export type HashEqualFact = Static<typeof HashEqualFactSchema>;
export type SlsaFact = Static<typeof SlsaFactSchema>;
export type SignatureState = Static<typeof SignatureStateSchema>;
export type ScanMetadata = Static<typeof ScanMetadataSchema>;
export type CertifyVulnFact = Static<typeof CertifyVulnFactSchema>;
export type VulnEqualFact = Static<typeof VulnEqualFactSchema>;
export type VulnMetadataFact = Static<typeof VulnMetadataFactSchema>;
export type SeverityRatingFact = Static<typeof SeverityRatingSchema>;
export type VexFact = Static<typeof VexFactSchema>;
export type HasSourceAtFact = Static<typeof HasSourceAtFactSchema>;
export type HasLicenseFact = Static<typeof HasLicenseFactSchema>;
export type LicenseKind = Static<typeof LicenseKindSchema>;
export type ScorecardCheck = Static<typeof ScorecardCheckSchema>;
export type ScorecardFact = Static<typeof ScorecardFactSchema>;
export type AdvisoryAffected = Static<typeof AdvisoryAffectedSchema>;
export type AdvisoryFact = Static<typeof AdvisoryFactSchema>;
export type SkippedItem = Static<typeof SkippedItemSchema>;

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
  licenses: HasLicenseFact[];
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
      licenses: [],
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
  license(f: HasLicenseFact): void {
    this.package(f.package);
    this.facts.licenses.push(f);
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
