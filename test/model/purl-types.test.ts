// src/model/purl-types.ts is data: the purl-spec type definitions (test/fixtures/purl-spec/types/,
// see its README) reduced to what canonicalisation enforces. This test derives the table from the
// definitions and fails when the two differ; `UPDATE_PURL_TYPES=1` rewrites the file instead
// (after copying newer definitions into the fixtures).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PURL_TYPES, type PurlTypeRule } from '../../src/model/purl-types.js';

const DEFINITIONS = new URL('../fixtures/purl-spec/types/', import.meta.url);
const TARGET = new URL('../../src/model/purl-types.ts', import.meta.url);

interface ComponentDefinition {
  requirement?: 'required' | 'optional' | 'prohibited';
  case_sensitive?: boolean;
  permitted_characters?: string;
}
interface TypeDefinition {
  type: string;
  namespace_definition: ComponentDefinition;
  name_definition: ComponentDefinition;
  version_definition?: ComponentDefinition;
  subpath_definition?: ComponentDefinition;
  qualifiers_definition?: { key: string; requirement?: string }[];
}

/** case_sensitive defaults to true (purl-type-definition schema): false means "lowercase it". */
const lowercase = (d: ComponentDefinition | undefined): boolean => d?.case_sensitive === false;

function ruleOf(d: TypeDefinition): PurlTypeRule {
  const rule: PurlTypeRule = {
    namespace: d.namespace_definition.requirement ?? 'optional',
    lowercaseNamespace: lowercase(d.namespace_definition),
    lowercaseName: lowercase(d.name_definition),
    lowercaseVersion: lowercase(d.version_definition),
    lowercaseSubpath: lowercase(d.subpath_definition),
    requiredQualifiers: (d.qualifiers_definition ?? []).filter((q) => q.requirement === 'required').map((q) => q.key),
  };
  if (d.name_definition.permitted_characters) rule.namePattern = d.name_definition.permitted_characters;
  if (d.version_definition?.permitted_characters) rule.versionPattern = d.version_definition.permitted_characters;
  return rule;
}

function derive(): Record<string, PurlTypeRule> {
  const out: Record<string, PurlTypeRule> = {};
  for (const file of readdirSync(DEFINITIONS).sort()) {
    const d = JSON.parse(readFileSync(new URL(file, DEFINITIONS), 'utf8')) as TypeDefinition;
    // Every registered type requires a name; canonicalParts relies on it.
    expect(d.name_definition.requirement, d.type).toBe('required');
    out[d.type] = ruleOf(d);
  }
  return out;
}

function render(rules: Record<string, PurlTypeRule>): string {
  const lines = Object.entries(rules).map(([type, rule]) => `  ${JSON.stringify(type)}: ${JSON.stringify(rule)},`);
  return `// Generated from the purl-spec type definitions (test/fixtures/purl-spec/types/, purl-spec commit
// 16f3d0e3) by test/model/purl-types.test.ts: do not edit, run it with UPDATE_PURL_TYPES=1.
// Per registered type: whether a namespace is required, optional or prohibited, which components
// are case-insensitive (lowercased in the canonical form), the characters a name or version may
// hold, and the qualifiers a purl of that type must carry. See docs/api.md, "Package URLs".
import { lookupTable } from './lookup-table.js';

export interface PurlTypeRule {
  namespace: 'required' | 'optional' | 'prohibited';
  lowercaseNamespace: boolean;
  lowercaseName: boolean;
  lowercaseVersion: boolean;
  lowercaseSubpath: boolean;
  requiredQualifiers: string[];
  /** ECMA-262 regular expression the decoded name must match. */
  namePattern?: string;
  /** ECMA-262 regular expression the decoded version must match. */
  versionPattern?: string;
}

// prettier-ignore
export const PURL_TYPES = lookupTable<PurlTypeRule>({
${lines.join('\n')}
});
`;
}

describe('purl type rules', () => {
  it('src/model/purl-types.ts is the purl-spec type definitions, reduced', () => {
    const derived = derive();
    if (process.env.UPDATE_PURL_TYPES === '1') writeFileSync(TARGET, render(derived));
    expect(PURL_TYPES).toEqual(derived);
    expect(Object.keys(PURL_TYPES)).toHaveLength(42);
  });
});
