// The anonymous rate limit's default follows where the server listens (README, "Tokens and
// uploads"): none while reads are open on loopback, a limit sized for dashboards and CI elsewhere.
import { describe, expect, it } from 'vitest';
import { anonymousRateLimitOf } from '../../src/cli/preflight.js';
import { EXPOSED_ANONYMOUS_RATE_LIMIT } from '../../src/config.js';

describe('--anonymous-rate-limit', () => {
  it('defaults to no limit for open reads on loopback, so local scripts and dashboards are never refused', () => {
    expect(anonymousRateLimitOf(undefined, 'open', '127.0.0.1')).toBe(0);
    expect(anonymousRateLimitOf('', 'open', 'localhost')).toBe(0);
    expect(anonymousRateLimitOf(undefined, 'open', '::1')).toBe(0);
  });

  it('defaults to a limit where the server is exposed: another address, or token reads', () => {
    expect(EXPOSED_ANONYMOUS_RATE_LIMIT).toBeGreaterThan(0);
    expect(anonymousRateLimitOf(undefined, 'open', '0.0.0.0')).toBe(EXPOSED_ANONYMOUS_RATE_LIMIT);
    expect(anonymousRateLimitOf(undefined, 'token', '127.0.0.1')).toBe(EXPOSED_ANONYMOUS_RATE_LIMIT);
  });

  it('takes a given value as it is, and refuses one that is not a count', () => {
    expect(anonymousRateLimitOf('50', 'open', '127.0.0.1')).toBe(50);
    expect(anonymousRateLimitOf('0', 'token', '0.0.0.0')).toBe(0);
    expect(() => anonymousRateLimitOf('many', 'open', '127.0.0.1')).toThrow(/--anonymous-rate-limit/);
  });
});
