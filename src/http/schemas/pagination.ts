// Paging: the query parameters every list takes and the `PaginationInfo` object list bodies carry.
import { Type, type Static } from 'typebox';
import { StringEnum } from './typebox.js';

export const PaginationInfoSchema = Type.Object(
  {
    NextCursor: Type.Optional(
      Type.String({ description: 'Present when more items remain; pass it back as `Cursor`.' }),
    ),
    TotalCount: Type.Integer(),
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

/** The page parameters plus `includeDependencies` (the vulnerability lists). */
export const VulnerabilityQuerySchema = Type.Object({
  ...paginationProperties,
  includeDependencies: Type.Optional(
    StringEnum(['true', 'false', '1', '0'], {
      default: 'false',
      description: 'Also report the vulnerabilities of every dependency the walk returns.',
    }),
  ),
});
export type VulnerabilityQuery = Static<typeof VulnerabilityQuerySchema>;

export const RankingQuerySchema = Type.Object({
  ...paginationProperties,
  sort: StringEnum(['frequency', 'scorecard'], { description: 'The ranking to return.' }),
});
export type RankingQuery = Static<typeof RankingQuerySchema>;
