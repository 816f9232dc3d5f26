// Body of /v0/artifact/{digest}/info: one artifact with what it is, how it was built (SLSA
// provenance), the documents about it and its list sizes.
import { Type, type Static } from 'typebox';
import { ProvenanceSignatureSchema, SignedBySchema } from './provenance-signature.js';

export const ArtifactInfoSchema = Type.Object({
  digest: Type.String({ description: 'The artifact, `<algorithm>:<hex>` as stored.' }),
  subjects: Type.Array(Type.String(), {
    description: 'The package purls the artifact is an occurrence of (directly or through equal hashes), sorted.',
  }),
  equalDigests: Type.Array(Type.String(), {
    description: 'Other digests of the same bytes (hash equalities stated by documents), sorted.',
  }),
  provenance: Type.Array(
    Type.Object({
      builder: Type.String({ description: 'The builder id of the SLSA provenance.' }),
      buildType: Type.Optional(Type.String({ description: 'The build type URI, when stated.' })),
      slsaVersion: Type.Optional(
        Type.String({ description: 'The predicate type as stated, e.g. `https://slsa.dev/provenance/v1`.' }),
      ),
      startedOn: Type.Optional(Type.String({ description: 'When the build started, ISO 8601 UTC, when stated.' })),
      finishedOn: Type.Optional(Type.String({ description: 'When the build finished, ISO 8601 UTC, when stated.' })),
      signature: Type.Optional(ProvenanceSignatureSchema),
      signedBy: Type.Optional(SignedBySchema),
      materials: Type.Array(Type.String(), { description: 'Digests of the artifacts it was built from, sorted.' }),
      document: Type.String({ description: 'Digest of the provenance document.' }),
    }),
    {
      description:
        'Every SLSA provenance statement about the artifact itself (not its equal digests), one entry per statement, ' +
        'the most recently stored document first.',
    },
  ),
  builtFrom: Type.Array(Type.String(), {
    description: 'Digests of the artifacts built from this one (it is a material of their provenance), sorted.',
  }),
  documents: Type.Array(Type.String(), {
    description:
      'Digests of the documents naming the artifact (SBOMs about it, provenance, VEX), the most recently stored ' +
      'first, at most 100 (`counts.documents` has them all).',
  }),
  counts: Type.Object(
    {
      documents: Type.Integer({ description: 'All the documents naming the artifact.' }),
      dependencies: Type.Integer({ description: 'The total of `/v0/artifact/{digest}/dependencies`.' }),
      vulnerabilities: Type.Integer({
        description: 'The total of `/v0/artifact/{digest}/vulns?includeDependencies=true`.',
      }),
    },
    { description: 'How many documents name the artifact, and the totals of its lists.' },
  ),
});
export type ArtifactInfoBody = Static<typeof ArtifactInfoSchema>;
