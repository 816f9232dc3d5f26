// What the store keeps about a document besides its facts: the ingest summary, as typed fields.
import { Type } from 'typebox';

export const DocumentSummaryFields = Type.Object({
  packageCount: Type.Integer(),
  artifactCount: Type.Integer(),
  dependencyCount: Type.Integer(),
  /** How many parts of the document ingest left out (the items themselves are kept apart). */
  skipCount: Type.Integer(),
});
