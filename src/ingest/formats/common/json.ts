// The one family of JSON accessors every format reads with: a type guard, lenient readers for
// report fields where odd values fall back, field readers that reject the document naming the
// path of the wrong field, and a cursor that carries its JSON pointer along (DocumentError
// carries the path).
import { DocumentError } from '../../../model/facts.js';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A trimmed non-empty string, else undefined: for report fields where anything else counts as absent. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The bytes of a base64 (or base64url) text, whitespace ignored; undefined when it is not such text. */
export function base64Bytes(value: unknown): Buffer | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = value.replace(/\s+/g, '');
  // Node's base64 decoder reads both alphabets.
  return /^[A-Za-z0-9+/_-]*={0,2}$/.test(clean) ? Buffer.from(clean, 'base64') : undefined;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A location inside a document, as keys and indexes from its root. */
export type Segments = (string | number)[];

/** Formats a location inside the document: a JSON pointer, or an XML element path. */
export type PathFormatter = (segments: Readonly<Segments>) => string;

function escapePointer(key: string | number): string {
  if (typeof key === 'number') return String(key);
  // Most keys need no escape: skip the two regular-expression passes (a measured cost).
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
}

export const jsonPointer: PathFormatter = (segments) => {
  let out = '';
  for (const s of segments) out += '/' + escapePointer(s);
  return out;
};

/** Reads an optional field that must be an object when present. */
export function optObject(parent: Json, key: string, path: string): Json | undefined {
  const v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) throw new DocumentError(path, `"${key}" must be an object`);
  return v;
}

/** Reads an optional field that must be an array when present ([] when absent). */
export function optArray(parent: Json, key: string, path: string): unknown[] {
  const v = parent[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new DocumentError(path, `"${key}" must be an array`);
  return v;
}

/** Reads an optional string field; numbers are accepted and stringified (versions often are). */
export function optString(parent: Json, key: string, path: string): string | undefined {
  const v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') throw new DocumentError(path, `"${key}" must be a string`);
  return v;
}

export function reqString(parent: Json, key: string, path: string): string {
  const v = optString(parent, key, path);
  if (v === undefined || v === '') throw new DocumentError(path, `required field "${key}" is missing`);
  return v;
}

/** An optional field that must be a string when present (numbers refused); the error names the field itself. */
export function strictOptString(parent: Json, key: string, path: string): string | undefined {
  const v = parent[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new DocumentError(`${path}/${key}`, `"${key}" must be a string`);
  return v;
}

/** An optional array of strings ([] when absent); the error names the field itself. */
export function strictStringList(parent: Json, key: string, path: string): string[] {
  const v = parent[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw new DocumentError(`${path}/${key}`, `"${key}" must be an array of strings`);
  }
  return v as string[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * A JSON value as text for messages and free-text fields: a string as it is, anything else as
 * its JSON text (so an object reads `{"a":1}`, never "[object Object]"); undefined as ''.
 */
export function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/**
 * A cursor over parsed JSON that knows its JSON pointer. The pointer is only spelled out when
 * asked for (a refusal, a skipped item): a GUAC document reads tens of fields per predicate, and
 * building every field's pointer string was a measured share of its ingest.
 */
export class JsonReader {
  private spelled: string | undefined;

  constructor(
    readonly value: unknown,
    path: string,
    private readonly parent?: JsonReader,
    private readonly segment?: string | number,
  ) {
    this.spelled = parent ? undefined : path;
  }

  get path(): string {
    if (this.spelled === undefined) this.spelled = `${this.parent!.path}/${escapePointer(this.segment!)}`;
    return this.spelled;
  }

  isAbsent(): boolean {
    return this.value === undefined || this.value === null;
  }

  fail(reason: string): never {
    throw new DocumentError(this.path || '/', reason);
  }

  object(): this {
    if (!isObject(this.value)) {
      this.fail(this.value === undefined ? 'is required' : `must be an object, found ${describe(this.value)}`);
    }
    return this;
  }

  field(key: string): JsonReader {
    const v = isObject(this.value) ? this.value[key] : undefined;
    return new JsonReader(v, '', this, key);
  }

  array(): JsonReader[] {
    if (!Array.isArray(this.value))
      this.fail(this.value === undefined ? 'is required' : `must be an array, found ${describe(this.value)}`);
    return (this.value as unknown[]).map((v, i) => new JsonReader(v, '', this, i));
  }

  string(): string {
    if (typeof this.value !== 'string' || this.value === '') {
      this.fail(
        this.value === undefined
          ? 'is required'
          : typeof this.value === 'string'
            ? 'must not be empty'
            : `must be a string, found ${describe(this.value)}`,
      );
    }
    return this.value;
  }

  optionalString(): string | undefined {
    if (this.value === undefined || this.value === null) return undefined;
    if (typeof this.value !== 'string') this.fail(`must be a string, found ${describe(this.value)}`);
    return this.value;
  }

  stringOr(fallback: string): string {
    return this.optionalString() ?? fallback;
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) {
      this.fail(this.value === undefined ? 'is required' : `must be a number, found ${describe(this.value)}`);
    }
    return this.value;
  }
}
