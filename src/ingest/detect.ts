// Format detection: the one place that turns bytes into a SniffedDocument and picks the
// parser by content (never by file name).
import { DocumentError } from '../model/facts.js';
import type { FormatParser, SniffedDocument } from './formats/types.js';
import { FORMAT_PARSERS } from './formats/registry.js';
import { isObject } from './formats/common/json.js';

export class UnsupportedDocumentError extends Error {}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Deeper JSON is refused: no real document nests this deep, and walkers need not guard recursion. */
export const MAX_JSON_DEPTH = 512;

/** Nesting depth of JSON text (brackets outside strings), stopping early past the limit. */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Decodes and parses a document; throws DocumentError for bytes that are not UTF-8 JSON/XML text. */
export function sniff(name: string, bytes: Uint8Array): SniffedDocument {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new DocumentError('', 'the document is not valid UTF-8 text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = /\S/.exec(text)?.[0];
  if (first === '{' || first === '[') {
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
      throw new DocumentError('', `the JSON is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      if (err instanceof RangeError) throw new DocumentError('', 'the JSON is nested too deeply');
      throw new DocumentError('', `the JSON is malformed (${err instanceof Error ? err.message : String(err)})`);
    }
    return { name, text, json, xml: false };
  }
  return { name, text, json: undefined, xml: first === '<' };
}

/** What detection saw, for the "unsupported document" message. */
function recognised(doc: SniffedDocument): string {
  if (doc.json !== undefined) {
    if (Array.isArray(doc.json)) return `a JSON array of ${doc.json.length} items`;
    if (isObject(doc.json)) {
      const keys = Object.keys(doc.json).slice(0, 8);
      return `a JSON object with keys ${keys.map((k) => `"${k}"`).join(', ') || '(none)'}`;
    }
    return `a JSON ${typeof doc.json}`;
  }
  if (doc.xml) {
    const root = /<([A-Za-z_][\w:.-]*)[\s>/]/.exec(doc.text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1];
    return `an XML document${root ? ` with root element <${root}>` : ''}`;
  }
  return 'text that is neither JSON nor XML';
}

export function detectFormat(doc: SniffedDocument): FormatParser {
  const matches = FORMAT_PARSERS.filter((p) => p.detect(doc));
  if (matches.length === 0) {
    throw new UnsupportedDocumentError(
      `unsupported document: found ${recognised(doc)}, which is none of the supported formats (${FORMAT_PARSERS.map((p) => p.name).join(', ')})`,
    );
  }
  return matches[0];
}
