// Runs the official purl-spec test suite (ECMA-427, test/fixtures/purl-spec/, see its README) against
// the project's purl functions: parse = parsePurl, validate = canonicalPurl (string → canonical
// string), build = formatPurl(canonicalParts(components)).
import { readdirSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { canonicalParts, canonicalPurl, formatPurl, parsePurl, type PurlParts } from '../../src/model/purl.js';

export const PURL_SPEC_DIR = new URL('../fixtures/purl-spec/', import.meta.url);

interface Components {
  type: string | null;
  namespace: string | null;
  name: string | null;
  version: string | null;
  qualifiers: Record<string, string> | null;
  subpath: string | null;
}

export interface SpecCase {
  /** "<file stem>#<index in the file>", e.g. "specification#13", "maven#4". */
  id: string;
  description: string;
  test_group: 'required' | 'recommended';
  test_type: 'parse' | 'validate' | 'build';
  input: string | Components;
  expected_output: string | Components | null;
  expected_failure: boolean;
}

export function loadSpecCases(): SpecCase[] {
  const files = [
    new URL('tests/spec/specification-test.json', PURL_SPEC_DIR),
    ...readdirSync(new URL('tests/types/', PURL_SPEC_DIR))
      .sort()
      .map((f) => new URL(`tests/types/${f}`, PURL_SPEC_DIR)),
  ];
  return files.flatMap((file) => {
    const stem = file.pathname.replace(/^.*\//, '').replace(/-test\.json$/, '');
    const { tests } = JSON.parse(readFileSync(file, 'utf8')) as { tests: Omit<SpecCase, 'id'>[] };
    return tests.map((t, i) => ({ ...t, id: `${stem}#${i}` }));
  });
}

/** The decoded components as the suite writes them (absent parts are null). */
function asComponents(p: PurlParts): Components {
  return {
    type: p.type,
    namespace: p.namespace ?? null,
    name: p.name,
    version: p.version ?? null,
    qualifiers: Object.keys(p.qualifiers).length ? p.qualifiers : null,
    subpath: p.subpath ?? null,
  };
}

function build(input: Components): string {
  if (input.type === null || input.name === null) throw new Error('the type and the name are required');
  return formatPurl(canonicalParts({ ...input, type: input.type, name: input.name }));
}

function attempt(c: SpecCase): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    if (c.test_type === 'parse') return { ok: true, value: asComponents(parsePurl(c.input as string)) };
    if (c.test_type === 'validate') return { ok: true, value: canonicalPurl(c.input as string) };
    return { ok: true, value: build(c.input as Components) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

export interface SpecOutcome {
  case: SpecCase;
  pass: boolean;
  /** What the project answered (a value, or "throws: …"), for the failure listing. */
  got: unknown;
}

export function runSpecCase(c: SpecCase): SpecOutcome {
  const r = attempt(c);
  if (c.expected_failure) return { case: c, pass: !r.ok, got: r.ok ? r.value : `throws: ${r.error}` };
  if (!r.ok) return { case: c, pass: false, got: `throws: ${r.error}` };
  return { case: c, pass: isDeepStrictEqual(r.value, c.expected_output), got: r.value };
}
