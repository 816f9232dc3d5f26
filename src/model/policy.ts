// A policy as it is stored and listed (docs/api.md, "Policies and verdicts"); compiled and
// evaluated in src/policy/.

export const POLICY_SUBJECTS = ['finding', 'component'] as const;
export type PolicySubject = (typeof POLICY_SUBJECTS)[number];
export const POLICY_ACTIONS = ['fail', 'warn'] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** Where a policy applies: every project, the project named, or the projects with a label (key=value). */
export type PolicyScope =
  { kind: 'global' } | { kind: 'project'; project: string } | { kind: 'label'; key: string; value: string };

export interface Policy {
  name: string;
  expression: string;
  subject: PolicySubject;
  action: PolicyAction;
  scope: PolicyScope;
}
