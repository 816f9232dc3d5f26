// Bodies of the vulnerability lists of packages (GUAC's shape, a bare array) and of artifacts.
import { Type, type Static } from 'typebox';
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
  vulnerability: Type.Object({ type: Type.String(), vulnerabilityIDs: Type.Array(Type.String()) }),
  metadata: ScanMetadataSchema,
});

export const PackageVulnerabilityListSchema = Type.Array(PackageVulnerabilitySchema, {
  description: BARE_ARRAY_DESCRIPTION,
});
export type PackageVulnerabilityList = Static<typeof PackageVulnerabilityListSchema>;

export const SeveritySourceSchema = Type.Object(
  {
    kind: StringEnum(['cvss', 'label']),
    vulnerabilityID: Type.String(),
    scoreType: Type.Optional(Type.String()),
    score: Type.Optional(Type.Number()),
    origin: Type.String(),
    collector: Type.String(),
  },
  { description: 'The rating that gave `severity` (absent when none is known); see docs/api.md "Severity"' },
);

const ArtifactVulnerabilitySchema = Type.Object({
  id: Type.String(),
  type: Type.Optional(Type.String()),
  vulnerabilityIDs: Type.Optional(Type.Array(Type.String())),
  description: Type.String(),
  severity: StringEnum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']),
  cvssScore: Type.Optional(Type.Number()),
  severitySource: Type.Optional(SeveritySourceSchema),
  package: Type.String(),
});

export const ArtifactVulnerabilityListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  vulnerabilities: Type.Array(ArtifactVulnerabilitySchema),
});
export type ArtifactVulnerabilityList = Static<typeof ArtifactVulnerabilityListSchema>;
