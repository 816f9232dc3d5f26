// Facts about packages, artifacts and sources. Each kind is split in two: the node keys the store
// turns into node ids (a, b) and the `…Fields` it keeps as typed columns; the fact is both.
import { Type } from 'typebox';
import {
  ArtifactRefSchema,
  DependencyTypeSchema,
  FactOriginSchema,
  PackageRefSchema,
  SourceRefSchema,
} from './common.js';

const origin = FactOriginSchema.properties;

export const HasSbomFields = Type.Object({
  uri: Type.Optional(Type.String()),
  algorithm: Type.Optional(Type.String()),
  digest: Type.Optional(Type.String()),
  downloadLocation: Type.Optional(Type.String()),
  knownSince: Type.Optional(Type.String()),
  ...origin,
});
/** The document's subject has an SBOM; it includes every package and artifact of the document. */
export const HasSbomFactSchema = Type.Object({
  subject: Type.Union([PackageRefSchema, ArtifactRefSchema]),
  ...HasSbomFields.properties,
});

/** The evidence of a dependency: what the document says about the edge. */
export const DependencyFields = Type.Object({
  type: DependencyTypeSchema,
  versionRange: Type.Optional(Type.String()),
  justification: Type.Optional(Type.String()),
  ...origin,
});
export const DependencyFactSchema = Type.Object({
  /** purl */
  from: Type.String(),
  /** purl */
  to: Type.String(),
  ...DependencyFields.properties,
});

export const OccurrenceFields = Type.Object({ justification: Type.Optional(Type.String()), ...origin });
export const OccurrenceFactSchema = Type.Object({
  artifact: Type.String(),
  subject: Type.Union([PackageRefSchema, SourceRefSchema]),
  ...OccurrenceFields.properties,
});

export const HashEqualFields = Type.Object({ justification: Type.Optional(Type.String()), ...origin });
export const HashEqualFactSchema = Type.Object({
  artifact: Type.String(),
  equal: Type.String(),
  ...HashEqualFields.properties,
});

/**
 * The provenance's signature: verified with a trusted key or the Sigstore trusted root, signed but
 * not verified (no trust configured, wrong key, tampered), or carried without any signature.
 */
export const SignatureStateSchema = Type.Union([
  Type.Literal('verified'),
  Type.Literal('unverified'),
  Type.Literal('unsigned'),
]);
export const SlsaFields = Type.Object({
  builder: Type.String(),
  buildType: Type.Optional(Type.String()),
  slsaVersion: Type.Optional(Type.String()),
  startedOn: Type.Optional(Type.String()),
  finishedOn: Type.Optional(Type.String()),
  predicate: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** Absent on facts stored before migration step 8 could tell. */
  signature: Type.Optional(SignatureStateSchema),
  /** Key fingerprint ("sha256:…") or certificate identity ("<SAN> (issuer <issuer>)") of a verified signature. */
  signedBy: Type.Optional(Type.String()),
  ...origin,
});
export const SlsaFactSchema = Type.Object({
  /** The artifact built. */
  subject: Type.String(),
  /** The artifacts it was built from. */
  materials: Type.Array(Type.String()),
  ...SlsaFields.properties,
});

export const HasSourceAtFields = Type.Object({
  knownSince: Type.Optional(Type.String()),
  justification: Type.Optional(Type.String()),
  ...origin,
});
export const HasSourceAtFactSchema = Type.Object({
  /** purl; with allVersions only its name part counts. */
  package: Type.String(),
  allVersions: Type.Boolean(),
  source: Type.String(),
  ...HasSourceAtFields.properties,
});

export const ScorecardCheckSchema = Type.Object({ check: Type.String(), score: Type.Number() });
export const ScorecardFields = Type.Object({
  /** -1: inconclusive */
  aggregateScore: Type.Number(),
  checks: Type.Array(ScorecardCheckSchema),
  timeScanned: Type.String(),
  scorecardVersion: Type.String(),
  scorecardCommit: Type.String(),
  /** The repository commit that was scored. */
  commit: Type.Optional(Type.String()),
  ...origin,
});
export const ScorecardFactSchema = Type.Object({ source: Type.String(), ...ScorecardFields.properties });

export const LicenseKindSchema = Type.Union([Type.Literal('declared'), Type.Literal('concluded')]);
export const HasLicenseFields = Type.Object({
  /** A normalised SPDX expression (model/license.ts), or the document's text when `verbatim`. */
  expression: Type.String(),
  kind: LicenseKindSchema,
  /** The text did not parse as an SPDX expression, even corrected: kept as written. */
  verbatim: Type.Optional(Type.Boolean()),
  ...origin,
});
/** A document states a licence of a package version: declared by its authors or concluded by the SBOM's tool. */
export const HasLicenseFactSchema = Type.Object({
  /** purl */
  package: Type.String(),
  ...HasLicenseFields.properties,
});
