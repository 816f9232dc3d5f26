function jsonType(schema) {
    const s = schema;
    if (typeof s.type === 'string')
        return s.type;
    // A union of literals of one type (an enum) is stored as that type.
    const types = new Set((s.anyOf ?? []).map(jsonType));
    return types.size === 1 ? [...types][0] : undefined;
}
export function columnType(schema) {
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
export function snakeCase(field) {
    return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
export function columnsOf(schema) {
    return Object.entries(schema.properties).map(([field, property]) => ({
        field,
        name: snakeCase(field),
        type: columnType(property),
    }));
}
export function quoted(name) {
    return `"${name}"`;
}
