// The thin adapter between the one migration list and the two SQL dialects: type names, table
// prefix, JSON extraction, and the few statements only one backend has (PostgreSQL's commit log).
import type { ColumnType } from './columns.js';

export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** The table's name in this backend (PostgreSQL tables carry an sg_ prefix). */
  table(name: string): string;
  /** Primary key column type of the append-only tables. */
  readonly id: string;
  /** Type of a column holding an id. */
  readonly ref: string;
  readonly smallint: string;
  readonly bool: string;
  readonly blob: string;
  column(type: ColumnType): string;
  /** The value of `field` of the JSON text in `source`, as the column type. */
  jsonField(source: string, field: string, type: ColumnType): string;
  /** A FROM item over the elements of the JSON array text in `column`: (key from 0, text value). */
  jsonElements(column: string, alias: string): { from: string; index: string; value: string };
}

export const SQLITE_DIALECT: Dialect = {
  name: 'sqlite',
  table: (name) => name,
  id: 'INTEGER PRIMARY KEY',
  ref: 'INTEGER',
  smallint: 'INTEGER',
  bool: 'INTEGER',
  blob: 'BLOB',
  column: (type) => ({ text: 'TEXT', real: 'REAL', integer: 'INTEGER', boolean: 'INTEGER', json: 'TEXT' })[type],
  // json_extract gives arrays and objects as JSON text and booleans as 1/0: what the columns hold.
  jsonField: (source, field) => `json_extract(${source}, '$.${field}')`,
  jsonElements: (column, alias) => ({
    from: `json_each(${column}) AS ${alias}`,
    index: `${alias}.key`,
    value: `${alias}.value`,
  }),
};

export const POSTGRES_DIALECT: Dialect = {
  name: 'postgres',
  table: (name) => `sg_${name}`,
  id: 'BIGINT PRIMARY KEY',
  ref: 'BIGINT',
  smallint: 'SMALLINT',
  bool: 'BOOLEAN',
  blob: 'BYTEA',
  // json (not jsonb) keeps the text as written: key order and all, as the index reads it back.
  column: (type) =>
    ({ text: 'TEXT', real: 'DOUBLE PRECISION', integer: 'BIGINT', boolean: 'BOOLEAN', json: 'JSON' })[type],
  jsonField: (source, field, type) =>
    type === 'json'
      ? `(${source}::json -> '${field}')`
      : type === 'text'
        ? `(${source}::json ->> '${field}')`
        : `(${source}::json ->> '${field}')::${POSTGRES_DIALECT.column(type)}`,
  jsonElements: (column, alias) => ({
    from: `json_array_elements_text(${column}::json) WITH ORDINALITY AS ${alias} (value, ordinal)`,
    index: `${alias}.ordinal - 1`,
    value: `${alias}.value`,
  }),
};

/** A value bound to a statement parameter. */
export type SqlParam = string | number | null;

/** SQL text of one dialect with its parameters, in order. */
export interface SqlStatement {
  text: string;
  params: SqlParam[];
}

/**
 * Builds a statement's parameter list: `bind(value)` returns the placeholder of a new parameter
 * (`?` in SQLite, `$N` in PostgreSQL); a value used twice is bound twice.
 */
export class SqlParams {
  readonly params: SqlParam[] = [];

  constructor(private readonly d: Dialect) {}

  bind(value: SqlParam): string {
    this.params.push(value);
    return this.d.name === 'postgres' ? `$${this.params.length}` : '?';
  }

  statement(text: string): SqlStatement {
    return { text, params: [...this.params] };
  }
}
