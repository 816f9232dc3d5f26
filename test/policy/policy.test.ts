// Policies compiled and applied (src/policy/policy.ts): refused when they do not parse, name what
// their subject does not have or are not true/false; tested on components and findings; scoped.
import { describe, expect, it } from 'vitest';
import {
  compilePolicy,
  policyApplies,
  PolicyCompileError,
  type ComponentInput,
  type VulnInput,
} from '../../src/policy/policy.js';

const component: ComponentInput = {
  purl: 'pkg:npm/left-pad@1.3.0',
  type: 'npm',
  namespace: '',
  name: 'left-pad',
  version: '1.3.0',
  licenses: ['WTFPL'],
  direct: false,
  depth: 3,
};
const vuln: VulnInput = {
  id: 'GHSA-x',
  aliases: ['CVE-2021-1'],
  severity: 'CRITICAL',
  cvss: 9.8,
  fixAvailable: false,
  fixedIn: [],
  vex: 'UNDER_INVESTIGATION',
  kev: true,
  epss: 0.93,
};

describe('compilePolicy', () => {
  it.each([
    ['vuln.severity == "CRITICAL" && vuln.kev', 'finding', true],
    ['vuln.cvss >= 9.0 && !vuln.fixAvailable && vuln.epss > 0.5', 'finding', true],
    ['"CVE-2021-1" in vuln.aliases', 'finding', true],
    ['component.direct', 'finding', false],
    ['component.depth > 2 && component.type == "npm"', 'component', true],
    ['component.licenses.exists(l, l.startsWith("GPL"))', 'component', false],
    ['vuln.vex == "NOT_AFFECTED"', 'finding', false],
  ] as const)('%s (%s) → %s', (expression, subject, expected) => {
    expect(compilePolicy(expression, subject)({ component, vuln })).toBe(expected);
  });

  it.each([
    ['component.name ==', 'finding', /<input>:1:\d+/],
    ['vuln.severity == "HIGH"', 'component', /component policy reads component\.\*/],
    ['component.nmae == "x"', 'component', /field not found: nmae/],
    ['vuln.cvss * 2.0', 'finding', /must be true or false/],
    ['vuln.severity > 3', 'finding', /no matching overload/],
  ] as const)('refuses %s (%s)', (expression, subject, message) => {
    expect(() => compilePolicy(expression, subject)).toThrow(PolicyCompileError);
    expect(() => compilePolicy(expression, subject)).toThrow(message);
  });
});

describe('policyApplies', () => {
  it('global everywhere; a project to its builds; a label to projects that have it', () => {
    expect(policyApplies({ kind: 'global' }, null, {})).toBe(true);
    expect(policyApplies({ kind: 'project', project: 'a' }, 'a', {})).toBe(true);
    expect(policyApplies({ kind: 'project', project: 'a' }, 'b', {})).toBe(false);
    expect(policyApplies({ kind: 'label', key: 'team', value: 'x' }, 'a', { team: 'x' })).toBe(true);
    expect(policyApplies({ kind: 'label', key: 'team', value: 'x' }, 'a', { team: 'y' })).toBe(false);
  });
});
