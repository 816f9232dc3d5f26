// Checks bearer tokens against the store, which keeps only their sha256. Lookups are cached for a
// short while so a busy client does not cost a store query per request; the cache is also what
// bounds how soon a revocation (or a new token) is seen by a running server: TOKEN_CACHE_MS.
import { timingSafeEqual } from 'node:crypto';
import { hashToken, type TokenScope } from '../../../model/tokens.js';
import type { AccessStore, TokenRecord } from '../../../store/types.js';

/** How long a lookup, found or not, is reused: a revoked token stops working within this. */
export const TOKEN_CACHE_MS = 2_000;
/** The store records a token's last use at most this often (a write per request would be wasteful). */
const TOUCH_INTERVAL_MS = 60_000;
/** Bounds the cache under a flood of made-up tokens (oldest entries go first). */
const MAX_CACHED_LOOKUPS = 10_000;

export type Verification =
  | { ok: true; name: string; scope: TokenScope }
  /** `name` when the token exists but may not be used (expired): the audit log names it. */
  | { ok: false; reason: string; name?: string };

interface CachedLookup {
  at: number;
  record: Promise<TokenRecord | undefined>;
}

/** Equal hex digests, compared in constant time. */
function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(computed, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export class TokenVerifier {
  private readonly lookups = new Map<string, CachedLookup>();
  private readonly lastTouch = new Map<string, number>();
  /** Last-use writes under way (they never hold up the request that caused them). */
  private readonly touching = new Set<Promise<void>>();

  constructor(
    private readonly store: Pick<AccessStore, 'findToken' | 'touchToken'>,
    /** Told when recording a use fails (the request itself goes on). */
    private readonly onTouchError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Rejects only when the store cannot be asked. */
  async verify(token: string): Promise<Verification> {
    const hash = hashToken(token);
    const record = await this.lookup(hash);
    if (!record || !sameHash(record.hash, hash)) {
      return { ok: false, reason: 'the token is not valid (unknown or revoked)' };
    }
    if (record.expiresAt !== null && Date.parse(record.expiresAt) <= this.now()) {
      return { ok: false, reason: `the token expired at ${record.expiresAt}`, name: record.name };
    }
    this.touch(record.name);
    return { ok: true, name: record.name, scope: record.scope };
  }

  private lookup(hash: string): Promise<TokenRecord | undefined> {
    const now = this.now();
    const cached = this.lookups.get(hash);
    if (cached && now - cached.at < TOKEN_CACHE_MS) return cached.record;
    if (cached) this.lookups.delete(hash);
    // Concurrent requests with the same token share one query; a failed query is not remembered.
    const entry: CachedLookup = { at: now, record: this.store.findToken(hash) };
    entry.record.catch(() => {
      if (this.lookups.get(hash) === entry) this.lookups.delete(hash);
    });
    if (this.lookups.size >= MAX_CACHED_LOOKUPS) {
      const oldest = this.lookups.keys().next();
      if (!oldest.done) this.lookups.delete(oldest.value);
    }
    this.lookups.set(hash, entry);
    return entry.record;
  }

  private touch(name: string): void {
    const now = this.now();
    const last = this.lastTouch.get(name);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    this.lastTouch.set(name, now);
    const write: Promise<void> = this.store
      .touchToken(name, new Date(now).toISOString())
      .catch(this.onTouchError)
      .finally(() => this.touching.delete(write));
    this.touching.add(write);
  }

  /** Settles once the last-use writes under way when called have settled. */
  async touchesWritten(): Promise<void> {
    await Promise.all(this.touching);
  }
}
