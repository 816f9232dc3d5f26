// The fact schemas are the facts' one definition: their Static types are the fact types parsers
// build (checked by the compiler below), and every fact the parsers emit for the examples and
// the test fixtures passes the compiled schema.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ingestDocument } from '../../src/ingest/pipeline.js';
import { FactsBuilder, type DocumentFacts } from '../../src/model/facts.js';
import { DocumentFactsSchema } from '../../src/model/schemas/document.js';
import type { DocumentInput, FactLog, WriteOutcome } from '../../src/store/types.js';

const ROOTS = ['examples', 'test/fixtures'];
/** Not documents (the stores) or documents refused on purpose. */
const SKIP = /(^|\/)(stores|hostile)(\/|$)|\.md$|\.txt$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIP.test(relative('.', path))) return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** A fact log that only keeps what it is given (all ingestDocument writes to). */
function capturingStore(into: DocumentFacts[]): FactLog {
  const unused = (): never => {
    throw new Error('not used by ingestDocument');
  };
  return {
    writeDocument: (input: DocumentInput): Promise<WriteOutcome> => {
      into.push(input.facts);
      return Promise.resolve({ status: 'stored', documentId: into.length });
    },
    hasDocument: () => Promise.resolve(false),
    documentSkips: unused,
    load: unused,
    changesSince: unused,
  };
}

describe('fact schemas', () => {
  it('give the fact types', () => {
    expectTypeOf<Static<typeof DocumentFactsSchema>>().toEqualTypeOf<DocumentFacts>();
  });

  it('accept every fact the parsers emit for the examples and fixtures', async () => {
    const check = Compile(DocumentFactsSchema);
    const emitted: DocumentFacts[] = [];
    const store = capturingStore(emitted);
    const inputs = ROOTS.flatMap(files);
    for (const path of inputs) {
      await ingestDocument(
        { name: path, path, read: () => Promise.resolve(readFileSync(path)) },
        { store, collector: 'test', maxDocumentBytes: 1 << 26 },
      );
    }
    expect(emitted.length).toBeGreaterThan(50);
    const invalid: { format: string; errors: unknown[] }[] = [];
    for (const facts of emitted) {
      const errors = check.Errors(facts);
      if (errors.length) invalid.push({ format: facts.format, errors: errors.slice(0, 3) });
    }
    expect(invalid).toEqual([]);
  });

  it('reject a fact that breaks its schema', () => {
    const check = Compile(DocumentFactsSchema);
    const facts: unknown = {
      ...new FactsBuilder('test').facts,
      dependencies: [{ from: 'pkg:npm/a@1', to: 'pkg:npm/b@1', type: 'SIDEWAYS' }],
    };
    expect(check.Check(facts)).toBe(false);
    expect(check.Check(new FactsBuilder('test').facts)).toBe(true);
  });
});
