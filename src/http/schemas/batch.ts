// Bodies of the batch questions (POST /v0/query/vulns, POST /v0/query/dependencies): the request,
// and the answer's entries, one per input, each the single endpoint's answer or its problem.
import { Type, type Static } from 'typebox';
import { ERROR_CODES } from '../../model/error-codes.js';
import { StringEnum } from './typebox.js';
import { PackageVulnerabilityListSchema } from './vulnerabilities.js';

const PurlsSchema = Type.Array(Type.String(), {
  description: 'Package URLs, exact or partial, as the single endpoints take them (not percent-encoded).',
});

export const VulnsBatchRequestSchema = Type.Object(
  {
    purls: PurlsSchema,
    includeDependencies: Type.Optional(
      Type.Boolean({ description: 'Also the vulnerabilities of each package’s dependencies (default false).' }),
    ),
  },
  { additionalProperties: false },
);
export type VulnsBatchRequest = Static<typeof VulnsBatchRequestSchema>;

export const DependenciesBatchRequestSchema = Type.Object(
  {
    purls: Type.Optional(PurlsSchema),
    digests: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Artifact digests, `<algorithm>:<digest>` or the digest alone, as the single endpoint takes them.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type DependenciesBatchRequest = Static<typeof DependenciesBatchRequestSchema>;

/**
 * The problem fields of a failed entry: those of the single endpoint's problem document
 * (requestId aside: the answer's `X-Request-Id` names the request).
 */
const entryProblemFields = {
  type: Type.Optional(Type.String({ pattern: '^urn:supplygraph:error:SG_[A-Z_]+$' })),
  title: Type.Optional(Type.String()),
  detail: Type.Optional(Type.String()),
  Message: Type.Optional(Type.String()),
  code: Type.Optional(StringEnum([...ERROR_CODES])),
};

/** Every entry has the input and the status the single request would have had. */
const entryFields = {
  input: Type.String({ description: 'The input as given.' }),
  status: Type.Integer({
    description: 'The status the single request would have had: 200, 400 (bad input) or 404 (unknown).',
  }),
};

// One object with optional fields rather than a union of success and failure: the serializer
// writes it without trying each branch.
const VulnsEntrySchema = Type.Object(
  {
    ...entryFields,
    vulnerabilities: Type.Optional(Type.Array(PackageVulnerabilityListSchema.items)),
    ...entryProblemFields,
  },
  {
    description:
      'With status 200, `vulnerabilities` holds every entry `/v0/package/{purl}/vulns` answers (all pages); ' +
      'otherwise the fields of its problem document (`type`, `title`, `detail`, `Message`, `code`).',
  },
);

const DependenciesEntrySchema = Type.Object(
  { ...entryFields, dependencies: Type.Optional(Type.Array(Type.String())), ...entryProblemFields },
  {
    description:
      'With status 200, `dependencies` holds every purl `/v0/package/{purl}/dependencies` (for a purl) or ' +
      '`/v0/artifact/{digest}/dependencies` (for a digest) answers, all pages; otherwise the fields of its ' +
      'problem document (`type`, `title`, `detail`, `Message`, `code`).',
  },
);

export const VulnsBatchAnswerSchema = Type.Object({
  results: Type.Array(VulnsEntrySchema, { description: 'One entry per purl, in input order.' }),
});
export type VulnsBatchAnswer = Static<typeof VulnsBatchAnswerSchema>;

export const DependenciesBatchAnswerSchema = Type.Object({
  results: Type.Array(DependenciesEntrySchema, {
    description: 'One entry per input, in input order: the purls first, then the digests.',
  }),
});
export type DependenciesBatchAnswer = Static<typeof DependenciesBatchAnswerSchema>;
