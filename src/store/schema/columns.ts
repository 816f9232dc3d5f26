// Store columns derived from a model schema: one column per property, typed from the property's
// JSON Schema, so that adding a field to a schema adds its column.
import type { TObject, TSchema } from 'typebox';

export type ColumnType = 'text' | 'real' | 'integer' | 'boolean' | 'json';

export interface Column {
  /** The property of the schema (and of the fact). */
  field: string;
  /** The column, snake_case; always quoted in SQL ("references", "commit" are keywords). */
  name: string;
  type: ColumnType;
  /** The migration step that adds the column to an existing table (absent: its table's). */
  since?: number;
}

/** A value as the writer hands it to a backend: JSON columns are already text. */
export type ColumnValue = string | number | boolean | null;

function jsonType(schema: TSchema): string | undefined {
  const s = schema as { type?: unknown; anyOf?: TSchema[] };
  if (typeof s.type === 'string') return s.type;
  // A union of literals of one type (an enum) is stored as that type.
  const types = new Set((s.anyOf ?? []).map(jsonType));
  return types.size === 1 ? [...types][0] : undefined;
}

export function columnType(schema: TSchema): ColumnType {
  switch (jsonType(schema)) {
    case 'string':
      return 'text';
    case 'number':
      return 'real';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    default:
      return 'json';
  }
}

export function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function columnsOf(schema: TObject): Column[] {
  return Object.entries(schema.properties).map(([field, property]) => ({
    field,
    name: snakeCase(field),
    type: columnType(property),
  }));
}

export function quoted(name: string): string {
  return `"${name}"`;
}
