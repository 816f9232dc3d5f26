// Bodies of the vulnerability lists of packages (GUAC's shape, a bare array) and of artifacts.
import { Type, type Static } from 'typebox';
import { exploitationProperties } from './exploitation.js';
import { BARE_ARRAY_DESCRIPTION } from './lists.js';
import { PaginationInfoSchema } from './pagination.js';
import { RefTo, StringEnum } from './typebox.js';

const ScanMetadataSchema = Type.Object({
  scannerUri: Type.String(),
  scannerVersion: Type.String(),
  dbUri: Type.String(),
  dbVersion: Type.String(),
  timeScanned: Type.String({ format: 'date-time' }),
  origin: Type.String(),
  collector: Type.String(),
});

const PackageVulnerabilitySchema = Type.Object({
  package: Type.String(),
  vulnerability: Type.Object({
    type: Type.String(),
    vulnerabilityIDs: Type.Array(Type.String()),
    ...exploitationProperties,
  }),
  metadata: ScanMetadataSchema,
});

export const PackageVulnerabilityListSchema = Type.Array(PackageVulnerabilitySchema, {
  description: BARE_ARRAY_DESCRIPTION,
});
export type PackageVulnerabilityList = Static<typeof PackageVulnerabilityListSchema>;

const severitySourceProperties = {
  kind: StringEnum(['cvss', 'label']),
  source: Type.String({
    description:
      'Who gave the rating: `nvd`, `ghsa`, a distribution (`debian`, `redhat`, …), a language database (`go-vulndb`, `pypa`, …), a scanner or vendor as the document names it, or `unspecified` (docs/formats/vulnerabilities.md "Rating sources").',
  }),
  vulnerabilityID: Type.String(),
  scoreType: Type.Optional(Type.String()),
  score: Type.Optional(Type.Number()),
  vector: Type.Optional(Type.String({ description: 'The CVSS vector the score was computed from.' })),
  origin: Type.String(),
  collector: Type.String(),
};

export const SeveritySourceSchema = Type.Object(severitySourceProperties, {
  description:
    'The rating that gave `severity`: that of the source closest to the package (absent when none is known); see docs/api.md "Severity"',
});

const SEVERITY = StringEnum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']);

/** One rating of a vulnerability and where it came from (the record's `ratings`). */
export const SeverityRatingSchema = Type.Object({ ...severitySourceProperties, severity: SEVERITY });

const ArtifactVulnerabilitySchema = Type.Object({
  id: Type.String(),
  type: Type.Optional(Type.String()),
  vulnerabilityIDs: Type.Optional(Type.Array(Type.String())),
  description: Type.String(),
  severity: SEVERITY,
  cvssScore: Type.Optional(Type.Number()),
  severitySource: Type.Optional(SeveritySourceSchema),
  ...exploitationProperties,
  package: Type.String(),
});

export const ArtifactVulnerabilityListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  vulnerabilities: Type.Array(ArtifactVulnerabilitySchema),
});
export type ArtifactVulnerabilityList = Static<typeof ArtifactVulnerabilityListSchema>;
