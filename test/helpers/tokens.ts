// API tokens for tests: made the way `supplygraph token create` makes them, stored directly.
import { generateToken, hashToken, type TokenScope } from '../../src/model/tokens.js';
import { openStore } from '../../src/store/open.js';

/** Creates a token in the store at `location` and returns the Authorization header that carries it. */
export async function createTestToken(
  location: string,
  scope: TokenScope,
  options: { name?: string; expiresAt?: string | null } = {},
): Promise<{ token: string; name: string; headers: Record<string, string> }> {
  const token = generateToken();
  const name = options.name ?? `test-${scope}-${hashToken(token).slice(0, 8)}`;
  const store = await openStore(location);
  try {
    await store.createToken({
      name,
      scope,
      hash: hashToken(token),
      createdAt: new Date().toISOString(),
      expiresAt: options.expiresAt ?? null,
      lastUsedAt: null,
    });
  } finally {
    await store.close();
  }
  return { token, name, headers: { authorization: `Bearer ${token}` } };
}
