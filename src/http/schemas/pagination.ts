// Paging: the query parameters every list takes and the `PaginationInfo` object list bodies carry.
import { Type, type Static } from 'typebox';
import { exploitationFilterProperties } from './exploitation.js';
import { StringEnum } from './typebox.js';

export const PaginationInfoSchema = Type.Object(
  {
    // TotalCount first, as every list prints it (fast-json-stringify writes in this order).
    TotalCount: Type.Integer(),
    NextCursor: Type.Optional(
      Type.String({ description: 'Present when more items remain; pass it back as `Cursor`.' }),
    ),
  },
  { $id: 'PaginationInfo' },
);

export type PaginationInfo = Static<typeof PaginationInfoSchema>;

const paginationProperties = {
  PageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'Items per page (1..the configured maximum). Without it a list comes whole up to the configured cap.',
    }),
  ),
  Cursor: Type.Optional(Type.String({ description: 'Opaque cursor from a previous `NextCursor`.' })),
  'paginationSpec[PageSize]': Type.Optional(Type.Integer({ minimum: 1, description: 'GUAC spelling of `PageSize`.' })),
  'paginationSpec[Cursor]': Type.Optional(Type.String({ description: 'GUAC spelling of `Cursor`.' })),
};

export const PaginationQuerySchema = Type.Object(paginationProperties);
export type PaginationQuery = Static<typeof PaginationQuerySchema>;

/** A boolean query parameter, written as text. */
const booleanText = (description: string) =>
  Type.Optional(StringEnum(['true', 'false', '1', '0'], { default: 'false', description }));

const includeDependencies = booleanText('Also report the vulnerabilities of every dependency the walk returns.');
const direct = booleanText('Only the package versions one step away (a dependency or SBOM inclusion).');

/** The page parameters plus `includeDependencies` (the vulnerability lists). */
export const VulnerabilityQuerySchema = Type.Object({
  ...paginationProperties,
  includeDependencies,
  ...exploitationFilterProperties,
});
export type VulnerabilityQuery = Static<typeof VulnerabilityQuerySchema>;

/** The page parameters plus `direct` (the dependents list). */
export const DependentsQuerySchema = Type.Object({ ...paginationProperties, direct });

/** Every parameter of the package resources (the route for unencoded purls serves them all; `kev`, `epssAtLeast`: vulns). */
export const PackageQuerySchema = Type.Object({
  ...paginationProperties,
  includeDependencies,
  direct,
  ...exploitationFilterProperties,
});
export type PackageQuery = Static<typeof PackageQuerySchema>;

export const RankingQuerySchema = Type.Object({
  ...paginationProperties,
  sort: StringEnum(['frequency', 'scorecard'], { description: 'The ranking to return.' }),
});
export type RankingQuery = Static<typeof RankingQuerySchema>;
