// A document's facts as a whole, and what the store keeps about a document besides its facts.
import { Type } from 'typebox';
import { SkippedItemSchema } from './common.js';
import {
  DependencyFactSchema,
  HasSbomFactSchema,
  HasLicenseFactSchema,
  HasSourceAtFactSchema,
  HashEqualFactSchema,
  OccurrenceFactSchema,
  ScorecardFactSchema,
  SlsaFactSchema,
} from './graph.js';
import {
  AdvisoryFactSchema,
  CertifyVulnFactSchema,
  VexFactSchema,
  VulnEqualFactSchema,
  VulnMetadataFactSchema,
} from './vulnerability.js';

/** The ingest summary, as typed columns of the documents table. */
export const DocumentSummaryFields = Type.Object({
  packageCount: Type.Integer(),
  artifactCount: Type.Integer(),
  dependencyCount: Type.Integer(),
  /** How many parts of the document ingest left out (the items themselves are kept apart). */
  skipCount: Type.Integer(),
});

/** Everything a parser emits for one document (the DocumentFacts of facts.ts). */
export const DocumentFactsSchema = Type.Object({
  /** Name of the detected format, e.g. "guac-predicates", "spdx-2.3", "cyclonedx-1.5-json". */
  format: Type.String(),
  packages: Type.Array(Type.String()),
  artifacts: Type.Array(Type.String()),
  sources: Type.Array(Type.String()),
  sboms: Type.Array(HasSbomFactSchema),
  dependencies: Type.Array(DependencyFactSchema),
  occurrences: Type.Array(OccurrenceFactSchema),
  hashEquals: Type.Array(HashEqualFactSchema),
  slsa: Type.Array(SlsaFactSchema),
  certifyVulns: Type.Array(CertifyVulnFactSchema),
  vulnEquals: Type.Array(VulnEqualFactSchema),
  vulnMetadata: Type.Array(VulnMetadataFactSchema),
  vex: Type.Array(VexFactSchema),
  hasSourceAt: Type.Array(HasSourceAtFactSchema),
  scorecards: Type.Array(ScorecardFactSchema),
  advisories: Type.Array(AdvisoryFactSchema),
  licenses: Type.Array(HasLicenseFactSchema),
  /** Parts of the document that were left out, with why (counted in the ingest summary). */
  skipped: Type.Array(SkippedItemSchema),
});
