export const TOKEN_COLUMNS = 'name, scope, hash, created_at, expires_at, last_used_at';
export function tokenFromRow(r) {
    return {
        name: r.name,
        scope: r.scope,
        hash: r.hash,
        createdAt: r.created_at,
        expiresAt: r.expires_at,
        lastUsedAt: r.last_used_at,
    };
}
