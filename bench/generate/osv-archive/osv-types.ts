// The OSV record shape the archive generator writes (OSV schema 1.6,
// https://ossf.github.io/osv-schema/). Fields are declared in the order osv.dev writes them, so
// JSON.stringify gives records that read like the real export.

export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
}

export interface OsvRange {
  type: 'ECOSYSTEM' | 'SEMVER' | 'GIT';
  repo?: string;
  events: OsvEvent[];
}

export interface OsvAffected {
  package: { ecosystem: string; name: string; purl?: string };
  ranges?: OsvRange[];
  versions?: string[];
  ecosystem_specific?: Record<string, unknown>;
  database_specific?: Record<string, unknown>;
}

export interface OsvReference {
  type: string;
  url: string;
}

export interface OsvRecord {
  schema_version: string;
  id: string;
  modified: string;
  published: string;
  withdrawn?: string;
  aliases?: string[];
  related?: string[];
  summary?: string;
  details: string;
  severity?: { type: string; score: string }[];
  affected: OsvAffected[];
  references: OsvReference[];
  database_specific?: Record<string, unknown>;
}

export const SCHEMA_VERSION = '1.6.0';

/** The record's top-level fields in schema order: a withdrawal added last still reads in place. */
const FIELD_ORDER: readonly (keyof OsvRecord)[] = [
  'schema_version',
  'id',
  'modified',
  'published',
  'withdrawn',
  'aliases',
  'related',
  'summary',
  'details',
  'severity',
  'affected',
  'references',
  'database_specific',
];

/** The record as JSON, as osv.dev's export writes it (compact, fields in schema order). */
export function serialize(record: OsvRecord): string {
  // (A replacer array would filter nested keys too, so the top level is rebuilt instead.)
  const ordered: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (record[key] !== undefined) ordered[key] = record[key];
  return JSON.stringify(ordered);
}
