// `supplygraph token create|list|revoke`: API tokens in the store. A token is printed once, alone
// on stdout (so `TOKEN=$(supplygraph token create ...)` works); the store keeps only its hash.
// Creating and revoking write audit records with client "cli".
import { generateToken, hashToken, TOKEN_SCOPES, type TokenScope } from '../model/tokens.js';
import type { AccessStore, TokenRecord } from '../store/types.js';
import { printColumns } from './columns.js';
import { withStore } from './preflight.js';

const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;

/** Names show in logs and the audit log: plain text only. */
const TOKEN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function parseTokenName(value: string): string {
  if (!TOKEN_NAME.test(value))
    throw new Error(
      `--name takes 1–64 letters, digits, ".", "_" or "-" (starting with a letter or digit), got "${value}"`,
    );
  return value;
}

export function parseScope(value: string): TokenScope {
  const scope = TOKEN_SCOPES.find((s) => s === value);
  if (!scope) throw new Error(`--scope must be one of ${TOKEN_SCOPES.join(', ')}, got "${value}"`);
  return scope;
}

/** --expires: a duration from now (90d, 12h, 30m) or an ISO date or date-time in the future. */
export function parseExpires(value: string, now = Date.now()): string {
  const duration = /^([1-9][0-9]{0,5})([dhm])$/.exec(value);
  if (duration) return new Date(now + Number(duration[1]) * UNIT_MS[duration[2] as keyof typeof UNIT_MS]).toISOString();
  const at = /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(at))
    throw new Error(`--expires takes a duration (90d, 12h, 30m) or an ISO date such as 2027-01-31, got "${value}"`);
  if (at <= now) throw new Error(`--expires must be in the future, got "${value}"`);
  return new Date(at).toISOString();
}

function auditCli(store: AccessStore, name: string, action: string, result: string): Promise<void> {
  return store.appendAudit({ at: new Date().toISOString(), token: name, client: 'cli', action, digest: null, result });
}

export interface TokenCreateOptions {
  name: string;
  scope: TokenScope;
  /** ISO date-time, or null for a token that does not expire. */
  expiresAt: string | null;
}

export function runTokenCreate(location: string, options: TokenCreateOptions): Promise<number> {
  return withStore(location, async (store) => {
    const token = generateToken();
    await store.createToken({
      name: options.name,
      scope: options.scope,
      hash: hashToken(token),
      createdAt: new Date().toISOString(),
      expiresAt: options.expiresAt,
      lastUsedAt: null,
    });
    await auditCli(store, options.name, 'token.create', 'created');
    process.stdout.write(`${token}\n`);
    const expiry = options.expiresAt === null ? 'no expiry' : `expires ${options.expiresAt}`;
    console.error(
      `token "${options.name}" created (scope ${options.scope}, ${expiry}); it is shown this once only: keep it now`,
    );
    return 0;
  });
}

/** What `token list` shows of a token: never its hash. */
function listed(t: TokenRecord, now: number) {
  return {
    name: t.name,
    scope: t.scope,
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    lastUsedAt: t.lastUsedAt,
    expired: t.expiresAt !== null && Date.parse(t.expiresAt) <= now,
  };
}

export function runTokenList(location: string, json: boolean): Promise<number> {
  return withStore(location, async (store) => {
    const now = Date.now();
    const tokens = (await store.listTokens()).map((t) => listed(t, now));
    if (json) {
      console.log(JSON.stringify({ tokens }));
      return 0;
    }
    if (tokens.length === 0) {
      console.error('no tokens; "supplygraph token create --name NAME --scope read|ingest|admin" makes one');
      return 0;
    }
    const rows = [
      ['NAME', 'SCOPE', 'CREATED', 'EXPIRES', 'LAST USED'],
      ...tokens.map((t) => [
        t.name,
        t.scope,
        t.createdAt,
        t.expiresAt === null ? 'never' : `${t.expiresAt}${t.expired ? ' (expired)' : ''}`,
        t.lastUsedAt ?? 'never',
      ]),
    ];
    printColumns(rows);
    return 0;
  });
}

export function runTokenRevoke(location: string, name: string): Promise<number> {
  return withStore(location, async (store) => {
    if (!(await store.revokeToken(name))) {
      console.error(`supplygraph: no token is named "${name}" ("supplygraph token list" shows them)`);
      return 1;
    }
    await auditCli(store, name, 'token.revoke', 'revoked');
    console.error(`token "${name}" revoked; running servers refuse it within a few seconds`);
    return 0;
  });
}
