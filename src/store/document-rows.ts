// The document list and a document's row, as both backends select them: one SQL builder (the
// dialect gives the table name and placeholders) and one row → StoredDocument mapping.
import { SqlParams, type Dialect, type SqlStatement } from './schema/dialect.js';
import type { DocumentQuery, StoredDocument } from './types.js';

const COLUMNS = `id, digest, name, format, subject, origin, collector, ingested_at, ingested_by,
  package_count, artifact_count, dependency_count, skip_count`;

export interface DocumentRowValues {
  id: number;
  digest: string;
  name: string;
  format: string;
  subject: string | null;
  origin: string;
  collector: string;
  ingested_at: string;
  ingested_by: string | null;
  package_count: number;
  artifact_count: number;
  dependency_count: number;
  skip_count: number;
}

export function documentFromRow(r: DocumentRowValues): StoredDocument {
  return {
    id: r.id,
    digest: r.digest,
    name: r.name,
    format: r.format,
    subject: r.subject,
    origin: r.origin,
    collector: r.collector,
    ingestedAt: r.ingested_at,
    ingestedBy: r.ingested_by,
    counts: { packages: r.package_count, artifacts: r.artifact_count, dependencies: r.dependency_count },
    skippedCount: r.skip_count,
  };
}

/** The page (newest first, keyset by id) and the count of every match, with their parameters. */
export function documentListSql(d: Dialect, q: DocumentQuery): { page: SqlStatement; count: SqlStatement } {
  const p = new SqlParams(d);
  const filters: string[] = [];
  if (q.format !== undefined) filters.push(`format = ${p.bind(q.format)}`);
  if (q.subject !== undefined) filters.push(`subject = ${p.bind(q.subject)}`);
  const count = p.statement(
    `SELECT count(*) AS n FROM ${d.table('documents')}${filters.length ? ` WHERE ${filters.join(' AND ')}` : ''}`,
  );
  if (q.beforeId !== undefined) filters.push(`id < ${p.bind(q.beforeId)}`);
  const where = filters.length ? ` WHERE ${filters.join(' AND ')}` : '';
  const page = p.statement(
    `SELECT ${COLUMNS} FROM ${d.table('documents')}${where} ORDER BY id DESC LIMIT ${p.bind(q.limit)}`,
  );
  return { page, count };
}

export function documentByDigestSql(d: Dialect): string {
  return `SELECT ${COLUMNS} FROM ${d.table('documents')} WHERE digest = ${d.name === 'postgres' ? '$1' : '?'}`;
}
