// The licence shapes: the `license` filter of the dependency lists and the body of
// /analysis/licenses (with its query).
import { Type, type Static } from 'typebox';
import { LICENSE_LIMITS } from '../../model/license.js';
import { BARE_ARRAY_DESCRIPTION } from './lists.js';
import { PackageQuerySchema, PaginationQuerySchema } from './pagination.js';
import { StringEnum } from './typebox.js';

const license = Type.Optional(
  Type.String({
    description:
      'Only the packages under this licence: an SPDX expression (normalised: `apache-2.0` asks for `Apache-2.0`) that ' +
      'one of their stated expressions equals, or a single licence id one of them names (`MIT` matches ' +
      '`MIT OR Apache-2.0`); a text that is not SPDX matches texts kept verbatim, ignoring case. `unknown`: the ' +
      'packages no document states a licence for. At most ' +
      `${LICENSE_LIMITS.maxLength} characters, ${LICENSE_LIMITS.maxOperators} operators (AND, OR, WITH) and ` +
      `${LICENSE_LIMITS.maxDepth} levels of parentheses, else 400 (ingest leaves longer licences out).`,
  }),
);

const direct = Type.Optional(
  StringEnum(['true', 'false', '1', '0'], {
    default: 'false',
    description:
      'Only the first step of the walk, a subset of the full list: for a package, the versions its own dependency ' +
      'edges and SBOM inclusions reach (with what is equivalent to them; the exact inverse of ' +
      '`/dependents?direct=true`; a partial purl still lists its versions); for an artifact, the packages that the ' +
      'SBOM inclusions and SLSA materials of the artifact and its equivalents reach (with their equivalents). The ' +
      "artifact's own subjects are never among its dependencies. The graph view of the web UI expands nodes with it.",
  }),
);

/** The page parameters plus `license` and `direct` (the dependency lists). */
export const DependencyQuerySchema = Type.Object({ ...PaginationQuerySchema.properties, license, direct });
export type DependencyQuery = Static<typeof DependencyQuerySchema>;

/** Every parameter of the package resources plus `license` (the route for unencoded purls serves them all). */
export const PackageResourceQuerySchema = Type.Object({ ...PackageQuerySchema.properties, license });
export type PackageResourceQuery = Static<typeof PackageResourceQuerySchema>;

export const LicenseAnalysisQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  artifact: Type.Optional(
    Type.String({ minLength: 1, description: 'Count over the dependencies of this artifact (a digest).' }),
  ),
  purl: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'Count over the dependencies of the package(s) this purl names (as `/v0/package/{purl}/dependencies`).',
    }),
  ),
});
export type LicenseAnalysisQuery = Static<typeof LicenseAnalysisQuerySchema>;

export const LicenseCountsSchema = Type.Array(
  Type.Object({
    License: Type.String({
      description: 'An SPDX expression, a licence text kept verbatim, or `unknown` (no licence stated).',
    }),
    Count: Type.Integer({ description: 'Dependencies carrying it (a package counts once per distinct expression).' }),
  }),
  { description: BARE_ARRAY_DESCRIPTION },
);
export type LicenseCounts = Static<typeof LicenseCountsSchema>;
