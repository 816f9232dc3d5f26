// `supplygraph policies list|set|delete`: the policies of the store, straight from the store
// (like `documents`), checked and compiled as PUT /v0/policies/{name} does.
import { policyBody } from '../http/schemas/policies.js';
import {
  POLICY_ACTIONS,
  POLICY_SUBJECTS,
  type PolicyAction,
  type PolicyScope,
  type PolicySubject,
} from '../model/policy.js';
import { checkedPolicy } from '../query/policies.js';
import { labelPairs } from '../query/projects.js';
import { withStore } from './preflight.js';

export function runPolicyList(location: string, json: boolean): Promise<number> {
  return withStore(location, async (store) => {
    const policies = (await store.listPolicies()).map(policyBody);
    if (json) console.log(JSON.stringify({ policies }));
    else
      for (const p of policies)
        console.log(`${p.name}  ${p.action}  ${p.subject}  ${scopeText(p.scope)}  ${p.expression}`);
    return 0;
  });
}

function scopeText(s: PolicyScope): string {
  return s.kind === 'global' ? 'global' : s.kind === 'project' ? `project ${s.project}` : `label ${s.key}=${s.value}`;
}

export interface PolicySetOptions {
  expression: string;
  subject?: string;
  action?: string;
  project?: string;
  label?: string;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${flag}: "${value}" is not one of ${allowed.join(', ')}`);
  return value as T;
}

function scopeOf(o: PolicySetOptions): PolicyScope {
  if (o.project !== undefined && o.label !== undefined) throw new Error('--project and --label: give one scope');
  if (o.project !== undefined) return { kind: 'project', project: o.project };
  if (o.label === undefined) return { kind: 'global' };
  const [[key, value]] = labelPairs([o.label]);
  return { kind: 'label', key, value };
}

export function runPolicySet(location: string, name: string, o: PolicySetOptions): Promise<number> {
  const subject = oneOf<PolicySubject>('--subject', o.subject, POLICY_SUBJECTS);
  const action = oneOf<PolicyAction>('--action', o.action, POLICY_ACTIONS);
  const policy = checkedPolicy(name, {
    expression: o.expression,
    ...(subject ? { subject } : {}),
    ...(action ? { action } : {}),
    scope: scopeOf(o),
  });
  return withStore(location, async (store) => {
    const outcome = await store.putPolicy(policy, new Date().toISOString());
    console.error(`${outcome} policy ${name}`);
    return 0;
  });
}

export function runPolicyDelete(location: string, name: string): Promise<number> {
  return withStore(location, async (store) => {
    if (await store.deletePolicy(name)) return 0;
    console.error(`supplygraph: no policy is named "${name}"`);
    return 1;
  });
}
