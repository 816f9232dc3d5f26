// Bodies of the purl lists: packages matching a purl, dependencies of a package or artifact, and
// dependents of a package, artifacts shipping a package.
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

export const PackageArtifactListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  artifacts: Type.Array(
    Type.Object({
      digest: Type.String({ description: '<algorithm>:<digest>' }),
      subjects: Type.Array(Type.String(), {
        description: 'The package purls the artifact is an occurrence of (directly or through equal hashes), sorted.',
      }),
    }),
  ),
});
export type PackageArtifactList = Static<typeof PackageArtifactListSchema>;

/** Said of every bare-array body. */
export const BARE_ARRAY_DESCRIPTION =
  'Bare array; the total is in `X-Total-Count` and the next page in a `Link: <…>; rel="next"` header.';
