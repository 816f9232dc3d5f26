// Bodies and query parameters of /v0/vuln/{id} and its three lists (packages, dependents, artifacts).
import { exploitationProperties } from './exploitation.js';
import { Type, type Static } from 'typebox';
import { PaginationInfoSchema, PaginationQuerySchema } from './pagination.js';
import { RefTo, StringEnum } from './typebox.js';
import { SeverityRatingSchema, SeveritySourceSchema } from './vulnerabilities.js';

export const VulnParamsSchema = Type.Object({
  id: Type.String({
    description: 'Any id of the vulnerability or of one of its aliases (CVE, GHSA, GO, …), any case.',
  }),
});

/** The page parameters plus `include=suppressed`. */
export const VulnListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  include: Type.Optional(
    StringEnum(['suppressed'], {
      description:
        '`suppressed`: also list the items a VEX statement takes the vulnerability off, with that statement.',
    }),
  ),
});
export type VulnListQuery = Static<typeof VulnListQuerySchema>;

const StatementSchema = Type.Object(
  {
    subject: Type.String({ description: 'The purl or digest the statement is about.' }),
    vulnerabilityId: Type.String(),
    status: Type.String(),
    justification: Type.Optional(Type.String()),
    statement: Type.Optional(Type.String()),
    knownSince: Type.String(),
    origin: Type.String(),
    collector: Type.String(),
  },
  {
    description:
      'The VEX statement that takes the vulnerability off this item (its subject is the item or equivalent to it).',
  },
);

const SourceSchema = Type.Object({
  kind: StringEnum(['metadata', 'advisory']),
  vulnerabilityId: Type.String(),
  fields: Type.Array(Type.String()),
  origin: Type.String(),
  collector: Type.String(),
});

export const VulnRecordSchema = Type.Object({
  id: Type.String({
    description: 'The id the record is shown under: its CVE if it has one, else a GHSA, else the smallest.',
  }),
  type: Type.String(),
  aliases: Type.Array(Type.String()),
  summary: Type.String(),
  description: Type.String(),
  severity: StringEnum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN']),
  cvssScore: Type.Optional(Type.Number()),
  severitySource: Type.Optional(SeveritySourceSchema),
  ratings: Type.Array(SeverityRatingSchema, {
    description:
      'Every rating any document gives for the vulnerability or an alias, with its source, in the order docs/api.md "Severity" ranks them without a package (the first gave `severity`).',
  }),
  ...exploitationProperties,
  published: Type.Optional(Type.String()),
  modified: Type.Optional(Type.String()),
  references: Type.Array(Type.String()),
  packages: Type.Object({ affected: Type.Integer(), suppressed: Type.Integer() }),
  dependents: Type.Integer(),
  artifacts: Type.Integer(),
  sources: Type.Array(SourceSchema),
});
export type VulnRecordBody = Static<typeof VulnRecordSchema>;

const EvidenceSchema = Type.Object({
  kind: StringEnum(['scan', 'advisory']),
  vulnerabilityId: Type.String(),
  scannerUri: Type.String(),
  scannerVersion: Type.String(),
  dbUri: Type.String(),
  dbVersion: Type.String(),
  timeScanned: Type.String(),
  origin: Type.String(),
  collector: Type.String(),
});

export const VulnPackageListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  packages: Type.Array(
    Type.Object({
      purl: Type.String(),
      evidence: Type.Array(EvidenceSchema),
      vex: Type.Union([Type.String(), Type.Null()], {
        description:
          "The status of the package's deciding VEX statement for the vulnerability (its own, else one about its purl without a version), null when none.",
      }),
      suppressedBy: Type.Optional(StatementSchema),
    }),
  ),
});
export type VulnPackageList = Static<typeof VulnPackageListSchema>;

const via = Type.Array(Type.String(), {
  description:
    'One shortest forward path: the nodes after the item, up to and including the affected package (purls; artifacts as digests).',
});

export const VulnDependentListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  ...exploitationProperties,
  dependents: Type.Array(Type.Object({ purl: Type.String(), via, suppressedBy: Type.Optional(StatementSchema) })),
});
export type VulnDependentList = Static<typeof VulnDependentListSchema>;

export const VulnArtifactListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  ...exploitationProperties,
  artifacts: Type.Array(Type.Object({ digest: Type.String(), via, suppressedBy: Type.Optional(StatementSchema) })),
});
export type VulnArtifactList = Static<typeof VulnArtifactListSchema>;
