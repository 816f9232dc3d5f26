// Policies (docs/api.md, "Policies and verdicts"): a CEL expression over a finding (`vuln` and
// `component`) or over a component alone, true when the build breaks the rule; an action (fail or
// warn) and a scope (every project, one project, or the projects with a label). Compiled here:
// parsed, then tried on sample inputs, so an unknown name or a type mismatch is refused when the
// policy is written, with CEL's message and position, not when a build is judged.
import { celEnv, CelScalar, isCelError, mapType, parse, plan } from '@bufbuild/cel';
import type { PolicyScope, PolicySubject } from '../model/policy.js';

export type { Policy, PolicyAction, PolicyScope, PolicySubject } from '../model/policy.js';

/** A component as policies read it (`component.…`). */
export interface ComponentInput {
  purl: string;
  type: string;
  namespace: string;
  name: string;
  version: string;
  /** SPDX expressions documents state for it. */
  licenses: string[];
  /** A dependency of the build's subject itself. */
  direct: boolean;
  /** Edges from the build's subject (1: direct). */
  depth: number;
}

/** A vulnerability of a component as finding policies read it (`vuln.…`). */
export interface VulnInput {
  id: string;
  aliases: string[];
  severity: string;
  /** 0 when no score is known. */
  cvss: number;
  fixAvailable: boolean;
  fixedIn: string[];
  /** The deciding VEX status (AFFECTED, UNDER_INVESTIGATION; suppressed findings break no policy); "" when none. */
  vex: string;
  /** In the Known Exploited Vulnerabilities catalogue loaded, by its id or an alias (false without one). */
  kev: boolean;
  /** FIRST EPSS probability, 0 to 1: the highest of its id and aliases (0 when not scored). */
  epss: number;
}

/** A policy that does not compile: CEL's message, which names the position (`<input>:1:20: …`). */
export class PolicyCompileError extends Error {}

const ENV = celEnv({
  variables: { vuln: mapType(CelScalar.STRING, CelScalar.DYN), component: mapType(CelScalar.STRING, CelScalar.DYN) },
});

/** A compiled policy: true when the input breaks it. */
export type PolicyTest = (input: { component: ComponentInput; vuln?: VulnInput }) => boolean;

const SAMPLE_COMPONENT: ComponentInput = {
  purl: 'pkg:npm/sample@1.0.0',
  type: 'npm',
  namespace: '',
  name: 'sample',
  version: '1.0.0',
  licenses: ['MIT'],
  direct: true,
  depth: 1,
};
const SAMPLE_VULN: VulnInput = {
  id: 'CVE-2000-0001',
  aliases: [],
  severity: 'HIGH',
  cvss: 7.5,
  fixAvailable: true,
  fixedIn: ['1.0.1'],
  vex: '',
  kev: false,
  epss: 0.1,
};

/** Compiles a policy's expression for its subject; throws PolicyCompileError with CEL's message. */
export function compilePolicy(expression: string, subject: PolicySubject): PolicyTest {
  const evaluate = planned(expression);
  const run = (input: { component: ComponentInput; vuln?: VulnInput }): unknown =>
    evaluate(subject === 'finding' ? input : { component: input.component });
  for (const sample of [SAMPLE_COMPONENT, { ...SAMPLE_COMPONENT, direct: false, depth: 3, licenses: [] }]) {
    const result = run({ component: sample, vuln: SAMPLE_VULN });
    if (isCelError(result)) throw new PolicyCompileError(`${result.message} (${subjectNames(subject)})`);
    if (typeof result !== 'boolean')
      throw new PolicyCompileError(`the expression must be true or false, not ${typeof result}`);
  }
  return (input) => run(input) === true;
}

/** The expression parsed and planned; a parse failure is a PolicyCompileError. */
function planned(expression: string): (input: object) => unknown {
  try {
    const evaluate = plan(ENV, parse(expression));
    return (input) => evaluate(input as Parameters<typeof evaluate>[0]);
  } catch (err) {
    throw new PolicyCompileError(err instanceof Error ? err.message : String(err));
  }
}

function subjectNames(subject: PolicySubject): string {
  return subject === 'finding'
    ? 'a finding policy reads vuln.* and component.*'
    : 'a component policy reads component.*';
}

/** Whether a policy applies to a build of `project` with these labels. */
export function policyApplies(
  scope: PolicyScope,
  project: string | null,
  labels: Readonly<Record<string, string>>,
): boolean {
  if (scope.kind === 'global') return true;
  if (scope.kind === 'project') return scope.project === project;
  return labels[scope.key] === scope.value;
}
