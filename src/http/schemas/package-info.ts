// Body of /v0/package/{purl}/info: one package version with its licences, sources, scorecard,
// documents and list sizes.
import { Type, type Static } from 'typebox';
import { StringEnum } from './typebox.js';

export const PackageInfoSchema = Type.Object({
  purl: Type.String({ description: 'The package version, canonical.' }),
  type: Type.String(),
  namespace: Type.Optional(Type.String()),
  name: Type.String(),
  version: Type.Optional(Type.String()),
  licenses: Type.Array(
    Type.Object({
      expression: Type.String({ description: "An SPDX expression, or the document's own text when `verbatim`." }),
      kind: StringEnum(['declared', 'concluded']),
      verbatim: Type.Boolean({ description: 'The text is not an SPDX expression: kept as the document wrote it.' }),
      document: Type.String({ description: 'Digest of the document stating it.' }),
    }),
    { description: 'Every licence a document states for the version, in the order stored.' },
  ),
  sources: Type.Array(Type.String(), {
    description: 'Source repositories of the version and of its name (and the one a github/golang purl names), sorted.',
  }),
  scorecard: Type.Union(
    [
      Type.Object({
        score: Type.Number({ description: 'Aggregate score (-1: inconclusive).' }),
        date: Type.String({ description: 'When it was scanned.' }),
        source: Type.String({ description: 'The repository scored.' }),
      }),
      Type.Null(),
    ],
    { description: 'The most recently scanned OpenSSF Scorecard among the sources; null when none has one.' },
  ),
  documents: Type.Array(Type.String(), {
    description:
      'Digests of the documents naming the version, the most recently stored first, at most 100 (`counts.documents` ' +
      'has them all): SBOMs including it or about it, and documents stating its licences or a VEX about it.',
  }),
  counts: Type.Object(
    {
      documents: Type.Integer({ description: 'All the documents naming the version.' }),
      dependencies: Type.Integer(),
      dependents: Type.Integer(),
      vulnerabilities: Type.Integer(),
    },
    {
      description:
        'How many documents name the version; the totals of `/dependencies`, `/dependents` and `/vulns` (without ' +
        '`includeDependencies`) for this purl.',
    },
  ),
});
export type PackageInfoBody = Static<typeof PackageInfoSchema>;
