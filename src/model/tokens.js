// API tokens: how one is made, how it is kept (only its hash) and what each scope allows.
import { createHash, randomBytes } from 'node:crypto';
import { Type } from 'typebox';
export const TokenScopeSchema = Type.Union([Type.Literal('read'), Type.Literal('ingest'), Type.Literal('admin')]);
export const TOKEN_SCOPES = ['read', 'ingest', 'admin'];
/** Recognisable in logs and secret scanners; the rest is 256 random bits. */
const TOKEN_PREFIX = 'sgt_';
export function generateToken() {
    return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}
/** What the store keeps: sha256 of the token text, hex. */
export function hashToken(token) {
    return createHash('sha256').update(token, 'utf8').digest('hex');
}
/** Scopes are ordered: read < ingest < admin. */
export function scopeAllows(granted, needed) {
    return TOKEN_SCOPES.indexOf(granted) >= TOKEN_SCOPES.indexOf(needed);
}
