// /v0/path: its query and its body, a list of paths, each a list of steps.
import { Type, type Static } from 'typebox';
import { MAX_PATH_LIMIT } from '../../query/paths.js';
import { ProvenanceSignatureSchema, SignedBySchema } from './provenance-signature.js';
import { StringEnum } from './typebox.js';

export const PathQuerySchema = Type.Object({
  from: Type.String({
    minLength: 1,
    description:
      'Where the paths start: a purl (`pkg:…`; a partial purl starts at every version it names) or an artifact digest.',
  }),
  to: Type.String({ minLength: 1, description: 'Where they end: a purl (a partial purl names every version).' }),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PATH_LIMIT,
      default: 1,
      description: 'How many paths at most (all of the same, least cost: fewest SBOM inclusions, then fewest edges).',
    }),
  ),
});
export type PathQuery = Static<typeof PathQuerySchema>;

const PathEdgeSchema = Type.Object(
  {
    kind: StringEnum(['dependency', 'sbom', 'slsa', 'occurrence', 'hash-equal'], {
      description:
        'IsDependency, SBOM inclusion, SLSA material, IsOccurrence (artifact and package) or HashEqual (two artifacts).',
    }),
    dependencyType: Type.Optional(
      Type.String({ description: 'For `dependency`: DIRECT, INDIRECT or UNKNOWN, as the document states it.' }),
    ),
    document: Type.Optional(
      Type.String({
        description:
          'Digest of the earliest stored document that states the edge (for `slsa`, the earliest with a verified ' +
          'signature if any states it); absent only when that document was deleted while the answer was made.',
      }),
    ),
    signature: Type.Optional(ProvenanceSignatureSchema),
    signedBy: Type.Optional(SignedBySchema),
  },
  {
    description:
      'The edge from the previous step to this node; the first step (the start) has none. `signature` and ' +
      '`signedBy` are given for `slsa` edges only: the signature of the provenance `document`.',
  },
);

const PathStepSchema = Type.Object({
  node: Type.String({ description: 'A purl or an artifact digest.' }),
  edge: Type.Optional(PathEdgeSchema),
});

export const PathListSchema = Type.Object({
  via: StringEnum(['dependencies', 'inclusion'], {
    description:
      '`dependencies`: every hop is an edge a document states between its two nodes (`dependency`, `occurrence`, ' +
      '`hash-equal`, `slsa`). `inclusion`: no such chain reaches the package, and each path takes the fewest SBOM ' +
      'inclusions (`sbom` hops: the SBOM lists the package but states no dependency chain to it).',
  }),
  paths: Type.Array(Type.Array(PathStepSchema), {
    description:
      'The cheapest paths (fewest `sbom` hops, then fewest hops), each from a start to a named package, in the ' +
      'order of their sequences of node keys.',
  }),
});
export type PathList = Static<typeof PathListSchema>;
