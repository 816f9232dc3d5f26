// Store columns come from the model schemas: one per field, typed from the field's schema.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { FactKind } from '../../src/model/kinds.js';
import { columnsOf } from '../../src/store/schema/columns.js';
import { POSTGRES_DIALECT, SQLITE_DIALECT } from '../../src/store/schema/dialect.js';
import { MIGRATIONS } from '../../src/store/schema/migrations.js';
import { EVIDENCE_COLUMNS, FACT_TABLES, factTable } from '../../src/store/schema/tables.js';

describe('store columns', () => {
  it('are the fields of a schema, typed from it, so a new field is a new column', () => {
    const schema = Type.Object({
      name: Type.String(),
      score: Type.Optional(Type.Number()),
      count: Type.Integer(),
      allVersions: Type.Boolean(),
      status: Type.Union([Type.Literal('A'), Type.Literal('B')]),
      tags: Type.Array(Type.String()),
      extra: Type.Record(Type.String(), Type.String()),
    });
    expect(columnsOf(schema)).toEqual([
      { field: 'name', name: 'name', type: 'text' },
      { field: 'score', name: 'score', type: 'real' },
      { field: 'count', name: 'count', type: 'integer' },
      { field: 'allVersions', name: 'all_versions', type: 'boolean' },
      { field: 'status', name: 'status', type: 'text' },
      { field: 'tags', name: 'tags', type: 'json' },
      { field: 'extra', name: 'extra', type: 'json' },
    ]);
  });

  it('give each fact kind but IsDependency and SbomIncludes (packed sets) a table of its stored fields', () => {
    expect(FACT_TABLES.map((t) => t.kind).sort((a, b) => a - b)).toEqual(
      Object.values(FactKind)
        .filter((k) => k !== FactKind.IsDependency && k !== FactKind.SbomIncludes)
        .sort((a, b) => a - b),
    );
    const names = (kind: FactKind): string[] => factTable(kind).columns.map((c) => `${c.name}:${c.type}`);
    expect(names(FactKind.CertifyVuln)).toEqual([
      'scanner_uri:text',
      'scanner_version:text',
      'db_uri:text',
      'db_version:text',
      'time_scanned:text',
      'origin:text',
      'collector:text',
    ]);
    expect(names(FactKind.VulnMetadata)).toContain('score_value:real');
    expect(names(FactKind.Scorecard)).toContain('checks:json');
    expect(() => factTable(FactKind.SbomIncludes)).toThrow(/no table/);
    expect(EVIDENCE_COLUMNS.map((c) => c.name)).toEqual([
      'type',
      'version_range',
      'justification',
      'origin',
      'collector',
    ]);
  });

  it('are stated once for both dialects', () => {
    const step4 = MIGRATIONS.find((m) => m.version === 4)!;
    const sqlite = step4.statements(SQLITE_DIALECT).join('\n');
    const pg = step4.statements(POSTGRES_DIALECT).join('\n');
    expect(sqlite).toContain('CREATE TABLE vex (id INTEGER PRIMARY KEY');
    expect(pg).toContain('CREATE TABLE sg_vex (id BIGINT PRIMARY KEY');
    expect(sqlite).toContain('"checks" TEXT');
    expect(pg).toContain('"checks" JSON');
  });
});
