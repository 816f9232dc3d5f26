// Bodies of the policy and verdict API (docs/api.md, "Policies and verdicts").
import { Type, type Static } from 'typebox';
import { POLICY_ACTIONS, POLICY_SUBJECTS } from '../../model/policy.js';
import type { StoredPolicy } from '../../store/types.js';
import { StringEnum } from './typebox.js';

const ScopeSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('global') }),
    Type.Object({ kind: Type.Literal('project'), project: Type.String({ minLength: 1, maxLength: 512 }) }),
    Type.Object({
      kind: Type.Literal('label'),
      key: Type.String({ minLength: 1, maxLength: 512 }),
      value: Type.String({ minLength: 1, maxLength: 512 }),
    }),
  ],
  { description: 'Every project, one project, or the projects with a label.' },
);

export const PolicyBodySchema = Type.Object(
  {
    expression: Type.String({
      minLength: 1,
      maxLength: 8192,
      description: 'CEL, true when the build breaks the rule.',
    }),
    subject: Type.Optional(
      StringEnum(POLICY_SUBJECTS, { description: '`finding` (default): vuln.* and component.*; `component`.' }),
    ),
    action: Type.Optional(StringEnum(POLICY_ACTIONS, { description: '`fail` (default) or `warn`.' })),
    scope: Type.Optional(ScopeSchema),
  },
  { additionalProperties: false },
);
export type PolicyBody = Static<typeof PolicyBodySchema>;

export const PolicySchema = Type.Object({
  name: Type.String(),
  expression: Type.String(),
  subject: StringEnum(POLICY_SUBJECTS),
  action: StringEnum(POLICY_ACTIONS),
  scope: ScopeSchema,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const PolicyListSchema = Type.Object({ policies: Type.Array(PolicySchema) });

export const ViolationSchema = Type.Object({
  policy: Type.String(),
  action: StringEnum(POLICY_ACTIONS),
  package: Type.String(),
  vulnerability: Type.Optional(Type.String()),
  license: Type.Optional(Type.String()),
  path: Type.Array(Type.String(), { description: "From the build's subject to the package." }),
  reason: Type.String(),
});

export const VerdictSchema = Type.Object({
  verdict: StringEnum(['pass', 'warn', 'fail']),
  project: Type.Union([Type.String(), Type.Null()]),
  digest: Type.Union([Type.String(), Type.Null()], { description: 'The judged SBOM document; null when not stored.' }),
  policies: Type.Array(Type.String(), { description: 'The policies that applied.' }),
  violations: Type.Array(ViolationSchema),
});
export type VerdictBody = Static<typeof VerdictSchema>;

export const VerdictQuerySchema = Type.Object({
  build: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 600,
      description: 'A stored build: its SBOM digest, or a project name (its latest build).',
    }),
  ),
  store: Type.Optional(
    StringEnum(['true', 'false'], { description: 'Store the SBOM sent, as an upload would (default false).' }),
  ),
  project: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'The project of the SBOM sent.' })),
});
export type VerdictQuery = Static<typeof VerdictQuerySchema>;

export const VerdictListSchema = Type.Object({
  verdicts: Type.Array(
    Type.Object({
      at: Type.String(),
      by: Type.Union([Type.String(), Type.Null()]),
      verdict: StringEnum(['pass', 'warn', 'fail']),
      project: Type.Union([Type.String(), Type.Null()]),
      violations: Type.Array(Type.Unknown()),
    }),
  ),
});

export function policyBody(p: StoredPolicy): Static<typeof PolicySchema> {
  return {
    name: p.name,
    expression: p.expression,
    subject: p.subject,
    action: p.action,
    scope: p.scope,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
