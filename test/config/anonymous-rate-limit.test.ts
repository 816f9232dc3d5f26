// The anonymous rate limit's default follows where the server listens (README, "Tokens and
// uploads"): none while reads are open on loopback, a limit sized for dashboards and CI elsewhere.
import { describe, expect, it } from 'vitest';
import { serveOptionsOf } from '../../src/cli/serve.js';
import { loadConfig } from '../../src/config/load.js';
import { EXPOSED_ANONYMOUS_RATE_LIMIT } from '../../src/config/settings.js';

/** The anonymous limit `supplygraph serve <args>` would run with. */
function anonymousLimit(args: string[], env: Record<string, string> = {}): number | undefined {
  const loaded = loadConfig(['serve', ...args], env, '0.0.0');
  if (!('invocation' in loaded) || loaded.invocation.command !== 'serve') throw new Error('not serve');
  return serveOptionsOf(loaded.invocation.settings).access?.anonymousRateLimitPerMinute;
}

describe('--anonymous-rate-limit', () => {
  it('defaults to no limit for open reads on loopback, so local scripts and dashboards are never refused', () => {
    expect(anonymousLimit([])).toBe(0);
    expect(anonymousLimit(['--host', 'localhost'], { SUPPLYGRAPH_ANONYMOUS_RATE_LIMIT: '' })).toBe(0);
    expect(anonymousLimit(['--host', '::1'])).toBe(0);
  });

  it('defaults to a limit where the server is exposed: another address, or token reads', () => {
    expect(EXPOSED_ANONYMOUS_RATE_LIMIT).toBeGreaterThan(0);
    expect(anonymousLimit(['--host', '0.0.0.0'])).toBe(EXPOSED_ANONYMOUS_RATE_LIMIT);
    expect(anonymousLimit(['--read-access', 'token'])).toBe(EXPOSED_ANONYMOUS_RATE_LIMIT);
  });

  it('takes a given value as it is, and refuses one that is not a count', () => {
    expect(anonymousLimit(['--anonymous-rate-limit', '50'])).toBe(50);
    expect(anonymousLimit(['--host', '0.0.0.0'], { SUPPLYGRAPH_ANONYMOUS_RATE_LIMIT: '0' })).toBe(0);
    expect(() => anonymousLimit(['--anonymous-rate-limit', 'many'])).toThrow(/--anonymous-rate-limit/);
  });
});
