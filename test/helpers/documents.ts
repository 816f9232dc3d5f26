// Shared by the per-format parser tests: a parse context, text → SniffedDocument, and an
// assertion that a parser rejects a document whole.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { FIXTURES } from './corpus.js';
import { DocumentError } from '../../src/model/facts.js';
import type { ParseContext, SniffedDocument } from '../../src/ingest/formats/types.js';

export const PARSE_CTX: ParseContext = {
  origin: 'test',
  collector: 'vitest',
  documentDigest: `sha256:${'ab'.repeat(32)}`,
  now: '2024-01-01T00:00:00.000Z',
};

/** Like detection, but lenient: text that is not JSON comes back with `json` undefined. */
export function sniffText(name: string, text: string): SniffedDocument {
  const xml = text.trimStart().startsWith('<');
  let json: unknown;
  if (!xml) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { name, text, json, xml };
}

export function expectDocumentError(fn: () => unknown, message: RegExp): DocumentError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DocumentError);
    expect((err as Error).message).toMatch(message);
    return err as DocumentError;
  }
  throw new Error('expected a DocumentError');
}

/** A real document from test/fixtures (by its corpus file name) as detection would see it. */
export function loadFixture(file: string): SniffedDocument {
  return FIXTURES.load(file);
}

/** A hand-made hostile fixture (test/fixtures/hostile/). */
export function loadHostile(file: string): SniffedDocument {
  return sniffText(file, readFileSync(new URL(`../fixtures/hostile/${file}`, import.meta.url), 'utf8'));
}

/**
 * The document lines of a hand-written SPDX 2.3 tag-value SBOM describing SPDXRef-app, ending
 * with a blank line: the packages follow.
 */
export function spdxTagValueHeader(name: string, namespace = name): string[] {
  return [
    'SPDXVersion: SPDX-2.3',
    'DataLicense: CC0-1.0',
    'SPDXID: SPDXRef-DOCUMENT',
    `DocumentName: ${name}`,
    `DocumentNamespace: https://example.com/${namespace}`,
    'Creator: Tool: hand',
    'Created: 2024-05-01T10:00:00Z',
    'Relationship: SPDXRef-DOCUMENT DESCRIBES SPDXRef-app',
    '',
  ];
}
