// A cursor over parsed JSON that knows its JSON pointer, so a parser can say exactly
// which field of a document is wrong (DocumentError carries the pointer).
import { DocumentError } from '../model/facts.js';

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

function escapePointer(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export class JsonReader {
  constructor(
    readonly value: unknown,
    readonly path: string,
  ) {}

  isAbsent(): boolean {
    return this.value === undefined || this.value === null;
  }

  fail(reason: string): never {
    throw new DocumentError(this.path || '/', reason);
  }

  object(): this {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) {
      this.fail(this.value === undefined ? 'is required' : `must be an object, found ${describe(this.value)}`);
    }
    return this;
  }

  field(key: string): JsonReader {
    const v =
      typeof this.value === 'object' && this.value !== null && !Array.isArray(this.value)
        ? (this.value as Record<string, unknown>)[key]
        : undefined;
    return new JsonReader(v, `${this.path}/${escapePointer(key)}`);
  }

  array(): JsonReader[] {
    if (!Array.isArray(this.value))
      this.fail(this.value === undefined ? 'is required' : `must be an array, found ${describe(this.value)}`);
    return (this.value as unknown[]).map((v, i) => new JsonReader(v, `${this.path}/${i}`));
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
