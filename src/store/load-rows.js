import { quoted } from './schema/columns.js';
/** The select list of a fact table's load: (id, doc, a, b) and, for record kinds, the field columns. */
export function loadColumns(table) {
    return ['id', 'doc', 'a', 'b', ...(table.link ? [] : table.columns.map((c) => quoted(c.name)))].join(', ');
}
/**
 * Hands one row selected with loadColumns to the sink. The values were written by the writer
 * from typed facts, so they are trusted as the record's fields: null columns are absent fields.
 */
export function deliverRow(sink, table, row) {
    const doc = row[1];
    const a = row[2];
    const b = row[3] ?? 0;
    if (table.link) {
        sink.link(table.kind, a, b, doc);
        return;
    }
    const fields = {};
    const columns = table.columns;
    for (let i = 0; i < columns.length; i++) {
        const value = row[i + 4];
        if (value === null || value === undefined)
            continue;
        const { field, type } = columns[i];
        // SQLite gives JSON as text and booleans as 0/1; PostgreSQL parses json and has booleans.
        if (type === 'json')
            fields[field] = typeof value === 'string' ? JSON.parse(value) : value;
        else if (type === 'boolean')
            fields[field] = value === true || value === 1;
        else
            fields[field] = value;
    }
    sink.record({ kind: table.kind, a, b, doc, fields });
}
