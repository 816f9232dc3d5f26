// Bodies of the purl lists: packages matching a purl, dependencies of a package or artifact, and
// dependents of a package.
import { Type, type Static } from 'typebox';
import { PaginationInfoSchema } from './pagination.js';
import { RefTo } from './typebox.js';

export const PurlListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  PurlList: Type.Array(Type.String()),
});
export type PurlList = Static<typeof PurlListSchema>;

export const DependencyListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  dependencies: Type.Array(Type.String()),
});
export type DependencyList = Static<typeof DependencyListSchema>;

export const DependentListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  dependents: Type.Array(Type.String()),
});
export type DependentList = Static<typeof DependentListSchema>;

/** Said of every bare-array body. */
export const BARE_ARRAY_DESCRIPTION =
  'Bare array; the total is in `X-Total-Count` and the next page in a `Link: <…>; rel="next"` header.';
