// /v0/search: its query parameters and its body, one page of ranked results.
import { Type, type Static } from 'typebox';
import { SEARCH_KINDS } from '../../query/search.js';
import { PaginationInfoSchema, PaginationQuerySchema } from './pagination.js';
import { RefTo, StringEnum } from './typebox.js';
import { EpssSchema, KevSchema } from './exploitation.js';

export const SearchQuerySchema = Type.Object({
  q: Type.String({
    description:
      'The text to find: package names whose namespace or name contains every word (any case), artifacts whose ' +
      'digest starts with it (8 hex characters or more, `sha256:` optional), vulnerabilities with an id or alias ' +
      'starting with it (any case). A purl (`pkg:maven/log4j-core`) searches its namespace/name among its type.',
  }),
  type: Type.Optional(Type.String({ description: 'A purl type (`npm`, `maven`…): only package names of that type.' })),
  kind: Type.Optional(StringEnum(SEARCH_KINDS, { description: 'Only results of this kind.' })),
  ...PaginationQuerySchema.properties,
});
export type SearchQuery = Static<typeof SearchQuerySchema>;

// dependentCount before the optional fields: the serializer writes required properties first, and
// JSON.stringify (long lists) writes the objects' order, which searchResult makes the same.
export const SearchResultSchema = Type.Object({
  kind: StringEnum(SEARCH_KINDS),
  name: Type.String({
    description:
      'A package name ("pkg:type/namespace/name"), an artifact ("<algorithm>:<digest>"), a vulnerability id.',
  }),
  dependentCount: Type.Integer({
    description:
      'Packages: dependents in the frequency ranking. Artifacts: SBOM subjects and builds that include the ' +
      'artifact directly. Vulnerabilities: package versions reported or matched as affected (VEX not applied).',
  }),
  purls: Type.Optional(Type.Array(Type.String(), { description: 'Packages: every version of the name, sorted.' })),
  digest: Type.Optional(Type.String({ description: 'Artifacts: "<algorithm>:<digest>".' })),
  id: Type.Optional(Type.String({ description: 'Vulnerabilities: the id `/v0/vuln/{id}` shows it under.' })),
  aliases: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'Vulnerabilities: the other ids of its alias set (CVE, GHSA, GO, …), as `/v0/vuln/{id}` lists its `aliases`.',
    }),
  ),
  matched: Type.Optional(
    Type.String({
      description:
        'Vulnerabilities: the id or alias that matched `q` (the one `q` spells whole, else `id` when it starts with ' +
        '`q`, else the first matching alias). A GHSA typed shows here when the result is named by its CVE.',
    }),
  ),
  kev: Type.Optional(KevSchema),
  epss: Type.Optional(EpssSchema),
});

export const SearchListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  results: Type.Array(SearchResultSchema),
});
export type SearchList = Static<typeof SearchListSchema>;
