// Policies and recorded verdicts as both backends keep them (schema step 13): plain rows beside
// the graph, never part of a load. One SQL builder per statement and one row → record mapping.
import type { Policy, PolicyAction, PolicyScope, PolicySubject } from '../model/policy.js';
import { SqlParams, type Dialect, type SqlStatement } from './schema/dialect.js';
import type { StoredPolicy, StoredVerdict } from './types.js';

export interface PolicyRowValues {
  name: string;
  expression: string;
  subject: string;
  action: string;
  scope_kind: string;
  scope_value: string | null;
  created_at: string;
  updated_at: string;
}

export interface VerdictRowValues {
  digest: string | null;
  project: string | null;
  at: string;
  verdict: string;
  violations: string;
  by_token: string | null;
}

function scopeColumns(scope: PolicyScope): [string, string | null] {
  if (scope.kind === 'global') return ['global', null];
  if (scope.kind === 'project') return ['project', scope.project];
  return ['label', `${scope.key}=${scope.value}`];
}

function scopeOf(kind: string, value: string | null): PolicyScope {
  if (kind === 'project') return { kind: 'project', project: value ?? '' };
  if (kind === 'label') {
    const at = (value ?? '').indexOf('=');
    return { kind: 'label', key: (value ?? '').slice(0, at), value: (value ?? '').slice(at + 1) };
  }
  return { kind: 'global' };
}

export function policyFromRow(r: PolicyRowValues): StoredPolicy {
  return {
    name: r.name,
    expression: r.expression,
    subject: r.subject as PolicySubject,
    action: r.action as PolicyAction,
    scope: scopeOf(r.scope_kind, r.scope_value),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export function listPoliciesSql(d: Dialect): SqlStatement {
  return {
    text: `SELECT name, expression, subject, action, scope_kind, scope_value, created_at, updated_at
      FROM ${d.table('policies')} ORDER BY name`,
    params: [],
  };
}

export function policyNamedSql(d: Dialect, name: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(`SELECT name FROM ${d.table('policies')} WHERE name = ${p.bind(name)}`);
}

/** Creates the policy, or replaces its expression, subject, action and scope (created_at kept). */
export function putPolicySql(d: Dialect, policy: Policy, at: string): SqlStatement {
  const p = new SqlParams(d);
  const [kind, value] = scopeColumns(policy.scope);
  const values = [policy.name, policy.expression, policy.subject, policy.action, kind, value, at, at].map((v) =>
    p.bind(v),
  );
  return p.statement(
    `INSERT INTO ${d.table('policies')} (name, expression, subject, action, scope_kind, scope_value, created_at, updated_at)
     VALUES (${values.join(', ')})
     ON CONFLICT (name) DO UPDATE SET expression = excluded.expression, subject = excluded.subject,
       action = excluded.action, scope_kind = excluded.scope_kind, scope_value = excluded.scope_value,
       updated_at = excluded.updated_at`,
  );
}

export function deletePolicySql(d: Dialect, name: string): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(`DELETE FROM ${d.table('policies')} WHERE name = ${p.bind(name)} RETURNING name`);
}

export function recordVerdictSql(d: Dialect, v: StoredVerdict): SqlStatement {
  const p = new SqlParams(d);
  const values = [v.digest, v.project, v.at, v.verdict, JSON.stringify(v.violations), v.by].map((x) => p.bind(x));
  return p.statement(
    `INSERT INTO ${d.table('verdicts')} (digest, project, at, verdict, violations, by_token) VALUES (${values.join(', ')})`,
  );
}

/** A build's recorded verdicts, newest first. */
export function verdictsOfSql(d: Dialect, digest: string, limit: number): SqlStatement {
  const p = new SqlParams(d);
  return p.statement(
    `SELECT digest, project, at, verdict, violations, by_token FROM ${d.table('verdicts')}
     WHERE digest = ${p.bind(digest)} ORDER BY at DESC LIMIT ${p.bind(limit)}`,
  );
}

export function verdictFromRow(r: VerdictRowValues): StoredVerdict {
  return {
    digest: r.digest,
    project: r.project,
    at: r.at,
    verdict: r.verdict as StoredVerdict['verdict'],
    violations: JSON.parse(r.violations) as unknown[],
    by: r.by_token,
  };
}
