// Bodies of the project API (docs/api.md, "Projects and builds"): what an upload says about its
// build, the project list, one project with a page of its builds.
import { Type, type Static } from 'typebox';
import type { StoredBuild, StoredProject } from '../../store/types.js';
import { PaginationInfoSchema } from './pagination.js';
import { RefTo, StringEnum } from './typebox.js';

const buildText = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 512, description }));

/** What an upload says about the build its SBOM is (docs/api.md, "Projects and builds"). */
export const BuildQueryFields = {
  project: buildText(
    'The project the SBOM is a build of; default: derived from its subject (docs/api.md, "Projects and builds").',
  ),
  version: buildText("The build's version; default: the subject's version."),
  commit: buildText('The commit the build was made from.'),
  branch: buildText('The branch the build was made from.'),
  buildUrl: buildText('Where the build ran (a CI job URL).'),
  builtAt: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "When it was built (RFC 3339); orders the project's builds instead of the ingest time.",
    }),
  ),
  label: Type.Optional(
    Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 1100 }),
        Type.Array(Type.String({ minLength: 1, maxLength: 1100 }), { maxItems: 50 }),
      ],
      {
        description:
          'A label of the project, `key=value`; repeat for several (a later value of a key replaces the earlier).',
      },
    ),
  ),
};

const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const BuildSchema = Type.Object({
  digest: Type.String({ description: "The SBOM document's digest (`sha256:…`): how the build is named." }),
  subject: nullableText("The SBOM's subject: a purl or an artifact digest."),
  version: nullableText("The build's version: the upload's, else its subject's."),
  commit: nullableText('The commit the upload named.'),
  branch: nullableText('The branch the upload named.'),
  buildUrl: nullableText('The build URL the upload named.'),
  builtAt: Type.String({
    description: "What orders the project's builds: the upload's builtAt, else the ingest time (ISO 8601, UTC).",
  }),
  ingestedAt: Type.String({ description: 'When the document was stored (ISO 8601, UTC).' }),
});
export type BuildBody = Static<typeof BuildSchema>;

export const ProjectSummarySchema = Type.Object({
  name: Type.String(),
  labels: Type.Record(Type.String(), Type.String(), { description: 'Labels set on the project, by key.' }),
  builds: Type.Integer({ description: 'Builds stored.' }),
  createdAt: Type.String({ description: 'When its first build was stored (ISO 8601, UTC).' }),
  latest: Type.Union([BuildSchema, Type.Null()], {
    description: 'The newest build by builtAt (then by ingest order).',
  }),
});
export type ProjectSummary = Static<typeof ProjectSummarySchema>;

export const ProjectListSchema = Type.Object({
  PaginationInfo: RefTo(PaginationInfoSchema),
  unassigned: Type.Integer({ description: 'Stored SBOMs without a project (none could be derived; see docs/api.md).' }),
  projects: Type.Array(ProjectSummarySchema),
});
export type ProjectList = Static<typeof ProjectListSchema>;

export const ProjectDetailSchema = Type.Object({
  ...ProjectSummarySchema.properties,
  PaginationInfo: RefTo(PaginationInfoSchema),
  history: Type.Array(
    Type.Object({
      ...BuildSchema.properties,
      findings: Type.Object(
        {
          total: Type.Integer(),
          bySeverity: Type.Record(Type.String(), Type.Integer()),
        },
        { description: 'Its findings by severity, VEX-suppressed ones left out (as /v0/findings counts them).' },
      ),
    }),
    { description: 'One page of its builds, newest first: the project over time.' },
  ),
});
export type ProjectDetail = Static<typeof ProjectDetailSchema>;

const paging = {
  PageSize: Type.Optional(Type.Integer({ minimum: 1, description: 'Rows per page (1..the configured maximum).' })),
  Cursor: Type.Optional(Type.String({ description: 'Opaque cursor from a previous `NextCursor`.' })),
};

const LabelFilter = Type.Union(
  [Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { maxItems: 20 })],
  {
    description: 'Only projects with this label, `key=value`; repeat to require several.',
  },
);

export const ProjectListQuerySchema = Type.Object({
  ...paging,
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 512, description: 'Only projects whose name starts with this.' }),
  ),
  label: Type.Optional(LabelFilter),
  sort: Type.Optional(
    StringEnum(['name', 'lastBuild', 'findings'], {
      description:
        '`name` (default); `lastBuild`: the newest latest build first; `findings`: the worst latest build first (most CRITICAL, then HIGH…).',
    }),
  ),
});
export type ProjectListQuery = Static<typeof ProjectListQuerySchema>;

export const ProjectDetailQuerySchema = Type.Object(paging);
export type ProjectDetailQuery = Static<typeof ProjectDetailQuerySchema>;

export const ProjectLabelQuerySchema = Type.Object({
  label: Type.Optional(
    Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 1100 }),
        Type.Array(Type.String({ minLength: 1, maxLength: 1100 }), { maxItems: 50 }),
      ],
      {
        description: 'A label to set, `key=value`; repeat for several.',
      },
    ),
  ),
  unset: Type.Optional(
    Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 512 }),
        Type.Array(Type.String({ minLength: 1, maxLength: 512 }), { maxItems: 50 }),
      ],
      {
        description: 'A label key to remove; repeat for several.',
      },
    ),
  ),
});
export type ProjectLabelQuery = Static<typeof ProjectLabelQuerySchema>;

export const MoveBuildQuerySchema = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 512,
    description: 'The project the build moves to (created when new).',
  }),
});

export function buildBody(b: StoredBuild): BuildBody {
  return {
    digest: b.digest,
    subject: b.subject,
    version: b.version,
    commit: b.commit,
    branch: b.branch,
    buildUrl: b.buildUrl,
    builtAt: b.builtAt,
    ingestedAt: b.ingestedAt,
  };
}

export function projectSummary(p: StoredProject): ProjectSummary {
  return {
    name: p.name,
    labels: { ...p.labels },
    builds: p.builds,
    createdAt: p.createdAt,
    latest: p.latest ? buildBody(p.latest) : null,
  };
}
