// Bodies of the findings API (docs/api.md, "Findings"): one row per (build, package,
// vulnerability), and the counts per project and severity.
import { Type, type Static } from 'typebox';
import { FINDING_ORDERS } from '../../query/findings.js';
import { SEVERITIES } from '../../model/vulnerability.js';
import { exploitationFilterProperties, exploitationProperties } from './exploitation.js';
import { PaginationInfoSchema } from './pagination.js';
import { BuildSchema } from './projects.js';
import { RefTo, StringEnum } from './typebox.js';

const SeveritySchema = StringEnum(SEVERITIES);

export const FindingSchema = Type.Object({
  project: Type.String(),
  build: BuildSchema,
  package: Type.String({ description: 'The package version the vulnerability was found in (canonical purl).' }),
  vulnerability: Type.Object({
    id: Type.String(),
    vulnerabilityIDs: Type.Array(Type.String(), { description: 'The id and its aliases, the id first.' }),
    ...exploitationProperties,
  }),
  severity: SeveritySchema,
  cvssScore: Type.Optional(Type.Number()),
  fixAvailable: Type.Boolean({ description: 'An advisory names a version of the package that fixes it.' }),
  fixedIn: Type.Array(Type.String(), { description: 'Those versions, above the one found, sorted.' }),
  vex: Type.Union(
    [
      Type.Object({
        status: Type.String(),
        justification: Type.Optional(Type.String()),
        statement: Type.Optional(Type.String()),
        subject: Type.String({ description: 'What the statement is about: the package or the build.' }),
      }),
      Type.Null(),
    ],
    { description: 'The VEX statement that decides the finding; null when none is stated.' },
  ),
  suppressed: Type.Boolean({ description: 'VEX takes the vulnerability off (not_affected, fixed).' }),
  path: Type.Array(Type.String(), {
    description: "The cheapest chain from the build's subject to the package (fewest SBOM inclusions, then hops).",
  }),
});
export type FindingBody = Static<typeof FindingSchema>;

export const FindingListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  findings: Type.Array(FindingSchema, {
    description: 'Worst severity first, then by project, package, vulnerability.',
  }),
});
export type FindingList = Static<typeof FindingListSchema>;

const CountsSchema = Type.Object(Object.fromEntries(SEVERITIES.map((s) => [s, Type.Integer()])), {
  description: 'Findings by severity.',
});

export const FindingSummarySchema = Type.Object({
  total: Type.Integer(),
  bySeverity: CountsSchema,
  projects: Type.Array(
    Type.Object({ project: Type.String(), build: BuildSchema, total: Type.Integer(), bySeverity: CountsSchema }),
    { description: 'Every build the question covers, by project (those without findings too).' },
  ),
});
export type FindingSummaryBody = Static<typeof FindingSummarySchema>;

const many = (description: string) =>
  Type.Optional(
    Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { maxItems: 20 })], {
      description,
    }),
  );

export const FindingFilterFields = {
  builds: Type.Optional(
    StringEnum(['latest', 'all'], {
      description: "`latest` (default): each project's latest build; `all`: every build of the one `project` named.",
    }),
  ),
  project: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'Only this project.' })),
  label: many('Only projects with this label, `key=value`; repeat to require several.'),
  severity: Type.Optional(
    Type.String({ description: 'Only this severity or worse (CRITICAL, HIGH, MEDIUM, LOW, NONE).' }),
  ),
  ecosystem: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'Only packages of this purl type.' }),
  ),
  package: Type.Optional(
    Type.String({ minLength: 1, description: 'Only packages this purl names (partial or exact).' }),
  ),
  vulnerability: Type.Optional(Type.String({ minLength: 1, description: 'Only this vulnerability (any of its ids).' })),
  suppressed: Type.Optional(
    StringEnum(['false', 'true', 'any'], {
      description: '`false` (default): leave out what VEX suppresses; `true`: only that; `any`: both.',
    }),
  ),
  fixAvailable: Type.Optional(
    StringEnum(['true', 'false'], { description: 'Only findings with (or without) a known fix.' }),
  ),
  ...exploitationFilterProperties,
};

export const FindingQuerySchema = Type.Object({
  PageSize: Type.Optional(Type.Integer({ minimum: 1, description: 'Findings per page (1..the configured maximum).' })),
  Cursor: Type.Optional(Type.String({ description: 'Opaque cursor from a previous `NextCursor`.' })),
  sort: Type.Optional(
    StringEnum(FINDING_ORDERS, {
      description:
        '`severity` (default): worst first. `exploitation`: KEV first, then the highest EPSS. `epss`: the highest EPSS first. Ties by severity, then project, package, vulnerability.',
    }),
  ),
  ...FindingFilterFields,
});
export type FindingQuery = Static<typeof FindingQuerySchema>;

export const FindingSummaryQuerySchema = Type.Object(FindingFilterFields);
export type FindingSummaryQuery = Static<typeof FindingSummaryQuerySchema>;
