export const SQLITE_DIALECT = {
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
export const POSTGRES_DIALECT = {
    name: 'postgres',
    table: (name) => `sg_${name}`,
    id: 'BIGINT PRIMARY KEY',
    ref: 'BIGINT',
    smallint: 'SMALLINT',
    bool: 'BOOLEAN',
    blob: 'BYTEA',
    // json (not jsonb) keeps the text as written: key order and all, as the index reads it back.
    column: (type) => ({ text: 'TEXT', real: 'DOUBLE PRECISION', integer: 'BIGINT', boolean: 'BOOLEAN', json: 'JSON' })[type],
    jsonField: (source, field, type) => type === 'json'
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
