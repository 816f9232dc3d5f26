// Bodies of the document API (docs/api.md, "Documents"): the answer to an upload (one document, or one result per
// entry of a zip archive), the document list and one document with what ingest left out of it.
import { Type, type Static } from 'typebox';
import { SkippedItemSchema } from '../../model/schemas/common.js';
import type { StoredDocument } from '../../store/types.js';
import { PaginationInfoSchema } from './pagination.js';
import { RefTo, StringEnum } from './typebox.js';
import { BuildQueryFields } from './projects.js';

/** `sha256:` and 64 hex digits: documents are named by the sha256 of their bytes. */
export const DOCUMENT_DIGEST_PATTERN = '^sha256:[0-9a-fA-F]{64}$';

const DigestSchema = Type.String({
  pattern: DOCUMENT_DIGEST_PATTERN,
  description: 'sha256 of the document bytes (after any gzip decoding), `sha256:<64 hex>`.',
});

const CountsSchema = Type.Object(
  { packages: Type.Integer(), artifacts: Type.Integer(), dependencies: Type.Integer() },
  { description: 'Facts the document stated: packages, artifacts and dependency edges.' },
);

const SubjectSchema = Type.Union([Type.String(), Type.Null()], {
  description:
    'What the document is about: a purl, an artifact digest, a repository or an advisory id; null when none.',
});

const SkippedListSchema = Type.Array(SkippedItemSchema, {
  description: 'What ingest left out of the document, each with the JSON pointer or element path and the reason.',
});

const outcomeProperties = {
  digest: DigestSchema,
  format: Type.String({ description: 'The format detected from the content, e.g. `cyclonedx-1.5-json`.' }),
  status: StringEnum(['stored', 'already-present']),
  subject: SubjectSchema,
  counts: CountsSchema,
  skipped: SkippedListSchema,
};

/** The answer to the upload of one document. */
export const DocumentOutcomeSchema = Type.Object(outcomeProperties);
export type DocumentOutcome = Static<typeof DocumentOutcomeSchema>;

/** One entry of an uploaded zip archive: an outcome, or `status: failed` with the reason. */
export const UploadResultSchema = Type.Object({
  name: Type.String({ description: 'The entry path inside the archive.' }),
  digest: Type.Union([DigestSchema, Type.Null()]),
  format: Type.Union([Type.String(), Type.Null()]),
  status: StringEnum(['stored', 'already-present', 'failed']),
  subject: SubjectSchema,
  counts: CountsSchema,
  skipped: SkippedListSchema,
  error: Type.Optional(Type.String({ description: 'Why the entry was refused (failed entries only).' })),
});
export type UploadResult = Static<typeof UploadResultSchema>;

export const ArchiveOutcomeSchema = Type.Object({
  results: Type.Array(UploadResultSchema, { description: 'One result per entry, in archive order.' }),
});
export type ArchiveOutcome = Static<typeof ArchiveOutcomeSchema>;

const summaryProperties = {
  digest: DigestSchema,
  format: Type.String(),
  subject: SubjectSchema,
  ingestedAt: Type.String({ description: 'When the document was stored (ISO 8601, UTC).' }),
  ingestedBy: Type.Union([Type.String(), Type.Null()], {
    description:
      'The token name of an upload, `cli` for the command line; null for documents stored before it was kept.',
  }),
  origin: Type.String({ description: 'Where the document came from: the path given to ingest, or the upload name.' }),
  counts: CountsSchema,
  skippedCount: Type.Integer(),
};

export const DocumentSummarySchema = Type.Object(summaryProperties);
export type DocumentSummary = Static<typeof DocumentSummarySchema>;

/** What the API (and the CLI) shows of a stored document: its store id and collector stay inside. */
export function documentSummary(d: StoredDocument): DocumentSummary {
  return {
    digest: d.digest,
    format: d.format,
    subject: d.subject,
    ingestedAt: d.ingestedAt,
    ingestedBy: d.ingestedBy,
    origin: d.origin,
    counts: d.counts,
    skippedCount: d.skippedCount,
  };
}

export const DocumentListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  documents: Type.Array(DocumentSummarySchema, { description: 'Newest first.' }),
});
export type DocumentList = Static<typeof DocumentListSchema>;

export const DocumentDetailSchema = Type.Object({ ...summaryProperties, skipped: SkippedListSchema });
export type DocumentDetail = Static<typeof DocumentDetailSchema>;

export const DocumentParamsSchema = Type.Object({
  digest: Type.String({ description: 'The document digest, `sha256:<64 hex>` (URL-encoded or not).' }),
});

export const DocumentListQuerySchema = Type.Object({
  PageSize: Type.Optional(Type.Integer({ minimum: 1, description: 'Documents per page (1..the configured maximum).' })),
  Cursor: Type.Optional(Type.String({ description: 'Opaque cursor from a previous `NextCursor`.' })),
  'paginationSpec[PageSize]': Type.Optional(Type.Integer({ minimum: 1, description: 'GUAC spelling of `PageSize`.' })),
  'paginationSpec[Cursor]': Type.Optional(Type.String({ description: 'GUAC spelling of `Cursor`.' })),
  format: Type.Optional(Type.String({ description: 'Only documents of this detected format (exact match).' })),
  subject: Type.Optional(Type.String({ description: 'Only documents about this subject (exact match).' })),
});
export type DocumentListQuery = Static<typeof DocumentListQuerySchema>;

export const UploadQuerySchema = Type.Object({
  name: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1024,
      description:
        'Names the upload in messages and is recorded as its origin (like `ingest --origin`); default `upload`. ' +
        'Entries of a zip archive are named `<name>!/<entry>`.',
    }),
  ),
  ...BuildQueryFields,
});
export type UploadQuery = Static<typeof UploadQuerySchema>;
