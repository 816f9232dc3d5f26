const COLUMNS = `id, digest, name, format, subject, origin, collector, ingested_at, ingested_by,
  package_count, artifact_count, dependency_count, skip_count`;
export function documentFromRow(r) {
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
export function documentListSql(d, q) {
    const params = [];
    const placeholder = (value) => {
        params.push(value);
        return d.name === 'postgres' ? `$${params.length}` : '?';
    };
    const filters = [];
    if (q.format !== undefined)
        filters.push(`format = ${placeholder(q.format)}`);
    if (q.subject !== undefined)
        filters.push(`subject = ${placeholder(q.subject)}`);
    const count = {
        text: `SELECT count(*) AS n FROM ${d.table('documents')}${filters.length ? ` WHERE ${filters.join(' AND ')}` : ''}`,
        params: [...params],
    };
    if (q.beforeId !== undefined)
        filters.push(`id < ${placeholder(q.beforeId)}`);
    const where = filters.length ? ` WHERE ${filters.join(' AND ')}` : '';
    const page = {
        text: `SELECT ${COLUMNS} FROM ${d.table('documents')}${where} ORDER BY id DESC LIMIT ${placeholder(q.limit)}`,
        params,
    };
    return { page, count };
}
export function documentByDigestSql(d) {
    return `SELECT ${COLUMNS} FROM ${d.table('documents')} WHERE digest = ${d.name === 'postgres' ? '$1' : '?'}`;
}
